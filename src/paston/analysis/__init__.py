"""Analysis of played hands, for every game: each decision graded by what the player knew.

A decision's *expected loss* is the value of the best action minus the value of the action
taken, both averaged over worlds consistent with what the deciding seat knew at that moment.
Its *hindsight loss* is the same with every card known, and *luck* is their difference. See
docs/analysis.md.

This package is the generic front-end behind ``paston analyse`` and the analysis page: the
:class:`Evaluator` protocol a game's evaluator follows (:mod:`.evaluator`), the settings
(:mod:`.settings`), the shared statistics (:mod:`.expected`) and grading of one decision
(:mod:`.grading`), grades and reports (:mod:`.report`), the result model and its JSON
(:mod:`.model`), records and their game (:mod:`.records`), the text report (:mod:`.render`),
and the generic :class:`MonteCarloEvaluator` (:mod:`.montecarlo`) any game can use. Each game's
evaluator lives in its own package and is reached through the registry:
``get_game(name).analysis.evaluator()`` (:func:`evaluator_for`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .evaluator import Evaluator, Unavailable, evaluator_for
from .model import Analysis, DealAnalysis, Decision, PlayerReport
from .montecarlo import MonteCarloEvaluator
from .records import game_of_record, seat_names_of
from .report import Scale
from .settings import DEFAULT, Settings

__all__ = [
    "Analysis",
    "DealAnalysis",
    "Decision",
    "Evaluator",
    "MonteCarloEvaluator",
    "PlayerReport",
    "Scale",
    "Settings",
    "Unavailable",
    "analyse_record",
    "evaluator_for",
    "game_of_record",
    "seat_names_of",
]


def analyse_record(
    record: dict[str, Any],
    settings: Settings = DEFAULT,
    step: Callable[[], None] | None = None,
) -> Analysis:
    """Analyse a record of any game with that game's evaluator (raises RecordError if it is
    malformed, :class:`Unavailable` if its game has no analysis)."""
    return evaluator_for(game_of_record(record).name).analyse(record, settings, step)
