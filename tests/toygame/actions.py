"""High card's actions: playing a card. Action ``id`` plays the card of rank ``id + 1``, and
the notation writes it as its rank (``"7"``)."""

from __future__ import annotations

from paston.core.errors import IllegalAction

from .rules import PACK_SIZE

__all__ = ["NUM_ACTIONS", "action_str", "parse_action"]

NUM_ACTIONS = PACK_SIZE


def action_str(action: int) -> str:
    return str(action + 1)


def parse_action(text: str) -> int:
    """The id of a card written as its rank; raises ``IllegalAction`` (``unparsable …``)."""
    word = text.strip()
    if not word.isdigit() or not 1 <= int(word) <= PACK_SIZE:
        raise IllegalAction(f"unparsable action {text!r}: a card is a rank from 1 to 16")
    return int(word) - 1
