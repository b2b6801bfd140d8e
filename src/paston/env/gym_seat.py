"""The Gymnasium side every game's single-learner adapter shares: the learner at one seat,
bots at the others, rebuilt from the environment's generator at every ``reset``.

A game's adapter (:mod:`.gym_env` for Paston, :mod:`.paris_gym` for Paris) deals, moves the
bots on, pays the rewards, encodes views and words illegal actions; the seating of the bots,
the illegal-action policy (raise or penalty), the step's bookkeeping, masks and rendering
guard are here once.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import Any, Generic, TypeVar, cast

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from ..bots import Bot, make_bot
from ..core.errors import IllegalAction
from ..core.protocol import State, View

__all__ = ["LearnerSeatEnv"]

StateT = TypeVar("StateT", bound=State)
ViewT = TypeVar("ViewT", bound=View)

_ILLEGAL = ("raise", "penalty")


class LearnerSeatEnv(gym.Env[npt.NDArray[np.float32], np.int64], Generic[StateT, ViewT]):
    """One learner at ``seat`` of a ``players``-seat table of ``game``, bots at the others."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    #: The game the opponents' bot specs are read for (``make_bot(spec, game=...)``).
    game: str
    seat: int
    players: int
    opponent_specs: list[str]
    illegal_action: str
    illegal_penalty: float
    _done: bool
    _bots: dict[int, Bot]

    def _check_modes(self, illegal_action: str, render_mode: str | None) -> None:
        """Validate and keep the illegal-action policy and the render mode."""
        if illegal_action not in _ILLEGAL:
            raise ValueError(f"illegal_action must be 'raise' or 'penalty', not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")

    def _check_bots(self, specs: list[str]) -> None:
        for spec in specs:
            make_bot(spec, seed=0, game=self.game).close()  # fail now, not at reset

    # ----------------------------------------------------------------- the game's part

    @abstractmethod
    def _current(self) -> StateT | None:
        """The hand in progress (``None`` before the first ``reset``)."""

    @abstractmethod
    def _start(self, rng: random.Random) -> None:
        """Deal a new episode from ``rng`` and move the bots on to the learner's turn."""

    @abstractmethod
    def _proceed(self, hand: StateT) -> tuple[float, bool]:
        """After the learner's action: move on, and say the reward and whether the episode
        was cut short (set ``_done`` when it ends)."""

    @abstractmethod
    def _encode(self, view: ViewT) -> npt.NDArray[np.float32]: ...

    @abstractmethod
    def _mask(self, view: ViewT) -> npt.NDArray[np.int8]: ...

    @abstractmethod
    def _info(self, view: ViewT) -> dict[str, Any]: ...

    @abstractmethod
    def _illegal(self, hand: StateT, action: int, view: ViewT) -> IllegalAction:
        """The error for the learner's illegal ``action`` (raised in ``raise`` mode)."""

    @abstractmethod
    def _draw(self, view: ViewT) -> str:
        """The learner's view as text (``render``)."""

    # ----------------------------------------------------------------- gymnasium API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        rng = random.Random(int(self.np_random.integers(2**62)))
        self._close_bots()
        others = [(self.seat + 1 + i) % self.players for i in range(self.players - 1)]
        for seat, spec in zip(others, self.opponent_specs, strict=True):
            self._bots[seat] = make_bot(spec, seed=rng.getrandbits(62), game=self.game)
        self._start(rng)
        view = self._view()
        return self._encode(view), self._info(view)

    def step(
        self, action: int | np.int64
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        hand = self._current()
        if self._done or hand is None:
            raise RuntimeError("the episode is over; call reset() before step()")
        action_id = int(action)
        view = self._view()
        if action_id not in view.legal:
            if self.illegal_action == "penalty":
                info = self._info(view)
                info["illegal_action"] = True
                return self._encode(view), self.illegal_penalty, False, False, info
            raise self._illegal(hand, action_id, view)
        hand.apply(action_id)
        reward, truncated = self._proceed(hand)
        terminated = self._done and not truncated
        view = self._view()
        return self._encode(view), reward, terminated, truncated, self._info(view)

    def render(self) -> str | None:
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode; use render_mode='ansi'")
            return None
        return self._draw(self._view()) if self._current() is not None else ""

    def close(self) -> None:
        self._close_bots()

    @property
    def view(self) -> ViewT:
        """The learner's current view (for bots or debugging)."""
        return self._view()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as booleans (the method sb3-contrib's action masking calls)."""
        return self._mask(self._view()).astype(bool)

    # ----------------------------------------------------------------- internals

    def _view(self) -> ViewT:
        hand = self._current()
        if hand is None:
            raise RuntimeError("call reset() first")
        # A game's state gives its own view type (the protocol only promises a View).
        return cast(ViewT, hand.view(self.seat))

    def _close_bots(self) -> None:
        for bot in self._bots.values():
            bot.close()
        self._bots = {}
