"""Paskievics at a server table: what a spectator sees, the reveal at the end of a deal, a
timed-out seat's action, and the browser replay's steps of a record.

The server reaches them through :data:`HOOKS`, the Paskievics table hook group
(``GameInfo.table``).
"""

from __future__ import annotations

import importlib
from typing import Any

from ...core.hooks.table import ClaimHooks, TableHooks
from . import actions as A
from .cards import CARD_NAMES, format_cards
from .sheet_rows import score_row
from .state import PaskievicsState
from .view import view_data

__all__ = ["CLAIMS", "HOOKS", "default_action", "reveal", "spectator_view"]


def spectator_view(state: PaskievicsState) -> dict[str, Any]:
    """The public part of a view: no hand, no talon or discard cards, no hidden partnership."""
    out = view_data(state, None)
    out["legal"] = []
    return out


def reveal(state: PaskievicsState, number: int | None = None) -> dict[str, Any]:
    """Every card of a finished deal: the dealt hands, the talon, the discards, the actions
    (a thrown-in deal: its outcome only)."""
    if not state.is_over:
        raise ValueError("a Paskievics deal is revealed only once it is over")
    head: dict[str, Any] = {} if number is None else {"deal": number}
    if state.thrown_in is not None:
        # A thrown-in deal (pass-out, failed trial, annulment) is never played out: its hands,
        # talon and discards stay hidden (rules §12: "the trial bidder's hand stays hidden";
        # an annuller's hand is in every view already). Only its outcome is public.
        n = len(state.dealt)
        return {
            **head,
            "hands": [[] for _ in range(n)],
            "talon": [],
            "discards": [[] for _ in range(n)],
            "partner": None,
            "alone": None,
            "thrown_in": state.thrown_in,
            "scores": list(state.scores or ()),
            "actions": [],
        }
    return {
        **head,
        "hands": [format_cards(h) for h in state.dealt],
        "talon": [CARD_NAMES[c] for c in state.talon],
        "discards": [format_cards(d) for d in state.discards],
        "partner": state.partner,
        "alone": state.alone,
        "scores": list(state.scores or ()),
        "actions": [A.action_str(a) for a in state.history],
    }


def default_action(state: PaskievicsState) -> int:
    """A timed-out seat: ``pass`` when it may, else the first legal action (a bid keeps the
    auction going only when a pass is illegal; a discard, call or card the lowest-numbered)."""
    legal = state.legal_actions()
    if not legal:
        raise ValueError("nobody is to act in this deal")
    if A.PASS in legal:
        return A.PASS
    return legal[0]


def _tricks_left(state: PaskievicsState) -> int:
    """Tricks still to win in the card play (the one being played included); 0 outside it."""
    return 9 - len(state.tricks) if state.phase == "play" else 0


def _tricks_won(state: PaskievicsState) -> list[int]:
    won = [0] * state.seats
    for _leader, _cards, winner in state.tricks:
        won[winner] += 1
    return won


def _hand(state: PaskievicsState, seat: int) -> list[str]:
    return format_cards(state.hands[seat])


#: What a claim of the remaining tricks reads of a Paskievics deal (no resignation: the
#: rules know none, a player who gives up leaves the table).
CLAIMS = ClaimHooks(tricks_left=_tricks_left, tricks_won=_tricks_won, hand=_hand)


def _replay_steps(record: dict[str, Any]) -> Any:
    # Imported on first use: ``replay_steps`` draws on this module's reveal.
    module = importlib.import_module(f"{__package__}.replay_steps")
    return module.replay_steps(record)


#: The Paskievics table hook group (the end is the generic one: the highest total wins).
HOOKS = TableHooks(
    spectator_view=spectator_view,
    reveal=reveal,
    default_action=default_action,
    score_row=score_row,
    replay_steps=_replay_steps,
    claims=CLAIMS,
)
