"""The analysis hook group: the game's evaluator behind ``paston analyse`` and the analysis page.

The generic front-end (:mod:`paston.analysis`) grades decisions through an *evaluator* (the
:class:`paston.analysis.Evaluator` protocol). A game either writes its own (Paston's solver,
Paris's playouts …) or points :attr:`AnalysisHooks.evaluator` at the generic
:class:`paston.analysis.MonteCarloEvaluator`, which needs only :attr:`AnalysisHooks.hands`,
the game's ``sampling`` group and one of its bots. The other fields say how a report shows
the game's analysis; each has a generic default.

The types of the evaluator and of the renderables are left as ``Any`` here: ``paston.core``
sits below ``paston.analysis`` and the terminal's ``rich`` and does not import them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["DEFAULT_THRESHOLDS", "AnalysisHooks", "Hand"]

#: One hand of a record as an evaluator walks it: its first state (before any action) and
#: the action ids taken in it, in order.
Hand = tuple[Any, list[int]]

#: Grade thresholds of the generic evaluator when a game names none: lower bounds of the
#: expected loss (less one standard error) in the unit of ``state.result()``, worst first.
DEFAULT_THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 1.0),
    ("mistake", 0.4),
    ("inaccuracy", 0.15),
)


@dataclass(frozen=True, slots=True)
class AnalysisHooks:
    """What a game gives ``paston analyse`` and ``GET /api/tables/{id}/analysis``."""

    #: ``evaluator() -> Evaluator``: a new evaluator of the game (a class taking no argument,
    #: or a function building :class:`paston.analysis.MonteCarloEvaluator` for the game).
    evaluator: Callable[[], Any]
    #: ``hands(record) -> (kind, hands)``: a record of the game as ``"deal"`` (one hand) or
    #: ``"game"`` (several) and its hands (:data:`Hand`); raises ``RecordError`` for a record
    #: the game cannot read. The generic evaluator walks these; ``None``: the game's own
    #: evaluator reads records itself and the generic one cannot analyse it.
    hands: Callable[[dict[str, Any]], tuple[str, list[Hand]]] | None = None
    #: Record formats the evaluator reads beyond the game's ``formats`` (a session record
    #: of several matches that the registry does not dispatch), so ``paston analyse`` finds
    #: the game of such a record.
    formats: tuple[str, ...] = ()
    #: ``action_text(action) -> str``: an action as a player reads it (``10♣``); ``None``:
    #: the notation (``state.action_str``).
    action_text: Callable[[int], str] | None = None
    #: The bot that plays each world to its end in the generic evaluator (a name of the
    #: game's ``play`` group: quick and reading only its seat's view).
    rollout_bot: str = "random"
    #: ``rollout(state, seat) -> value``: the game's own quick playout of a complete state
    #: (changed in place) and ``seat``'s value at its end, in :attr:`unit`; the generic
    #: evaluator uses it instead of :attr:`rollout_bot` when given. It may read the whole
    #: state: the evaluator passes it sampled worlds (the seat's knowledge only) and, for
    #: hindsight, the real state.
    rollout: Callable[[Any, int], float] | None = None
    #: The generic evaluator's unit of value (said in the report's legend) and its grade
    #: thresholds in that unit (see :data:`DEFAULT_THRESHOLDS`).
    unit: str = "the seat's result of the hand"
    thresholds: tuple[tuple[str, float], ...] = DEFAULT_THRESHOLDS
    #: ``hand_title(n) -> str``: the text report's title of hand ``n`` (``Game 3`` where a
    #: hand is a whole game); ``None``: ``Deal n``.
    hand_title: Callable[[int], str] | None = None
    #: ``legend(settings) -> str``: the line under the text report, from the settings the
    #: analysis published; ``None``: the generic legend, from their ``unit`` and
    #: ``thresholds``.
    legend: Callable[[Mapping[str, Any]], str] | None = None
    #: ``hand_table(table, names) -> rich renderable``: a hand's extra table of the analysis
    #: (its ``dd_table`` JSON, such as a double-dummy table); ``None``: the game has none.
    hand_table: Callable[[Mapping[str, Any], Sequence[str]], Any] | None = None
    #: ``record_tables(record) -> rich renderable``: that table for every hand of a record,
    #: without grading anything (``paston show --dd``); ``None``: the game has none.
    record_tables: Callable[[dict[str, Any]], Any] | None = None
