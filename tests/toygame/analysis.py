"""High card's analysis: the platform's generic Monte-Carlo evaluator, nothing of its own."""

from __future__ import annotations

from typing import Any

from paston.core.errors import RecordError
from paston.core.hooks.analysis import AnalysisHooks, Hand

from .match import ToyMatch
from .record import load_record
from .state import ToyState

__all__ = ["HOOKS", "hands"]


def _first(state: ToyState) -> Hand:
    return ToyState(state.dealt, state.rest, state.dealer, state.rules), list(state.actions)


def hands(record: dict[str, Any]) -> tuple[str, list[Hand]]:
    """A record's hands, each as its first state and the actions taken."""
    loaded = load_record(record)
    if isinstance(loaded, ToyState):
        return "deal", [_first(loaded)]
    if isinstance(loaded, ToyMatch):
        return "game", [_first(s) for s in loaded.deals]
    raise RecordError("not a High card record")


def _evaluator() -> Any:
    from paston.analysis.montecarlo import MonteCarloEvaluator

    return MonteCarloEvaluator("toy")


HOOKS = AnalysisHooks(
    evaluator=_evaluator,
    hands=hands,
    rollout_bot="heuristic",
    unit="tricks",
    thresholds=(("blunder", 0.75), ("mistake", 0.4), ("inaccuracy", 0.15)),
)
