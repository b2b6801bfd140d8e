"""The bot protocol, for every game: a bot is asked for an action and sees only a seat's view."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Generic

from typing_extensions import TypeVar

from ..core.protocol import View

__all__ = ["Bot", "Choice", "ViewT"]

#: The view type a bot reads. A game's bots narrow it (``Bot[SeatView]`` for Paston); a bare
#: ``Bot`` is a bot of any game (``Bot[Any]``), which is what registries and front-ends hold.
ViewT = TypeVar("ViewT", bound=View, default=Any, contravariant=True)


@dataclass(frozen=True, slots=True)
class Choice:
    """One option a bot weighed: the action id, its value to the bot (higher is better, in
    the game's points where the bot can say), and a short human reason."""

    action: int
    value: float
    reason: str = ""


class Bot(ABC, Generic[ViewT]):
    """A player of one game. ``act`` is called at every decision with the view of the seat
    to act (any :class:`~paston.core.protocol.View`), and returns one of ``view.legal``.

    A bot never receives the state itself, only a view: for Paston a
    :class:`~paston.games.paston.view.SeatView`, for another game that game's view.
    """

    #: The name the bot is selected by (``random``, ``heuristic``, ``pimc``, ...).
    name: str = "bot"

    @abstractmethod
    def act(self, view: ViewT) -> int:
        """The action to take; must be in ``view.legal``."""

    def explain(self, view: ViewT) -> list[Choice]:
        """Every legal action with its value, best first, for hints and analysis.

        The default knows no values: it ranks the action ``act`` would take first.
        """
        chosen = self.act(view)
        rest = [a for a in view.legal if a != chosen]
        return [Choice(chosen, 1.0, "chosen"), *(Choice(a, 0.0) for a in rest)]

    def close(self) -> None:
        """Release resources (an external process, a pool). Safe to call twice."""
        return None
