"""Random generators that let a table deal with a CSPRNG and still replay its log.

A live table deals each hand with ``Match.next_state(rng)`` where ``rng`` is a
:class:`RecordingRandom` drawing from ``secrets.SystemRandom()`` (or from a seeded generator
when the table asked for reproducible deals). Every number the game drew is kept and goes into
the hand's event in the log (server-side only, like the cards themselves); on start-up
:class:`ReplayRandom` hands the same numbers back, so the game deals the same cards again
without the server knowing how any game deals.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.errors import RecordError

__all__ = ["RecordingRandom", "ReplayRandom"]

#: One drawn number: an int from ``getrandbits`` or a float from ``random``.
Draw = int | float


class RecordingRandom(random.Random):
    """Draws from ``source`` and remembers every number drawn, in order, in ``draws``."""

    def __init__(self, source: random.Random) -> None:
        super().__init__(0)  # the Mersenne state is never used: both primitives are replaced
        self._source = source
        self.draws: list[Draw] = []

    def random(self) -> float:
        x = self._source.random()
        self.draws.append(float(x))
        return x

    def getrandbits(self, k: int, /) -> int:
        x = self._source.getrandbits(k)
        self.draws.append(int(x))
        return x

    def seed(self, *_args: Any, **_kwargs: Any) -> None:
        """Seeding is refused silently: the numbers come from the source."""


class ReplayRandom(random.Random):
    """Gives back logged ``draws`` in order; raises :class:`RecordError` when the game asks
    for something else than was drawn (the log and the dealing code disagree)."""

    def __init__(self, draws: list[Any]) -> None:
        super().__init__(0)
        self._draws = draws
        self._next = 0

    def _take(self, kind: type) -> Any:
        if self._next >= len(self._draws):
            raise RecordError("the logged deal has fewer random numbers than dealing needs")
        x = self._draws[self._next]
        self._next += 1
        if type(x) is not kind:
            raise RecordError("the logged deal does not match how this game deals")
        return x

    def random(self) -> float:
        x: float = self._take(float)
        return x

    def getrandbits(self, k: int, /) -> int:
        x: int = self._take(int)
        if not 0 <= x < 1 << k:
            raise RecordError("the logged deal does not match how this game deals")
        return x

    def seed(self, *_args: Any, **_kwargs: Any) -> None:
        """Seeding is refused silently: the numbers come from the log."""

    @property
    def exhausted(self) -> bool:
        return self._next == len(self._draws)
