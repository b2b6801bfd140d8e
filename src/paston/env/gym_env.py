"""Gymnasium environment: one learner at one seat of a Paston deal (or game), bots at the others.

>>> from paston.env.gym_env import PastonEnv
>>> env = PastonEnv(seat=0, opponents="random")
>>> obs, info = env.reset(seed=1)
>>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots import Bot, make_bot
from ..core.errors import IllegalAction
from ..games.paston.actions import NUM_ACTIONS, action_str
from ..games.paston.deal import REDEAL, Deal
from ..games.paston.game import Game
from ..games.paston.rules import DEFAULT_RULES, Rules
from ..games.paston.shuffle import deal_until_playable
from ..games.paston.view import SeatView
from .encoding import encode, info_state_string, layout_for, legal_mask

__all__ = ["ENV_ID", "PastonEnv"]

#: The id under which :class:`PastonEnv` is registered with ``gymnasium.make``.
ENV_ID = "paston/Paston-v0"

_REWARDS = ("deal", "game")
_ILLEGAL = ("raise", "penalty")


class PastonEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    """The learner plays ``seat``; the other two seats are bots (``paston.bots.make_bot``).

    * **Actions**: ``Discrete(NUM_ACTIONS)``, the engine's action ids
      (:mod:`paston.actions`). Only the ids in ``info["action_mask"]`` (also
      :meth:`action_masks`, as sb3-contrib's ``MaskablePPO`` expects) are legal.
    * **Observations**: the ``float32`` 0/1 tensor of :func:`paston.env.encoding.encode` of
      the learner's :class:`~paston.games.paston.view.SeatView` (perfect recall unless
      ``perfect_recall=False``).
    * **Episodes and rewards**: ``reward="deal"`` (default): one deal, reward = the learner's
      deal score at its end (0 if the deal is thrown in after an all-pass with both markers
      in the prikup). ``reward="game"``: a whole game to the target score; after each deal the
      reward is the change in the learner's running total (the −121 reset included), and the
      episode ends when the game does (truncated after ``max_deals`` deals).
    * **Illegal actions**: ``illegal_action="raise"`` (default) raises
      :class:`~paston.errors.IllegalAction` saying what would have been legal;
      ``"penalty"`` returns ``illegal_penalty`` as the reward, leaves the state unchanged and
      sets ``info["illegal_action"]`` (this is what ``gymnasium``'s ``check_env``, which steps
      with unmasked random actions, needs).

    ``opponents`` is one bot name for both other seats or two names (the seat on the
    learner's left first); bots are rebuilt with seeds drawn from the environment's
    generator on every ``reset``, so ``reset(seed=...)`` makes the whole episode repeatable.
    In deal mode the dealer is drawn at random; ``first_deal=True`` applies the J♠/7♠
    first-bidder rule of a game's first deal.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        reward: str = "deal",
        rules: Rules | None = None,
        illegal_action: str = "raise",
        illegal_penalty: float = -1.0,
        first_deal: bool = False,
        perfect_recall: bool = True,
        max_deals: int = 1000,
        render_mode: str | None = None,
    ) -> None:
        if isinstance(seat, bool) or seat not in (0, 1, 2):
            raise ValueError(f"the learner's seat must be 0, 1 or 2, not {seat!r}")
        if reward not in _REWARDS:
            raise ValueError(f"reward must be 'deal' or 'game', not {reward!r}")
        if illegal_action not in _ILLEGAL:
            raise ValueError(f"illegal_action must be 'raise' or 'penalty', not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        specs = [opponents, opponents] if isinstance(opponents, str) else list(opponents)
        if len(specs) != 2:
            raise ValueError(f"give one opponent bot name or two, not {len(specs)}")
        for spec in specs:
            make_bot(spec, seed=0).close()  # fail now, not at reset, on an unknown bot
        self.seat = seat
        self.opponent_specs = specs
        self.reward_mode = reward
        self.rules = rules if rules is not None else DEFAULT_RULES
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.first_deal = first_deal
        self.max_deals = max_deals
        self.render_mode = render_mode
        self.layout = layout_for(perfect_recall, True)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = spaces.Box(0.0, 1.0, (self.layout.size,), dtype=np.float32)
        self._bots: dict[int, Bot] = {}
        self._deal: Deal | None = None
        self._game: Game | None = None
        self._done = True
        self._last_scores: tuple[int, int, int] | None = None
        self._deals_played = 0
        self._totals_before = 0
        self._rng = random.Random()

    # ----------------------------------------------------------------- gymnasium API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        rng = random.Random(int(self.np_random.integers(2**62)))
        self._close_bots()
        for i, spec in enumerate(self.opponent_specs):
            self._bots[(self.seat + 1 + i) % 3] = make_bot(spec, seed=rng.getrandbits(62))
        self._rng = rng
        self._done = False
        self._last_scores = None
        self._deals_played = 0
        self._totals_before = 0
        if self.reward_mode == "game":
            self._game = Game(self.rules, first_dealer=rng.randrange(3), rng=rng)
            self._deal = self._next_game_deal()
        else:
            self._game = None
            self._deal = deal_until_playable(
                dealer=rng.randrange(3), first_deal=self.first_deal, rules=self.rules, rng=rng
            )[-1]
        reward = self._advance()
        # Every seat speaks in every auction, so the learner always gets a turn first.
        assert not self._done and reward == 0.0
        return self._observation(), self._info()

    def step(
        self, action: int | np.int64
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        if self._done or self._deal is None:
            raise RuntimeError("the episode is over; call reset() before step()")
        deal = self._deal
        action_id = int(action)
        legal = deal.legal_actions()
        if action_id not in legal:
            if self.illegal_action == "penalty":
                info = self._info()
                info["illegal_action"] = True
                return self._observation(), self.illegal_penalty, False, False, info
            what = action_str(action_id) if 0 <= action_id < NUM_ACTIONS else str(action_id)
            raise IllegalAction(
                f"seat {self.seat} may not take action {action_id} ({what}) now: "
                + deal.explain_illegal(action_id),
                action=what,
                legal=tuple(deal.legal_action_strs()),
            )
        deal.apply(action_id)
        reward = self._advance()
        truncated = (
            self._game is not None and not self._done and self._deals_played >= self.max_deals
        )
        if truncated:
            self._done = True
        terminated = self._done and not truncated
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode; use render_mode='ansi'")
            return None
        return info_state_string(self._view()) if self._deal is not None else ""

    def close(self) -> None:
        self._close_bots()

    # ----------------------------------------------------------------- extras

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as booleans (the method sb3-contrib's action masking calls)."""
        return legal_mask(self._view()).astype(bool)

    @property
    def view(self) -> SeatView:
        """The learner's current view (for bots or debugging)."""
        return self._view()

    @property
    def deal(self) -> Deal | None:
        """The deal in progress (full information: for tests and analysis, not for agents)."""
        return self._deal

    # ----------------------------------------------------------------- internals

    def _view(self) -> SeatView:
        if self._deal is None:
            raise RuntimeError("call reset() first")
        return self._deal.view(self.seat)

    def _observation(self) -> npt.NDArray[np.float32]:
        return encode(self._view(), self.layout)

    def _info(self) -> dict[str, Any]:
        view = self._view()
        info: dict[str, Any] = {
            "action_mask": legal_mask(view),
            "phase": view.phase,
            "seat": self.seat,
        }
        if self._last_scores is not None:
            info["deal_scores"] = self._last_scores
        if self._game is not None:
            info["totals"] = self._game.totals
            info["deal_number"] = self._game.deal_number
        return info

    def _next_game_deal(self) -> Deal:
        assert self._game is not None
        deal = self._game.new_deal()
        while deal.phase_id == REDEAL:
            deal = self._game.new_deal()
        return deal

    def _advance(self) -> float:
        """Let the bots act until the learner must act or the episode ends; the reward."""
        reward = 0.0
        while True:
            deal = self._deal
            assert deal is not None
            while not deal.is_over and deal.to_act != self.seat:
                seat = deal.to_act
                assert seat is not None
                deal.apply(self._bots[seat].act(deal.view(seat)))
            if not deal.is_over:
                return reward
            self._last_scores = deal.scores
            if self._game is None:
                self._done = True
                return reward + (0.0 if deal.scores is None else float(deal.scores[self.seat]))
            self._deals_played += 1
            after = self._game.totals[self.seat]
            reward += float(after - self._totals_before)
            self._totals_before = after
            if self._game.over:
                self._done = True
                return reward
            if self._deals_played >= self.max_deals:
                return reward  # step() reports the truncation
            self._deal = self._next_game_deal()

    def _close_bots(self) -> None:
        for bot in self._bots.values():
            bot.close()
        self._bots = {}


def _register() -> None:
    if ENV_ID not in gym.registry:
        gym.register(id=ENV_ID, entry_point="paston.env.gym_env:PastonEnv")
    # Paris's id too, so that importing either adapter makes both ids known to gym.make.
    if "paston/Paris-v0" not in gym.registry:
        gym.register(id="paston/Paris-v0", entry_point="paston.env.paris_gym:ParisEnv")


_register()
