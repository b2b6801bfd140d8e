"""What one seat may know of a Paris game (spec/paris.md §10): all bots and clients get.

A view holds the public items (every face-up card, hand sizes, which face-down slots are
full, the deck size, the pile, the burned cards, every action as it happened) and the seat's
own hand; never another hand, a face-down card before it is turned, or the deck order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import LOG_MISS, LOG_PICKUP, LOG_PLAY, action_str
from .cards import CARD_NAMES, SEVEN
from .rules import ParisRules

if TYPE_CHECKING:
    from .state import ParisState

__all__ = [
    "ParisView",
    "PublicEvent",
    "PublicSeat",
    "build_view",
    "public_action_text",
    "public_events",
]


@dataclass(frozen=True, slots=True)
class PublicSeat:
    """What everyone sees of a seat."""

    hand_count: int
    face_up: tuple[int, ...]
    face_down_slots: tuple[int, ...]
    finished: bool
    swaps_left: int
    ready: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand_count,
            "face_up": [CARD_NAMES[c] for c in self.face_up],
            "face_down_slots": list(self.face_down_slots),
            "finished": self.finished,
        }


@dataclass(frozen=True, slots=True)
class PublicEvent:
    """One action as every seat saw it. ``picked_up`` lists the cards taken into the hand
    (a pick-up, or a blind card that did not fit, with that card); ``drew`` is how many cards
    the player drew after a play (their faces stay private)."""

    seat: int
    action: str
    burn: str | None = None
    picked_up: tuple[int, ...] | None = None
    blind_card: int | None = None
    fit: bool | None = None
    drew: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "action": self.action, "burn": self.burn}
        if self.picked_up is not None:
            out["picked_up"] = len(self.picked_up)
            out["picked_up_cards"] = [CARD_NAMES[c] for c in self.picked_up]
        if self.blind_card is not None:
            out["blind_card"] = CARD_NAMES[self.blind_card]
            out["fit"] = self.fit
        if self.drew is not None:
            out["drew"] = self.drew
        return out


@dataclass(frozen=True, slots=True)
class ParisView:
    """One seat's knowledge of a game (implements :class:`paston.core.protocol.View`).

    Cards are card numbers (see :mod:`.cards`); ``to_json`` writes them in the notation.
    """

    seat: int
    players: int
    dealer: int
    rules: ParisRules
    phase: str
    to_act: int | None
    legal: tuple[int, ...]
    hand: tuple[int, ...]
    seats: tuple[PublicSeat, ...]
    pile: tuple[int, ...]
    deck: int
    burned: int
    burned_cards: tuple[int, ...]
    finished: tuple[int, ...]
    loser: int | None
    ranking: tuple[int, ...] | None
    end: str | None
    turns: int
    starter: int | None
    opening: bool
    hand_size: int
    events: tuple[PublicEvent, ...]

    @property
    def top(self) -> int | None:
        return self.pile[-1] if self.pile else None

    @property
    def seven(self) -> bool:
        """A 7 on top: the next play must be 3-7 or a 10."""
        return bool(self.pile) and self.pile[-1] >> 2 == SEVEN

    def to_json(self) -> dict[str, Any]:
        """The view in the notation (cards and actions as canonical strings)."""
        top = CARD_NAMES[self.pile[-1]] if self.pile else None
        return {
            "game": "paris",
            "seat": self.seat,
            "players": self.players,
            "dealer": self.dealer,
            "rules": self.rules.to_dict(),
            "phase": self.phase,
            "to_act": self.to_act,
            "legal": [action_str(a) for a in self.legal],
            "hand": [CARD_NAMES[c] for c in self.hand],
            "hand_size": self.hand_size,
            "seats": [s.to_json() for s in self.seats],
            "pile": [CARD_NAMES[c] for c in self.pile],
            "top": top,
            # The 2 has no power and only the 7 restricts, so the card to beat is the top card.
            "effective_top": top,
            "seven": self.seven,
            "deck": self.deck,
            "burned": self.burned,
            "burned_cards": [CARD_NAMES[c] for c in self.burned_cards],
            "finished": list(self.finished),
            "loser": self.loser,
            "ranking": list(self.ranking) if self.ranking is not None else None,
            "end": self.end,
            "turns": self.turns,
            "starter": self.starter,
            "opening": self.opening,
            "swaps_left": [s.swaps_left for s in self.seats],
            "ready": [s.ready for s in self.seats],
            "events": [e.to_json() for e in self.events],
        }


def public_events(state: ParisState) -> tuple[PublicEvent, ...]:
    """Every action of the game so far as every seat saw it, oldest first.

    Built once per action and kept by the state, so a view costs no more late in a long
    game than early.
    """
    cache: list[PublicEvent] = state.event_cache()
    for entry in state.log_entries(len(cache)):
        cache.append(_event(entry))
    return tuple(cache)


def _event(entry: tuple[Any, ...]) -> PublicEvent:
    kind, action, seat = entry[0], entry[1], entry[2]
    text = action_str(action)
    if kind == LOG_PLAY:
        burn, drew, card = entry[10], entry[9], entry[11]
        if card >= 0:
            return PublicEvent(seat, text, burn, blind_card=card, fit=True, drew=drew)
        return PublicEvent(seat, text, burn, drew=drew)
    if kind == LOG_PICKUP:
        return PublicEvent(seat, text, picked_up=entry[4])
    if kind == LOG_MISS:
        return PublicEvent(seat, text, picked_up=entry[6], blind_card=entry[5], fit=False)
    return PublicEvent(seat, text)


def public_action_text(state: ParisState, actor: int, action: int, viewer: int) -> str:
    """``actor``'s ``action``, just applied to ``state``, as any seat knows it: every Paris
    action is public (§10), a blind play with the card it turned over."""
    text = action_str(action)
    if text.startswith("blind"):
        event = public_events(state)[-1]
        if event.seat == actor and event.blind_card is not None:
            fits = "fits" if event.fit else "does not fit: picks up the pile"
            text += f" ({CARD_NAMES[event.blind_card]} {fits})"
    return text


def build_view(state: ParisState, seat: int) -> ParisView:
    """The view of ``seat``; ``legal`` is empty unless ``seat`` is to act."""
    n = state.players
    to_act = state.to_act
    seats = tuple(
        PublicSeat(
            hand_count=state.hand_count(s),
            face_up=tuple(state.face_up(s)),
            face_down_slots=state.face_down_slots(s),
            finished=state.has_finished(s),
            swaps_left=3 - state.swaps_made(s),
            ready=state.is_ready(s),
        )
        for s in range(n)
    )
    return ParisView(
        seat=seat,
        players=n,
        dealer=state.dealer,
        rules=state.rules,
        phase=state.phase,
        to_act=to_act,
        legal=tuple(state.legal_actions()) if to_act == seat else (),
        hand=tuple(state.hand(seat)),
        seats=seats,
        pile=state.pile,
        deck=state.deck_count,
        burned=state.burned,
        burned_cards=state.burned_cards,
        finished=state.finished,
        loser=state.loser,
        ranking=state.ranking,
        end=state.end,
        turns=state.turns,
        starter=state.starter,
        opening=state.opening,
        hand_size=state.hand_size,
        events=public_events(state),
    )
