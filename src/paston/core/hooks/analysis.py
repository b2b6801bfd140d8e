"""The analysis hook group: the game's evaluator behind ``paston analyse`` and the analysis page."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["AnalysisHooks"]


@dataclass(frozen=True, slots=True)
class AnalysisHooks:
    #: ``evaluator(settings) -> Evaluator`` (see :mod:`paston.analysis.evaluator`).
    evaluator: Callable[..., Any]
