"""PettingZoo AEC environment: the seats of one Paris game as agents ``seat_0 … seat_{n-1}``.

>>> from paston.env.paris_pettingzoo import ParisAECEnv
>>> env = ParisAECEnv(players=4)
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), env.agent_selection == f"seat_{(env.state.dealer + 1) % 4}"  # dealer's left
(['action_mask', 'observation'], True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from ..core.errors import IllegalAction
from ..games.paris.actions import NUM_ACTIONS, action_str
from ..games.paris.rules import ParisRules
from ..games.paris.shuffle import deal_game
from ..games.paris.state import ParisState
from ..games.paris.text import render_view
from .paris_encoding import encode_paris, paris_layout, paris_legal_mask
from .paris_gym import paris_reward, parse_paris_rules

__all__ = ["ParisAECEnv", "paris_aec_env"]

Observation = dict[str, npt.NDArray[Any]]


class ParisAECEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One game; agent ``seat_i`` plays seat ``i``; ``agent_selection`` is the seat to act.

    * ``observe(agent)`` is ``{"observation": float32 vector, "action_mask": int8 mask}``
      (:func:`~paston.env.paris_encoding.encode_paris` and
      :func:`~paston.env.paris_encoding.paris_legal_mask` of the agent's view; the mask is
      all 0 for an agent not to act).
    * Rewards come only when the game ends: ``reward="result"`` (default) −1 for the loser and
      0 for the others; ``reward="rank"`` +1 for the first out down to −1 for the loser. Then
      every agent is terminated (truncated instead, if the turn limit ``max_turns`` ended it).
      A seat that has gone out stays an agent until the end but is never selected.
    * An illegal action raises :class:`~paston.core.errors.IllegalAction` (wrap the env in
      ``pettingzoo.utils.wrappers.TerminateIllegalWrapper`` for a penalty instead).
    * ``reset(seed=...)`` draws the dealer and the cards from that seed, so it is repeatable.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "paris_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 3,
        rules: ParisRules | Mapping[str, Any] | None = None,
        reward: str = "result",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 9:
            raise ValueError(f"players must be 2 to 9, not {players!r}")
        if reward not in ("result", "rank"):
            raise ValueError(f"reward must be 'result' or 'rank', not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.players = players
        self.rules = parse_paris_rules(rules)
        self.reward_mode = reward
        self.render_mode = render_mode
        self.layout = paris_layout(players)
        names = [f"seat_{s}" for s in range(players)]
        self.possible_agents = list(names)
        self.agents = list(names)
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.layout.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(names, obs_space)
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in names}
        self._state: ParisState | None = None
        self._rng = random.Random()
        self.rewards = dict.fromkeys(names, 0.0)
        self._cumulative_rewards = dict.fromkeys(names, 0.0)
        self.terminations = dict.fromkeys(names, False)
        self.truncations = dict.fromkeys(names, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in names}
        self.agent_selection = names[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state(self) -> ParisState:
        """The game in progress (full information: for tests and analysis, not for agents)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        rng = self._rng
        self._state = deal_game(
            self.players, dealer=rng.randrange(self.players), rules=self.rules, rng=rng
        )
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        to_act = self._state.to_act
        assert to_act is not None
        self.agent_selection = self.possible_agents[to_act]

    def observe(self, agent: str) -> Observation:
        view = self.state.view(self.possible_agents.index(agent))
        return {
            "observation": encode_paris(view, self.layout),
            "action_mask": paris_legal_mask(view),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        legal = state.legal_actions()
        if action is None or int(action) not in legal:
            aid = -1 if action is None else int(action)
            what = action_str(aid) if 0 <= aid < NUM_ACTIONS else str(action)
            names = tuple(action_str(a) for a in legal)
            raise IllegalAction(
                f"{agent} may not take action {action} ({what}) now; legal: {', '.join(names)}",
                action=what,
                legal=names,
            )
        self._cumulative_rewards[agent] = 0.0
        state.apply(int(action))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if state.is_over:
            cut = state.end == "turn_limit"
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = paris_reward(state, seat, self.reward_mode)
                self.terminations[name] = not cut
                self.truncations[name] = cut
                self.infos[name] = {
                    "ranking": state.ranking,
                    "loser": state.loser,
                    "end": state.end,
                }
        else:
            to_act = state.to_act
            assert to_act is not None
            self.agent_selection = self.possible_agents[to_act]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        state = self.state
        seat = state.to_act if state.to_act is not None else 0
        return render_view(state.view(seat))

    def close(self) -> None:
        return None


def paris_aec_env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """:class:`ParisAECEnv` in PettingZoo's usual order-enforcing and bounds-checking
    wrappers (``kwargs`` go to the environment)."""
    env: AECEnv[str, Observation, int] = ParisAECEnv(**kwargs)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
