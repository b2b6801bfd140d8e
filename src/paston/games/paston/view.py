"""What one seat may know of a deal (spec/rules.md §10): the only thing bots and clients get."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .actions import CONTRACT_NAMES, action_str, is_discard
from .cards import card_name, cards_of
from .rules import Rules, spade_run

if TYPE_CHECKING:
    from .state import Deal

__all__ = ["MatchStanding", "PublicTrick", "SeatView", "build_view", "public_action_text"]

#: How a discard by another seat appears in a view's history: the cards stay hidden.
HIDDEN_DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class PublicTrick:
    """A finished trick: who led, the cards in play order with their seats, who won."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class MatchStanding:
    """The game a deal belongs to, as everybody at the table knows it (the score sheet):
    each seat's running total before this deal, the target and the deals scored so far."""

    totals: tuple[int, int, int]
    target: int
    deals_played: int

    def to_json(self) -> dict[str, Any]:
        return {"totals": list(self.totals), "target": self.target, "deals": self.deals_played}


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's knowledge of a deal. Cards are card numbers (see :mod:`paston.cards`).

    ``history`` holds every action as ``(seat, notation)``; another seat's discard appears as
    the bare word ``discard``. ``open_hands`` are hands every seat may see (a spade run shown
    before a redeal; both defending hands in the open lone-whist variant). ``match`` is the
    game's standing before this deal (public); ``None`` for a deal played alone (an arena's).
    """

    seat: int
    rules: Rules
    dealer: int
    first_deal: bool
    first_bidder: int | None
    phase: str
    to_act: int | None
    hand_to_play: int | None
    hand: tuple[int, ...]
    dealt_hand: tuple[int, ...]
    legal: tuple[int, ...]
    history: tuple[tuple[int, str], ...]
    bid: int
    bidder: int | None
    declarer: int | None
    all_pass: bool
    contract: int
    surrendered: bool
    prikup: tuple[int, ...] | None
    discards: tuple[int, ...] | None
    defence: tuple[tuple[int, bool], ...]
    whisters: tuple[int, ...]
    active: tuple[int, ...]
    leader: int | None
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[PublicTrick, ...]
    tricks_won: tuple[int, int, int]
    played: tuple[int, ...]
    open_hands: dict[int, tuple[int, ...]] = field(default_factory=dict)
    scores: tuple[int, int, int] | None = None
    redeal: str | None = None
    match: MatchStanding | None = None

    @property
    def trump(self) -> int | None:
        from .actions import TRUMP_OF

        return TRUMP_OF[self.contract] if self.contract else None

    def to_json(self) -> dict[str, Any]:
        """The view in the notation (cards and actions as canonical strings)."""

        def names(cards: tuple[int, ...] | None) -> list[str] | None:
            return None if cards is None else [card_name(c) for c in cards]

        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "first_deal": self.first_deal,
            "first_bidder": self.first_bidder,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand_to_play": self.hand_to_play,
            "hand": names(self.hand),
            "dealt_hand": names(self.dealt_hand),
            "legal": [action_str(a) for a in self.legal],
            "history": [[s, a] for s, a in self.history],
            "bid": CONTRACT_NAMES[self.bid] or None,
            "bidder": self.bidder,
            "declarer": self.declarer,
            "all_pass": self.all_pass,
            "contract": "surrender"
            if self.surrendered
            else (CONTRACT_NAMES[self.contract] or None),
            "prikup": names(self.prikup),
            "discards": names(self.discards),
            "defence": [[s, "whist" if w else "pass"] for s, w in self.defence],
            "whisters": list(self.whisters),
            "active": list(self.active),
            "leader": self.leader,
            "trick": [[s, card_name(c)] for s, c in self.trick],
            "tricks": [
                {
                    "leader": t.leader,
                    "cards": [[s, card_name(c)] for s, c in zip(t.seats, t.cards, strict=True)],
                    "winner": t.winner,
                }
                for t in self.tricks
            ],
            "tricks_won": list(self.tricks_won),
            "open_hands": {str(s): names(h) for s, h in self.open_hands.items()},
            "scores": None if self.scores is None else list(self.scores),
            "redeal": self.redeal,
            "match": None if self.match is None else self.match.to_json(),
        }


def public_action_text(deal: Deal, actor: int, action: int, viewer: int) -> str:
    """``actor``'s ``action`` as ``viewer`` may know it, by the rule of the view's history:
    another seat's discard stays face down (only the declarer sees it, spec §10); every other
    action is public."""
    if is_discard(action) and actor != viewer:
        return "discard 2 cards"
    return action_str(action)


def build_view(deal: Deal, seat: int) -> SeatView:
    """Build ``seat``'s view of ``deal``."""
    if seat not in (0, 1, 2):
        raise ValueError(f"a seat is 0, 1 or 2, not {seat!r}")
    from .actions import SURRENDER

    is_declarer = deal.declarer == seat
    history = tuple(
        (s, HIDDEN_DISCARD if is_discard(a) and s != seat else action_str(a))
        for s, a in deal.action_history()
    )
    open_hands: dict[int, tuple[int, ...]] = {}
    if deal.redeal_reason == "spade-run":
        for s in range(3):
            if spade_run(deal.dealt[s], deal.rules):
                open_hands[s] = tuple(cards_of(deal.dealt[s]))
    elif len(deal.whisters) == 1 and deal.n_active == 3:
        # Open lone whist: both defending hands lie face up, as they now are.
        for s in range(3):
            if s != deal.declarer:
                open_hands[s] = tuple(cards_of(deal.hands[s]))
    to_act = deal.to_act
    legal = tuple(deal.legal_actions()) if to_act == seat else ()
    exchange_started = deal.declarer >= 0
    return SeatView(
        seat=seat,
        rules=deal.rules,
        dealer=deal.dealer,
        first_deal=deal.first_deal,
        first_bidder=deal.first_bidder if deal.first_bidder >= 0 else None,
        phase=deal.phase,
        to_act=to_act,
        hand_to_play=deal.hand_to_play if deal.hand_to_play >= 0 else None,
        hand=tuple(cards_of(deal.hands[seat])),
        dealt_hand=tuple(cards_of(deal.dealt[seat])),
        legal=legal,
        history=history,
        bid=deal.bid,
        bidder=deal.bidder if deal.bidder >= 0 else None,
        declarer=deal.declarer if exchange_started else None,
        all_pass=deal.all_pass,
        contract=deal.contract,
        surrendered=bool(deal.actions) and deal.actions[-1] == SURRENDER,
        prikup=tuple(cards_of(deal.prikup)) if is_declarer else None,
        discards=tuple(cards_of(deal.discards)) if is_declarer and deal.discards else None,
        defence=tuple(deal.defence),
        whisters=deal.whisters,
        active=deal.active_seats(),
        leader=deal.leader if deal.leader >= 0 else None,
        trick=tuple(zip(deal.trick_seats, deal.trick, strict=True)),
        tricks=tuple(PublicTrick(t[0], t[1], t[2], t[3]) for t in deal.tricks),
        tricks_won=deal.credited_tricks(),
        played=tuple(cards_of(deal.played)),
        open_hands=open_hands,
        scores=deal.scores,
        redeal=deal.redeal_reason,
        match=deal.match,
    )
