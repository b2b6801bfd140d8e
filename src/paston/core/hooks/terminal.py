"""The terminal hook group: a game as plain text, from one seat's view only."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["TerminalHooks"]


@dataclass(frozen=True, slots=True)
class TerminalHooks:
    #: One seat's view as the terminal shows it.
    render_view: Callable[[Any], str]
    #: ``public_action_text(state, actor, action, viewer)``: ``actor``'s ``action``, just
    #: applied to ``state``, as ``viewer`` may know it.
    public_action_text: Callable[[Any, int, int, int], str]
    #: ``score_sheet(match, names) -> str``: the running score sheet (``None``: totals only).
    score_sheet: Callable[[Any, Any], str] | None = None
