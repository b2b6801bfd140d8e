"""Paston's strength ladder, ``beginner`` … ``expert``: which bot each level is.

Offered through the play hooks (:mod:`paston.games.paston.play`); the generic machinery (a
level as a bot, a beginner's deliberate mistakes) is :mod:`paston.bots.levels`. The figures
behind the choice are in docs/figures.md (``benchmarks/strength.py``).
"""

from __future__ import annotations

from ....core.hooks.play import Level

__all__ = ["LEVELS"]

#: Weakest first.
LEVELS: tuple[Level, ...] = (
    Level("beginner", "heuristic", "learning: sound bidding, but a slip every few moves", 0.15),
    Level("casual", "heuristic", "plays sound Paston by rules of thumb, answers at once"),
    Level("strong", "wpimc", "reads the auction and solves sampled deals"),
    Level(
        "expert", "search", "also models the others' bids and whists; bids only what it can make"
    ),
)
