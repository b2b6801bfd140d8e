"""Paris at a server table: what a spectator sees, the reveal at the end, a timed-out seat's
action, and a score-sheet row."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import PICKUP, READY, SWAP_BASE, action_str
from .cards import CARD_NAMES
from .state import ParisState
from .view import build_view

__all__ = ["default_action", "reveal", "score_row", "spectator_view"]


def spectator_view(state: ParisState) -> dict[str, Any]:
    """The public part of any seat's view: no hand, no legal actions."""
    out = build_view(state, 0).to_json()
    out["seat"] = None
    out["hand"] = []
    out["legal"] = []
    return out


def reveal(state: ParisState, number: int | None = None) -> dict[str, Any]:
    """Every card of a finished game: the hands, face-up and face-down cards as they end, the
    deck left, and the actions (shown to everybody once the game is over, never before)."""
    if not state.is_over:
        raise ValueError("a Paris game is revealed only once it is over")
    n = state.players
    head: dict[str, Any] = {} if number is None else {"deal": number}
    return {
        **head,
        "hands": [[CARD_NAMES[c] for c in state.hand(s)] for s in range(n)],
        "face_up": [[CARD_NAMES[c] for c in state.face_up(s)] for s in range(n)],
        "face_down": [
            [None if c < 0 else CARD_NAMES[c] for c in state.face_down(s)] for s in range(n)
        ],
        "deck": [CARD_NAMES[c] for c in state.deck],
        "loser": state.loser,
        "ranking": list(state.ranking or ()),
        "end": state.end,
        "actions": [action_str(a) for a in state.history],
    }


def default_action(state: ParisState) -> int:
    """The action played for a seat that ran out of time: in the swap phase ``ready``; in the
    play phase the lowest legal play, else ``pickup``, else the first legal action (a blind
    card)."""
    legal = state.legal_actions()
    if not legal:
        raise ValueError("nobody is to act in this game")
    if READY in legal:
        return READY
    plays = [a for a in legal if a < SWAP_BASE]
    if plays:
        return plays[0]  # the reference order puts the lowest rank, fewest cards first
    if PICKUP in legal:
        return PICKUP
    return legal[0]


def score_row(state: ParisState, number: int, totals: Sequence[float]) -> dict[str, Any]:
    """The session sheet's row of a finished game: the loser and the running totals."""
    return {
        "deal": number,
        "scores": list(state.result()),
        "totals": list(totals),
        "loser": state.loser,
        "ranking": list(state.ranking or ()),
    }
