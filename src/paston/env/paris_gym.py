"""Gymnasium environment ``paston/Paris-v0``: one learner at one seat of a Paris game, bots at
the others.

>>> from paston.env.paris_gym import ParisEnv
>>> env = ParisEnv(players=4, seat=1, opponents="random")
>>> obs, info = env.reset(seed=1)
>>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots import Bot, make_bot
from ..core.errors import IllegalAction
from ..games.paris.actions import NUM_ACTIONS, action_str
from ..games.paris.rules import DEFAULT_RULES, ParisRules
from ..games.paris.shuffle import deal_game
from ..games.paris.state import ParisState
from ..games.paris.text import render_view
from ..games.paris.view import ParisView
from .paris_encoding import encode_paris, paris_layout, paris_legal_mask

__all__ = ["PARIS_ENV_ID", "ParisEnv", "paris_reward"]

#: The id under which :class:`ParisEnv` is registered with ``gymnasium.make``.
PARIS_ENV_ID = "paston/Paris-v0"

_REWARDS = ("result", "rank")
_ILLEGAL = ("raise", "penalty")


def paris_reward(state: ParisState, seat: int, mode: str) -> float:
    """What ``seat`` earns once the game is over, or once it has gone out (its place is then
    fixed). ``result``: the game's own result (−1 for the loser, 0 for everyone else);
    ``rank``: from +1 for the first out down to −1 for the loser, evenly spaced."""
    n = state.players
    if mode == "result":
        if state.has_finished(seat):
            return 0.0
        return state.result()[seat] if state.is_over else 0.0
    if state.has_finished(seat):
        place = state.finished.index(seat)
    elif state.is_over and state.ranking is not None:
        place = state.ranking.index(seat)
    else:
        return 0.0
    return 1.0 - 2.0 * place / (n - 1)


def parse_paris_rules(rules: ParisRules | Mapping[str, Any] | None) -> ParisRules:
    """Rules given as :class:`ParisRules`, as a record's ``rules`` mapping, or ``None``."""
    if rules is None:
        return DEFAULT_RULES
    if isinstance(rules, ParisRules):
        return rules
    return ParisRules.from_dict(rules)


class ParisEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    """The learner plays ``seat`` of a ``players``-seat table; the other seats are bots
    (``paston.bots.make_bot(spec, game="paris")``).

    * **Actions**: ``Discrete(NUM_ACTIONS)``, the engine's action ids
      (:mod:`paston.games.paris.actions`). Only the ids in ``info["action_mask"]`` (also
      :meth:`action_masks`, as sb3-contrib's ``MaskablePPO`` expects) are legal.
    * **Observations**: the ``float32`` vector of
      :func:`paston.env.paris_encoding.encode_paris` of the learner's view.
    * **Episodes**: one game, from the deal (swap phase) until the learner goes out or the
      game ends. ``reward="result"`` (default): −1 if the learner is the loser, else 0, at the
      end; ``reward="rank"``: +1 for going out first down to −1 for the loser. A game ended by
      the turn limit (flag ``max_turns``, which a learner may set low through ``rules``) is
      reported as ``truncated`` (the reward is still paid from the limit's ranking).
    * **Illegal actions**: ``illegal_action="raise"`` (default) raises
      :class:`~paston.core.errors.IllegalAction` saying what would have been legal;
      ``"penalty"`` returns ``illegal_penalty``, leaves the game unchanged and sets
      ``info["illegal_action"]`` (what ``gymnasium``'s ``check_env`` needs).

    ``opponents`` is one bot spec for every other seat or one per other seat (in seat order
    after the learner). Cards, dealer and bots come from the environment's generator, so
    ``reset(seed=...)`` makes a whole episode repeatable.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        players: int = 3,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        rules: ParisRules | Mapping[str, Any] | None = None,
        reward: str = "result",
        illegal_action: str = "raise",
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 9:
            raise ValueError(f"players must be 2 to 9, not {players!r}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"the learner's seat must be 0 to {players - 1}, not {seat!r}")
        if reward not in _REWARDS:
            raise ValueError(f"reward must be 'result' or 'rank', not {reward!r}")
        if illegal_action not in _ILLEGAL:
            raise ValueError(f"illegal_action must be 'raise' or 'penalty', not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        others = players - 1
        specs = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(specs) != others:
            raise ValueError(f"give one opponent bot spec or {others}, not {len(specs)}")
        for spec in specs:
            make_bot(spec, seed=0, game="paris").close()  # fail now, not at reset
        self.players = players
        self.seat = seat
        self.opponent_specs = specs
        self.rules = parse_paris_rules(rules)
        self.reward_mode = reward
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.layout = paris_layout(players)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = spaces.Box(0.0, 1.0, (self.layout.size,), dtype=np.float32)
        self._bots: dict[int, Bot] = {}
        self._state: ParisState | None = None
        self._done = True

    # ----------------------------------------------------------------- gymnasium API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        rng = random.Random(int(self.np_random.integers(2**62)))
        self._close_bots()
        others = [(self.seat + 1 + i) % self.players for i in range(self.players - 1)]
        for seat, spec in zip(others, self.opponent_specs, strict=True):
            self._bots[seat] = make_bot(spec, seed=rng.getrandbits(62), game="paris")
        self._state = deal_game(
            self.players, dealer=rng.randrange(self.players), rules=self.rules, rng=rng
        )
        self._done = False
        self._advance()
        # Every seat makes at least its 'ready' in the swap phase: the learner acts first.
        assert not self._done
        view = self._view()
        return encode_paris(view, self.layout), self._info(view)

    def step(
        self, action: int | np.int64
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        if self._done or self._state is None:
            raise RuntimeError("the episode is over; call reset() before step()")
        state = self._state
        action_id = int(action)
        view = self._view()
        if action_id not in view.legal:
            if self.illegal_action == "penalty":
                info = self._info(view)
                info["illegal_action"] = True
                return encode_paris(view, self.layout), self.illegal_penalty, False, False, info
            what = action_str(action_id) if 0 <= action_id < NUM_ACTIONS else str(action_id)
            legal = tuple(action_str(a) for a in view.legal)
            raise IllegalAction(
                f"seat {self.seat} may not take action {action_id} ({what}) now; "
                f"legal: {', '.join(legal)}",
                action=what,
                legal=legal,
            )
        state.apply(action_id)
        self._advance()
        reward = paris_reward(state, self.seat, self.reward_mode) if self._done else 0.0
        truncated = self._done and state.end == "turn_limit"
        terminated = self._done and not truncated
        view = self._view()
        return encode_paris(view, self.layout), reward, terminated, truncated, self._info(view)

    def render(self) -> str | None:
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode; use render_mode='ansi'")
            return None
        if self._state is None:
            return ""
        names = [
            f"seat {s}" + (" (learner)" if s == self.seat else "") for s in range(self.players)
        ]
        return render_view(self._view(), names)

    def close(self) -> None:
        self._close_bots()

    # ----------------------------------------------------------------- extras

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as booleans (the method sb3-contrib's action masking calls)."""
        return paris_legal_mask(self._view()).astype(bool)

    @property
    def view(self) -> ParisView:
        """The learner's current view (for bots or debugging)."""
        return self._view()

    @property
    def state(self) -> ParisState | None:
        """The game in progress (full information: for tests and analysis, not for agents)."""
        return self._state

    # ----------------------------------------------------------------- internals

    def _view(self) -> ParisView:
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state.view(self.seat)

    def _info(self, view: ParisView) -> dict[str, Any]:
        info: dict[str, Any] = {
            "action_mask": paris_legal_mask(view),
            "phase": view.phase,
            "seat": self.seat,
            "turns": view.turns,
        }
        if self._done:
            info["finished"] = view.finished
            info["ranking"] = view.ranking
            info["end"] = view.end
        return info

    def _advance(self) -> None:
        """Let the bots act until the learner must act, has gone out, or the game is over."""
        state = self._state
        assert state is not None
        while not state.is_over and not state.has_finished(self.seat):
            seat = state.to_act
            assert seat is not None
            if seat == self.seat:
                return
            state.apply(self._bots[seat].act(state.view(seat)))
        self._done = True

    def _close_bots(self) -> None:
        for bot in self._bots.values():
            bot.close()
        self._bots = {}


def _register() -> None:
    if PARIS_ENV_ID not in gym.registry:
        gym.register(id=PARIS_ENV_ID, entry_point="paston.env.paris_gym:ParisEnv")


_register()
