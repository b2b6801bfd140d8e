"""The Paris strength ladder, ``beginner`` … ``expert``: which bot each level is.

Offered through the play hooks (:mod:`paston.games.paris.play`); the generic machinery (a
level as a bot, a beginner's deliberate mistakes) is :mod:`paston.bots.levels`.
"""

from __future__ import annotations

from ....core.hooks.play import Level

__all__ = ["LEVELS"]

#: Weakest first.
LEVELS: tuple[Level, ...] = (
    Level("beginner", "heuristic", "learning: often sheds the wrong card", 0.2),
    Level("casual", "heuristic", "plays by rules of thumb, answers at once"),
    Level("strong", "dpimc:worlds=12,time=0.3", "a quick search over sampled deals"),
    Level("expert", "dpimc", "searches sampled deals to the end of the game"),
)
