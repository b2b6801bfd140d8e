"""The Gymnasium side every game's single-learner adapter shares: the learner at one seat,
bots at the others, rebuilt from the environment's generator at every ``reset``.

A game's adapter (:mod:`.gym_env` for Paston, :mod:`.paris_gym` for Paris) deals, moves the
bots on, pays the rewards, encodes views and words illegal actions; the seating of the bots
(given by name, as :class:`~paston.bots.Bot` objects or as callables), the illegal-action
policy (penalty or raise), the step's bookkeeping, masks and rendering guard are here once.
"""

from __future__ import annotations

import random
import sys
from abc import abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar, cast

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from ..bots import Bot, make_bot
from ..bots.random_bot import RandomBot
from ..core.errors import IllegalAction
from ..core.protocol import State, View

__all__ = ["DONE_PLACEHOLDER_ACTION", "LearnerSeatEnv", "Opponent", "OpponentBot", "opponent_list"]

StateT = TypeVar("StateT", bound=State)
ViewT = TypeVar("ViewT", bound=View)

_ILLEGAL = ("raise", "penalty")
_RENDER_MODES = ("ansi", "human")

#: An opponent: a bot name for ``make_bot`` (rebuilt and reseeded at every ``reset``; a
#: ``random`` bot is reseeded at a seeded ``reset`` and otherwise goes on), a
#: :class:`~paston.bots.Bot` object (used as given, for self-play; the caller closes it) or a
#: callable from the seat's view to an action id.
Opponent = str | Bot[Any] | Callable[[Any], int]

#: The one id the mask holds once the episode is over. Gymnasium's vector environments reset
#: on the step after a terminal one and ignore that step's action, but a policy still picks it
#: from the terminal observation's mask: an all-zero mask turns a masked softmax into NaN.
DONE_PLACEHOLDER_ACTION = 0


class OpponentBot(Bot[Any]):
    """A callable ``view -> action id`` as a bot (``explain`` ranks its choice first)."""

    name = "callable"

    def __init__(self, policy: Callable[[Any], int]) -> None:
        self.policy = policy

    def act(self, view: Any) -> int:
        return int(self.policy(view))


def opponent_list(opponents: Opponent | Sequence[Opponent], count: int) -> list[Opponent]:
    """``opponents`` as one entry per other seat: a single opponent is repeated ``count``
    times (one :class:`Bot` object then plays every other seat)."""
    if isinstance(opponents, str | Bot) or callable(opponents):
        return [opponents] * count
    specs = list(opponents)
    if len(specs) != count:
        raise ValueError(f"give one opponent or {count}, not {len(specs)}")
    for i, spec in enumerate(specs):
        if not (isinstance(spec, str | Bot) or callable(spec)):
            raise TypeError(
                f"opponent {i} must be a bot name, a Bot or a callable view -> action id, "
                f"not {type(spec).__name__}"
            )
    return specs


def illegal_seat_action(
    seat: int,
    action: int,
    legal_ids: Sequence[int],
    num_actions: int,
    name_of: Callable[[int], str],
) -> IllegalAction:
    """The error for ``action`` refused at ``seat``: what it was, and every legal action named
    in the game's notation (``name_of``)."""
    what = name_of(action) if 0 <= action < num_actions else str(action)
    legal = tuple(name_of(a) for a in legal_ids)
    return IllegalAction(
        f"seat {seat} may not take action {action} ({what}) now; legal: {', '.join(legal)}",
        action=what,
        legal=legal,
    )


