"""The PettingZoo AEC environment of every game: the seats of one hand as agents ``seat_i``.

>>> from paston.env.pettingzoo_env import GameAECEnv
>>> env = GameAECEnv()  # the flagship game; GameAECEnv("paris", players=4) …
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), int(obs["action_mask"].sum()) > 0
(['action_mask', 'observation'], True)

As in PettingZoo's classic environments, :func:`env` is the wrapped environment and
:func:`raw_env` the bare one; both take the game's name first (the flagship when left out).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ..core.errors import IllegalAction
from ..core.protocol import GameInfo, State
from .aec_seats import Observation, wrapped
from .masks import action_mask
from .research_game import ResearchGame

__all__ = ["GameAECEnv", "aec_env", "env", "raw_env"]


class GameAECEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One hand of ``game``; agent ``seat_i`` plays seat ``i``; ``agent_selection`` is the seat
    to act.

    * ``observe(agent)`` is ``{"observation": float32 vector, "action_mask": int8 mask}``: the
      game's encoder of that agent's view, and its legal actions (all 0 for an agent not to
      act).
    * Rewards come only when the hand ends: each seat's result (``reward="hand"``, or the
      game's own modes: Paris's ``rank`` …; ``normalize_reward=True`` divides them by the
      game's ``reward_scale``). Then every agent is terminated (truncated instead when the
      game cut the hand short, as Paris's turn limit); ``infos`` hold the game's end entries.
      A seat whose part ended early (a Paris seat gone out, a Paskievics dealer sitting out)
      stays an agent until the end but is never selected.
    * An illegal action raises :class:`~paston.core.errors.IllegalAction` naming the legal
      actions (wrap the env in ``pettingzoo.utils.wrappers.TerminateIllegalWrapper`` for a
      penalty instead).
    * ``reset(seed=...)`` draws the dealer and the cards from that seed, so it is repeatable.
    * ``state()`` (for centralised critics, never for an acting agent) is every seat's
      observation in seat order, then what no seat sees, as the game encodes it.
    * ``render_mode="ansi"`` returns the seat to act's view as text; ``"human"`` prints it.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's convention; set per instance)
        "render_modes": ["ansi", "human"],
        "name": "game_v0",
        "is_parallelizable": False,
    }
    #: The game a bound subclass plays (``paston.env.ParisAECEnv`` …); ``None``: given to
    #: ``__init__``.
    bound_game: ClassVar[str | None] = None

    def __init__(
        self,
        game: str | GameInfo | None = None,
        *,
        players: int | None = None,
        rules: Any = None,
        reward: str | None = None,
        normalize_reward: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if game is None:
            game = self.bound_game
        self.research = ResearchGame.build(game, players, rules, options, codecs=True)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        hooks = self.research.hooks
        self.metadata = {**self.metadata, "name": f"{self.research.info.name}_v0"}
        self.render_mode = render_mode
        self.players = self.research.players
        self.rules = self.research.rules
        self.reward_mode = self.research.reward_mode(reward, match=False)
        self.normalize_reward = bool(normalize_reward)
        self._scale = 1.0 / hooks.reward_scale if normalize_reward else 1.0
        names = [f"seat_{s}" for s in range(self.players)]
        self.possible_agents = list(names)
        self.agents = list(names)
        self._seat_of = {name: seat for seat, name in enumerate(names)}
        # Each seat's codec when the game's options ask for another action space (the research
        # hooks' action_codec): its ids, its mask and its observation entries after the
        # encoder's; the engine still gets the game's ids.
        self._codecs = [self.research.action_codec(s) for s in range(self.players)]
        self._observers = [self.research.observer(s) for s in range(self.players)]
        num_actions = self.research.num_actions
        shape = self.research.encoder.shape
        codec = self._codecs[0]
        if codec is not None:
            num_actions = codec.num_actions
            shape = (shape[0] + codec.observation_size,)
            self._observers = [
                _with_codec(observe, c)
                for observe, c in zip(self._observers, self._codecs, strict=True)
            ]
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(names, obs_space)
        self.action_spaces = {a: spaces.Discrete(num_actions) for a in names}
        hidden = hooks.hidden_size(self.players) if hooks.hidden_size is not None else 0
        #: ``state()``: every seat's observation in seat order, then the game's hidden cards.
        self.state_space = spaces.Box(
            0.0, 1.0, (self.players * int(np.prod(shape)) + hidden,), dtype=np.float32
        )
        self._hand: State | None = None
        self._rng = random.Random()
        self.rewards = dict.fromkeys(names, 0.0)
        self._cumulative_rewards = dict.fromkeys(names, 0.0)
        self.terminations = dict.fromkeys(names, False)
        self.truncations = dict.fromkeys(names, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in names}
        self.agent_selection = names[0]

    @property
    def game_state(self) -> State:
        """The hand in progress (full information: for tests and analysis, not for agents)."""
        return self._current()

    # ----------------------------------------------------------------- PettingZoo API

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self._hand = self.research.deal(self._rng)
        for codec in self._codecs:
            if codec is not None:
                codec.reset()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        to_act = self._hand.to_act
        assert to_act is not None
        self.agent_selection = self.possible_agents[to_act]

    def observe(self, agent: str) -> Observation:
        hand = self._current()
        seat = self._seat_of[agent]
        codec = self._codecs[seat]
        if codec is not None:
            legal = codec.legal(hand) if hand.to_act == seat else ()
            mask = action_mask(legal, codec.num_actions)
        else:
            mask = self.research.mask(hand.legal_actions() if hand.to_act == seat else ())
        return {"observation": self._observers[seat](hand), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self._current()
        aid = -1 if action is None else int(action)
        codec = self._codecs[self._seat_of[agent]]
        if codec is not None:
            flat = codec.take(hand, aid)  # refuses naming its own legal ids
            if flat is None:  # one step of a longer decision: the agent stays selected
                self._cumulative_rewards[agent] = 0.0
                return
            aid = flat
        try:
            hand.apply(aid)  # the engine refuses an illegal action and changes nothing
        except IllegalAction:
            raise self.research.illegal(agent, hand, aid) from None
        self._cumulative_rewards[agent] = 0.0
        if hand.is_over:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._settle(hand)  # the last agent to act stays selected
            self._accumulate_rewards()
        else:
            # Nothing is paid before the end: the rewards stay the zeros reset() set.
            to_act = hand.to_act
            assert to_act is not None
            self.agent_selection = self.possible_agents[to_act]

    def state(self) -> npt.NDArray[np.float32]:
        """The whole hand for a centralised critic (never for an acting agent): every seat's
        observation in seat order, then the cards no seat sees (``state_space``)."""
        hand = self._current()
        parts = [observe(hand) for observe in self._observers]
        hooks = self.research.hooks
        if hooks.hidden is not None:
            parts.append(np.asarray(hooks.hidden(hand), dtype=np.float32))
        return np.concatenate([p.ravel() for p in parts]).astype(np.float32, copy=False)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        hand = self._current()
        seat = hand.to_act if hand.to_act is not None else 0
        text = self.research.render(hand.view(seat))
        if self.render_mode == "human":
            print(text, file=sys.stdout)  # text to the terminal
            return None
        return text

    def close(self) -> None:
        return None

    # ----------------------------------------------------------------- internals

    def _current(self) -> State:
        if self._hand is None:
            raise RuntimeError("call reset() first")
        return self._hand

    def _settle(self, hand: State) -> None:
        """The hand is over: every agent's reward, termination or truncation, and info."""
        cut = self.research.cut_short(hand)
        for seat, name in enumerate(self.possible_agents):
            reward = self.research.hand_reward(hand, seat, self.reward_mode)
            self.rewards[name] = reward * self._scale
            self.terminations[name] = not cut
            self.truncations[name] = cut
            self.infos[name] = self.research.seat_info(hand, seat, True)


