"""PettingZoo AEC environment: the seats of one Paris game as agents ``seat_0 … seat_{n-1}``.

>>> from paston.env.paris_pettingzoo import ParisAECEnv
>>> env = ParisAECEnv(players=4)
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), env.agent_selection == f"seat_{(env.game_state.dealer + 1) % 4}"  # dealer's left
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

from ..games.paris.actions import NUM_ACTIONS, action_str
from ..games.paris.cards import NUM_CARDS
from ..games.paris.rules import ParisRules
from ..games.paris.shuffle import deal_game
from ..games.paris.state import ParisState
from ..games.paris.text import render_view
from ..games.paris.view import ParisView
from .aec_seats import Observation, SeatAgentsEnv, wrapped
from ..games.paris.encoding import encode_paris, paris_layout, paris_legal_mask
from .paris_gym import paris_reward, parse_paris_rules

__all__ = ["ParisAECEnv", "env", "paris_aec_env", "raw_env"]

_SLOTS = 3  # face-down cards per seat (paris.md §3)
_PACKS = 2  # the game is dealt from two packs, so a card is in the deck at most twice


class ParisAECEnv(SeatAgentsEnv[ParisState]):
    """One game; agent ``seat_i`` plays seat ``i``; ``agent_selection`` is the seat to act.

    * ``observe(agent)`` is ``{"observation": float32 vector, "action_mask": int8 mask}``
      (:func:`~paston.env.paris_encoding.encode_paris` and
      :func:`~paston.env.paris_encoding.paris_legal_mask` of the agent's view; the mask is
      all 0 for an agent not to act).
    * Rewards come only when the game ends: ``reward="result"`` (default) −1 for the loser and
      0 for the others; ``reward="rank"`` +1 for the first out down to −1 for the loser. Then
      every agent is terminated (truncated instead, if the turn limit ``max_turns`` ended it).
      A seat that has gone out stays an agent until the end but is never selected.
    * An illegal action raises :class:`~paston.core.errors.IllegalAction` (wrap the env in
      ``pettingzoo.utils.wrappers.TerminateIllegalWrapper`` for a penalty instead).
    * ``reset(seed=...)`` draws the dealer and the cards from that seed, so it is repeatable.
    * ``state()`` (for centralised critics, never for an acting agent) is every seat's
      observation in seat order, then what no seat sees: each seat's three face-down slots
      (one-hot over the 52 cards, ``players × 3 × 52`` values) and the deck's cards (the
      count of each of the 52 cards over 2, as the game uses two packs; the order is left
      out).
    * ``render_mode="ansi"`` returns the seat to act's view as text; ``"human"`` prints it.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "paris_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 3,
        rules: ParisRules | Mapping[str, Any] | None = None,
        reward: str = "result",
        render_mode: str | None = None,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 9:
            raise ValueError(f"players must be 2 to 9, not {players!r}")
        if reward not in ("result", "rank"):
            raise ValueError(f"reward must be 'result' or 'rank', not {reward!r}")
        self.players = players
        self.layout = paris_layout(players)
        hidden = players * _SLOTS * NUM_CARDS + NUM_CARDS
        super().__init__(players, self.layout.size, NUM_ACTIONS, render_mode, hidden)
        self.rules = parse_paris_rules(rules)
        self.reward_mode = reward

    @property
    def game_state(self) -> ParisState:
        """The game in progress (full information: for tests and analysis, not for agents)."""
        return self._current()

    def _new_hand(self, rng: random.Random) -> ParisState:
        return deal_game(
            self.players, dealer=rng.randrange(self.players), rules=self.rules, rng=rng
        )

    def _encode(self, view: ParisView) -> npt.NDArray[np.float32]:
        return encode_paris(view, self.layout)

    def _mask(self, view: ParisView) -> npt.NDArray[np.int8]:
        return paris_legal_mask(view)

    def _why_illegal(
        self, hand: ParisState, action: int, legal: list[int]
    ) -> tuple[str, tuple[str, ...]]:
        names = tuple(action_str(a) for a in legal)
        return f"; legal: {', '.join(names)}", names

    def _settle(self, hand: ParisState) -> None:
        cut = hand.end == "turn_limit"
        for seat, name in enumerate(self.possible_agents):
            self.rewards[name] = paris_reward(hand, seat, self.reward_mode)
            self.terminations[name] = not cut
            self.truncations[name] = cut
            self.infos[name] = {"ranking": hand.ranking, "loser": hand.loser, "end": hand.end}

    def _draw(self, view: ParisView) -> str:
        return render_view(view)

    def _hidden(self, hand: ParisState) -> npt.NDArray[np.float32]:
        down = np.zeros((self.players, _SLOTS, NUM_CARDS), dtype=np.float32)
        for seat in range(self.players):
            for slot, card in enumerate(hand.face_down(seat)):
                if card >= 0:
                    down[seat, slot, card] = 1.0
        deck = np.bincount(np.asarray(hand.deck, dtype=np.int64), minlength=NUM_CARDS)
        return np.concatenate([down.ravel(), deck.astype(np.float32) / _PACKS])


def paris_aec_env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """:class:`ParisAECEnv` in PettingZoo's usual order-enforcing and bounds-checking
    wrappers (``kwargs`` go to the environment)."""
    return wrapped(ParisAECEnv(**kwargs))


def raw_env(**kwargs: Any) -> ParisAECEnv:
    """The bare :class:`ParisAECEnv` (PettingZoo's classic ``raw_env``)."""
    return ParisAECEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """The wrapped environment (PettingZoo's classic ``env``; the same as :func:`paris_aec_env`)."""
    return paris_aec_env(**kwargs)
