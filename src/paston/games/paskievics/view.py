"""What one seat of a Paskievics deal may know (spec §12), and nothing more.

The partner's identity is given to a seat only when that seat may know it: the partner himself,
the declarer when he called himself, the discarder of the called card (who knows the declarer is
alone), and everybody once the partnership is public (§8.5, the called card played).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import actions as A
from .actions import SIDE_NAMES
from .cards import CARD_NAMES, format_cards, is_tarokk
from .score_lines import score_lines

if TYPE_CHECKING:
    from .state import PaskievicsState

__all__ = ["PaskievicsView", "build_view", "public_action_text", "view_data"]


@dataclass(frozen=True, slots=True)
class PaskievicsView:
    """One seat's knowledge (implements :class:`paston.core.protocol.View`)."""

    seat: int
    legal: tuple[int, ...]
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        out = dict(self.data)
        out["legal"] = [A.action_str(a) for a in self.legal]
        return out


def _partner_known(state: PaskievicsState, seat: int | None) -> bool:
    if state.called is None:
        return False
    if state.is_over or state.all_revealed:
        return True
    if seat is None:
        return False
    if not state.alone and seat == state.partner:
        return True  # he holds the called card
    if seat == state.declarer and state.alone and state.office is None:
        return True  # he called a card of his own hand
    # The discarder of the called card knows the declarer is alone; the declarer himself does
    # not (the card may lie in a hand or a discard) until that player's first turn (§7.4).
    return seat == state.office


def _public_action(state: PaskievicsState, seat: int | None, actor: int, action: int) -> str:
    if action >= A.DISCARD and actor != seat and not state.is_over:
        count = len(A.DISCARD_SETS[action - A.DISCARD])
        return f"discard {count} card" + ("s" if count > 1 else "")
    return A.action_str(action)


def public_action_text(state: PaskievicsState, actor: int, action: int, viewer: int) -> str:
    """``actor``'s ``action``, just applied to ``state``, as ``viewer`` may know it: the entry
    the view's ``actions`` gives it. Another seat's discard is face down until the deal is over
    (§6.1, §6.3, §12): only its size is told."""
    return _public_action(state, viewer, actor, action)


def build_view(state: PaskievicsState, seat: int) -> PaskievicsView:
    """The view of ``seat`` (a sitting-out dealer sees the public part only)."""
    legal = tuple(state.legal_actions()) if state.to_act == seat else ()
    return PaskievicsView(seat, legal, view_data(state, seat))


def view_data(state: PaskievicsState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` knows as JSON-ready data; ``seat=None`` is a spectator (public only)."""
    active = seat is not None and seat in state.active
    dealer_sees = seat == state.dealer and not active and state.rules.five_dealer_sees
    over = state.is_over
    received = state.received
    discards_done = state.phase in ("announce", "play", "scored")
    partner_known = _partner_known(state, seat)
    sides: dict[str, str] = {}
    if state.called is not None:
        for s in state.active:
            if over or state.is_revealed(s) or s == seat or partner_known:
                sides[str(s)] = SIDE_NAMES[state.side(s)]
    discards: list[Any] = []
    for s in range(state.seats):
        cards = state.discards[s]
        if s == seat or over or dealer_sees:
            discards.append(format_cards(cards))
        else:
            discards.append(len(cards))
    data: dict[str, Any] = {
        "seat": seat,
        "players": state.seats,
        "phase": state.phase,
        "to_act": state.to_act,
        "dealer": state.dealer,
        "forehand": state.forehand,
        "multiplier": state.multiplier,
        "hand": format_cards(state.hands[seat]) if seat is not None and active else [],
        "actions": [
            {"seat": actor, "action": _public_action(state, seat, actor, action)}
            for actor, action in zip(state.actors, state.history, strict=True)
        ],
        "declarer": state.declarer,
        "bid": A.LEVELS[state.contract] if state.contract is not None else None,
        "invitation": (
            None
            if state.invitation is None
            else {
                "card": CARD_NAMES[state.invitation[0]],
                "by": state.invitation[1],
                "kind": state.invitation[2],
            }
        ),
        "talon_split": None if received is None else [len(r) for r in received],
        "talon_received": (
            None
            if received is None
            else (
                [format_cards(r) for r in received]
                if dealer_sees
                else format_cards(received[seat] if seat is not None else [])
            )
        ),
        "discards": discards,
        "discarded_tarokks": (
            [sum(1 for c in state.discards[s] if is_tarokk(c)) for s in range(state.seats)]
            if discards_done
            else None
        ),
        "declarer_discarded_tarokks": (
            format_cards(c for c in state.discards[state.declarer] if is_tarokk(c))
            if discards_done and state.declarer is not None
            else None
        ),
        "called": None if state.called is None else CARD_NAMES[state.called],
        "partner": state.partner if partner_known else None,
        "alone": state.alone if partner_known else None,
        "sides": sides,
        "announcements": [
            {"item": item, "side": SIDE_NAMES[side], "by": by, "level": level}
            for item, side, by, level in state.announced
        ],
        "game_kontra": state.game_level if state.called is not None else None,
        "tarokk_counts": [{"seat": s, "count": n} for s, n in state.counts],
        "tricks": [
            {"leader": leader, "cards": [CARD_NAMES[c] for c in cards], "winner": winner}
            for leader, cards, winner in state.tricks
        ],
        "trick": [CARD_NAMES[c] for c in state.trick],
        "scores": list(state.scores) if state.scores is not None else None,
        "thrown_in": state.thrown_in,
        "value": state.value,
        # After the deal: the scoring breakdown from the engine's reference function.
        "score_lines": score_lines(state) if over else None,
        # An annulment shows the annuller's whole hand to justify it (§12).
        "annulled": (
            {"seat": state.actors[-1], "hand": format_cards(state.hands[state.actors[-1]])}
            if state.thrown_in == "annulled"
            else None
        ),
    }
    return data
