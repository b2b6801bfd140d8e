"""Gymnasium environment ``paston/Paskievics-v0``: one learner at one seat of a Paskievics
deal, bots at the others.

>>> from paston.env.paskievics_gym import PaskievicsEnv
>>> env = PaskievicsEnv(seat=1, opponents="random")
>>> obs, info = env.reset(seed=1)
>>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..core.errors import IllegalAction
from ..games.paskievics.actions import NUM_ACTIONS, action_str
from ..games.paskievics.rules import PaskievicsRules
from ..games.paskievics.shuffle import deal_cards
from ..games.paskievics.state import PaskievicsState
from ..games.paskievics.text import render_view
from ..games.paskievics.view import PaskievicsView
from .gym_seat import LearnerSeatEnv, Opponent, illegal_seat_action, opponent_list
from ..games.paskievics.encoding import encode_paskievics, paskievics_layout, paskievics_legal_mask

__all__ = ["PASKIEVICS_ENV_ID", "PaskievicsEnv", "new_deal", "parse_paskievics_rules"]

#: The id under which :class:`PaskievicsEnv` is registered with ``gymnasium.make``.
PASKIEVICS_ENV_ID = "paston/Paskievics-v0"


def parse_paskievics_rules(
    rules: PaskievicsRules | Mapping[str, Any] | None, players: int
) -> PaskievicsRules:
    """Rules given as :class:`PaskievicsRules`, a record's ``rules`` mapping or ``None``; the
    table size decides the ``players`` flag."""
    if not isinstance(rules, PaskievicsRules):
        rules = PaskievicsRules.from_dict(dict(rules or {}))
    return replace(rules, players=players)


def new_deal(rules: PaskievicsRules, rng: random.Random, dealer: int) -> PaskievicsState:
    """A fresh deal from ``rng`` with ``dealer`` dealing."""
    hands, talon, dealer = deal_cards(rng, dealer, rules.players)
    return PaskievicsState(hands, talon, dealer, rules)


class PaskievicsEnv(LearnerSeatEnv[PaskievicsState, PaskievicsView]):
    """The learner plays ``seat`` of a 4-seat (or 5-seat) table; the other seats are bots
    (``paston.bots.make_bot(spec, game="paskievics")``).

    * **Actions**: ``Discrete(NUM_ACTIONS)`` (12 517), the engine's action ids
      (:mod:`paston.games.paskievics.actions`); only those in ``info["action_mask"]`` (also
      :meth:`action_masks`) are legal.
    * **Observations**: :func:`~paston.env.paskievics_encoding.encode_paskievics` of the
      learner's view (nothing the seat may not know).
    * **Episodes**: one deal, from the auction to the score (a deal thrown in ends the
      episode with 0). The reward, paid at the end, is the learner's deal score (spec §10.5,
      times the deal multiplier); ``normalize_reward=True`` divides it by 100.
    * **Five seats**: the dealer sits out; the dealer is drawn among the other seats, so the
      learner always plays.
    * **Illegal actions**: ``illegal_action="penalty"`` (default) returns ``illegal_penalty``
      and leaves the deal unchanged (``info["illegal_action"]``); ``"raise"`` raises
      :class:`~paston.core.errors.IllegalAction` naming the legal actions.
    * **Masks after the end** hold only action 0 (which ``step`` refuses until ``reset``).
    """

    game = "paskievics"

    def __init__(
        self,
        players: int = 4,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "heuristic",
        rules: PaskievicsRules | Mapping[str, Any] | None = None,
        normalize_reward: bool = False,
        illegal_action: str = "penalty",
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if isinstance(players, bool) or players not in (4, 5):
            raise ValueError(f"players must be 4 or 5, not {players!r}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"the learner's seat must be 0 to {players - 1}, not {seat!r}")
        self._check_modes(illegal_action, render_mode)
        specs = opponent_list(opponents, players - 1)
        self._check_bots(specs)
        self.players = players
        self.seat = seat
        self.opponent_specs = specs
        self.rules = parse_paskievics_rules(rules, players)
        self.normalize_reward = bool(normalize_reward)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.layout = paskievics_layout(players)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = spaces.Box(0.0, 1.0, (self.layout.size,), dtype=np.float32)
        self._bots = {}
        self._owned = set()
        self._state: PaskievicsState | None = None
        self._done = True

    def _current(self) -> PaskievicsState | None:
        return self._state

    def _start(self, rng: random.Random) -> None:
        dealers = [s for s in range(self.players) if self.players == 4 or s != self.seat]
        self._state = new_deal(self.rules, rng, rng.choice(dealers))
        self._done = False
        self._advance()

    def _reward(self, deal: PaskievicsState) -> float:
        score = deal.result()[self.seat]
        return score / 100.0 if self.normalize_reward else score

    def _proceed(self, hand: PaskievicsState) -> tuple[float, bool]:
        self._advance()
        return (self._reward(hand) if self._done else 0.0), False

    def _illegal(self, hand: PaskievicsState, action: int, view: PaskievicsView) -> IllegalAction:
        return illegal_seat_action(self.seat, action, view.legal, NUM_ACTIONS, action_str)

    def _encode(self, view: PaskievicsView) -> npt.NDArray[np.float32]:
        return encode_paskievics(view, self.layout)

    def _mask(self, view: PaskievicsView) -> npt.NDArray[np.int8]:
        return paskievics_legal_mask(view)

    def _draw(self, view: PaskievicsView) -> str:
        return render_view(view)

    def _info(self, view: PaskievicsView) -> dict[str, Any]:
        info: dict[str, Any] = {
            "action_mask": self._mask_now(view),
            "phase": view.data["phase"],
            "seat": self.seat,
        }
        if self._done:
            info["scores"] = view.data["scores"]
            info["thrown_in"] = view.data["thrown_in"]
        return info

    @property
    def state(self) -> PaskievicsState | None:
        """The deal in progress (full information: for tests and analysis, not for agents)."""
        return self._state

    def _advance(self) -> None:
        """Let the bots act until the learner must act or the deal is over."""
        state = self._state
        assert state is not None
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            if seat == self.seat:
                return
            state.apply(self._bots[seat].act(state.view(seat)))
        self._done = True
