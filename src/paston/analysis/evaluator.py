"""The per-game hook of the analysis: what a game must provide to have its decisions graded.

An analysis needs, for a game: its records read into states; the decisions with a choice;
worlds consistent with a seat's view at each decision (weighted by the others' actions); and
the value of every legal action in one complete world (an exact or rollout evaluation). A game
offers all of that as an :class:`Evaluator`; :func:`evaluator_for` finds it.

Paston has one (:class:`PastonEvaluator`); Paris and Paskievics have theirs in
:mod:`paston.analysis.evaluators` (worlds from their search bots' samplers, values by
heuristic rollouts and, for Paskievics's card play, its double-dummy card-point solver).
``outline`` and ``analyse_one`` let the server analyse a record one deal (Paris: one game) at
a time in its worker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..core.errors import RecordError
from .model import Analysis, DealAnalysis
from .settings import DEFAULT, Settings

__all__ = ["Evaluator", "PastonEvaluator", "Unavailable", "evaluator_for"]


class Unavailable(RecordError):
    """The game has no evaluator yet (the message says what is missing)."""


class Evaluator(Protocol):
    """A game's analysis: counts the decisions of a record and grades them."""

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


class PastonEvaluator:
    """Paston's evaluator: worlds from the bots' sampler, the solver and a heuristic rollout."""

    game = "paston"

    def outline(self, record: dict[str, Any]) -> tuple[str, list[str], int]:
        from .records import deals_of_record, seat_names_of

        kind, deals = deals_of_record(record)
        return kind, seat_names_of(record), len(deals)

    def analyse_one(
        self, record: dict[str, Any], number: int, settings: Settings = DEFAULT
    ) -> DealAnalysis:
        from .grading import analyse_deal
        from .records import deals_of_record, seat_names_of

        _, deals = deals_of_record(record)
        return analyse_deal(deals[number - 1], number, seat_names_of(record), settings)

    def settings_json(self, settings: Settings) -> dict[str, Any]:
        return settings.to_json()

    def count(self, record: dict[str, Any]) -> int:
        from .grading import count_decisions
        from .records import deals_of_record

        return sum(count_decisions(d) for d in deals_of_record(record)[1])

    def analyse(
        self,
        record: dict[str, Any],
        settings: Settings = DEFAULT,
        step: Callable[[], None] | None = None,
    ) -> Analysis:
        from . import analyse_record

        return analyse_record(record, settings, step)


#: What each game without an evaluator lacks (said in the error).
MISSING: dict[str, str] = {}


def evaluator_for(game: str) -> Evaluator:
    """The evaluator of ``game``; :class:`Unavailable` saying what is missing otherwise."""
    if game == "paston":
        return PastonEvaluator()
    if game == "paris":
        from .evaluators.paris import ParisEvaluator

        return ParisEvaluator()
    if game == "paskievics":
        from .evaluators.paskievics import PaskievicsEvaluator

        return PaskievicsEvaluator()
    missing = MISSING.get(game, "an evaluator (see paston.analysis.evaluator)")
    raise Unavailable(f"analysis of {game} is not available yet: it needs {missing}")
