"""A High card match: a fixed number of hands, the dealer moving left, totals added up."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .rules import DEFAULT_RULES, PACK_SIZE, ToyRules
from .state import ToyState, hand_body

__all__ = ["MATCH_FORMAT", "ToyMatch", "deal", "match_record"]

#: The format of a record of a whole match (read in :mod:`.record`).
MATCH_FORMAT = "toy-match/1"


def deal(players: int, rules: ToyRules, dealer: int, rng: random.Random) -> ToyState:
    """A hand dealt from a pack shuffled with ``rng``."""
    pack = list(range(PACK_SIZE))
    rng.shuffle(pack)
    size = rules.hand_size
    hands = [pack[s * size : (s + 1) * size] for s in range(players)]
    return ToyState(hands, pack[players * size :], dealer, rules)


class ToyMatch:
    def __init__(
        self, players: int = 3, rules: ToyRules = DEFAULT_RULES, dealer: int = 0, hands: int = 2
    ) -> None:
        if not 2 <= players <= 4:
            raise ValueError("High card is played by 2 to 4 seats")
        if hands < 1:
            raise ValueError("a match has at least one hand")
        self._players = players
        self.rules = rules
        self.first_dealer = dealer
        self.hands = hands
        self.deals: list[ToyState] = []

    @property
    def players(self) -> int:
        return self._players

    @property
    def current(self) -> ToyState | None:
        return self.deals[-1] if self.deals else None

    @property
    def over(self) -> bool:
        return len(self.deals) == self.hands and self.deals[-1].is_over

    @property
    def totals(self) -> tuple[float, ...]:
        out = [0.0] * self._players
        for state in self.deals:
            for seat, value in enumerate(state.result()):
                out[seat] += value
        return tuple(out)

    def next_dealer(self) -> int:
        return (self.first_dealer + len(self.deals)) % self._players

    def next_state(self, rng: random.Random) -> ToyState:
        if self.over:
            raise ValueError("the match is over")
        if self.deals and not self.deals[-1].is_over:
            raise ValueError("the hand in progress is not over")
        state = deal(self._players, self.rules, self.next_dealer(), rng)
        self.deals.append(state)
        return state

    def record(self, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return match_record(self, meta)


def match_record(match: ToyMatch, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A match as a ``toy-match/1`` record."""
    record: dict[str, Any] = {
        "format": MATCH_FORMAT,
        "rules": match.rules.to_dict(),
        "players": match.players,
        "hands": match.hands,
        "deals": [hand_body(s) for s in match.deals],
    }
    if meta:
        record["meta"] = dict(meta)
    return record
