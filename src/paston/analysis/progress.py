"""An analysis one deal at a time, telling its progress as it goes.

``paston analyse`` of a long game takes minutes (a game of eight deals may take about
ten); :func:`analyse_by_deal` grades a record deal by deal through the evaluator's
``analyse_one`` (as the server's worker does) and reports after each deal and, where the
evaluator takes a ``step``, after each decision, so that a front-end can say "deal k of n",
the time spent and the time left. The result is the :class:`~.model.Analysis` that
``evaluator.analyse`` gives.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .evaluator import Evaluator
from .model import Analysis, DealAnalysis
from .report import game_reports
from .settings import DEFAULT, Settings

__all__ = ["Progress", "analyse_by_deal", "duration"]


@dataclass(frozen=True, slots=True)
class Progress:
    """Where an analysis stands: ``deal`` of ``deals`` started (``deals_done`` finished),
    ``decisions`` of ``total_decisions`` graded, ``elapsed`` seconds, and an estimate of the
    seconds ``left`` (``None`` before anything is done)."""

    deal: int
    deals: int
    deals_done: int
    decisions: int
    total_decisions: int
    elapsed: float
    left: float | None


def duration(seconds: float) -> str:
    """Seconds as a person reads them.

    >>> duration(7.2), duration(125), duration(3725)
    ('7 s', '2 min 05 s', '1 h 02 min')
    """
    s = round(seconds)
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


def _takes_step(evaluator: Evaluator) -> bool:
    try:
        return "step" in inspect.signature(evaluator.analyse_one).parameters
    except (TypeError, ValueError):
        return False


def analyse_by_deal(
    evaluator: Evaluator,
    record: dict[str, Any],
    settings: Settings = DEFAULT,
    report: Callable[[Progress], None] | None = None,
    *,
    clock: Callable[[], float] = time.monotonic,
) -> Analysis:
    """Grade every decision of ``record`` deal by deal, calling ``report`` when a deal starts,
    after each decision graded (where the evaluator says) and when a deal is done. The time
    left is estimated from the decisions graded so far (from the deals, for an evaluator that
    does not report decisions)."""
    kind, names, deals = evaluator.outline(record)
    total = evaluator.count(record)
    started = clock()
    graded = 0
    done = 0
    current = 0

    def tell() -> None:
        if report is None:
            return
        elapsed = clock() - started
        left: float | None = None
        if graded and total:
            left = elapsed / graded * max(0, total - graded)
        elif done:
            left = elapsed / done * (deals - done)
        report(Progress(current, deals, done, graded, total, elapsed, left))

    def step() -> None:
        nonlocal graded
        graded += 1
        tell()

    stepped = _takes_step(evaluator)
    results: list[DealAnalysis] = []
    for number in range(1, deals + 1):
        current = number
        tell()
        if stepped:
            one: Any = evaluator.analyse_one
            results.append(one(record, number, settings, step=step))
        else:
            results.append(evaluator.analyse_one(record, number, settings))
            graded += len(results[-1].decisions)
        done = number
        tell()
    return Analysis(kind=kind, names=names, deals=results, players=game_reports(results, names),
                    settings=evaluator.settings_json(settings), game=evaluator.game)  # fmt: skip
