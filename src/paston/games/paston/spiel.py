"""Paston as OpenSpiel sees it: parameters, returns, the deal as explicit chance nodes, observers.

The generic OpenSpiel game (:mod:`paston.env.openspiel_game`, registered as
``python_paston``) reads these facts through ``ResearchHooks.spiel``; nothing here imports
``pyspiel``.

* **Chance**: the first chance move draws the dealer (0, 1 or 2, each 1/3; the ``dealer``
  parameter fixes it instead), then 32 moves deal the shuffled deck card by card (outcome =
  card number, ``deck[0]`` first), in the order of spec/rules.md §3.2. The probabilities are
  exact for the bottom-card rule: with ``bottom_7s_reshuffle`` on (the default) a deck whose
  last card is 7♠ is never dealt, so 7♠ is drawn with probability ``1/(n-1)`` and every
  other remaining card with ``(n-2)/(n-1)²`` while ``n`` cards remain (7♠ is forced before
  the last card). The cut is a rotation of a uniform shuffle and changes nothing.
* **Thrown-in deals** end the game at once with returns 0 (the game is one deal, so the
  redeal is not modelled). **Returns** are the deal scores of spec/rules.md §9.
* **Parameters**: ``dealer`` (−1, the default: drawn by chance), ``first_deal`` (the J♠/7♠
  first-bidder rule of a game's first deal) and the rule flags that act within one deal
  (:data:`DEAL_FLAGS`); the flags of a whole game (target, −121 reset …) are not parameters.
* **Observers**: the information state is the perfect-recall layout and string
  (:mod:`.encoding`), the observation the layout without the trick history. A public-only
  observer (``private_info=NONE``) leaves out the viewer's cards, prikup and discards; an
  all-players observer (``ALL_PLAYERS``, for analysis and centralised critics) adds every
  hand, the prikup and the discards (:data:`ALL_PLAYERS_EXTRA`). While dealing a player sees
  only the cards dealt to them so far (before the dealer is drawn: only their seat).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any, Protocol, Self

import numpy as np
import numpy.typing as npt

from ...core.hooks.spiel import SpielHooks
from .cards import SEVEN_SPADES, card_name, cards_of, iter_bits
from .encoding import (
    OBSERVATION_LAYOUT,
    PHASES,
    dealing_view,
    encode,
    info_state_string,
    layout_for,
    observation_string,
    public_view,
)
from .fast_encoding import DealEncoder
from .rules import DEFAULT_RULES, Rules
from .shuffle import DEAL_ORDER, deal_from_deck
from .state import Deal
from .view import SeatView

__all__ = [
    "ALL_PLAYERS_EXTRA",
    "DEAL_FLAGS",
    "HOOKS",
    "CardByCard",
    "PastonObserver",
    "deck_for",
]

_PLAYERS = 3
#: The rule flags that act within one deal: the game's parameters besides dealer, first_deal.
DEAL_FLAGS: tuple[str, ...] = (
    "allow_jump_bids",
    "spade_run_redeal",
    "bottom_7s_reshuffle",
    "all_pass_contracts",
    "lone_whist_mode",
    "multiply_defender_scores",
    "no_whist_multiplied",
    "surrender_multiplied",
    "must_overtrump",
)
#: What the all-players observer adds after the viewer's own tensor: every hand now (by
#: relative seat, 3 × 32), the prikup as dealt (32) and the declarer's discards (32).
ALL_PLAYERS_EXTRA = 3 * 32 + 32 + 32
# Player decisions: at most 7 auction actions (5 bids and 2 passes), a discard, a
# declaration, 2 defence calls and 30 cards; plus the dealer and the 32 cards.
_MAX_DECISIONS = 7 + 1 + 1 + 2 + 30


class CardByCard:
    """The dealer (unless fixed), then the deck card by card; then the :class:`Deal`."""

    def __init__(self, dealer: int, first_deal: bool, rules: Rules = DEFAULT_RULES) -> None:
        if dealer not in (-1, 0, 1, 2):
            raise ValueError(
                f"parameter 'dealer' must be -1 (drawn by chance), 0, 1 or 2, not {dealer}"
            )
        self.dealer = dealer  # -1 until the first chance move draws it
        self.dealer_by_chance = dealer < 0
        self.first_deal = first_deal
        self.rules = rules
        self.deck: list[int] = []
        self._remaining = (1 << 32) - 1
        self.state: Deal | None = None

    @property
    def drawn(self) -> tuple[int, ...]:
        head = (self.dealer,) if self.dealer_by_chance and self.dealer >= 0 else ()
        return head + tuple(self.deck)

    def outcomes(self) -> list[tuple[int, float]]:
        if self.dealer < 0:
            return [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
        left = [c for c in range(32) if self._remaining >> c & 1]
        n = len(left)
        if not self.rules.bottom_7s_reshuffle or not self._remaining >> SEVEN_SPADES & 1 or n == 1:
            return [(c, 1.0 / n) for c in left]
        if n == 2:
            return [(SEVEN_SPADES, 1.0)]
        seven = 1.0 / (n - 1)
        other = (n - 2) / (n - 1) ** 2
        return [(c, seven if c == SEVEN_SPADES else other) for c in left]

    def apply(self, outcome: int) -> None:
        if self.dealer < 0:
            if outcome not in (0, 1, 2):
                raise ValueError(f"the dealer is seat 0, 1 or 2, not {outcome}")
            self.dealer = outcome
            return
        if not 0 <= outcome < 32 or not self._remaining >> outcome & 1:
            raise ValueError(f"card {outcome} has already been dealt")
        self.deck.append(outcome)
        self._remaining &= ~(1 << outcome)
        if len(self.deck) == 32:
            self.state = deal_from_deck(self.deck, self.dealer, self.first_deal, self.rules)

    def undo(self) -> None:
        self.state = None
        if self.deck:
            self._remaining |= 1 << self.deck.pop()
        elif self.dealer_by_chance and self.dealer >= 0:
            self.dealer = -1
        else:
            raise ValueError("nothing has been drawn yet")

    def outcome_str(self, outcome: int) -> str:
        return f"dealer {outcome}" if self.dealer < 0 else f"deal {card_name(outcome)}"

    def copy(self) -> Self:
        new = copy.copy(self)
        new.deck = list(self.deck)
        new.state = None if self.state is None else self.state.copy()
        return new

    def resample(self, seat: int, rng: random.Random) -> Self:
        """The cards dealt so far, ``seat``'s own kept, the others drawn at random from the
        cards ``seat`` has not received (no 7♠ can be at the bottom yet: the bottom card is
        dealt last)."""
        new = self.copy()
        if self.dealer < 0:
            return new
        rel = (seat - self.dealer - 1) % 3
        mine = {c for c, to in zip(self.deck, DEAL_ORDER, strict=False) if to == rel}
        others = [c for c in range(32) if c not in mine]
        rng.shuffle(others)
        new.deck = [
            c if to == rel else others.pop() for c, to in zip(self.deck, DEAL_ORDER, strict=False)
        ]
        new._remaining = (1 << 32) - 1
        for c in new.deck:
            new._remaining &= ~(1 << c)
        return new

    def with_state(self, state: Deal) -> Self:
        """A complete deal whose deck deals ``state``'s cards (a resampled world)."""
        new = self.copy()
        new.deck = deck_for(state.dealt, state.prikup, state.dealer)
        new._remaining = 0
        new.state = state
        return new

    def view(self, seat: int) -> SeatView | None:
        """``seat``'s view while dealing: the cards dealt to it so far (``None`` before the
        dealer is drawn)."""
        if self.state is not None:
            return self.state.view(seat)
        if self.dealer < 0:
            return None
        rel = (seat - self.dealer - 1) % 3  # DEAL_ORDER is relative to the dealer
        cards = [c for c, to in zip(self.deck, DEAL_ORDER, strict=False) if to == rel]
        return dealing_view(seat, self.dealer, self.first_deal, cards, self.rules)

    def observation(self, seat: int, perfect_recall: bool) -> npt.NDArray[np.float32]:
        layout = layout_for(perfect_recall, True)
        view = self.view(seat)
        if view is not None:
            return encode(view, layout)
        out = np.zeros(layout.size, np.float32)
        views = layout.views(out)
        views["seat"][seat] = 1.0  # nothing is known before the dealer is drawn but the seat
        views["phase"][PHASES.index("dealing")] = 1.0
        return out

    def observation_string(self, seat: int, perfect_recall: bool) -> str:
        view = self.view(seat)
        if view is None:
            return f"seat {seat}\nphase: dealing (dealer not drawn yet)"
        return info_state_string(view) if perfect_recall else observation_string(view)

    def __str__(self) -> str:
        deck = " ".join(card_name(c) for c in self.deck)
        head = f"dealer {self.dealer}; " if self.dealer >= 0 else "dealer not drawn; "
        return f"{head}{'deck' if self.state is not None else 'dealing'}: {deck}"


