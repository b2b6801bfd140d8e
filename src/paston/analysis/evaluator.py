"""The per-game hook of the analysis: what a game must provide to have its decisions graded.

An analysis needs, for a game: its records read into states; the decisions with a choice;
worlds consistent with a seat's view at each decision (weighted by the others' actions); and
the value of every legal action in one complete world (an exact or rollout evaluation). A game
offers all of that as an :class:`Evaluator`, built by its analysis hooks
(:attr:`~paston.core.hooks.analysis.AnalysisHooks.evaluator`); :func:`evaluator_for` finds it
through the registry.

A game may write its own evaluator (Paston's, in ``paston.games.paston.analysis``, uses its
solver) or use the generic :class:`~paston.analysis.montecarlo.MonteCarloEvaluator`.
``outline`` and ``analyse_one`` let the server analyse a record one deal (Paris: one game) at
a time in its worker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..core.errors import RecordError
from ..core.protocol import MissingHooks
from ..core.registry import UnknownGame, get_game
from .model import Analysis, DealAnalysis
from .settings import DEFAULT, Settings

__all__ = ["Evaluator", "Unavailable", "evaluator_for"]


class Unavailable(RecordError):
    """The game has no evaluator (the message says what is missing)."""


class Evaluator(Protocol):
    """A game's analysis: counts the decisions of a record and grades them."""

    #: The game's registry name.
    game: str

    def outline(self, record: dict[str, Any]) -> tuple[str, list[str], int]:
        """("deal" or "game", the seat names, how many deals) of a record (RecordError if it
        is malformed)."""
        ...

    def count(self, record: dict[str, Any]) -> int:
        """How many decisions ``analyse`` will grade (for progress)."""
        ...

    def analyse_one(
        self, record: dict[str, Any], number: int, settings: Settings = DEFAULT
    ) -> DealAnalysis:
        """Grade the decisions of deal ``number`` (1-based) of ``record``."""
        ...

    def settings_json(self, settings: Settings) -> dict[str, Any]:
        """The settings as the analysis publishes them (a game may add its unit)."""
        ...

    def analyse(
        self,
        record: dict[str, Any],
        settings: Settings = DEFAULT,
        step: Callable[[], None] | None = None,
    ) -> Analysis:
        """Grade every decision of ``record``; ``step`` is called after each one."""
        ...


def evaluator_for(game: str) -> Evaluator:
    """A new evaluator of ``game``; :class:`Unavailable` saying what is missing otherwise."""
    try:
        info = get_game(game)
    except UnknownGame as exc:
        raise Unavailable(str(exc)) from None
    try:
        hooks = info.analysis
    except MissingHooks:
        raise Unavailable(
            f"analysis of {game} is not available: the game offers no analysis hooks "
            "(see paston.core.hooks.analysis)"
        ) from None
    evaluator: Evaluator = hooks.evaluator()
    return evaluator
