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

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots.random_bot import RandomBot
from ..core.errors import IllegalAction
from ..games.paston.actions import NUM_ACTIONS, action_str
from ..games.paston.state import PHASE_NAMES, REDEAL, Deal
from ..games.paston.match import Game
from ..games.paston.rules import DEFAULT_RULES, Rules
from ..games.paston.shuffle import deal_until_playable
from ..games.paston.view import SeatView
from ..games.paston.encoding import encode, info_state_string, layout_for, legal_mask
from ..games.paston.fast_encoding import DealEncoder
from .gym_seat import DONE_PLACEHOLDER_ACTION, LearnerSeatEnv, Opponent, opponent_list
from .masks import action_mask

__all__ = ["DEAL_SCORE_BOUND", "DEAL_SCORE_RANGE", "ENV_ID", "PastonEnv"]

#: The id under which :class:`PastonEnv` is registered with ``gymnasium.make``.
ENV_ID = "paston/Paston-v0"

#: The lowest and highest deal score of one seat under the default rules: a failed gupa or
#: grkha costs 40 (so does a ×4 defender taking no trick); a defender taking all ten tricks
#: of a ×4 contract beside another whister wins 8 × 40. OpenSpiel's game reports the same.
DEAL_SCORE_RANGE = (-40.0, 320.0)
#: What ``normalize_reward=True`` divides rewards by: deal rewards then lie in [−0.125, 1].
DEAL_SCORE_BOUND = 320.0

_REWARDS = ("deal", "game")


