"""What a game adds to ``paston arena``'s duplicate deal sets (``PlayHooks.arena``).

Without it a game is measured by the arena alone: each set is the first hand of a fresh match
(dealt from the set's seed) played in every seating of the bots, ranked by finishing position
(``PlayHooks.placings``) or by score (``state.result()``). A game that gives :class:`ArenaHooks`
gets the *deal-set ladder* instead (``paston arena`` for it, :func:`paston.arena.run_arena`):
its own duplicate hand (a trick-taking deal that is not the first of a match, the dealer
rotating with the set), one record per hand, and tallies the ladder reports as rates beside
the mean score (how often a bot declared, made its contract …).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["ArenaHooks", "Rate"]

#: One bot's tallies in a set: ``deals``, ``decisions``, ``seconds`` and the game's own.
Counter = MutableMapping[str, float]


@dataclass(frozen=True, slots=True)
class Rate:
    """A rate the ladder shows per bot: ``count / out_of`` of its tallies (``None`` when
    ``out_of`` is 0)."""

    #: The key in ``arena.json``'s results (``"declared_rate"``).
    key: str
    #: The ladder table's column header (``"declared"``).
    header: str
    #: The tally counted (``"declared"``) and the tally it is a share of (``"deals"``).
    count: str
    out_of: str


@dataclass(frozen=True, slots=True)
class ArenaHooks:
    #: ``deal(rules, seed, set_index) -> state``: the hand of set ``set_index`` of an arena
    #: seeded ``seed``, before any action; the same hand, fresh, on every call.
    deal: Callable[[Any, int, int], Any]
    #: ``record(state, meta) -> dict``: the record of one finished hand, ``meta`` included.
    record: Callable[[Any, Mapping[str, Any]], dict[str, Any]]
    #: The game's own tallies (each starts at 0 for each bot).
    tallies: tuple[str, ...] = ()
    #: ``tally(state, action, counter)``: before each action is applied, for the seat to act.
    tally: Callable[[Any, int, Counter], None] | None = None
    #: ``after_hand(state, counters)``: once a hand is over, ``counters[seat]`` per seat.
    after_hand: Callable[[Any, Sequence[Counter]], None] | None = None
    #: The rates the ladder reports, in its column order.
    rates: tuple[Rate, ...] = ()
    #: The ladder table's caption after "mean score per deal; " (what the rates mean).
    caption: str = ""
