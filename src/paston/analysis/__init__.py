"""Analysis of played deals: each decision graded by what the player knew (``paston analyse``).

A decision's *expected loss* is the value of the best action minus the value of the action
taken, both averaged over deals consistent with what the deciding seat knew at that moment
(weighted by how likely the others' actions were). Its *hindsight loss* is the same with every
card known (the double-dummy grade), and *luck* is their difference. See docs/analysis.md.

Modules: :mod:`.worlds` (consistent worlds), :mod:`.rollout` (value of each action in one
world), :mod:`.expected` (values over the worlds with standard errors), :mod:`.hindsight`,
:mod:`.grading` (walk a deal), :mod:`.report` (grades and per-player report), :mod:`.ddtable`,
:mod:`.model` (the results and their JSON), :mod:`.settings` (how much work), :mod:`.records`
(reading records), :mod:`.render` (text), :mod:`.evaluator` (the per-game hook).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..games.paston.solver import Solver
from .grading import analyse_deal, count_decisions, deal_status
from .model import Analysis, DealAnalysis, Decision, PlayerReport
from .records import deals_of_record, seat_names_of
from .report import game_reports
from .settings import DEFAULT, Settings

__all__ = [
    "Analysis",
    "DealAnalysis",
    "Decision",
    "PlayerReport",
    "Settings",
    "analyse_deal",
    "analyse_record",
    "count_decisions",
    "deal_status",
    "deals_of_record",
    "seat_names_of",
]


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
                    settings=settings.to_json())  # fmt: skip
