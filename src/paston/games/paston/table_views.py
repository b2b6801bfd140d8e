"""What a game server shows of a Paston deal: the spectator view, the end-of-deal reveal, the
action a move timer plays, one score-sheet row, and a deal rebuilt from an old event log.

Players get ``deal.view(seat).to_json()``; spectators get :func:`spectator_view`, which keeps
only what every seat may know (spec/rules.md §10). :func:`reveal` is shown to everybody, but
only once the deal is over. The server reaches them through :data:`HOOKS`, Paston's table
hook group (``GameInfo.table``).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from ...core.hooks.table import ClaimHooks, TableHooks
from .actions import (
    CONTRACT_NAMES,
    DECLARE_BASE,
    PASS,
    SURRENDER,
    action_str,
    discard_action,
    is_discard,
)
from .cards import card_name, cards_of
from .match import Game
from .state import BIDDING, DECLARE, DEFENCE, EXCHANGE, PLAY, Deal
from .view import HIDDEN_DISCARD, build_view

__all__ = [
    "CLAIMS",
    "HOOKS",
    "concede",
    "default_action",
    "hand_number",
    "outcome",
    "restore_deal",
    "reveal",
    "score_row",
    "spectator_view",
]


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


def reveal(deal: Deal, number: int | None = None) -> dict[str, Any]:
    """Everything about a finished deal (shown to everybody once it is over, never before).

    ``number`` (the deal's number in its game) is written first as ``"deal"`` when given.
    """
    if not deal.is_over:
        raise ValueError("a deal is revealed only once it is over")
    head: dict[str, Any] = {} if number is None else {"deal": number}
    return {
        **head,
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
        return discard_action(hand[0], hand[1])
    if phase == DECLARE:
        declares = [a for a in legal if a != SURRENDER and a > DECLARE_BASE]
        return min(declares) if declares else SURRENDER
    if phase == PLAY:
        return min(legal, key=_low_key)
    return legal[0]


def score_row(deal: Deal, number: int, totals: Sequence[float]) -> dict[str, Any] | None:
    """The score-sheet row of a finished deal (``None`` for a redeal: it is not a row)."""
    if deal.scores is None:
        return None
    surrendered = bool(deal.actions) and deal.actions[-1] == SURRENDER
    return {
        "deal": number,
        "dealer": deal.dealer,
        "declarer": deal.declarer if deal.declarer >= 0 else None,
        "contract": "surrender" if surrendered else (CONTRACT_NAMES[deal.contract] or None),
        # The whisters and the tricks each seat was credited: the sheet's "result" column
        # (public once the deal is over; no tricks when nobody played: a surrender, all passed).
        "whisters": list(deal.whisters),
        "tricks": list(deal.credited_tricks()) if deal.tricks else None,
        "scores": list(deal.scores),
        "totals": list(totals),
        "redeal": None,
    }


def restore_deal(game: Game, data: dict[str, Any]) -> Deal:
    """Add to ``game`` a deal logged by servers before the game protocol (its cards in the
    event: ``hands``, ``prikup``, ``dealer``, ``first_deal``) and return it."""
    deal = Deal(
        data["hands"],
        data["prikup"],
        dealer=data["dealer"],
        first_deal=data["first_deal"],
        rules=game.rules,
    )
    game.add_deal(deal)
    return deal


def outcome(game: Game) -> dict[str, Any]:
    """How a finished game ended: the winner (the first to the target alone), or a draw."""
    return {"winner": game.winner, "draw": game.draw}


def hand_number(game: Game) -> int:
    """The number of the deal being played or about to be dealt (a redeal keeps it)."""
    return game.deal_number


def _tricks_left(deal: Deal) -> int:
    """Tricks still to win in the card play (the one being played included); 0 outside it."""
    return 10 - len(deal.tricks) if deal.phase_id == PLAY else 0


def _tricks_won(deal: Deal) -> tuple[int, int, int]:
    # The open lone-whist variant credits the passer's hand to the whister who plays it.
    return deal.credited_tricks()


def _hand(deal: Deal, seat: int) -> list[str]:
    return [card_name(c) for c in sorted(cards_of(deal.hands[seat]), key=_low_key)]


def concede(deal: Deal, seat: int) -> int | None:
    """The declarer's surrender (rules §6: after the exchange, instead of a contract), the one
    resignation Paston's rules know; ``None`` at any other moment or seat."""
    if deal.phase_id == DECLARE and deal.to_act == seat and SURRENDER in deal.legal_actions():
        return SURRENDER
    return None


#: What a claim of the remaining tricks reads of a Paston deal.
CLAIMS = ClaimHooks(tricks_left=_tricks_left, tricks_won=_tricks_won, hand=_hand)


def _replay_steps(record: dict[str, Any]) -> Any:
    # Imported on call: ``replay_steps`` draws on this module (and is not needed to play).
    module = importlib.import_module(f"{__package__}.replay_steps")
    return module.replay_steps(record)


#: Paston's table hook group.
HOOKS = TableHooks(
    spectator_view=spectator_view,
    reveal=reveal,
    default_action=default_action,
    score_row=score_row,
    replay_steps=_replay_steps,
    outcome=outcome,
    hand_number=hand_number,
    restore_hand=restore_deal,
    claims=CLAIMS,
    concede=concede,
)
