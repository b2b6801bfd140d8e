"""A game of Paskievics: deals in a row with the dealer sequence, doubled rounds and running
totals (spec §11); implements :class:`paston.core.protocol.Match`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .rules import DEFAULT_RULES, PaskievicsRules
from .shuffle import deal_cards
from .state import PaskievicsState, _deal_body

__all__ = ["DoubledRounds", "PaskievicsMatch"]


class DoubledRounds:
    """The counters of §11.3: each thrown-in deal adds one of R scored deals.

    >>> rounds = DoubledRounds(DEFAULT_RULES)
    >>> rounds.after("thrown-in"); rounds.multiplier()
    2
    """

    def __init__(self, rules: PaskievicsRules, counters: list[int] | None = None) -> None:
        self.rules = rules
        self.counters = list(counters or [])

    def multiplier(self) -> int:
        if self.rules.double_rounds == "none" or not self.counters:
            return 1
        if self.rules.double_rounds == "simple":
            return 2
        return int(2 ** len(self.counters))

    def after(self, phase: str, cause: str | None = None) -> None:
        """Update for a finished deal (``scored`` or ``thrown-in`` with its cause)."""
        if phase == "scored":
            self.counters = [c - 1 for c in self.counters if c > 1]
        elif phase == "thrown-in":
            if cause == "trial-failed" and not self.rules.trial_failure_starts_double_round:
                return
            self.counters.append(self.rules.players)


class PaskievicsMatch:
    """``game_deals`` scored deals at one table."""

    def __init__(self, rules: PaskievicsRules = DEFAULT_RULES, dealer: int = 0) -> None:
        self.rules = rules
        self.first_dealer = dealer
        self.deals: list[PaskievicsState] = []
        self.rounds = DoubledRounds(rules)
        self._totals = [0] * rules.players
        self.scored = 0
        self._dealer = dealer
        self._folded = 0  # deals already added to totals, dealer and doubled rounds

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def current(self) -> PaskievicsState | None:
        return self.deals[-1] if self.deals else None

    @property
    def states(self) -> list[PaskievicsState]:
        """Every deal so far (``paston show`` pictures each)."""
        return self.deals

    @property
    def over(self) -> bool:
        self._settle_last()
        return self.scored >= self.rules.game_deals

    @property
    def totals(self) -> tuple[float, ...]:
        self._settle_last()
        return tuple(float(t) for t in self._totals)

    def next_dealer(self) -> int:
        self._settle_last()
        return self._dealer

    def next_multiplier(self) -> int:
        self._settle_last()
        return self.rounds.multiplier()

    def _settle_last(self) -> None:
        """Fold a finished last deal into totals, dealer and doubled rounds (once)."""
        last = self.current
        if last is None or not last.is_over or self._folded == len(self.deals):
            return
        self._folded = len(self.deals)
        assert last.scores is not None
        self._totals = [t + s for t, s in zip(self._totals, last.scores, strict=True)]
        self.rounds.after(last.phase, last.thrown_in)
        if last.phase == "scored":
            self.scored += 1
            self._dealer = (last.dealer + 1) % self.rules.players

    def add_deal(self, state: PaskievicsState) -> None:
        self._settle_last()
        self.deals.append(state)

    def next_state(self, rng: random.Random) -> PaskievicsState:
        if self.over:
            raise ValueError("the game is over: no deal follows the last scored deal")
        hands, talon, dealer = deal_cards(rng, self._dealer, self.rules.players)
        state = PaskievicsState(hands, talon, dealer, self.rules, self.rounds.multiplier())
        self.deals.append(state)
        return state

    def record(self, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return game_record(self, meta)


#: The format of a game record (paskievics-notation.md); read in :mod:`.record`.
GAME_FORMAT = "paskievics-game/1"


def game_record(match: PaskievicsMatch, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A game as a ``paskievics-game/1`` record."""
    record: dict[str, Any] = {
        "format": GAME_FORMAT,
        "rules": match.rules.to_dict(),
        "deals": [_deal_body(s) for s in match.deals],
    }
    if meta:
        record["meta"] = dict(meta)
    return record
