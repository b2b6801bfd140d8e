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
    # Strong plays the cards as the expert does and calls as casual does: the two searches
    # are the two measured steps (docs/figures.md, "Strength levels of every game"). A
    # cheaper copy of the whole expert measured level with it (−0.11 ± 0.65 over 984 deals).
    Level("strong", "pimc:calls=heuristic", "bids by hand value, solves the card play"),
    Level("expert", "pimc", "also weighs its bids and announcements by playing deals out"),
)
