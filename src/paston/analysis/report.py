"""Grades of single decisions and the report per player, like a chess site's game report.

A decision's grade comes from its expected loss in the game's unit of value (each game's
:class:`Scale`: Paston's points, Paris's finishing places …), less one standard error:

========== ===================== ==============================================
grade      expected loss - 1 SE  meaning
========== ===================== ==============================================
best       0 (the best action)   nothing better was there to be found
good       below the first bound within the noise of the estimate
inaccuracy the scale's bounds    a small loss
mistake                          a clear loss
blunder                          a large loss (Paston: more than a whole paston)
========== ===================== ==============================================
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .model import DealAnalysis, Decision, PlayerReport, install_reports_by_unit

__all__ = [
    "COUNTED",
    "EPS",
    "GRADES",
    "Scale",
    "game_reports",
    "grade_of",
    "in_doubt",
    "player_reports",
    "reports_by_unit",
    "unit_of",
]

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The grades a report counts.
COUNTED = ("inaccuracy", "mistake", "blunder")
#: Below this a loss is rounding, and the action is as good as the best.
EPS = 1e-6


@dataclass(frozen=True, slots=True)
class Scale:
    """A game's unit of value and the grade thresholds in that unit (lower bounds of the
    expected loss less one standard error, worst first)."""

    unit: str
    thresholds: tuple[tuple[str, float], ...]

    def to_json(self) -> dict[str, Any]:
        return {"unit": self.unit, "thresholds": {name: b for name, b in self.thresholds}}


def grade_of(loss: float, se: float, scale: Scale) -> str:
    """The grade of a decision that loses ``loss`` expected units with standard error ``se``.

    The bounds apply to ``loss - se``: a decision is called an inaccuracy, a mistake or a
    blunder only when the sampling is fairly sure of it (one standard error below)."""
    if loss <= EPS:
        return "best"
    sure = loss - se
    for name, bound in scale.thresholds:
        if sure >= bound:
            return name
    return "good"


def in_doubt(loss: float, se: float, scale: Scale) -> bool:
    """Whether one standard error either way would change the grade of ``loss``."""
    return loss > EPS and grade_of(max(loss - se, EPS * 2), 0.0, scale) != grade_of(
        loss + se, 0.0, scale
    )


def player_reports(
    decisions: Sequence[Decision], names: Sequence[str], worst: int = 3
) -> list[PlayerReport]:
    """Per seat: decisions graded, expected and hindsight points lost, counts, worst ones."""
    out = []
    for seat, name in enumerate(names):
        mine = [d for d in decisions if d.seat == seat]
        counts = {g: sum(1 for d in mine if d.grade == g) for g in COUNTED}
        bad = sorted((d for d in mine if d.grade in COUNTED), key=lambda d: -d.loss)
        out.append(
            PlayerReport(
                seat=seat,
                name=name,
                decisions=len(mine),
                expected_loss=sum(d.loss for d in mine),
                hindsight_loss=sum(d.hindsight_loss for d in mine),
                counts=counts,
                worst=tuple(bad[:worst]),
                # The worlds of different decisions are drawn independently: errors add
                # in quadrature.
                expected_loss_se=math.sqrt(sum(d.loss_se**2 for d in mine)),
            )
        )
    return out


def game_reports(deals: Sequence[DealAnalysis], names: Sequence[str]) -> list[PlayerReport]:
    """The report over every deal of a game."""
    return player_reports([d for deal in deals for d in deal.decisions], names)


def unit_of(decision: Decision, units: Mapping[str, Any]) -> str:
    """The key of ``units`` (one unit per kind of decision, as the settings publish them)
    that ``decision`` is valued in: its phase's, else ``other``."""
    return decision.phase if decision.phase in units else "other"


def reports_by_unit(
    deals: Sequence[DealAnalysis], names: Sequence[str], units: Any
) -> dict[str, list[PlayerReport]]:
    """The report per player for each unit of a game that values kinds of decision in
    different units (``units``: the settings' ``unit``, a dict), since such losses do not add
    up; empty for a game of one unit."""
    if not isinstance(units, Mapping) or len(units) < 2:
        return {}
    decisions = [d for deal in deals for d in deal.decisions]
    out = {}
    for key in units:
        mine = [d for d in decisions if unit_of(d, units) == key]
        if mine:
            out[str(key)] = player_reports(mine, names)
    return out


install_reports_by_unit(reports_by_unit)
