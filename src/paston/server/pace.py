"""How fast a table's bots (and stand-ins) play: the ``pace`` table setting.

A person must be able to follow what the bots do, so the table never commits a bot's move
sooner than a gap after the previous move; a lead after a finished trick waits longer, so the
finished trick stays on the felt long enough to be read (the clients show it until the next
card arrives). The bot thinks during the gap: the gap is a floor, not an added delay.

``instant`` (no gap) is for tests only: a server accepts it when started with the test pace
(``paston serve --test-pace`` / ``PASTON_TEST_PACE=1``, ``create_app(test_pace=True)``), and
then it is also the default for tables that do not name a pace.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

__all__ = [
    "DEFAULT_PACE",
    "PACES",
    "PUBLIC_PACES",
    "TEST_PACE",
    "Pace",
    "after_finished_trick",
]


@dataclass(frozen=True, slots=True)
class Pace:
    """Seconds between a move and a bot's next one: ``low``..``high`` (drawn uniformly, so the
    bots do not tick like a clock), ``trick`` before a lead that replaces a finished trick."""

    name: str
    low: float
    high: float
    trick: float
    about: str

    def gap(self, after_trick: bool, rng: random.Random) -> float:
        if after_trick:
            return self.trick
        return self.low if self.high <= self.low else rng.uniform(self.low, self.high)


PACES: dict[str, Pace] = {
    p.name: p
    for p in (
        Pace("slow", 1.5, 1.5, 2.5, "about 1.5 s per bot move; a finished trick stays 2.5 s"),
        Pace("normal", 0.6, 1.0, 1.3, "about 1 s per bot move; a finished trick stays 1.3 s"),
        Pace("fast", 0.2, 0.2, 0.4, "0.2 s per bot move; a finished trick stays 0.4 s"),
        Pace("instant", 0.0, 0.0, 0.0, "no pause at all (test servers only)"),
    )
}
#: The paces a lobby offers (``instant`` only exists on a test server).
PUBLIC_PACES = ("slow", "normal", "fast")
DEFAULT_PACE = "normal"
#: The pace only a server started with the test setting accepts (and uses by default).
TEST_PACE = "instant"


def after_finished_trick(view: dict[str, Any]) -> bool:
    """Whether the next move leads after a finished trick that is still on the felt (games
    with tricks show ``trick`` (cards on the table) and ``tricks`` (finished ones) in a view;
    games without tricks never wait for one)."""
    trick = view.get("trick")
    tricks = view.get("tricks")
    return isinstance(trick, list) and not trick and isinstance(tricks, list) and bool(tricks)
