"""The Paskievics strength ladder, ``beginner`` … ``expert``: which bot each level is.

Offered through the play hooks (:mod:`paston.games.paskievics.play`); the generic machinery
(a level as a bot) is :mod:`paston.bots.levels`.
"""

from __future__ import annotations

from ....core.hooks.play import Level

__all__ = ["LEVELS"]

#: Weakest first.
LEVELS: tuple[Level, ...] = (
    Level("beginner", "random", "plays any legal move: a first opponent"),
    Level("casual", "heuristic", "bids and plays by hand value, answers at once"),
    Level(
        "strong",
        "pimc:worlds=16,time_budget=0.2,call_budget=0.3,exact_cards=6",
        "samples the hidden cards, answers quickly",
    ),
    Level("expert", "pimc", "samples the hidden cards and solves the card play"),
)
