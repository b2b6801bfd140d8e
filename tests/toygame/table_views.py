"""High card's table hooks: what a spectator sees, the reveal, a timed-out seat's card."""

from __future__ import annotations

from typing import Any

from paston.core.hooks.table import TableHooks

from .actions import action_str
from .state import ToyState

__all__ = ["HOOKS", "default_action", "reveal", "spectator_view"]


def spectator_view(state: ToyState) -> dict[str, Any]:
    """The public part of a hand: every card played, hand sizes, tricks; no hand."""
    public = state.view(0).to_json()
    for key in ("seat", "hand", "legal"):
        public.pop(key)
    return public


def reveal(state: ToyState) -> dict[str, Any]:
    """Once over: every seat's cards as dealt and the cards nobody got."""
    return {
        "hands": [[action_str(c) for c in h] for h in state.dealt],
        "rest": [action_str(c) for c in state.rest],
    }


def default_action(state: ToyState) -> int:
    """A timed-out seat throws its lowest card."""
    return state.legal_actions()[0]


HOOKS = TableHooks(
    spectator_view=spectator_view,
    reveal=reveal,
    default_action=default_action,
    match_options={"hands": "number of hands in the match"},
)
