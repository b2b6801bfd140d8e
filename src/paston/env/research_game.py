"""One game at one table size, as every research adapter sees it: what the adapters share.

:class:`ResearchGame` reads a registered game's :class:`~paston.core.protocol.GameInfo` and
its research hooks (:class:`~paston.core.hooks.research.ResearchHooks`) once, checks the
adapter's arguments against them (seat count, rules, the game's own options, reward mode),
and then deals hands, encodes views, builds masks, pays rewards and words illegal actions for
the Gymnasium, PettingZoo and RLCard adapters alike. Nothing here knows a game by name.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.errors import IllegalAction
from ..core.hooks.research import Encoder, ResearchHooks
from ..core.protocol import GameInfo, Match, State, View
from ..core.registry import default_game, get_game
from .masks import action_mask

__all__ = ["GENERIC_REWARDS", "ResearchGame", "game_info"]

#: The reward modes every game has: the hand's result, or a whole match's running total.
GENERIC_REWARDS = ("hand", "match")

#: Hands dealt before giving up on one in which the seat takes part (a game whose every
#: hand is over at once would otherwise loop for ever).
_MAX_REDEALS = 1000


def game_info(game: str | GameInfo | None) -> GameInfo:
    """The game an adapter is asked for: by name, as a descriptor, or the flagship (``None``)."""
    if isinstance(game, GameInfo):
        return game
    return get_game(default_game() if game is None else game)


@dataclass(frozen=True)
class ResearchGame:
    """A game, its research hooks, a seat count, rules and the game's options, checked."""

    info: GameInfo
    hooks: ResearchHooks
    players: int
    rules: Any
    options: Mapping[str, Any]
    encoder: Encoder

    @classmethod
    def build(
        cls,
        game: str | GameInfo | None,
        players: int | None,
        rules: Any,
        options: Mapping[str, Any],
        *,
        codecs: bool = False,
    ) -> ResearchGame:
        """Check the arguments an adapter was given; raises ``ValueError`` / ``TypeError``
        naming the argument and what it may be. ``codecs``: the adapter plays the game's
        ``action_codec`` (the Gymnasium and AEC envs); the others refuse options asking for one."""
        info = game_info(game)
        if not info.offers("research"):
            raise ValueError(f"game {info.name!r} offers no research adapters (no research hooks)")
        hooks = info.research
        if players is None:
            players = info.default_seats
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be an int, not {players!r}")
        if players not in info.seat_counts:
            counts = ", ".join(str(n) for n in info.seat_counts)
            raise ValueError(f"players must be one of {counts} for {info.name}, not {players}")
        unknown = sorted(set(options) - set(hooks.options))
        if unknown:
            known = ", ".join(sorted(hooks.options)) or "none"
            raise TypeError(
                f"unknown option {unknown[0]!r} for {info.name} (the game's options: {known})"
            )
        merged = {**hooks.options, **options}
        if rules is None:
            rules = info.parse_rules({})
        elif isinstance(rules, Mapping):
            rules = info.parse_rules(dict(rules))
        if hooks.encoder is not None:
            encoder = hooks.encoder(players, merged)
        else:
            encoder = Encoder(hooks.observation_shape(players), hooks.observe)
        codec = hooks.action_codec
        if not codecs and codec is not None and codec(0, players, merged) is not None:
            asked = ", ".join(f"{k}={v!r}" for k, v in options.items())
            raise ValueError(
                f"{info.name} options {asked} ask for an action space other than the "
                "game's ids: only the Gymnasium and PettingZoo AEC envs offer it"
            )
        return cls(info, hooks, players, rules, merged, encoder)

    # ----------------------------------------------------------------- dealing

    @property
    def num_actions(self) -> int:
        return self.info.num_actions

    def new_match(self, rng: random.Random) -> Match:
        """A match of the game (its dealer drawn from ``rng``)."""
        return self.info.new_match(self.players, self.rules, rng.randrange(self.players))

    def deal(self, rng: random.Random, seat: int | None = None) -> State:
        """A hand dealt from ``rng`` that is not over at once and, when ``seat`` is given, in
        which that seat acts before its part ends."""
        if self.hooks.new_hand is not None:
            # The game's own dealing deals ``seat`` in and no hand that is over at once.
            dealt: State = self.hooks.new_hand(self.players, self.rules, rng, seat, self.options)
            return dealt
        for _ in range(_MAX_REDEALS):
            state: State = self.new_match(rng).next_state(rng)
            if not state.is_over and (seat is None or self.reaches(state, seat)):
                return state
        raise RuntimeError(f"{self.info.name}: no playable hand in {_MAX_REDEALS} deals")

    def reaches(self, state: State, seat: int) -> bool:
        """Whether ``seat`` is to act now or later in ``state`` (checked on a copy with the
        other seats' first legal actions: only for a fresh deal, as a dealer sitting out)."""
        probe = state.copy()
        while not probe.is_over and not self.seat_done(probe, seat):
            if probe.to_act == seat:
                return True
            probe.apply(probe.legal_actions()[0])
        return False

    # ----------------------------------------------------------------- views

    def observe(self, view: View) -> npt.NDArray[np.float32]:
        obs: npt.NDArray[np.float32] = self.encoder.encode(view)
        return obs

    def observer(self, seat: int) -> Callable[[State], npt.NDArray[np.float32]]:
        """``seat``'s observation of a state: the game's state observer when it has one (the
        same values, without building a view), else the encoder of ``state.view(seat)``."""
        if self.hooks.state_observer is not None:
            fast: Callable[[State], npt.NDArray[np.float32]] = self.hooks.state_observer(
                seat, self.players, self.options
            )
            return fast
        encode = self.encoder.encode

        def observe(state: State) -> npt.NDArray[np.float32]:
            obs: npt.NDArray[np.float32] = encode(state.view(seat))
            return obs

        return observe

    def action_codec(self, seat: int) -> Any:
        """``seat``'s action codec when the game's options ask for one (the research hooks'
        ``action_codec``), else ``None``: the game's own action ids."""
        if self.hooks.action_codec is None:
            return None
        return self.hooks.action_codec(seat, self.players, self.options)

    def mask(self, legal: Any) -> npt.NDArray[np.int8]:
        """The legal-action mask over the game's action ids."""
        return action_mask(legal, self.num_actions)

    def render(self, view: View) -> str:
        if self.hooks.render is not None:
            return self.hooks.render(view)
        return json.dumps(view.to_json(), separators=(",", ":"), ensure_ascii=False)

    def seat_info(self, state: State, seat: int, done: bool) -> dict[str, Any]:
        """The game's entries of ``seat``'s ``info`` dict: from its view (built only when the
        game has entries to read from it), and once ``done`` (the seat's part of the hand is
        over) the outcome's public facts."""
        hooks = self.hooks
        if hooks.state_info is not None:
            info = dict(hooks.state_info(state, seat))
        elif hooks.info is not None:
            info = dict(hooks.info(state.view(seat)))
        else:
            info = {}
        if done and hooks.end_info is not None:
            info.update(hooks.end_info(state))
        return info

    # ----------------------------------------------------------------- rewards and ends

    def reward_mode(self, mode: str | None, *, match: bool) -> str:
        """The canonical name of reward mode ``mode`` (``None``: the game's default);
        ``match`` says whether the adapter plays whole matches."""
        name = self.hooks.default_reward if mode is None else mode
        name = self.hooks.reward_names.get(name, name)
        allowed = [*GENERIC_REWARDS[: 2 if match else 1], *self.hooks.rewards]
        if name not in allowed:
            words = [*allowed, *(w for w, m in self.hooks.reward_names.items() if m in allowed)]
            raise ValueError(f"reward must be one of {', '.join(sorted(words))}, not {mode!r}")
        return name

    def reward_range(self, mode: str) -> tuple[float, float]:
        """The lowest and highest reward of one hand under canonical ``mode``, unscaled
        (``match``, or a mode the game states no bounds for: unbounded)."""
        hooks = self.hooks
        if mode in hooks.reward_ranges:
            return hooks.reward_ranges[mode](self.players)
        if mode == "hand" and hooks.spiel is not None:
            utility = hooks.spiel().utility
            if utility is not None:
                return utility(self.players)
        return (-math.inf, math.inf)

    def seat_done(self, state: State, seat: int) -> bool:
        """Whether ``seat``'s part of the hand is over."""
        if state.is_over:
            return True
        return self.hooks.seat_done is not None and self.hooks.seat_done(state, seat)

    def hand_reward(self, state: State, seat: int, mode: str) -> float:
        """What ``seat`` earns under hand-level ``mode`` once its part is over (0 before)."""
        if mode in self.hooks.rewards:
            return float(self.hooks.rewards[mode](state, seat))
        return float(state.result()[seat]) if state.is_over else 0.0

    def cut_short(self, state: State) -> bool:
        """Whether an over hand was truncated (a turn limit), not finished."""
        return state.is_over and self.hooks.truncated is not None and self.hooks.truncated(state)

    # ----------------------------------------------------------------- illegal actions

    def illegal(self, who: str, state: State, action: int) -> IllegalAction:
        """The error for ``action`` refused to ``who`` (``seat 0``, an agent's name): what it
        was, why (when the game says) and every legal action in the notation."""
        ok = 0 <= action < self.num_actions
        what = state.action_str(action) if ok else str(action)
        legal = tuple(state.action_str(a) for a in state.legal_actions())
        if self.hooks.explain_illegal is not None:
            reason = ": " + self.hooks.explain_illegal(state, action)
        else:
            reason = f"; legal: {', '.join(legal)}"
        return IllegalAction(
            f"{who} may not take action {action} ({what}) now{reason}", action=what, legal=legal
        )
