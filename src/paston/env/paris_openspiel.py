"""OpenSpiel game ``python_paris``: one Paris game, with explicit chance nodes for the deal.

Importing this module registers the game with ``pyspiel`` (which must be installed)::

    import pyspiel
    import paston.env.paris_openspiel  # noqa: F401  (registers "python_paris")
    game = pyspiel.load_game("python_paris(players=4)")

* **Players** ``0 … players-1`` are the seats. Actions are the engine's ids
  (:mod:`paston.games.paris.actions`), ``num_distinct_actions = NUM_ACTIONS``.
* **Chance**: the first 104 moves shuffle the two packs card by card (chance action = the card
  number 0-51, drawn with probability copies left / cards left); the sequence is then dealt as
  in ``paris.md`` §3.2 (:func:`paston.games.paris.shuffle.deal_layout`).
* **Returns** are the game's result at the end: −1 for the loser, 0 for everyone else
  (constant-sum −1), also when the turn limit ends the game.
* **Observations** are :func:`paston.env.paris_encoding.encode_paris` of the player's view and
  its picture :func:`paston.games.paris.text.render_view`; while the cards are being dealt a
  player sees nothing yet. No information-state (perfect recall) form is offered.

Parameters: ``players`` (2-9, default 3), ``dealer`` (default 0) and every flag of
:class:`~paston.games.paris.rules.ParisRules` under its own name, e.g.
``python_paris(players=5,voluntary_pickup=True,max_turns=2000)``.
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found]

from ..games.paris.actions import NUM_ACTIONS, action_str
from ..games.paris.cards import CARD_NAMES, NUM_CARDS
from ..games.paris.rules import DEFAULT_RULES, ParisRules
from ..games.paris.shuffle import deal_layout
from ..games.paris.state import ParisState
from ..games.paris.text import render_view
from ..games.paris.encoding import encode_paris, paris_layout
from .spiel_dealt import DealtByChanceState

__all__ = ["GAME_TYPE", "SHORT_NAME", "ParisGame", "ParisObserver", "ParisSpielState"]

SHORT_NAME = "python_paris"
_PACK = 2 * NUM_CARDS

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Paris (one game)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=9,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 3, "dealer": 0, **asdict(DEFAULT_RULES)},
)


class ParisGame(pyspiel.Game):  # type: ignore[misc]
    """The game object: parameters, new states and observers."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**GAME_TYPE.parameter_specification, **(params or {})}
        players, dealer = int(merged["players"]), int(merged["dealer"])
        if not 2 <= players <= 9:
            raise ValueError(f"parameter 'players' must be 2 to 9, not {players}")
        if not 0 <= dealer < players:
            raise ValueError(f"parameter 'dealer' must be a seat 0 to {players - 1}, not {dealer}")
        rules = ParisRules.from_dict(
            {f.name: merged[f.name] for f in fields(ParisRules) if f.name in merged}
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_CARDS,
            num_players=players,
            min_utility=-1.0,
            max_utility=0.0,
            utility_sum=-1.0,
            # The shuffle, at most 4 swap-phase actions a seat, then the turn limit.
            max_game_length=_PACK + 4 * players + rules.max_turns,
        )
        super().__init__(GAME_TYPE, info, params or {})
        self.players = players
        self.dealer = dealer
        self.rules = rules

    def new_initial_state(self) -> ParisSpielState:
        return ParisSpielState(self)

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: dict[str, Any] | None = None,
    ) -> ParisObserver:
        return ParisObserver(
            self.players, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class ParisSpielState(DealtByChanceState):
    """The shuffle so far, then the engine's :class:`ParisState`."""

    def __init__(self, game: ParisGame) -> None:
        super().__init__(game)
        # Plain values, not the game object: OpenSpiel clones a state by deep-copying it.
        self._players = game.players
        self._dealer = game.dealer
        self._rules = game.rules
        self._sequence: list[int] = []
        self._left = [2] * NUM_CARDS
        self._engine = _Engine(None)

    @property
    def game_state(self) -> ParisState | None:
        """The engine's state once the cards are dealt (full information: for analysis)."""
        return self._engine.state

    @game_state.setter
    def game_state(self, state: ParisState | None) -> None:
        self._engine = _Engine(state)

    # ------------------------------------------------------------- the game's part

    def _engine_state(self) -> ParisState | None:
        return self.game_state

    def _card_name(self, card: int) -> str:
        return CARD_NAMES[card]

    def _action_str(self, action: int) -> str:
        return action_str(action)

    # ------------------------------------------------------------- OpenSpiel API

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.game_state is None
        total = _PACK - len(self._sequence)
        return [(c, k / total) for c, k in enumerate(self._left) if k]

    def _deal_card(self, card: int) -> None:
        if not 0 <= card < NUM_CARDS or not self._left[card]:
            raise ValueError(f"both copies of card {card} have already been dealt")
        self._sequence.append(card)
        self._left[card] -= 1
        if len(self._sequence) == _PACK:
            layout, deck = deal_layout(self._sequence, self._players, self._dealer)
            self.game_state = ParisState.from_layout(
                self._players, self._dealer, layout, deck, self._rules
            )

    def returns(self) -> list[float]:
        if self.game_state is None:
            return [0.0] * self._players
        return list(self.game_state.result())

    def __str__(self) -> str:
        # Full information, for debugging: the shuffle, then the actions.
        if self.game_state is None:
            return "dealing: " + " ".join(CARD_NAMES[c] for c in self._sequence)
        acts = ", ".join(action_str(a) for a in self.game_state.history)
        return f"actions: {acts}\nphase: {self.game_state.phase}"


class _Engine:
    """Holds the engine's state so that OpenSpiel's clone (a deep copy of the Python state's
    attributes) uses the engine's own ``copy()``, many times faster than a generic deep copy
    of its lists and change log."""

    __slots__ = ("state",)

    def __init__(self, state: ParisState | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(None if self.state is None else self.state.copy())


class ParisObserver:
    """OpenSpiel's ``PyObserver`` protocol over :mod:`paston.env.paris_encoding`."""

    def __init__(
        self, players: int, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"the Paris observer takes no parameters, got {params}")
        if iig_obs_type.perfect_recall:
            raise ValueError("python_paris offers no perfect-recall information state")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("the Paris observer is one player's observation (SINGLE_PLAYER)")
        self.layout = paris_layout(players)
        self.tensor: npt.NDArray[np.float32] = np.zeros(self.layout.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ParisSpielState, player: int) -> None:
        if state.game_state is None:
            self.tensor.fill(0.0)  # nothing is dealt yet
            return
        encode_paris(state.game_state.view(player), self.layout, out=self.tensor)

    def string_from(self, state: ParisSpielState, player: int) -> str:
        if state.game_state is None:
            return f"dealing ({len(state._sequence)} of {_PACK} cards shuffled)"
        return render_view(state.game_state.view(player))


if SHORT_NAME not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, ParisGame)
