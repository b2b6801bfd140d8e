"""Grades of single decisions and the report per player, like a chess site's game report.

A decision's grade comes from its expected loss in points (the deciding seat's Paston points,
where a made or failed paston is worth 10 and the other contracts 2, 3 or 4 times as much):

========== ===================== ==============================================
grade      expected loss - 1 SE  meaning
========== ===================== ==============================================
best       0 (the best action)   nothing better was there to be found
good       below 2               within the noise of the estimate
inaccuracy 2 to below 5          a small share of a paston
mistake    5 to below 15         half a paston and more
blunder    15 and more           more than a whole paston (or a gupa trick)
========== ===================== ==============================================
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .model import DealAnalysis, Decision, PlayerReport

__all__ = ["COUNTED", "GRADES", "THRESHOLDS", "game_reports", "grade_of", "player_reports"]

#: Lower bounds of the expected loss (points) of each grade worse than "good".
THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 15.0), ("mistake", 5.0),
                                             ("inaccuracy", 2.0))  # fmt: skip
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The grades a report counts.
COUNTED = ("inaccuracy", "mistake", "blunder")
#: Below this a loss is rounding, and the action is as good as the best.
EPS = 1e-6


def grade_of(loss: float, se: float = 0.0) -> str:
    """The grade of a decision that loses ``loss`` expected points with standard error ``se``.

    The bounds apply to ``loss - se``: a decision is called an inaccuracy, a mistake or a
    blunder only when the sampling is fairly sure of it (one standard error below)."""
    if loss <= EPS:
        return "best"
    sure = loss - se
    for name, bound in THRESHOLDS:
        if sure >= bound:
            return name
    return "good"


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