def _with_codec(
    observe: Callable[[State], npt.NDArray[np.float32]], codec: Any
) -> Callable[[State], npt.NDArray[np.float32]]:
    """A seat's observer with its codec's entries appended."""

    def observe_with_codec(state: State) -> npt.NDArray[np.float32]:
        return np.concatenate((observe(state), codec.observe(state)))

    return observe_with_codec


def raw_env(game: str | GameInfo | None = None, **kwargs: Any) -> GameAECEnv:
    """The bare :class:`GameAECEnv` (PettingZoo's classic ``raw_env``)."""
    return GameAECEnv(game, **kwargs)


def aec_env(game: str | GameInfo | None = None, **kwargs: Any) -> AECEnv[str, Observation, int]:
    """:class:`GameAECEnv` in PettingZoo's order-enforcing wrapper (``kwargs`` go to the
    environment)."""
    return wrapped(GameAECEnv(game, **kwargs))


def env(game: str | GameInfo | None = None, **kwargs: Any) -> AECEnv[str, Observation, int]:
    """The wrapped environment (PettingZoo's classic ``env``; the same as :func:`aec_env`)."""
    return aec_env(game, **kwargs)


def __getattr__(name: str) -> Any:
    # The games' public names of this adapter (``PastonEnv`` …), where users import them from.
    from . import bound_alias

    return bound_alias(name, "aec", __name__)
