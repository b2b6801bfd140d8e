"""PettingZoo AEC environment: the three seats of one Paston deal as agents ``seat_0..2``.

>>> from paston.env.pettingzoo_env import PastonAECEnv
>>> env = PastonAECEnv()
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), int(obs["action_mask"].sum())  # bidding: pass or paston
(['action_mask', 'observation'], 2)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from ..core.errors import IllegalAction
from ..games.paston.actions import NUM_ACTIONS, action_str
from ..games.paston.deal import Deal
from ..games.paston.rules import DEFAULT_RULES, Rules
from ..games.paston.shuffle import deal_until_playable
from .encoding import encode, info_state_string, layout_for, legal_mask

__all__ = ["AGENTS", "PastonAECEnv", "aec_env"]

AGENTS: tuple[str, ...] = ("seat_0", "seat_1", "seat_2")

Observation = dict[str, npt.NDArray[Any]]


class PastonAECEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One deal; agent ``seat_i`` plays seat ``i``; ``agent_selection`` is the seat to act.

    * ``observe(agent)`` is ``{"observation": float32 tensor, "action_mask": int8 mask}``
      (:func:`paston.env.encoding.encode` and :func:`~paston.env.encoding.legal_mask` of the
      agent's view; the mask is all 0 for an agent not to act).
    * Rewards come only at the end of the deal: each seat's deal score (0 for every seat if
      the deal is thrown in after an all-pass with both markers in the prikup). Then every
      agent is terminated.
    * An illegal action raises :class:`~paston.errors.IllegalAction` (wrap the env in
      ``pettingzoo.utils.wrappers.TerminateIllegalWrapper`` for a penalty instead).
    * ``reset(seed=...)`` draws the dealer and the cards from that seed, so it is repeatable.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "paston_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        first_deal: bool = False,
        perfect_recall: bool = True,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules = rules if rules is not None else DEFAULT_RULES
        self.first_deal = first_deal
        self.render_mode = render_mode
        self.layout = layout_for(perfect_recall, True)
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.layout.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(AGENTS, obs_space)
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in AGENTS}
        self._deal: Deal | None = None
        self._rng = random.Random()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = AGENTS[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def deal(self) -> Deal:
        """The deal in progress (full information: for tests and analysis, not for agents)."""
        if self._deal is None:
            raise RuntimeError("call reset() first")
        return self._deal

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        rng = self._rng
        self._deal = deal_until_playable(
            dealer=rng.randrange(3), first_deal=self.first_deal, rules=self.rules, rng=rng
        )[-1]
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        to_act = self._deal.to_act
        assert to_act is not None
        self.agent_selection = AGENTS[to_act]

    def observe(self, agent: str) -> Observation:
        view = self.deal.view(AGENTS.index(agent))
        return {"observation": encode(view, self.layout), "action_mask": legal_mask(view)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        deal = self.deal
        if action is None or int(action) not in deal.legal_actions():
            aid = -1 if action is None else int(action)
            what = action_str(aid) if 0 <= aid < NUM_ACTIONS else str(action)
            raise IllegalAction(
                f"{agent} may not take action {action} ({what}) now: " + deal.explain_illegal(aid),
                action=what,
                legal=tuple(deal.legal_action_strs()),
            )
        self._cumulative_rewards[agent] = 0.0
        deal.apply(int(action))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if deal.is_over:
            scores = deal.scores or (0, 0, 0)
            for i, a in enumerate(AGENTS):
                self.rewards[a] = float(scores[i])
                self.terminations[a] = True
                self.infos[a] = {"deal_scores": deal.scores, "phase": deal.phase}
            self.agent_selection = agent
        else:
            to_act = deal.to_act
            assert to_act is not None
            self.agent_selection = AGENTS[to_act]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        deal = self.deal
        seat = deal.to_act if deal.to_act is not None else 0
        return info_state_string(deal.view(seat))

    def close(self) -> None:
        return None


def aec_env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """:class:`PastonAECEnv` in PettingZoo's usual order-enforcing and bounds-checking
    wrappers (``kwargs`` go to the environment)."""
    env: AECEnv[str, Observation, int] = PastonAECEnv(**kwargs)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
