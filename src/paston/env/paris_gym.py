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

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..core.errors import IllegalAction
from ..games.paris.actions import NUM_ACTIONS, action_str
from ..games.paris.rules import DEFAULT_RULES, ParisRules
from ..games.paris.shuffle import deal_game
from ..games.paris.state import ParisState
from ..games.paris.text import render_view
from ..games.paris.view import ParisView
from .gym_seat import LearnerSeatEnv, Opponent, illegal_seat_action, opponent_list
from ..games.paris.encoding import encode_paris, paris_layout, paris_legal_mask

__all__ = ["PARIS_ENV_ID", "ParisEnv", "paris_reward"]

#: The id under which :class:`ParisEnv` is registered with ``gymnasium.make``.
PARIS_ENV_ID = "paston/Paris-v0"

_REWARDS = ("result", "rank")


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


class ParisEnv(LearnerSeatEnv[ParisState, ParisView]):
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
      reported as ``truncated`` (the reward is still paid from the limit's ranking). Both
      reward modes already lie in −1 … 1, so there is nothing to normalise.
    * **Illegal actions**: ``illegal_action="penalty"`` (default) returns
      ``illegal_penalty``, leaves the game unchanged and sets ``info["illegal_action"]`` (so
      ``gymnasium``'s ``check_env`` passes); ``"raise"`` raises
      :class:`~paston.core.errors.IllegalAction` saying what would have been legal.
    * **Masks after the end**: the terminal observation's mask holds only action 0 (a
      placeholder that ``step`` refuses until ``reset``), never all zeros.

    ``opponents`` is one opponent for every other seat or one per other seat (in seat order
    after the learner): a bot spec, a :class:`~paston.bots.Bot` object (used as given, for
    self-play) or a callable from the seat's view to an action id. Cards, dealer and bots
    built from specs come from the environment's generator, so ``reset(seed=...)`` makes a
    whole episode repeatable.
    """

    game = "paris"

    def __init__(
        self,
        players: int = 3,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "heuristic",
        rules: ParisRules | Mapping[str, Any] | None = None,
        reward: str = "result",
        illegal_action: str = "penalty",
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 9:
            raise ValueError(f"players must be 2 to 9, not {players!r}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"the learner's seat must be 0 to {players - 1}, not {seat!r}")
        if reward not in _REWARDS:
            raise ValueError(f"reward must be 'result' or 'rank', not {reward!r}")
        self._check_modes(illegal_action, render_mode)
        specs = opponent_list(opponents, players - 1)
        self._check_bots(specs)
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
        self._bots = {}
        self._owned = set()
        self._state: ParisState | None = None
        self._done = True

    # ----------------------------------------------------------------- the game's part

    def _current(self) -> ParisState | None:
        return self._state

    def _start(self, rng: random.Random) -> None:
        self._state = deal_game(
            self.players, dealer=rng.randrange(self.players), rules=self.rules, rng=rng
        )
        self._done = False
        self._advance()
        # Every seat makes at least its 'ready' in the swap phase: the learner acts first.
        assert not self._done

    def _proceed(self, hand: ParisState) -> tuple[float, bool]:
        self._advance()
        reward = paris_reward(hand, self.seat, self.reward_mode) if self._done else 0.0
        return reward, self._done and hand.end == "turn_limit"

    def _illegal(self, hand: ParisState, action: int, view: ParisView) -> IllegalAction:
        return illegal_seat_action(self.seat, action, view.legal, NUM_ACTIONS, action_str)

    def _encode(self, view: ParisView) -> npt.NDArray[np.float32]:
        return encode_paris(view, self.layout)

    def _mask(self, view: ParisView) -> npt.NDArray[np.int8]:
        return paris_legal_mask(view)

    def _draw(self, view: ParisView) -> str:
        names = [
            f"seat {s}" + (" (learner)" if s == self.seat else "") for s in range(self.players)
        ]
        return render_view(view, names)

    # ----------------------------------------------------------------- extras

    @property
    def state(self) -> ParisState | None:
        """The game in progress (full information: for tests and analysis, not for agents)."""
        return self._state

    # ----------------------------------------------------------------- internals

    def _info(self, view: ParisView) -> dict[str, Any]:
        info: dict[str, Any] = {
            "action_mask": self._mask_now(view),
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
