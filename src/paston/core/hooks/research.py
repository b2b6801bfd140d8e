"""The research hook group: a game as tensors, for Gymnasium, PettingZoo, OpenSpiel and RLCard.

Encoders read a seat's view (never the state), so an observation holds only what that seat
may know. Shapes are fixed per game and seat count.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ResearchHooks"]


@dataclass(frozen=True, slots=True)
class ResearchHooks:
    #: ``observation_shape(players) -> shape`` of one seat's observation vector.
    observation_shape: Callable[[int], tuple[int, ...]]
    #: ``observe(view) -> numpy float32 array`` of that shape.
    observe: Callable[[Any], Any]
    #: ``information_state_shape(players) -> shape`` (perfect recall: the seat's own
    #: history as well as the present).
    information_state_shape: Callable[[int], tuple[int, ...]]
    #: ``information_state(state, seat) -> numpy float32 array``.
    information_state: Callable[[Any, int], Any]
    #: Divide a hand's result by this for rewards in about [-1, 1].
    reward_scale: float = 1.0
    #: ``deal_from_outcomes(players, rules, outcomes)``: the state a sequence of chance
    #: outcomes deals (OpenSpiel's explicit chance nodes); with ``chance_outcomes(players)``
    #: the number of outcomes at each chance node.
    deal_from_outcomes: Callable[[int, Any, Sequence[int]], Any] | None = None
    chance_outcomes: Callable[[int], Sequence[int]] | None = None
    #: The longest hand in actions, per seat count (OpenSpiel's ``max_game_length``).
    max_game_length: Callable[[int], int] | None = None
    #: Public names users already import from ``paston.env`` (``ParisEnv`` …) -> object.
    aliases: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
