"""The learner's opponents in the Gymnasium adapter: bots given by name, as
:class:`~paston.bots.Bot` objects or as callables, seated at every other seat and rebuilt from
the environment's generator at every ``reset``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ..bots import Bot, make_bot
from ..bots.random_bot import RandomBot

__all__ = [
    "DONE_PLACEHOLDER_ACTION",
    "Opponent",
    "OpponentBot",
    "Opponents",
    "opponent_list",
]

#: An opponent: a bot name for ``make_bot`` (rebuilt and reseeded at every ``reset``; a
#: ``random`` bot is reseeded at a seeded ``reset`` and otherwise goes on), a
#: :class:`~paston.bots.Bot` object (used as given, for self-play; the caller closes it) or a
#: callable from the seat's view to an action id.
Opponent = str | Bot[Any] | Callable[[Any], int]

#: The one id the mask holds once the episode is over. Gymnasium's vector environments reset
#: on the step after a terminal one and ignore that step's action, but a policy still picks it
#: from the terminal observation's mask: an all-zero mask turns a masked softmax into NaN.
DONE_PLACEHOLDER_ACTION = 0


class OpponentBot(Bot[Any]):
    """A callable ``view -> action id`` as a bot."""

    name = "callable"

    def __init__(self, policy: Callable[[Any], int]) -> None:
        self.policy = policy

    def act(self, view: Any) -> int:
        return int(self.policy(view))


def opponent_list(opponents: Opponent | Sequence[Opponent], count: int) -> list[Opponent]:
    """``opponents`` as one entry per other seat: a single opponent is repeated ``count``
    times (one :class:`Bot` object then plays every other seat)."""
    if isinstance(opponents, str | Bot) or callable(opponents):
        return [opponents] * count
    specs = list(opponents)
    if len(specs) != count:
        raise ValueError(f"give one opponent or {count}, not {len(specs)}")
    for i, spec in enumerate(specs):
        if not (isinstance(spec, str | Bot) or callable(spec)):
            raise TypeError(
                f"opponent {i} must be a bot name, a Bot or a callable view -> action id, "
                f"not {type(spec).__name__}"
            )
    return specs


class Opponents:
    """The bots at every seat but the learner's, for one game."""

    def __init__(
        self, game: str, players: int, seat: int, opponents: Opponent | Sequence[Opponent]
    ) -> None:
        self.game = game
        self.seats = [(seat + 1 + i) % players for i in range(players - 1)]
        self.specs = opponent_list(opponents, players - 1)
        for spec in self.specs:
            if isinstance(spec, str):
                make_bot(spec, seed=0, game=game).close()  # fail now, not at reset
        self.bots: dict[int, Bot[Any]] = {}
        #: The seats whose bot was built here (and so is closed here).
        self._owned: set[int] = set()

    def seat_all(self, rng: random.Random, fresh: bool) -> None:
        """Seat the bots for a new episode, seeds drawn from ``rng`` (one per seat, so seeds
        do not shift); ``fresh``: a seeded reset, where even a ``random`` bot is rebuilt."""
        previous = self.bots
        self.close(keep_random=not fresh)
        for seat, spec in zip(self.seats, self.specs, strict=True):
            seed = rng.getrandbits(62)
            if isinstance(spec, str):
                bot = previous.get(seat)
                if fresh or spec != "random" or type(bot) is not RandomBot:
                    bot = make_bot(spec, seed=seed, game=self.game)
                # else: the random bot from the last episode goes on with its own generator
                self.bots[seat] = bot
                self._owned.add(seat)
            elif isinstance(spec, Bot):
                self.bots[seat] = spec
            else:
                self.bots[seat] = OpponentBot(spec)

    def close(self, keep_random: bool = False) -> None:
        for seat in self._owned:
            bot = self.bots[seat]
            if not (keep_random and type(bot) is RandomBot):  # reseeded at reset, not rebuilt
                bot.close()  # bots given as objects belong to the caller
        self.bots = {}
        self._owned = set()
