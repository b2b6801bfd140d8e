"""Paris as OpenSpiel sees it: parameters, returns and the shuffle as explicit chance nodes.

The generic OpenSpiel game (:mod:`paston.env.openspiel_game`, registered as
``python_paris``) reads these facts through ``ResearchHooks.spiel``; nothing here imports
``pyspiel``.

* **Chance**: the first 104 moves shuffle the two packs card by card (outcome = the card
  number 0-51, drawn with probability copies left / cards left); the sequence is then dealt
  as in ``paris.md`` §3.2 (:func:`~.shuffle.deal_layout`). While the cards are shuffled a
  player sees nothing yet.
* **Returns** are the game's result at the end: −1 for the loser, 0 for everyone else
  (constant-sum −1), also when the turn limit ends the game.
* **Observations**: the observation is :func:`~.encoding.encode_paris` of the player's view
  and its picture :func:`~.text.render_view`; the information state is :mod:`.infostate`.
* **Parameters**: ``players`` (2-9, default 3), ``dealer`` (default 0) and every flag of
  :class:`~.rules.ParisRules` under its own name, e.g.
  ``python_paris(players=5,voluntary_pickup=True,max_turns=2000)``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any, Self

import numpy as np
import numpy.typing as npt

from ...core.hooks.spiel import SpielHooks
from .cards import CARD_NAMES, NUM_CARDS
from .encoding import paris_layout
from .infostate import information_state_shape
from .rules import DEFAULT_RULES, ParisRules
from .shuffle import deal_layout
from .state import ParisState
from .text import render_view

__all__ = ["HOOKS", "CardByCard", "shuffle_for"]

_PACK = 2 * NUM_CARDS


class CardByCard:
    """The two packs shuffled card by card, then dealt: the :class:`ParisState`."""

    def __init__(self, players: int, dealer: int, rules: ParisRules = DEFAULT_RULES) -> None:
        self.players = players
        self.dealer = dealer
        self.rules = rules
        self.sequence: list[int] = []
        self._left = [2] * NUM_CARDS
        self.state: ParisState | None = None

    @property
    def drawn(self) -> tuple[int, ...]:
        return tuple(self.sequence)

    def outcomes(self) -> list[tuple[int, float]]:
        total = _PACK - len(self.sequence)
        return [(c, k / total) for c, k in enumerate(self._left) if k]

    def apply(self, outcome: int) -> None:
        if not 0 <= outcome < NUM_CARDS or not self._left[outcome]:
            raise ValueError(f"both copies of card {outcome} have already been dealt")
        self.sequence.append(outcome)
        self._left[outcome] -= 1
        if len(self.sequence) == _PACK:
            layout, deck = deal_layout(self.sequence, self.players, self.dealer)
            self.state = ParisState.from_layout(self.players, self.dealer, layout, deck, self.rules)

    def undo(self) -> None:
        if not self.sequence:
            raise ValueError("nothing has been drawn yet")
        self.state = None
        self._left[self.sequence.pop()] += 1

    def outcome_str(self, outcome: int) -> str:
        return f"deal {CARD_NAMES[outcome]}"

    def copy(self) -> Self:
        new = type(self)(self.players, self.dealer, self.rules)
        new.sequence = list(self.sequence)
        new._left = list(self._left)
        new.state = None if self.state is None else self.state.copy()
        return new

    def resample(self, seat: int, rng: random.Random) -> Self:
        """Nobody sees a card while the packs are shuffled: any sequence as long will do."""
        new = type(self)(self.players, self.dealer, self.rules)
        pack = [c for c in range(NUM_CARDS) for _ in range(2)]
        rng.shuffle(pack)
        for card in pack[: len(self.sequence)]:
            new.apply(card)
        return new

    def with_state(self, state: ParisState) -> Self:
        new = self.copy()
        new.sequence = shuffle_for(state)
        new._left = [0] * NUM_CARDS
        new.state = state
        return new

    def observation(self, seat: int, perfect_recall: bool) -> npt.NDArray[np.float32]:
        size = (
            information_state_shape(self.players)[0]
            if perfect_recall
            else paris_layout(self.players).size
        )
        return np.zeros(size, np.float32)

    def observation_string(self, seat: int, perfect_recall: bool) -> str:
        return f"dealing ({len(self.sequence)} of {_PACK} cards shuffled)"

    def __str__(self) -> str:
        return "shuffle: " + " ".join(CARD_NAMES[c] for c in self.sequence)


def shuffle_for(state: ParisState) -> list[int]:
    """A shuffle that deals ``state``'s deal (the inverse of :func:`~.shuffle.deal_layout`)."""
    origin = state.origin
    n, dealer = state.players, state.dealer
    layout = origin["layout"]
    seq: list[int] = []
    for part in range(3):
        for k in range(len(layout[0][part])):
            for j in range(n):
                seq.append(layout[(dealer + 1 + j) % n][part][k])
    return seq + list(origin["deck"])


def _deal(players: int, rules: ParisRules, params: Mapping[str, Any]) -> CardByCard:
    return CardByCard(players, int(params["dealer"]), rules)


HOOKS = SpielHooks(
    parameters={"players": 3, "dealer": 0, **asdict(DEFAULT_RULES)},
    utility=lambda players: (-1.0, 0.0),
    utility_sum=-1.0,
    deal=_deal,
    max_chance_outcomes=NUM_CARDS,
    # The shuffle, at most 4 swap-phase actions a seat, then the turn limit.
    max_game_length=lambda players, rules: _PACK + 4 * players + rules.max_turns,
    observation_string=render_view,
)