class PastonEnv(LearnerSeatEnv[Deal, SeatView]):
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
      Deal rewards lie in :data:`DEAL_SCORE_RANGE` (−40 … 320) under the default rules;
      ``normalize_reward=True`` divides every reward (and the penalty) by
      :data:`DEAL_SCORE_BOUND` (deal rewards then lie in −0.125 … 1).
    * **Illegal actions**: ``illegal_action="penalty"`` (default) returns ``illegal_penalty``
      as the reward, leaves the state unchanged and sets ``info["illegal_action"]`` (so
      ``gymnasium``'s ``check_env``, which steps with unmasked random actions, passes);
      ``"raise"`` raises :class:`~paston.errors.IllegalAction` saying what would have been
      legal.
    * **Masks after the end**: the terminal observation's mask holds only action 0 (a
      placeholder that ``step`` refuses until ``reset``), so a masked softmax never sees an
      all-zero mask under Gymnasium's next-step autoreset.

    ``opponents`` is one opponent for both other seats or two (the seat on the learner's left
    first); an opponent is a bot name (rebuilt with seeds drawn from the environment's
    generator on every ``reset``, so ``reset(seed=...)`` makes the whole episode repeatable),
    a :class:`~paston.bots.Bot` object (for self-play; used as given and closed by the caller)
    or a callable from the seat's view to an action id.
    In deal mode the dealer is drawn at random; ``first_deal=True`` applies the J♠/7♠
    first-bidder rule of a game's first deal.
    """

    game = "paston"

    def __init__(
        self,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        reward: str = "deal",
        rules: Rules | None = None,
        illegal_action: str = "penalty",
        illegal_penalty: float = -1.0,
        first_deal: bool = False,
        perfect_recall: bool = True,
        max_deals: int = 1000,
        render_mode: str | None = None,
        normalize_reward: bool = False,
    ) -> None:
        if isinstance(seat, bool) or seat not in (0, 1, 2):
            raise ValueError(f"the learner's seat must be 0, 1 or 2, not {seat!r}")
        if reward not in _REWARDS:
            raise ValueError(f"reward must be 'deal' or 'game', not {reward!r}")
        self._check_modes(illegal_action, render_mode)
        specs = opponent_list(opponents, 2)
        self._check_bots(specs)
        self.players = 3
        self.seat = seat
        self.opponent_specs = specs
        self.reward_mode = reward
        self.rules = rules if rules is not None else DEFAULT_RULES
        self.illegal_action = illegal_action
        self.normalize_reward = normalize_reward
        self._scale = 1.0 / DEAL_SCORE_BOUND if normalize_reward else 1.0
        self.illegal_penalty = float(illegal_penalty) * self._scale
        self.first_deal = first_deal
        self.max_deals = max_deals
        self.render_mode = render_mode
        self.layout = layout_for(perfect_recall, True)
        self._encoder = DealEncoder(seat, self.layout)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = spaces.Box(0.0, 1.0, (self.layout.size,), dtype=np.float32)
        self._bots = {}
        self._owned = set()
        self._deal: Deal | None = None
        self._game: Game | None = None
        self._done = True
        self._last_scores: tuple[int, int, int] | None = None
        self._deals_played = 0
        self._totals_before = 0
        self._rng = random.Random()

    # ----------------------------------------------------------------- the game's part

    def _current(self) -> Deal | None:
        return self._deal

    def _start(self, rng: random.Random) -> None:
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

    def _proceed(self, hand: Deal) -> tuple[float, bool]:
        reward = self._advance() * self._scale
        truncated = (
            self._game is not None and not self._done and self._deals_played >= self.max_deals
        )
        if truncated:
            self._done = True
        return reward, truncated

    def _illegal(self, hand: Deal, action: int, view: SeatView) -> IllegalAction:
        what = action_str(action) if 0 <= action < NUM_ACTIONS else str(action)
        return IllegalAction(
            f"seat {self.seat} may not take action {action} ({what}) now: "
            + hand.explain_illegal(action),
            action=what,
            legal=tuple(hand.legal_action_strs()),
        )

    def _encode(self, view: SeatView) -> npt.NDArray[np.float32]:
        return encode(view, self.layout)

    def _mask(self, view: SeatView) -> npt.NDArray[np.int8]:
        return legal_mask(view)

    def _draw(self, view: SeatView) -> str:
        return info_state_string(view)

    # ----------------------------------------------------------------- extras

    @property
    def deal(self) -> Deal | None:
        """The deal in progress (full information: for tests and analysis, not for agents)."""
        return self._deal

    # ----------------------------------------------------------------- internals

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        # Straight from the deal, no view built: the encoder reads only what the learner's
        # view holds (it equals ``encode(view)``), the mask only the learner's legal actions.
        deal = self._deal
        if deal is None:
            raise RuntimeError("call reset() first")
        if deal.seat_to_act == self.seat:
            mask = action_mask(deal.legal_actions(), NUM_ACTIONS)
        else:
            mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
            if self._done:
                mask[DONE_PLACEHOLDER_ACTION] = 1
        return self._encoder.encode(deal), self._info_for(PHASE_NAMES[deal.phase_id], mask)

    def _apply_if_legal(self, hand: Deal, action: int) -> bool:
        # The engine checks legality as it applies (and changes nothing when it refuses):
        # cheaper than listing the legal actions first.
        try:
            hand.apply(action)
        except IllegalAction:
            return False
        return True

    def _legal_ids(self) -> Sequence[int]:
        deal = self._deal
        if deal is None:
            raise RuntimeError("call reset() first")
        return deal.legal_actions() if deal.seat_to_act == self.seat else ()

    def _info(self, view: SeatView) -> dict[str, Any]:
        return self._info_for(view.phase, self._mask_now(view))

    def _info_for(self, phase: str, mask: npt.NDArray[np.int8]) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": mask, "phase": phase, "seat": self.seat}
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
            me = self.seat
            seat = deal.seat_to_act  # -1 once the deal is over
            while seat >= 0 and seat != me:
                bot = self._bots[seat]
                if type(bot) is RandomBot:
                    # The random bot's own choice (its generator, the same legal list as its
                    # view's) without building a view it would not read; an action just
                    # drawn from the legal list needs no second check.
                    legal = deal.legal_actions()
                    deal.apply_legal(legal[bot.rng.randrange(len(legal))])
                else:
                    deal.apply(bot.act(deal.view(seat)))
                seat = deal.seat_to_act
            if seat >= 0:
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
