"""Paston's evaluator: worlds from the bots' sampler, the solver and a heuristic rollout.

The :class:`~paston.analysis.Evaluator` behind ``paston analyse`` and the analysis page for
Paston records (see :mod:`.grading` for the method).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....analysis.model import Analysis, DealAnalysis
from ....analysis.records import seat_names_of
from ....analysis.report import game_reports
from ....analysis.settings import DEFAULT, Settings
from ..solver import Solver
from .grading import POINTS, analyse_deal, count_decisions
from .records import deals_of_record

__all__ = ["PastonEvaluator", "analyse_record"]


def analyse_record(
    record: dict[str, Any],
    settings: Settings = DEFAULT,
    step: Callable[[], None] | None = None,
) -> Analysis:
    """Analyse a Paston deal or game record (raises RecordError if it is malformed)."""
    kind, deals = deals_of_record(record)
    names = seat_names_of(record)
    solver = Solver()
    results = [
        analyse_deal(d, i, names, settings, solver=solver, step=step)
        for i, d in enumerate(deals, start=1)
    ]
    return Analysis(kind=kind, names=names, deals=results, players=game_reports(results, names),
                    settings=settings.to_json(), game=PastonEvaluator.game)  # fmt: skip


class PastonEvaluator:
    """Paston's :class:`~paston.analysis.Evaluator` (see the module docstring)."""

    game = "paston"

    def outline(self, record: dict[str, Any]) -> tuple[str, list[str], int]:
        kind, deals = deals_of_record(record)
        return kind, seat_names_of(record), len(deals)

    def analyse_one(
        self, record: dict[str, Any], number: int, settings: Settings = DEFAULT
    ) -> DealAnalysis:
        _, deals = deals_of_record(record)
        return analyse_deal(deals[number - 1], number, seat_names_of(record), settings)

    def settings_json(self, settings: Settings) -> dict[str, Any]:
        # The unit and the grade thresholds too: the browser's legend of ?!, ? and ?? reads them.
        return {**settings.to_json(), **POINTS.to_json()}

    def count(self, record: dict[str, Any]) -> int:
        return sum(count_decisions(d) for d in deals_of_record(record)[1])

    def analyse(
        self,
        record: dict[str, Any],
        settings: Settings = DEFAULT,
        step: Callable[[], None] | None = None,
    ) -> Analysis:
        return analyse_record(record, settings, step)
