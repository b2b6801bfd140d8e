"""A game of Paston: deals until someone reaches the target, with the dealer rotation of §3.5,
the −121 reset and the end-of-game rules of §9.6."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...core.errors import RecordError
from .rules import DEFAULT_RULES, Rules
from .scoring import apply_totals
from .shuffle import deal_cards
from .state import REDEAL, SCORED, Deal, deal_record
from .view import MatchStanding

__all__ = ["Game"]


class Game:
    """Deals to the target score. ``first_dealer`` deals deal 1 (any seat, §3.5).

    ``marker_rule`` says whether the J♠/7♠ first-bidder rule applies to deal 1; it is always
    true by default (flag ``marker_rule_each_game``) and false only for a later game of a
    session when that flag is off.

    The game watches its deals: act on ``game.current`` (a
    :class:`~paston.games.paston.state.Deal`) and
    start the next one with :meth:`new_deal` once it is over.

    ``totals`` are the running totals the game starts from (a game continued from paper,
    or a test of the end-of-game rules); they are normally zero.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        first_dealer: int = 0,
        marker_rule: bool = True,
        rng: random.Random | None = None,
        totals: tuple[int, int, int] = (0, 0, 0),
    ) -> None:
        if type(first_dealer) is not int or first_dealer not in (0, 1, 2):
            raise RecordError(f"the first dealer must be a seat 0, 1 or 2, not {first_dealer!r}")
        self.rules = rules if rules is not None else DEFAULT_RULES
        self.first_dealer = first_dealer
        self.rng = rng if rng is not None else random.Random()
        self.deals: list[Deal] = []
        self._marker_rule = marker_rule or self.rules.marker_rule_each_game
        # Settled state: what the finished deals so far add up to.
        self._settled = 0
        if len(totals) != 3 or not all(isinstance(t, int) for t in totals):
            raise RecordError(f"the starting totals must be three whole numbers, not {totals!r}")
        self._totals: tuple[int, int, int] = (totals[0], totals[1], totals[2])
        self._history: list[tuple[int, int, int]] = []
        self._deal_number = 1
        self._dealer = first_dealer
        self._over = False
        self._winner: int | None = None
        self._draw = False
        #: The record's ``meta`` tags when the game was read from a record: written back by
        #: :meth:`record` unless new tags are given (programs that rewrite records keep it).
        self.meta: Any = None

    # ----------------------------------------------------------------- settling

    def _settle(self) -> None:
        while self._settled < len(self.deals) and self.deals[self._settled].is_over:
            deal = self.deals[self._settled]
            self._settled += 1
            if deal.phase_id == REDEAL:
                continue
            assert deal.phase_id == SCORED and deal.scores is not None
            self._totals = apply_totals(self.rules, self._totals, deal.scores)
            self._history.append(self._totals)
            if self._deal_number == 1 and self.rules.deal2_dealer == "deal1_first_bidder":
                self._dealer = deal.first_bidder
            else:
                self._dealer = (self._dealer + 1) % 3
            self._deal_number += 1
            self._check_end()
        # The deal in progress learns the standing it is played at (a deal read from a record
        # is appended without :meth:`_stamp`): its seats' views carry it.
        if self._settled < len(self.deals) and self.deals[self._settled].match is None:
            self._stamp(self.deals[self._settled])

    def _stamp(self, deal: Deal) -> None:
        """Give ``deal`` the public standing it is played at: the totals so far, the target and
        the deals scored (called with the game settled up to ``deal``)."""
        deal.match = MatchStanding(self._totals, self.rules.target, self._deal_number - 1)

    def _check_end(self) -> None:
        target = self.rules.target
        top = max(self._totals)
        if top < target:
            return
        leaders = [s for s in range(3) if self._totals[s] == top]
        if len(leaders) == 1:
            self._over, self._winner = True, leaders[0]
        elif self.rules.target_tie == "draw":
            self._over, self._draw = True, True

    # ----------------------------------------------------------------- queries

    @property
    def players(self) -> int:
        """Seats in the game: always 3 (the game protocol's ``Match.players``)."""
        return 3

    @property
    def totals(self) -> tuple[int, int, int]:
        """Running totals after the finished deals (after the −121 reset)."""
        self._settle()
        return self._totals

    @property
    def total_history(self) -> list[tuple[int, int, int]]:
        """The running totals after each scored deal."""
        self._settle()
        return list(self._history)

    @property
    def over(self) -> bool:
        self._settle()
        return self._over

    @property
    def winner(self) -> int | None:
        self._settle()
        return self._winner

    @property
    def draw(self) -> bool:
        self._settle()
        return self._draw

    @property
    def deal_number(self) -> int:
        """1-based number of the deal being played or about to be dealt (redeals keep it)."""
        self._settle()
        return self._deal_number

    @property
    def current(self) -> Deal | None:
        """The deal in progress, or ``None`` between deals."""
        if self.deals and not self.deals[-1].is_over:
            return self.deals[-1]
        return None

    def next_deal_setup(self) -> tuple[int, bool]:
        """``(dealer, first_deal)`` of the next deal; raises if the game is over or a deal
        is in progress."""
        self._settle()
        if self._over:
            raise RecordError("the game is over")
        if self.current is not None:
            raise RecordError("a deal is still in progress")
        return self._dealer, self._deal_number == 1 and self._marker_rule

    @property
    def next_dealer(self) -> int | None:
        """Dealer of the next deal; ``None`` when the game is over or a deal is in progress."""
        try:
            return self.next_deal_setup()[0]
        except RecordError:
            return None

    # ----------------------------------------------------------------- dealing

    def new_deal(self, hands: Sequence[Any] | None = None, prikup: Any = None) -> Deal:
        """Start the next deal: given cards, or dealt by the procedure of §3 with ``rng``."""
        dealer, first = self.next_deal_setup()
        if hands is None:
            deal = deal_cards(dealer=dealer, first_deal=first, rules=self.rules, rng=self.rng)
        else:
            deal = Deal(hands, prikup, dealer=dealer, first_deal=first, rules=self.rules)
        self._stamp(deal)
        self.deals.append(deal)
        return deal

    def next_state(self, rng: random.Random) -> Deal:
        """The game protocol's way to deal on: :meth:`new_deal` with cards dealt from ``rng``
        (the dealing procedure of §3; the rotation and the first-deal rule are the game's).

        The deal may be a redeal (over at once); the next call deals again with the same
        dealer.
        """
        dealer, first = self.next_deal_setup()
        deal = deal_cards(dealer=dealer, first_deal=first, rules=self.rules, rng=rng)
        self._stamp(deal)
        self.deals.append(deal)
        return deal

    def record(self, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The game record (``paston-game/1``) so far, with ``meta`` when given."""
        record = game_record(self)
        if meta is not None:
            record["meta"] = dict(meta)
        return record

    def add_deal(self, deal: Deal) -> None:
        """Append a deal made elsewhere, checking its dealer and first-deal flag."""
        dealer, first = self.next_deal_setup()
        if deal.rules != self.rules:
            raise RecordError("the deal's rules are not the game's rules")
        if deal.dealer != dealer:
            raise RecordError(
                f"the dealer must be seat {dealer} (rotation), not seat {deal.dealer}"
            )
        if deal.first_deal != first:
            raise RecordError(f"first_deal must be {str(first).lower()} for this deal")
        self._stamp(deal)
        self.deals.append(deal)

    def __repr__(self) -> str:
        return f"<Game deals={len(self.deals)} totals={self.totals} over={self.over}>"


#: The format of a game record (spec/notation.md); read in :mod:`.record`.
GAME_FORMAT = "paston-game/1"


def game_record(game: Game) -> dict[str, Any]:
    """The record of a game as played so far."""
    record = {
        "format": GAME_FORMAT,
        "rules": game.rules.to_dict(),
        "deals": [deal_record(d, in_game=True) for d in game.deals],
    }
    if game.meta is not None:
        record["meta"] = game.meta  # read from a record: a rewritten record keeps its tags
    return record
