"""Bot matches on duplicate deals: ``paston arena``, :func:`run_arena` and :mod:`.duplicate`.

Each dealt hand is played once for every way of seating the bots (six for three), so luck of
the cards cancels out; results are compared per *deal set* (the plays of one hand). A game
with arena hooks (``PlayHooks.arena``) gets the deal-set ladder of :mod:`.core` (mean score and
the game's own rates); any game is played by :mod:`.duplicate` (finishing position or score).
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
