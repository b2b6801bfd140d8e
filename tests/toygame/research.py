"""High card as tensors: a seat's observation and its perfect-recall information state.

Observation (57 floats, from the seat's view only): its unplayed cards (16), the trick's
cards (16), every card played (16), the tricks each seat took, from the seat's own on
(4, divided by the hand size), the seat to act relative to it (4), and ``low_wins`` (1).

Information state (277 floats): the cards the seat was dealt (16), the dealer relative to it
(4), the cards played in order (16 positions of 16), and ``low_wins`` (1). Every card is played
face up, so this is all the seat has seen and done.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from paston.core.hooks.research import ResearchHooks

from .rules import PACK_SIZE
from .state import ToyState
from .view import ToyView

__all__ = ["HOOKS", "information_state", "observe"]

SEATS = 4
OBSERVATION = 3 * PACK_SIZE + 2 * SEATS + 1
INFORMATION = PACK_SIZE + SEATS + PACK_SIZE * PACK_SIZE + 1


def observe(view: ToyView) -> npt.NDArray[np.float32]:
    out = np.zeros(OBSERVATION, dtype=np.float32)
    for card in view.hand:
        out[card] = 1.0
    for _, card in view.trick:
        out[PACK_SIZE + card] = 1.0
    for _, card in view.played:
        out[2 * PACK_SIZE + card] = 1.0
    base = 3 * PACK_SIZE
    for seat, tricks in enumerate(view.tricks_won):
        out[base + (seat - view.seat) % view.players] = tricks / view.hand_size
    if view.to_act is not None:
        out[base + SEATS + (view.to_act - view.seat) % view.players] = 1.0
    out[-1] = float(view.low_wins)
    return out


def information_state(state: ToyState, seat: int) -> npt.NDArray[np.float32]:
    out = np.zeros(INFORMATION, dtype=np.float32)
    for card in state.dealt[seat]:
        out[card] = 1.0
    out[PACK_SIZE + (state.dealer - seat) % state.players] = 1.0
    base = PACK_SIZE + SEATS
    for position, (_, card) in enumerate(state.played):
        out[base + position * PACK_SIZE + card] = 1.0
    out[-1] = float(state.rules.low_wins)
    return out


def _shape(size: int) -> Any:
    def shape(players: int) -> tuple[int, ...]:
        del players
        return (size,)

    return shape


HOOKS = ResearchHooks(
    observation_shape=_shape(OBSERVATION),
    observe=observe,
    information_state_shape=_shape(INFORMATION),
    information_state=information_state,
    reward_scale=2.0,
    max_game_length=lambda players: players * 4,
    default_opponent="heuristic",
)
