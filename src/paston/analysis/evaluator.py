"""The per-game hook of the analysis: what a game must provide to have its decisions graded.

An analysis needs, for a game: its records read into states; the decisions with a choice;
worlds consistent with a seat's view at each decision (weighted by the others' actions); and
the value of every legal action in one complete world (an exact or rollout evaluation). A game
offers all of that as an :class:`Evaluator`; :func:`evaluator_for` finds it.

Paston has one (:class:`PastonEvaluator`). Paris and Paskievics do not yet: each lacks a world
sampler for a seat's view (Paris: the face-down slots and the deck; Paskievics: the talon and
the other hands, with the bids, calls and announcements as evidence) and a value of an action in
a complete world (no double-dummy solver exists for them; a rollout with their heuristic bots
to the end of the deal would do, the same method as Paston's bidding).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..core.errors import RecordError
from .model import Analysis
from .settings import DEFAULT, Settings

__all__ = ["Evaluator", "PastonEvaluator", "Unavailable", "evaluator_for"]


class Unavailable(RecordError):
    """The game has no evaluator yet (the message says what is missing)."""


class Evaluator(Protocol):
    """A game's analysis: counts the decisions of a record and grades them."""

    game: str

    def count(self, record: dict[str, Any]) -> int:
        """How many decisions ``analyse`` will grade (for progress)."""
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
MISSING = {
    "paris": "a world sampler for a seat's view (face-down slots, the deck) and a value of an "
    "action in a complete world (no solver; a heuristic rollout would do)",
    "paskievics": "a world sampler for a seat's view (talon, other hands, bids and calls as "
    "evidence) and a value of an action in a complete world (no solver yet)",
}


def evaluator_for(game: str) -> Evaluator:
    """The evaluator of ``game``; :class:`Unavailable` saying what is missing otherwise."""
    if game == "paston":
        return PastonEvaluator()
    missing = MISSING.get(game, "an evaluator (see paston.analysis.evaluator)")
    raise Unavailable(f"analysis of {game} is not available yet: it needs {missing}")
