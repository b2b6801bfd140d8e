"""The bot protocol: a bot is asked for an action and sees only the acting seat's view."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from ..games.paston.view import SeatView

__all__ = ["Bot", "Choice"]


@dataclass(frozen=True, slots=True)
class Choice:
    """One option a bot weighed: the action id, its value to the bot (higher is better, in
    expected Paston points where the bot can say), and a short human reason."""

    action: int
    value: float
    reason: str = ""


class Bot(ABC):
    """A player. ``act`` is called in every phase (bid, discard, declare, whist, card) with
    the view of the seat to act, and returns one of ``view.legal``.

    A bot never receives the deal itself, only a :class:`~paston.games.paston.view.SeatView`.
    """

    #: The name the bot is selected by (``random``, ``heuristic``, ``pimc``, ...).
    name: str = "bot"

    @abstractmethod
    def act(self, view: SeatView) -> int:
        """The action to take; must be in ``view.legal``."""

    def explain(self, view: SeatView) -> list[Choice]:
        """Every legal action with its value, best first, for hints and analysis.

        The default knows no values: it ranks the action ``act`` would take first.
        """
        chosen = self.act(view)
        rest = [a for a in view.legal if a != chosen]
        return [Choice(chosen, 1.0, "chosen"), *(Choice(a, 0.0) for a in rest)]

    def close(self) -> None:
        """Release resources (an external process, a pool). Safe to call twice."""
        return None
