"""PettingZoo AEC environment: the three seats of one Paston deal as agents ``seat_0..2``.

>>> from paston.env.pettingzoo_env import PastonAECEnv
>>> env = PastonAECEnv()
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), int(obs["action_mask"].sum())  # bidding: pass or paston
(['action_mask', 'observation'], 2)

As in PettingZoo's classic environments, :func:`env` is the wrapped environment and
:func:`raw_env` the bare one.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ..core.errors import IllegalAction
from ..games.paston.actions import NUM_ACTIONS
from ..games.paston.state import Deal
from ..games.paston.rules import DEFAULT_RULES, Rules
from ..games.paston.shuffle import deal_until_playable
from ..games.paston.view import SeatView
from .aec_seats import Observation, SeatAgentsEnv, wrapped
from ..games.paston.encoding import encode, info_state_string, layout_for, legal_mask
from ..games.paston.fast_encoding import DealEncoder
from .gym_env import DEAL_SCORE_BOUND
from .masks import action_mask

__all__ = ["AGENTS", "PastonAECEnv", "aec_env", "env", "raw_env"]

AGENTS: tuple[str, ...] = ("seat_0", "seat_1", "seat_2")
_SEAT_OF = {agent: seat for seat, agent in enumerate(AGENTS)}


class PastonAECEnv(SeatAgentsEnv[Deal]):
    """One deal; agent ``seat_i`` plays seat ``i``; ``agent_selection`` is the seat to act.

    * ``observe(agent)`` is ``{"observation": float32 tensor, "action_mask": int8 mask}``
      (:func:`paston.env.encoding.encode` and :func:`~paston.env.encoding.legal_mask` of the
      agent's view; the mask is all 0 for an agent not to act).
    * Rewards come only at the end of the deal: each seat's deal score (0 for every seat if
      the deal is thrown in after an all-pass with both markers in the prikup), in
      :data:`~paston.env.gym_env.DEAL_SCORE_RANGE` (−40 … 320) under the default rules;
      ``normalize_reward=True`` divides them by 320. Then every agent is terminated.
    * An illegal action raises :class:`~paston.errors.IllegalAction` (wrap the env in
      ``pettingzoo.utils.wrappers.TerminateIllegalWrapper`` for a penalty instead).
    * ``reset(seed=...)`` draws the dealer and the cards from that seed, so it is repeatable.
    * ``state()`` (for centralised critics, never for an acting agent) is the three seats'
      observations in seat order, then the prikup as dealt (32 values).
    * ``render_mode="ansi"`` returns the information-state string of the seat to act;
      ``"human"`` prints it to the terminal.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "paston_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        first_deal: bool = False,
        perfect_recall: bool = True,
        render_mode: str | None = None,
        normalize_reward: bool = False,
    ) -> None:
        self.rules = rules if rules is not None else DEFAULT_RULES
        self.normalize_reward = normalize_reward
        self._scale = 1.0 / DEAL_SCORE_BOUND if normalize_reward else 1.0
        self.first_deal = first_deal
        self.layout = layout_for(perfect_recall, True)
        super().__init__(len(AGENTS), self.layout.size, NUM_ACTIONS, render_mode, hidden_size=32)
        self._encoders = [DealEncoder(s, self.layout) for s in range(len(AGENTS))]

    @property
    def deal(self) -> Deal:
        """The deal in progress (full information: for tests and analysis, not for agents)."""
        return self._current()

    def _new_hand(self, rng: random.Random) -> Deal:
        return deal_until_playable(
            dealer=rng.randrange(3), first_deal=self.first_deal, rules=self.rules, rng=rng
        )[-1]

    def observe(self, agent: str) -> Observation:
        # Straight from the deal, no view built: each seat's encoder reads only what that
        # seat's view holds (it equals ``encode(view)``).
        deal = self._current()
        seat = _SEAT_OF[agent]
        legal = deal.legal_actions() if deal.seat_to_act == seat else ()
        mask = action_mask(legal, NUM_ACTIONS)
        return {"observation": self._encoders[seat].encode(deal), "action_mask": mask}

    def _apply_if_legal(self, hand: Deal, action: int) -> bool:
        # The engine checks legality as it applies (and changes nothing when it refuses).
        try:
            hand.apply(action)
        except IllegalAction:
            return False
        return True

    def state(self) -> npt.NDArray[np.float32]:
        deal = self._current()
        parts = [enc.sync(deal) for enc in self._encoders]
        return np.concatenate([*parts, self._hidden(deal)]).astype(np.float32, copy=False)

    def _encode(self, view: SeatView) -> npt.NDArray[np.float32]:
        return encode(view, self.layout)

    def _mask(self, view: SeatView) -> npt.NDArray[np.int8]:
        return legal_mask(view)

    def _why_illegal(
        self, hand: Deal, action: int, legal: list[int]
    ) -> tuple[str, tuple[str, ...]]:
        return ": " + hand.explain_illegal(action), tuple(hand.legal_action_strs())

    def _settle(self, hand: Deal) -> None:
        scores = hand.scores or (0, 0, 0)
        for i, a in enumerate(AGENTS):
            self.rewards[a] = float(scores[i]) * self._scale
            self.terminations[a] = True
            self.infos[a] = {"deal_scores": hand.scores, "phase": hand.phase}

    def _draw(self, view: SeatView) -> str:
        return info_state_string(view)

    def _hidden(self, hand: Deal) -> npt.NDArray[np.float32]:
        bits = np.arange(32)
        return ((hand.prikup >> bits) & 1).astype(np.float32)


def aec_env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """:class:`PastonAECEnv` in PettingZoo's usual order-enforcing and bounds-checking
    wrappers (``kwargs`` go to the environment)."""
    return wrapped(PastonAECEnv(**kwargs))


def raw_env(**kwargs: Any) -> PastonAECEnv:
    """The bare :class:`PastonAECEnv` (PettingZoo's classic ``raw_env``)."""
    return PastonAECEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """The wrapped environment (PettingZoo's classic ``env``; the same as :func:`aec_env`)."""
    return aec_env(**kwargs)
