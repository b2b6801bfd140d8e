"""An RLCard-style environment for one Paston deal, with no RLCard dependency.

RLCard's agents (DQN, NFSP, CFR, random...) and training loops talk to an environment
through a small surface, reproduced here:

* ``reset() -> (state, player_id)``, ``step(action, raw_action=False) -> (state,
  player_id)``, ``step_back() -> (state, player_id)`` (when ``allow_step_back``),
  ``is_over()``, ``get_player_id()``, ``get_state(player_id)``, ``get_payoffs()``,
  ``seed(seed)``, ``set_agents(agents)`` and ``run(is_training=False)``;
* ``num_players`` (3), ``num_actions`` (541, the engine's ids), ``state_shape`` and
  ``action_shape`` (one entry per player);
* a **state** is a dict: ``obs`` (the ``float32`` tensor of :mod:`paston.env.encoding`,
  kept up to date by :class:`~paston.env.fast_encoding.DealEncoder`), ``legal_actions``
  (an ``OrderedDict`` from each legal action id to ``None``), ``raw_obs`` (the seat's view in
  the notation, :meth:`~paston.games.paston.view.SeatView.to_json`), ``raw_legal_actions``
  (the legal actions in the notation) and ``action_record`` (every action so far as
  ``(seat, notation)``; another seat's discard is the bare word ``discard``).

Everything in a state comes from that seat's view: nothing hidden leaks. Payoffs are the
deal scores (spec/rules.md §9; 0 for everyone if the deal is thrown in after an all-pass).

>>> env = PastonRLCardEnv({"seed": 3})
>>> state, player = env.reset()
>>> sorted(state)
['action_record', 'legal_actions', 'obs', 'raw_legal_actions', 'raw_obs']
>>> list(state["legal_actions"]), state["raw_legal_actions"]
([32, 33], ['pass', 'paston'])
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from ..core.errors import IllegalAction
from ..games.paston.actions import NUM_ACTIONS, action_str, parse_action
from ..games.paston.cards import card_name, cards_of
from ..games.paston.state import Deal
from ..games.paston.rules import DEFAULT_RULES, Rules
from ..games.paston.shuffle import deal_until_playable
from ..games.paston.encoding import layout_for
from ..games.paston.fast_encoding import DealEncoder

__all__ = ["PastonRLCardEnv", "RLCardAgent"]

State = dict[str, Any]


class RLCardAgent(Protocol):
    """What :meth:`PastonRLCardEnv.run` asks of an agent (RLCard's agent interface)."""

    use_raw: bool

    def step(self, state: State) -> Any: ...

    def eval_step(self, state: State) -> tuple[Any, dict[str, Any]]: ...


class PastonRLCardEnv:
    """One Paston deal per episode, seats 0..2 as RLCard's players.

    ``config`` keys (RLCard's names where RLCard has one): ``seed`` (the generator of the
    deals), ``allow_step_back`` (default false, as in RLCard), ``perfect_recall`` (default
    true: the trick history in ``obs``), ``rules`` (a :class:`~paston.rules.Rules`) and
    ``first_deal`` (the J♠/7♠ first-bidder rule).
    """

    name = "paston"

    def __init__(self, config: dict[str, Any] | None = None) -> None:
        config = dict(config or {})
        known = {"seed", "allow_step_back", "perfect_recall", "rules", "first_deal"}
        unknown = sorted(set(config) - known)
        if unknown:
            raise ValueError(
                f"unknown config key {unknown[0]!r} (known: {', '.join(sorted(known))})"
            )
        self.allow_step_back = bool(config.get("allow_step_back", False))
        self.rules: Rules = config.get("rules") or DEFAULT_RULES
        self.first_deal = bool(config.get("first_deal", False))
        self.layout = layout_for(bool(config.get("perfect_recall", True)), True)
        self.num_players = 3
        self.num_actions = NUM_ACTIONS
        self.state_shape: list[list[int]] = [[self.layout.size] for _ in range(3)]
        self.action_shape: list[list[int] | None] = [None for _ in range(3)]
        self.agents: list[RLCardAgent] | None = None
        self._rng = random.Random(config.get("seed"))
        self._encoders = [DealEncoder(s, self.layout) for s in range(3)]
        self._deal: Deal | None = None

    # ----------------------------------------------------------------- RLCard's API

    def seed(self, seed: int | None = None) -> int | None:
        """Reseed the generator of the deals."""
        self._rng = random.Random(seed)
        return seed

    def reset(self) -> tuple[State, int]:
        """Deal a new hand; the first player's state and id."""
        self._deal = deal_until_playable(
            dealer=self._rng.randrange(3),
            first_deal=self.first_deal,
            rules=self.rules,
            rng=self._rng,
        )[-1]
        player = self.get_player_id()
        return self.get_state(player), player

    def step(self, action: int | str, raw_action: bool = False) -> tuple[State, int]:
        """Take ``action`` for the player to act (an id, or the notation when
        ``raw_action``); the next player's state and id. Raises
        :class:`~paston.core.errors.IllegalAction` naming the legal actions."""
        deal = self._current()
        if deal.is_over:
            raise RuntimeError("the deal is over; call reset()")
        action_id = parse_action(action) if raw_action and isinstance(action, str) else action
        if not isinstance(action_id, int | np.integer):
            raise IllegalAction(
                f"an action is an id (or the notation with raw_action=True), not {action!r}",
                action=str(action),
                legal=tuple(deal.legal_action_strs()),
            )
        deal.apply(int(action_id))
        player = self.get_player_id()
        return self.get_state(player), player

    def step_back(self) -> tuple[State, int]:
        """Take back the last action (``allow_step_back`` must be set); the state and id of
        the player to act again."""
        if not self.allow_step_back:
            raise RuntimeError("step_back needs the config {'allow_step_back': True}")
        deal = self._current()
        if not deal.actions:
            raise RuntimeError("no action to step back")
        deal.undo()
        player = self.get_player_id()
        return self.get_state(player), player

    def is_over(self) -> bool:
        return self._current().is_over

    def get_player_id(self) -> int:
        """The seat to act; after the end, the seat that took the last action (as RLCard
        keeps the last player)."""
        deal = self._current()
        if deal.seat_to_act >= 0:
            return deal.seat_to_act
        return deal.actor(len(deal.actions) - 1) if deal.actions else 0

    def get_state(self, player_id: int) -> State:
        """``player_id``'s state dict (from its view only)."""
        deal = self._current()
        view = deal.view(player_id)
        legal: OrderedDict[int, None] = OrderedDict((a, None) for a in sorted(view.legal))
        return {
            "obs": self._encoders[player_id].encode(deal),
            "legal_actions": legal,
            "raw_obs": view.to_json(),
            "raw_legal_actions": [action_str(a) for a in legal],
            "action_record": list(view.history),
        }

    def get_payoffs(self) -> npt.NDArray[np.float64]:
        """Every seat's deal score (zeros before the end or for a thrown-in deal)."""
        scores = self._current().scores
        return np.array(scores if scores is not None else (0, 0, 0), dtype=np.float64)

    def get_perfect_information(self) -> dict[str, Any]:
        """Every hand, the prikup and the discards (for analysis; never for an agent)."""
        deal = self._current()
        return {
            "hands": [_names(h) for h in deal.hands],
            "prikup": _names(deal.prikup),
            "discards": _names(deal.discards),
            "current_player": deal.to_act,
            "legal_actions": deal.legal_action_strs(),
        }

    def set_agents(self, agents: Sequence[RLCardAgent]) -> None:
        """One agent per seat, for :meth:`run`."""
        if len(agents) != 3:
            raise ValueError(f"give one agent per seat (3), not {len(agents)}")
        self.agents = list(agents)

    def run(self, is_training: bool = False) -> tuple[list[list[Any]], npt.NDArray[np.float64]]:
        """One deal with the agents: each seat's trajectory (its states and its actions,
        alternating, ending with its final state) and the payoffs, as RLCard's ``run``."""
        if self.agents is None:
            raise RuntimeError("call set_agents() first")
        trajectories: list[list[Any]] = [[] for _ in range(3)]
        state, player = self.reset()
        trajectories[player].append(state)
        while not self.is_over():
            agent = self.agents[player]
            action = agent.step(state) if is_training else agent.eval_step(state)[0]
            trajectories[player].append(action)
            state, player = self.step(action, agent.use_raw)
            if not self.is_over():
                trajectories[player].append(state)
        for seat in range(3):
            trajectories[seat].append(self.get_state(seat))
        return trajectories, self.get_payoffs()

    # ----------------------------------------------------------------- internals

    def _current(self) -> Deal:
        if self._deal is None:
            raise RuntimeError("call reset() first")
        return self._deal


def _names(mask: int) -> list[str]:
    return [card_name(c) for c in cards_of(mask)]
