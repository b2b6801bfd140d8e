"""Paskievics as OpenSpiel sees it: the bounds of a deal's returns.

The generic OpenSpiel game (:mod:`paston.env.openspiel_game`, registered as
``python_paskievics``) reads these facts through ``ResearchHooks.spiel``; nothing here
imports ``pyspiel``. The deal is the generic seeded one (the match's own shuffle), every
rules flag and ``dealer`` are parameters, and the returns are the deal's scores, which
always sum to zero (spec §10).
"""

from __future__ import annotations

from ...core.hooks.spiel import SpielHooks

__all__ = ["DEAL_SCORE_BOUND", "HOOKS"]

#: A generous bound on one player's deal score (OpenSpiel only reports it as the game's
#: ``min_utility`` / ``max_utility``; no algorithm of this project relies on it).
DEAL_SCORE_BOUND = 3000.0

HOOKS = SpielHooks(
    utility=lambda players: (-DEAL_SCORE_BOUND, DEAL_SCORE_BOUND),
    utility_sum=0.0,
)
