"""High card in the terminal: the person's cards, the trick and the tricks taken."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from paston.core.hooks.terminal import TerminalHooks

from .actions import action_str
from .view import ToyView, public_action_text

__all__ = ["HOOKS", "render_view"]


def render_view(view: ToyView, names: Sequence[str], match: Any) -> str:
    del match
    trick = ", ".join(f"{names[s]}: {action_str(c)}" for s, c in view.trick) or "empty"
    tricks = ", ".join(f"{names[s]} {n}" for s, n in enumerate(view.tricks_won))
    hand = " ".join(action_str(c) for c in view.hand) or "-"
    rule = "lowest" if view.low_wins else "highest"
    return f"Trick ({rule} wins): {trick}\nTricks: {tricks}\nYour cards: {hand}"


HOOKS = TerminalHooks(
    render_view=render_view,
    public_action_text=public_action_text,
    help="Type a card's rank (7) or its number in the list.",
    prompts={"play": "card> "},
)
