"""Bot matches on duplicate deals: ``paston arena`` and :func:`run_arena`.

Each dealt deal is played six times, once for every way of seating the three bots, so luck of
the cards cancels out; scores are compared per *deal set* (the six plays of one deal).
"""

from __future__ import annotations

from .core import (
    ArenaError,
    ArenaResult,
    BotStats,
    PairDiff,
    play_deal_set,
    run_arena,
)
from .output import write_outputs

__all__ = [
    "ArenaError",
    "ArenaResult",
    "BotStats",
    "PairDiff",
    "play_deal_set",
    "run_arena",
    "write_outputs",
]
