"""One hand of High card as a state machine (the platform's ``State`` protocol)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from paston.core.errors import IllegalAction

from .actions import action_str, parse_action
from .rules import DEFAULT_RULES, ToyRules

if TYPE_CHECKING:
    from .view import ToyView

__all__ = ["HAND_FORMAT", "ToyState", "hand_body", "hand_record"]

#: The format of a record of one hand (read in :mod:`.record`).
HAND_FORMAT = "toy-hand/1"


class ToyState:
    """A hand: ``hands[s]`` are the cards seat ``s`` was dealt (ids, sorted), ``rest`` the
    cards nobody got; the seat after the dealer leads the first trick."""

    def __init__(
        self,
        hands: Sequence[Sequence[int]],
        rest: Sequence[int],
        dealer: int = 0,
        rules: ToyRules = DEFAULT_RULES,
    ) -> None:
        if not 2 <= len(hands) <= 4:
            raise ValueError("High card is played by 2 to 4 seats")
        if any(len(h) != rules.hand_size for h in hands):
            raise ValueError(f"each seat holds {rules.hand_size} cards")
        self.dealt: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(h)) for h in hands)
        self.rest: tuple[int, ...] = tuple(sorted(rest))
        self.dealer = dealer
        self.rules = rules
        self.actions: list[int] = []
        self._reset()

    def _reset(self) -> None:
        self.held: list[list[int]] = [list(h) for h in self.dealt]
        self.leader = (self.dealer + 1) % len(self.dealt)
        self.trick: list[tuple[int, int]] = []
        #: Every card played, in order, as ``(seat, card)``.
        self.played: list[tuple[int, int]] = []
        self.tricks_won = [0] * len(self.dealt)

    # ------------------------------------------------------------------ the protocol

    @property
    def players(self) -> int:
        return len(self.dealt)

    @property
    def is_over(self) -> bool:
        return len(self.played) == self.players * self.rules.hand_size

    @property
    def to_act(self) -> int | None:
        if self.is_over:
            return None
        return (self.leader + len(self.trick)) % self.players

    @property
    def phase(self) -> str:
        return "over" if self.is_over else "play"

    def legal_actions(self) -> list[int]:
        seat = self.to_act
        return [] if seat is None else sorted(self.held[seat])

    def apply(self, action: int | str) -> None:
        if isinstance(action, str):
            action = parse_action(action)
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(
                f"card {action_str(action)} is not in the hand of the seat to act"
                if legal
                else "the hand is over",
                action=action_str(action) if 0 <= action < 16 else str(action),
                legal=tuple(action_str(a) for a in legal),
            )
        seat = self.to_act
        assert seat is not None
        self.held[seat].remove(action)
        self.trick.append((seat, action))
        self.played.append((seat, action))
        self.actions.append(action)
        if len(self.trick) == self.players:
            best = min if self.rules.low_wins else max
            winner = best(self.trick, key=lambda sc: sc[1])[0]
            self.tricks_won[winner] += 1
            self.leader = winner
            self.trick = []

    def undo(self) -> int:
        if not self.actions:
            raise ValueError("no action to take back")
        *keep, last = self.actions
        self.actions = []
        self._reset()
        for a in keep:
            self.apply(a)
        return last

    def copy(self) -> ToyState:
        other = ToyState(self.dealt, self.rest, self.dealer, self.rules)
        for a in self.actions:
            other.apply(a)
        return other

    def view(self, seat: int) -> ToyView:
        from .view import build_view

        return build_view(self, seat)

    def action_str(self, action: int) -> str:
        return action_str(action)

    def parse_action(self, text: str) -> int:
        return parse_action(text)

    def result(self) -> tuple[float, ...]:
        """Each seat's tricks less the average (zero-sum); zeros while the hand is played."""
        if not self.is_over:
            return (0.0,) * self.players
        mean = self.rules.hand_size / self.players
        return tuple(float(t) - mean for t in self.tricks_won)

    # ------------------------------------------------------------------ beyond it

    def hidden_from(self, seat: int) -> list[int]:
        """The cards ``seat`` has not seen: the others' unplayed cards and the rest."""
        return sorted(
            [c for s, h in enumerate(self.held) if s != seat for c in h] + list(self.rest)
        )

    def record(self, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return hand_record(self, meta)


def hand_body(state: ToyState) -> dict[str, Any]:
    """A hand's cards and actions in the notation (a match record's entry)."""
    return {
        "dealer": state.dealer,
        "hands": [[action_str(c) for c in h] for h in state.dealt],
        "rest": [action_str(c) for c in state.rest],
        "actions": [action_str(a) for a in state.actions],
    }


def hand_record(state: ToyState, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One hand as a ``toy-hand/1`` record."""
    record: dict[str, Any] = {"format": HAND_FORMAT, "rules": state.rules.to_dict()}
    record.update(hand_body(state))
    if meta:
        record["meta"] = dict(meta)
    return record