class LearnerSeatEnv(gym.Env[npt.NDArray[np.float32], np.int64], Generic[StateT, ViewT]):
    """One learner at ``seat`` of a ``players``-seat table of ``game``, bots at the others."""

    metadata: dict[str, Any] = {"render_modes": list(_RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    #: The game the opponents' bot specs are read for (``make_bot(spec, game=...)``).
    game: str
    seat: int
    players: int
    opponent_specs: list[Opponent]
    illegal_action: str
    illegal_penalty: float
    _done: bool
    _bots: dict[int, Bot[Any]]
    #: The seats whose bot this environment built (and so closes).
    _owned: set[int]
    _episodes_rng: random.Random | None = None

    def _check_modes(self, illegal_action: str, render_mode: str | None) -> None:
        """Validate and keep the illegal-action policy and the render mode."""
        if illegal_action not in _ILLEGAL:
            raise ValueError(f"illegal_action must be 'penalty' or 'raise', not {illegal_action!r}")
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")

    def _check_bots(self, specs: list[Opponent]) -> None:
        for spec in specs:
            if isinstance(spec, str):
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
        # One generator for the episodes from one seeding on: a seeded reset (or the first)
        # draws it from Gymnasium's np_random; later resets go on with it (seeding a Python
        # generator costs as much as a few engine actions), so the run stays repeatable.
        fresh = seed is not None or self._episodes_rng is None
        if fresh:
            self._episodes_rng = random.Random(int(self.np_random.integers(2**62)))
        rng = self._episodes_rng
        assert rng is not None
        previous = self._bots
        self._close_bots(keep_random=not fresh)
        others = [(self.seat + 1 + i) % self.players for i in range(self.players - 1)]
        for seat, spec in zip(others, self.opponent_specs, strict=True):
            seed = rng.getrandbits(62)  # drawn for every seat, so seeds do not shift
            if isinstance(spec, str):
                bot = previous.get(seat)
                if fresh or spec != "random" or type(bot) is not RandomBot:
                    bot = make_bot(spec, seed=seed, game=self.game)
                # else: the random bot from the last episode goes on with its own generator
                self._bots[seat] = bot
                self._owned.add(seat)
            elif isinstance(spec, Bot):
                self._bots[seat] = spec
            else:
                self._bots[seat] = OpponentBot(spec)
        self._start(rng)
        return self._observe()

    def step(
        self, action: int | np.int64
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        hand = self._current()
        if self._done or hand is None:
            raise RuntimeError("the episode is over; call reset() before step()")
        action_id = int(action)
        if not self._apply_if_legal(hand, action_id):
            if self.illegal_action == "penalty":
                obs, info = self._observe()
                info["illegal_action"] = True
                return obs, self.illegal_penalty, False, False, info
            raise self._illegal(hand, action_id, self._view())
        reward, truncated = self._proceed(hand)
        terminated = self._done and not truncated
        obs, info = self._observe()
        return obs, reward, terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode; use render_mode='ansi'")
            return None
        text = self._draw(self._view()) if self._current() is not None else ""
        if self.render_mode == "human":
            print(text, file=sys.stdout)  # text to the terminal
            return None
        return text

    def close(self) -> None:
        self._close_bots()

    @property
    def view(self) -> ViewT:
        """The learner's current view (for bots or debugging)."""
        return self._view()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as booleans (the method sb3-contrib's action masking calls)."""
        return self._mask_now(self._view()).astype(bool)

    # ----------------------------------------------------------------- internals

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """The learner's observation and info now (a game may compute them without a view)."""
        view = self._view()
        return self._encode(view), self._info(view)

    def _apply_if_legal(self, hand: StateT, action: int) -> bool:
        """Take the learner's ``action`` if it is legal (and say whether it was)."""
        if action not in self._legal_ids():
            return False
        hand.apply(action)
        return True

    def _legal_ids(self) -> Sequence[int]:
        """The learner's legal action ids now (empty when it is not to act)."""
        return self._view().legal

    def _view(self) -> ViewT:
        hand = self._current()
        if hand is None:
            raise RuntimeError("call reset() first")
        # A game's state gives its own view type (the protocol only promises a View).
        return cast(ViewT, hand.view(self.seat))

    def _mask_now(self, view: ViewT) -> npt.NDArray[np.int8]:
        """The learner's mask, never all zero: once the episode is over it holds only
        :data:`DONE_PLACEHOLDER_ACTION` (which ``step`` still refuses until ``reset``)."""
        mask = self._mask(view)
        if self._done and not mask.any():
            mask[DONE_PLACEHOLDER_ACTION] = 1
        return mask

    def _close_bots(self, keep_random: bool = False) -> None:
        for seat in getattr(self, "_owned", ()):
            bot = self._bots[seat]
            if not (keep_random and type(bot) is RandomBot):  # reseeded at reset, not rebuilt
                bot.close()  # bots given as objects belong to the caller
        self._bots = {}
        self._owned = set()
