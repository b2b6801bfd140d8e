"""The PettingZoo side every game's AEC adapter shares: one hand of a game, agent ``seat_i``
playing seat ``i``, ``agent_selection`` the seat to act.

A game's adapter (:mod:`.pettingzoo_env` for Paston, :mod:`.paris_pettingzoo` for Paris)
deals the hand and says how a view is encoded, what an illegal action is told, what each
seat earns when the hand ends and how a view is drawn; the agents' bookkeeping (spaces,
rewards, terminations, dead steps, turn order), rendering and the full-information
``state()`` for centralised critics are here once.
"""

from __future__ import annotations

import random
import sys
from abc import abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers.order_enforcing import (  # type: ignore[import-untyped]
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from ..core.errors import IllegalAction
from ..core.protocol import State

__all__ = ["Observation", "SeatAgentsEnv", "SeatsOrderEnforcingWrapper", "wrapped"]

Observation = dict[str, npt.NDArray[Any]]

StateT = TypeVar("StateT", bound=State)


class SeatAgentsEnv(AECEnv[str, Observation, int], Generic[StateT]):  # type: ignore[misc]
    """The agents of one hand of a game; subclasses deal it and speak for the game."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int,
        observation_size: int,
        num_actions: int,
        render_mode: str | None,
        hidden_size: int = 0,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.render_mode = render_mode
        names = [f"seat_{s}" for s in range(players)]
        self.possible_agents = list(names)
        self.agents = list(names)
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (observation_size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(names, obs_space)
        self.action_spaces = {a: spaces.Discrete(num_actions) for a in names}
        #: ``state()``: every seat's observation in seat order, then the game's hidden cards.
        self.state_space = spaces.Box(
            0.0, 1.0, (players * observation_size + hidden_size,), dtype=np.float32
        )
        self._hand: StateT | None = None
        self._num_actions = num_actions
        self._rng = random.Random()
        self.rewards = dict.fromkeys(names, 0.0)
        self._cumulative_rewards = dict.fromkeys(names, 0.0)
        self.terminations = dict.fromkeys(names, False)
        self.truncations = dict.fromkeys(names, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in names}
        self.agent_selection = names[0]

    # ----------------------------------------------------------------- the game's part

    @abstractmethod
    def _new_hand(self, rng: random.Random) -> StateT:
        """A new hand, everything random drawn from ``rng``."""

    @abstractmethod
    def _encode(self, view: Any) -> npt.NDArray[np.float32]: ...

    @abstractmethod
    def _mask(self, view: Any) -> npt.NDArray[np.int8]: ...

    @abstractmethod
    def _why_illegal(
        self, hand: StateT, action: int, legal: list[int]
    ) -> tuple[str, tuple[str, ...]]:
        """What follows ``may not take action … now`` in the message, and the legal actions
        in the notation."""

    @abstractmethod
    def _settle(self, hand: StateT) -> None:
        """The hand is over: set every agent's reward, termination or truncation and info."""

    @abstractmethod
    def _draw(self, view: Any) -> str:
        """A view as text (``render``)."""

    def _hidden(self, hand: StateT) -> npt.NDArray[np.float32]:
        """The cards no seat's view holds (``hidden_size`` values; none by default)."""
        return np.zeros(0, dtype=np.float32)

    # ----------------------------------------------------------------- PettingZoo API

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _current(self) -> StateT:
        if self._hand is None:
            raise RuntimeError("call reset() first")
        return self._hand

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self._hand = self._new_hand(self._rng)
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
        view = self._current().view(self.possible_agents.index(agent))
        return {"observation": self._encode(view), "action_mask": self._mask(view)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self._current()
        if action is None or not self._apply_if_legal(hand, int(action)):
            aid = -1 if action is None else int(action)
            what = hand.action_str(aid) if 0 <= aid < self._num_actions else str(action)
            reason, legal_strs = self._why_illegal(hand, aid, hand.legal_actions())
            raise IllegalAction(
                f"{agent} may not take action {action} ({what}) now{reason}",
                action=what,
                legal=legal_strs,
            )
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

    def _apply_if_legal(self, hand: StateT, action: int) -> bool:
        """Take ``action`` for the seat to act if it is legal (and say whether it was)."""
        if action not in hand.legal_actions():
            return False
        hand.apply(action)
        return True

    def state(self) -> npt.NDArray[np.float32]:
        """The whole hand for a centralised critic (never for an acting agent): every seat's
        observation in seat order, then the cards no seat sees (``state_space``)."""
        hand = self._current()
        parts = [self._encode(hand.view(s)) for s in range(len(self.possible_agents))]
        return np.concatenate([*parts, self._hidden(hand)]).astype(np.float32, copy=False)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        hand = self._current()
        seat = hand.to_act if hand.to_act is not None else 0
        text = self._draw(hand.view(seat))
        if self.render_mode == "human":
            print(text, file=sys.stdout)  # text to the terminal
            return None
        return text

    def close(self) -> None:
        return None


class _SeatsIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's order-enforcing agent iterator, reading the agents straight from the
    wrapped environment (the wrapper's attribute forwarding costs more than the step)."""

    def __next__(self) -> str:
        wrapper = self.env
        inner = wrapper.env
        if not inner.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return str(inner.agent_selection)


class _SeatsIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _SeatsIterator:
        return _SeatsIterator(self.env, self.max_iter)


class SeatsOrderEnforcingWrapper(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` with the same checks, errors and warnings,
    whose per-step calls (``last``, ``step``, ``agent_iter``) read the environment's
    attributes directly instead of through the wrapper's ``__getattr__`` (about eight
    forwarded lookups a step, as much as the rest of the step)."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> _SeatsIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _SeatsIterable(self, max_iter)

    def __str__(self) -> str:
        return str(self.env)


def wrapped(env: SeatAgentsEnv[Any]) -> AECEnv[str, Observation, int]:
    """``env`` in PettingZoo's order-enforcing wrapper (:class:`SeatsOrderEnforcingWrapper`).

    PettingZoo's classic environments also wrap an ``AssertOutOfBoundsWrapper``; it is left
    out: :meth:`SeatAgentsEnv.step` already refuses an action outside the action space (as
    any illegal one) with an :class:`~paston.core.errors.IllegalAction` naming the legal
    actions, and the wrapper's check cost as much as the rest of a step.
    """
    return SeatsOrderEnforcingWrapper(env)
