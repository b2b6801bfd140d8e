"""Paston's analysis: every decision graded by what the player knew (``paston analyse``).

A decision's *expected loss* is the value of the best action minus the value of the action
taken, both averaged over deals consistent with what the deciding seat knew at that moment
(weighted by how likely the others' actions were). Its *hindsight loss* is the same with every
card known (the double-dummy grade), and *luck* is their difference. See docs/analysis.md.

Modules: :mod:`.worlds` (consistent worlds), :mod:`.rollout` (value of each action in one
world), :mod:`.expected` (values over the worlds with standard errors), :mod:`.hindsight`,
:mod:`.grading` (walk a deal), :mod:`.ddtable` (a deal's double-dummy table),
:mod:`.records` (reading records), :mod:`.render` (the table and legend as text),
:mod:`.evaluator` (the :class:`~paston.analysis.Evaluator`). The generic front-end
(:mod:`paston.analysis`) reaches them through :data:`HOOKS`.
"""

from __future__ import annotations

from ....core.hooks.analysis import AnalysisHooks
from ..text import action_text
from .evaluator import PastonEvaluator, analyse_record
from .grading import POINTS, analyse_deal, count_decisions, deal_status
from .records import deals_of_record, hands
from .render import dd_table_renderable, dd_tables_of_record, legend

__all__ = [
    "HOOKS",
    "PastonEvaluator",
    "analyse_deal",
    "analyse_record",
    "count_decisions",
    "deal_status",
    "deals_of_record",
]


def _action_text(action: int) -> str:
    return action_text(action).plain


HOOKS = AnalysisHooks(
    evaluator=PastonEvaluator,
    hands=hands,
    action_text=_action_text,
    rollout_bot="heuristic",
    unit=POINTS.unit,
    thresholds=POINTS.thresholds,
    legend=legend,
    hand_table=dd_table_renderable,
    record_tables=dd_tables_of_record,
)
