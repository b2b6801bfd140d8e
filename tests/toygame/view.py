"""What one seat may know of a High card hand: its own cards and every card played."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import action_str

if TYPE_CHECKING:
    from .state import ToyState

__all__ = ["ToyView", "build_view", "public_action_text"]


@dataclass(frozen=True, slots=True)
class ToyView:
    seat: int
    #: The cards the seat may play now (empty unless it is to act).
    legal: tuple[int, ...]
    players: int
    dealer: int
    hand_size: int
    low_wins: bool
    #: The seat's unplayed cards.
    hand: tuple[int, ...]
    #: Each seat's number of unplayed cards.
    hand_sizes: tuple[int, ...]
    #: The cards of the trick in progress, ``(seat, card)`` in play order.
    trick: tuple[tuple[int, int], ...]
    #: Every card played in the hand, ``(seat, card)`` in order (all face up).
    played: tuple[tuple[int, int], ...]
    tricks_won: tuple[int, ...]
    to_act: int | None

    @property
    def phase(self) -> str:
        return "over" if self.to_act is None else "play"

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "phase": self.phase,
            "players": self.players,
            "dealer": self.dealer,
            "hand": [action_str(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "trick": [[s, action_str(c)] for s, c in self.trick],
            "played": [[s, action_str(c)] for s, c in self.played],
            "tricks_won": list(self.tricks_won),
            "to_act": self.to_act,
            "low_wins": self.low_wins,
            "legal": [action_str(a) for a in self.legal],
        }


def build_view(state: ToyState, seat: int) -> ToyView:
    legal = tuple(state.legal_actions()) if state.to_act == seat else ()
    return ToyView(
        seat=seat,
        legal=legal,
        players=state.players,
        dealer=state.dealer,
        hand_size=state.rules.hand_size,
        low_wins=state.rules.low_wins,
        hand=tuple(sorted(state.held[seat])),
        hand_sizes=tuple(len(h) for h in state.held),
        trick=tuple(state.trick),
        played=tuple(state.played),
        tricks_won=tuple(state.tricks_won),
        to_act=state.to_act,
    )


def public_action_text(state: Any, actor: int, action: int, viewer: int) -> str:
    """Every card is played face up: any seat may read it."""
    del state, viewer
    return f"plays {action_str(action)}"