def deck_for(dealt: tuple[int, ...], prikup: int, dealer: int) -> list[int]:
    """A deck that deals ``dealt`` and ``prikup`` from ``dealer`` (the inverse of
    :func:`~.shuffle.deal_from_deck`), 7♠ never at the bottom."""
    piles = [
        list(iter_bits(dealt[(dealer + 1) % 3])),
        list(iter_bits(dealt[(dealer + 2) % 3])),
        list(iter_bits(dealt[dealer])),
        list(iter_bits(prikup)),
    ]
    # The bottom card goes to the dealer (DEAL_ORDER[-1] == 2), dealt from the pile's end.
    bottom = piles[DEAL_ORDER[-1]]
    if bottom[-1] == SEVEN_SPADES:
        bottom[0], bottom[-1] = bottom[-1], bottom[0]
    taken = [0, 0, 0, 0]
    deck = []
    for to in DEAL_ORDER:
        deck.append(piles[to][taken[to]])
        taken[to] += 1
    return deck


class _SpielState(Protocol):
    """What the observer reads of the generic OpenSpiel state."""

    @property
    def game_state(self) -> Deal | None: ...

    @property
    def chance(self) -> CardByCard: ...


class PastonObserver:
    """OpenSpiel's ``PyObserver`` protocol over :mod:`.encoding`.

    ``private_info``: ``single`` (the player's view), ``none`` (what everyone knows) or
    ``all`` (the player's view followed by every hand now, the prikup and the discards: full
    information, for analysis and centralised critics, never for a player).
    """

    def __init__(self, perfect_recall: bool, private_info: str) -> None:
        self.perfect_recall = perfect_recall
        self.all_players = private_info == "all"
        self.private = private_info != "none"
        self.layout = layout_for(self.perfect_recall, self.private)
        size = self.layout.size + (ALL_PLAYERS_EXTRA if self.all_players else 0)
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict = self.layout.views(self.tensor[: self.layout.size])
        # One incremental encoder per player: it follows a deal move by move and starts again
        # for another deal (the same tensor as encode of the view, not a view built).
        self._encoders = [DealEncoder(p, self.layout) for p in range(_PLAYERS)]
        if self.all_players:
            extra = self.tensor[self.layout.size :]
            self.dict["all_hands"] = extra[:96].reshape(3, 32)
            self.dict["all_prikup"] = extra[96:128]
            self.dict["all_discards"] = extra[128:160]

    def _view(self, state: _SpielState, player: int) -> SeatView | None:
        view = state.chance.view(player)
        return view if view is None or self.private else public_view(view)

    def set_from(self, state: _SpielState, player: int) -> None:
        n = self.layout.size
        deal = state.game_state
        if deal is not None:
            self.tensor[:n] = self._encoders[player].sync(deal)
        else:
            view = self._view(state, player)
            if view is None:
                self.tensor.fill(0.0)
                self.dict["seat"][player] = 1.0
                self.dict["phase"][PHASES.index("dealing")] = 1.0
                return
            encode(view, self.layout, out=self.tensor[:n])
        if self.all_players:
            hands, prikup, discards = _full_information(state)
            self.dict["all_hands"].fill(0.0)
            self.dict["all_prikup"].fill(0.0)
            self.dict["all_discards"].fill(0.0)
            for seat in range(3):
                for c in iter_bits(hands[seat]):
                    self.dict["all_hands"][(seat - player) % 3, c] = 1.0
            for c in iter_bits(prikup):
                self.dict["all_prikup"][c] = 1.0
            for c in iter_bits(discards):
                self.dict["all_discards"][c] = 1.0

    def string_from(self, state: _SpielState, player: int) -> str:
        view = self._view(state, player)
        if view is None:
            return f"seat {player}\nphase: dealing (dealer not drawn yet)"
        text = info_state_string(view) if self.perfect_recall else observation_string(view)
        if self.all_players:
            hands, prikup, discards = _full_information(state)
            names = [" ".join(card_name(c) for c in cards_of(h)) or "-" for h in hands]
            text += "\nall hands: " + " | ".join(names)
            text += "\nall prikup: " + (" ".join(card_name(c) for c in cards_of(prikup)) or "-")
            text += "\nall discards: " + (" ".join(card_name(c) for c in cards_of(discards)) or "-")
        return text


