"""PettingZoo AEC environment: the seats of one Paskievics deal as agents ``seat_0 …``.

>>> from paston.env.paskievics_pettingzoo import PaskievicsAECEnv
>>> env = PaskievicsAECEnv()
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), env.agent_selection == f"seat_{env.game_state.forehand}"
(['action_mask', 'observation'], True)

As in PettingZoo's classic environments, :func:`env` is the wrapped environment and
:func:`raw_env` the bare one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ..games.paskievics.actions import NUM_ACTIONS, action_str
from ..games.paskievics.cards import NUM_CARDS
from ..games.paskievics.rules import PaskievicsRules
from ..games.paskievics.state import PaskievicsState
from ..games.paskievics.text import render_view
from ..games.paskievics.view import PaskievicsView
from .aec_seats import Observation, SeatAgentsEnv, wrapped
from ..games.paskievics.encoding import encode_paskievics, paskievics_layout, paskievics_legal_mask
from .paskievics_gym import new_deal, parse_paskievics_rules

__all__ = ["PaskievicsAECEnv", "env", "paskievics_aec_env", "raw_env"]


class PaskievicsAECEnv(SeatAgentsEnv[PaskievicsState]):
    """One deal; agent ``seat_i`` plays seat ``i``; ``agent_selection`` is the seat to act.

    * ``observe(agent)`` is ``{"observation": float32 vector, "action_mask": int8 mask}`` of
      the agent's view (:mod:`paston.env.paskievics_encoding`; the mask is all 0 for an agent
      not to act).
    * Rewards come when the deal ends: each seat's deal score (``normalize_reward=True``:
      divided by 100); then every agent is terminated. A thrown-in deal pays 0.
    * With five seats the dealer sits out: that agent is never selected.
    * An illegal action raises :class:`~paston.core.errors.IllegalAction`.
    * ``reset(seed=...)`` draws the dealer and the cards from that seed (repeatable).
    * ``state()`` (for centralised critics only) is every seat's observation, then each
      active seat's current hand and discard and the talon as dealt (one-hot over 42 cards).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "paskievics_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 4,
        rules: PaskievicsRules | Mapping[str, Any] | None = None,
        normalize_reward: bool = False,
        render_mode: str | None = None,
    ) -> None:
        if isinstance(players, bool) or players not in (4, 5):
            raise ValueError(f"players must be 4 or 5, not {players!r}")
        self.players = players
        self.layout = paskievics_layout(players)
        hidden = (2 * players + 1) * NUM_CARDS
        super().__init__(players, self.layout.size, NUM_ACTIONS, render_mode, hidden)
        self.rules = parse_paskievics_rules(rules, players)
        self.normalize_reward = bool(normalize_reward)

    @property
    def game_state(self) -> PaskievicsState:
        """The deal in progress (full information: for tests and analysis, not for agents)."""
        return self._current()

    def _new_hand(self, rng: random.Random) -> PaskievicsState:
        return new_deal(self.rules, rng, rng.randrange(self.players))

    def _encode(self, view: PaskievicsView) -> npt.NDArray[np.float32]:
        return encode_paskievics(view, self.layout)

    def _mask(self, view: PaskievicsView) -> npt.NDArray[np.int8]:
        return paskievics_legal_mask(view)

    def _why_illegal(
        self, hand: PaskievicsState, action: int, legal: list[int]
    ) -> tuple[str, tuple[str, ...]]:
        names = tuple(action_str(a) for a in legal)
        return f"; legal: {', '.join(names)}", names

    def _settle(self, hand: PaskievicsState) -> None:
        scores = hand.result()
        for seat, name in enumerate(self.possible_agents):
            score = scores[seat]
            self.rewards[name] = score / 100.0 if self.normalize_reward else score
            self.terminations[name] = True
            self.infos[name] = {"scores": list(scores), "thrown_in": hand.thrown_in}

    def _draw(self, view: PaskievicsView) -> str:
        return render_view(view)

    def _hidden(self, hand: PaskievicsState) -> npt.NDArray[np.float32]:
        out = np.zeros((2 * self.players + 1, NUM_CARDS), dtype=np.float32)
        for seat in range(self.players):
            out[seat, sorted(hand.hands[seat])] = 1.0
            out[self.players + seat, sorted(hand.discards[seat])] = 1.0
        out[2 * self.players, sorted(hand.talon)] = 1.0
        return out.ravel()


def paskievics_aec_env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """:class:`PaskievicsAECEnv` in PettingZoo's usual wrappers (``kwargs`` go to it)."""
    return wrapped(PaskievicsAECEnv(**kwargs))


def raw_env(**kwargs: Any) -> PaskievicsAECEnv:
    """The bare :class:`PaskievicsAECEnv` (PettingZoo's classic ``raw_env``)."""
    return PaskievicsAECEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """The wrapped environment (PettingZoo's classic ``env``)."""
    return paskievics_aec_env(**kwargs)
