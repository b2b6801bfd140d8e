"""An RLCard-style environment for one hand of any game, with no RLCard dependency.

RLCard's agents (DQN, NFSP, CFR, random...) and training loops talk to an environment
through a small surface, reproduced here:

* ``reset() -> (state, player_id)``, ``step(action, raw_action=False) -> (state,
  player_id)``, ``step_back() -> (state, player_id)`` (when ``allow_step_back``),
  ``is_over()``, ``get_player_id()``, ``get_state(player_id)``, ``get_payoffs()``,
  ``seed(seed)``, ``set_agents(agents)`` and ``run(is_training=False)``;
* ``num_players``, ``num_actions`` (the game's action ids), ``state_shape`` and
  ``action_shape`` (one entry per player);
* a **state** is a dict: ``obs`` (the game's encoder of the seat's view), ``legal_actions``
  (an ``OrderedDict`` from each legal action id to ``None``), ``raw_obs`` (the seat's view in
  the notation, ``view.to_json()``), ``raw_legal_actions`` (the legal actions in the
  notation) and ``action_record`` (every action so far as ``(seat, notation)``, as the seat
  may know it: another seat's Paston discard is the bare word ``discard``).

Everything in a state comes from that seat's view: nothing hidden leaks. Payoffs are the
hand's result for every seat.

>>> env = GameRLCardEnv({"seed": 3})  # the flagship game; GameRLCardEnv(game="paris") …
>>> state, player = env.reset()
>>> sorted(state)
['action_record', 'legal_actions', 'obs', 'raw_legal_actions', 'raw_obs']
>>> player == env.get_player_id() and len(state["legal_actions"]) > 0
True
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from ..core.errors import IllegalAction
from ..core.protocol import GameInfo
from ..core.protocol import State as GameState
from .research_game import ResearchGame, game_info

__all__ = ["GameRLCardEnv", "RLCardAgent"]

State = dict[str, Any]


class RLCardAgent(Protocol):
    """What :meth:`GameRLCardEnv.run` asks of an agent (RLCard's agent interface)."""

    use_raw: bool

    def step(self, state: State) -> Any: ...

    def eval_step(self, state: State) -> tuple[Any, dict[str, Any]]: ...


class GameRLCardEnv:
    """One hand of ``game`` per episode (a registered game's name or descriptor; ``None``:
    the flagship), its seats as RLCard's players.

    ``config`` keys (RLCard's names where RLCard has one): ``seed`` (the generator of the
    deals), ``allow_step_back`` (default false, as in RLCard), ``players`` (the table's
    size), ``rules`` (the game's rules object or a mapping of flags), and the game's own
    options (Paston's ``perfect_recall`` and ``first_deal``).
    """

    #: The game a bound subclass plays (``paston.env.PastonRLCardEnv`` …); ``None``: given
    #: to ``__init__``.
    bound_game: str | None = None

    def __init__(
        self, config: dict[str, Any] | None = None, game: str | GameInfo | None = None
    ) -> None:
        config = dict(config or {})
        if game is None:
            game = self.bound_game
        info = game_info(game)
        known = {"seed", "allow_step_back", "players", "rules"}
        if info.offers("research"):
            known |= set(info.research.options)
        unknown = sorted(set(config) - known)
        if unknown:
            raise ValueError(
                f"unknown config key {unknown[0]!r} (known: {', '.join(sorted(known))})"
            )
        options = {
            k: config[k] for k in config.keys() - {"seed", "allow_step_back", "players", "rules"}
        }
        self.research = ResearchGame.build(
            info, config.get("players"), config.get("rules"), options
        )
        self.name = self.research.info.name
        self.allow_step_back = bool(config.get("allow_step_back", False))
        self.rules = self.research.rules
        players = self.research.players
        self.num_players = players
        self.num_actions = self.research.num_actions
        self.state_shape: list[list[int]] = [
            list(self.research.encoder.shape) for _ in range(players)
        ]
        self.action_shape: list[list[int] | None] = [None for _ in range(players)]
        self.agents: list[RLCardAgent] | None = None
        self._rng = random.Random(config.get("seed"))
        self._hand: GameState | None = None
        #: The seat of every action taken in this hand (``step_back`` takes them back).
        self._actors: list[int] = []

    # ----------------------------------------------------------------- RLCard's API

    def seed(self, seed: int | None = None) -> int | None:
        """Reseed the generator of the deals."""
        self._rng = random.Random(seed)
        return seed

    def reset(self) -> tuple[State, int]:
        """Deal a new hand; the first player's state and id."""
        self._hand = self.research.deal(self._rng)
        self._actors = []
        player = self.get_player_id()
        return self.get_state(player), player

    def step(self, action: int | str, raw_action: bool = False) -> tuple[State, int]:
        """Take ``action`` for the player to act (an id, or the notation when
        ``raw_action``); the next player's state and id. Raises
        :class:`~paston.core.errors.IllegalAction` naming the legal actions."""
        hand = self._current()
        if hand.is_over:
            raise RuntimeError("the hand is over; call reset()")
        action_id = hand.parse_action(action) if raw_action and isinstance(action, str) else action
        if isinstance(action_id, bool) or not isinstance(action_id, int | np.integer):
            raise IllegalAction(
                f"an action is an id (or the notation with raw_action=True), not {action!r}",
                action=str(action),
                legal=tuple(hand.action_str(a) for a in hand.legal_actions()),
            )
        player = hand.to_act
        hand.apply(int(action_id))  # the game refuses an illegal action, naming the legal ones
        assert player is not None
        self._actors.append(player)
        player = self.get_player_id()
        return self.get_state(player), player

    def step_back(self) -> tuple[State, int]:
        """Take back the last action (``allow_step_back`` must be set); the state and id of
        the player to act again."""
        if not self.allow_step_back:
            raise RuntimeError("step_back needs the config {'allow_step_back': True}")
        hand = self._current()
        if not self._actors:
            raise RuntimeError("no action to step back")
        hand.undo()
        self._actors.pop()
        player = self.get_player_id()
        return self.get_state(player), player

    def is_over(self) -> bool:
        return self._current().is_over

    def get_player_id(self) -> int:
        """The seat to act; after the end, the seat that took the last action (as RLCard
        keeps the last player)."""
        to_act = self._current().to_act
        if to_act is not None:
            return to_act
        return self._actors[-1] if self._actors else 0

    def get_state(self, player_id: int) -> State:
        """``player_id``'s state dict (from its view only)."""
        view = self._current().view(player_id)
        legal: OrderedDict[int, None] = OrderedDict((a, None) for a in sorted(view.legal))
        hand = self._current()
        record = self.research.hooks.action_record
        return {
            "obs": self.research.observe(view),
            "legal_actions": legal,
            "raw_obs": view.to_json(),
            "raw_legal_actions": [hand.action_str(a) for a in legal],
            "action_record": list(record(view)) if record is not None else [],
        }

    def get_payoffs(self) -> npt.NDArray[np.float64]:
        """Every seat's result (zeros before the end)."""
        return np.array(self._current().result(), dtype=np.float64)

    def get_perfect_information(self) -> dict[str, Any]:
        """Every card, for analysis (never for an agent), as the game gives it."""
        perfect = self.research.hooks.perfect_information
        if perfect is None:
            raise NotImplementedError(f"{self.name} offers no perfect-information summary")
        return perfect(self._current())

    def set_agents(self, agents: Sequence[RLCardAgent]) -> None:
        """One agent per seat, for :meth:`run`."""
        if len(agents) != self.num_players:
            raise ValueError(f"give one agent per seat ({self.num_players}), not {len(agents)}")
        self.agents = list(agents)

    def run(self, is_training: bool = False) -> tuple[list[list[Any]], npt.NDArray[np.float64]]:
        """One hand with the agents: each seat's trajectory (its states and its actions,
        alternating, ending with its final state) and the payoffs, as RLCard's ``run``."""
        if self.agents is None:
            raise RuntimeError("call set_agents() first")
        trajectories: list[list[Any]] = [[] for _ in range(self.num_players)]
        state, player = self.reset()
        trajectories[player].append(state)
        while not self.is_over():
            agent = self.agents[player]
            action = agent.step(state) if is_training else agent.eval_step(state)[0]
            trajectories[player].append(action)
            state, player = self.step(action, agent.use_raw)
            if not self.is_over():
                trajectories[player].append(state)
        for seat in range(self.num_players):
            trajectories[seat].append(self.get_state(seat))
        return trajectories, self.get_payoffs()

    @property
    def game_state(self) -> GameState:
        """The hand in progress (full information: for tests and analysis, not for agents)."""
        return self._current()

    # ----------------------------------------------------------------- internals

    def _current(self) -> GameState:
        if self._hand is None:
            raise RuntimeError("call reset() first")
        return self._hand


def __getattr__(name: str) -> Any:
    # The games' public names of this adapter (``PastonEnv`` …), where users import them from.
    from . import bound_alias

    return bound_alias(name, "rlcard", __name__)