def _full_information(state: _SpielState) -> tuple[tuple[int, int, int], int, int]:
    """Every hand now, the prikup (as dealt: the cards known to be in it so far while
    dealing) and the discards: what no single player knows."""
    deal = state.game_state
    if deal is not None:
        return (deal.hands[0], deal.hands[1], deal.hands[2]), deal.prikup, deal.discards
    chance = state.chance
    hands = [0, 0, 0]
    prikup = 0
    for card, to in zip(chance.deck, DEAL_ORDER, strict=False):
        if to == 3:
            prikup |= 1 << card
        else:
            hands[(chance.dealer + 1 + to) % 3] |= 1 << card
    return (hands[0], hands[1], hands[2]), prikup, 0


def _deal(players: int, rules: Rules, params: Mapping[str, Any]) -> CardByCard:
    return CardByCard(int(params["dealer"]), bool(params["first_deal"]), rules)


def _observer(
    perfect_recall: bool, private_info: str, params: Mapping[str, Any] | None
) -> PastonObserver:
    if params:
        raise ValueError(f"the Paston observer takes no parameters, got {dict(params)}")
    return PastonObserver(perfect_recall, private_info)


HOOKS = SpielHooks(
    parameters={
        "dealer": -1,
        "first_deal": False,
        **{name: getattr(DEFAULT_RULES, name) for name in DEAL_FLAGS},
    },
    # A failed gupa or grkha costs 40 (so does a ×4 defender taking no trick); a defender
    # taking all ten tricks of a ×4 contract beside another whister wins 8 × 40.
    utility=lambda players: (-40.0, 320.0),
    utility_sum=None,
    deal=_deal,
    max_chance_outcomes=32,
    max_game_length=lambda players, rules: 1 + 32 + _MAX_DECISIONS,
    observation_shape=lambda players: (OBSERVATION_LAYOUT.size,),
    observe=lambda view: encode(view, OBSERVATION_LAYOUT),
    observation_string=observation_string,
    observer=_observer,
    aliases={
        "DEAL_FLAGS": lambda: DEAL_FLAGS,
        "ALL_PLAYERS_EXTRA": lambda: ALL_PLAYERS_EXTRA,
        "PastonObserver": lambda: PastonObserver,
    },
)
