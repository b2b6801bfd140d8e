"""What the server shows each viewer: the spectator view, the end-of-deal reveal, and the
default actions a move timer plays.

Players get ``deal.view(seat).to_json()``; spectators get :func:`spectator_view`, which keeps
only what every seat may know (spec/rules.md §10). :func:`deal_reveal` is shown to everybody,
but only once the deal is over.
"""

from __future__ import annotations

from typing import Any

from ..games.paston.actions import DECLARE_BASE, PASS, SURRENDER, action_str, is_discard
from ..games.paston.cards import card_name, cards_of
from ..games.paston.deal import BIDDING, DECLARE, DEFENCE, EXCHANGE, PLAY, Deal
from ..games.paston.view import HIDDEN_DISCARD, build_view

__all__ = ["deal_reveal", "default_action", "seat_view", "spectator_view"]


def seat_view(deal: Deal, seat: int) -> dict[str, Any]:
    """The JSON view of one seat (exactly :meth:`SeatView.to_json`)."""
    return deal.view(seat).to_json()


def spectator_view(deal: Deal) -> dict[str, Any]:
    """A view with no hand at all: the public part of any seat's view.

    Built from seat 0's view with every private field blanked; the history is rebuilt so that
    nobody's discard (seat 0's included) is named.
    """
    out = build_view(deal, 0).to_json()
    out["seat"] = None
    out["hand"] = None
    out["dealt_hand"] = None
    out["legal"] = []
    out["prikup"] = None
    out["discards"] = None
    out["history"] = [
        [s, HIDDEN_DISCARD if is_discard(a) else action_str(a)] for s, a in deal.action_history()
    ]
    return out


def deal_reveal(deal: Deal, number: int) -> dict[str, Any]:
    """Everything about a finished deal (shown to everybody once it is over, never before)."""
    if not deal.is_over:
        raise ValueError("a deal is revealed only once it is over")
    return {
        "deal": number,
        "hands": [[card_name(c) for c in cards_of(h)] for h in deal.dealt],
        "prikup": [card_name(c) for c in cards_of(deal.prikup)],
        "discards": [card_name(c) for c in cards_of(deal.discards)] if deal.discards else None,
        "scores": None if deal.scores is None else list(deal.scores),
        "redeal": deal.redeal_reason,
        "actions": [action_str(a) for a in deal.actions],
    }


def _low_key(card: int) -> tuple[int, int]:
    # Lowest rank first (7 < 8 < ... < A), equal ranks in the suit order S C D H.
    return (card & 7, card >> 3)


def default_action(deal: Deal) -> int:
    """The action a move timer plays for the seat to act (documented in server-protocol.md)."""
    legal = deal.legal_actions()
    if not legal:
        raise ValueError("nobody is to act in this deal")
    phase = deal.phase_id
    if phase in (BIDDING, DEFENCE):
        return PASS
    if phase == EXCHANGE:
        hand = sorted(cards_of(deal.hands[deal.declarer]), key=_low_key)
        from ..games.paston.actions import discard_action

        return discard_action(hand[0], hand[1])
    if phase == DECLARE:
        declares = [a for a in legal if a != SURRENDER and a > DECLARE_BASE]
        return min(declares) if declares else SURRENDER
    if phase == PLAY:
        return min(legal, key=_low_key)
    return legal[0]
