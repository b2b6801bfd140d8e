"""OpenSpiel game ``python_paston``: one Paston deal with explicit chance nodes for the deal.

Importing this module registers the game with ``pyspiel`` (which must be installed)::

    import pyspiel
    import paston.env.openspiel_game  # noqa: F401  (registers "python_paston")
    game = pyspiel.load_game("python_paston")

* **Players** 0, 1, 2 are the seats. Actions are the engine's ids (:mod:`paston.actions`),
  ``num_distinct_actions = NUM_ACTIONS``.
* **Chance**: the first 32 moves deal the shuffled deck card by card (chance action = card
  number, ``deck[0]`` first), in the order of spec/rules.md §3.2. The probabilities are
  exact for the bottom-card rule: with ``bottom_7s_reshuffle`` on (the default) a deck whose
  last card is 7♠ is never dealt, so 7♠ is drawn with probability ``1/(n-1)`` and every other
  remaining card with ``(n-2)/(n-1)²`` while ``n`` cards remain (7♠ is forced before the
  last card). The cut is a rotation of a uniform shuffle and changes nothing.
* **Thrown-in deals** (a spade run, J♠ and 7♠ both in the prikup on a first deal, or an
  all-pass with both markers in the prikup) end the game at once with returns 0, as such a
  deal scores nothing; the game is one deal, so the redeal is not modelled.
* **Returns** are the deal scores of spec/rules.md §9 (general-sum; surrender gives −10,
  +2, +2), at the terminal state only.
* **Observations** come from :mod:`paston.env.encoding` through :class:`PastonObserver`:
  the information state is the perfect-recall layout and string, the observation the
  layout without the trick history. A public-only observer (``private_info=NONE``) leaves
  out the viewer's cards, prikup and discards. While dealing, a player sees only the cards
  dealt to them so far.

Parameters: ``dealer`` (0..2, default 0), ``first_deal`` (default false) and every variant
flag of :class:`~paston.rules.Rules` under its own name (e.g.
``python_paston(allow_jump_bids=True,lone_whist_mode=whister_plays_both_open)``).
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found]

from ..games.paston.actions import NUM_ACTIONS, action_str
from ..games.paston.cards import SEVEN_SPADES, card_name
from ..games.paston.deal import SCORED, Deal
from ..games.paston.rules import DEFAULT_RULES, Rules
from ..games.paston.shuffle import DEAL_ORDER, deal_from_deck
from ..games.paston.view import SeatView
from .encoding import (
    dealing_view,
    encode,
    info_state_string,
    layout_for,
    observation_string,
    public_view,
)
from .spiel_dealt import DealtByChanceState

__all__ = ["GAME_TYPE", "SHORT_NAME", "PastonGame", "PastonObserver", "PastonState"]

SHORT_NAME = "python_paston"
_NUM_PLAYERS = 3
# Player decisions: at most 7 auction actions (5 bids and 2 passes), a discard, a
# declaration, 2 defence calls and 30 cards; plus the 32 chance moves of the deal.
_MAX_DECISIONS = 7 + 1 + 1 + 2 + 30

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Paston (one deal)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_NUM_PLAYERS,
    min_num_players=_NUM_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"dealer": 0, "first_deal": False, **asdict(DEFAULT_RULES)},
)

_GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=NUM_ACTIONS,
    max_chance_outcomes=32,
    num_players=_NUM_PLAYERS,
    # A failed gupa or grkha costs 40 (so does a ×4 defender taking no trick); a defender
    # taking all ten tricks of a ×4 contract beside another whister wins 8 × 40.
    min_utility=-40.0,
    max_utility=320.0,
    utility_sum=None,
    max_game_length=32 + _MAX_DECISIONS,
)


class PastonGame(pyspiel.Game):  # type: ignore[misc]
    """The game object: parameters, new states and observers."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        super().__init__(GAME_TYPE, _GAME_INFO, params)
        merged = {**GAME_TYPE.parameter_specification, **params}
        dealer = int(merged["dealer"])
        if dealer not in (0, 1, 2):
            raise ValueError(f"parameter 'dealer' must be 0, 1 or 2, not {dealer}")
        self.dealer = dealer
        self.first_deal = bool(merged["first_deal"])
        self.rules = Rules.from_dict({f.name: merged[f.name] for f in fields(Rules)})

    def new_initial_state(self) -> PastonState:
        return PastonState(self)

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: dict[str, Any] | None = None,
    ) -> PastonObserver:
        return PastonObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class PastonState(DealtByChanceState):
    """A deal in progress: the cards dealt so far, then the engine's :class:`Deal`."""

    def __init__(self, game: PastonGame) -> None:
        super().__init__(game)
        # Plain values, not the game object: OpenSpiel clones a state by deep-copying it.
        self._dealer = game.dealer
        self._first_deal = game.first_deal
        self._rules = game.rules
        self._deck: list[int] = []
        self._remaining = (1 << 32) - 1
        self.deal: Deal | None = None

    # ------------------------------------------------------------- the game's part

    def _engine_state(self) -> Deal | None:
        return self.deal

    def _card_name(self, card: int) -> str:
        return card_name(card)

    def _action_str(self, action: int) -> str:
        return action_str(action)

    # ------------------------------------------------------------- OpenSpiel API

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.deal is None
        left = [c for c in range(32) if self._remaining >> c & 1]
        n = len(left)
        if not self._rules.bottom_7s_reshuffle or not self._remaining >> SEVEN_SPADES & 1 or n == 1:
            return [(c, 1.0 / n) for c in left]
        if n == 2:
            return [(SEVEN_SPADES, 1.0)]
        seven = 1.0 / (n - 1)
        other = (n - 2) / (n - 1) ** 2
        return [(c, seven if c == SEVEN_SPADES else other) for c in left]

    def _deal_card(self, card: int) -> None:
        if not self._remaining >> card & 1:
            raise ValueError(f"card {card} has already been dealt")
        self._deck.append(card)
        self._remaining &= ~(1 << card)
        if len(self._deck) == 32:
            self.deal = deal_from_deck(self._deck, self._dealer, self._first_deal, self._rules)

    def returns(self) -> list[float]:
        if self.deal is None or self.deal.phase_id != SCORED or self.deal.scores is None:
            return [0.0, 0.0, 0.0]
        return [float(s) for s in self.deal.scores]

    def __str__(self) -> str:
        # Full information, for debugging: the deck so far, then the deal's actions.
        deck = " ".join(card_name(c) for c in self._deck)
        if self.deal is None:
            return f"dealing: {deck}"
        acts = ", ".join(f"{s} {action_str(a)}" for s, a in self.deal.action_history())
        return f"deck: {deck}\nactions: {acts}\nphase: {self.deal.phase}"

    # ------------------------------------------------------------- views

    def view(self, player: int) -> SeatView:
        """``player``'s view (while dealing: the cards dealt to them so far)."""
        if self.deal is not None:
            return self.deal.view(player)
        # DEAL_ORDER is relative to the dealer: 0 = left, 1 = right, 2 = dealer.
        rel = (player - self._dealer - 1) % 3
        cards = [c for c, to in zip(self._deck, DEAL_ORDER, strict=False) if to == rel]
        return dealing_view(player, self._dealer, self._first_deal, cards, self._rules)


class PastonObserver:
    """OpenSpiel's ``PyObserver`` protocol over :mod:`paston.env.encoding`."""

    def __init__(
        self, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"the Paston observer takes no parameters, got {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("the Paston observer has no all-players (perfect information) view")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.layout = layout_for(self.perfect_recall, self.private)
        self.tensor: npt.NDArray[np.float32] = np.zeros(self.layout.size, np.float32)
        self.dict = self.layout.views(self.tensor)

    def _view(self, state: PastonState, player: int) -> SeatView:
        view = state.view(player)
        return view if self.private else public_view(view)

    def set_from(self, state: PastonState, player: int) -> None:
        encode(self._view(state, player), self.layout, out=self.tensor)

    def string_from(self, state: PastonState, player: int) -> str:
        view = self._view(state, player)
        return info_state_string(view) if self.perfect_recall else observation_string(view)


if SHORT_NAME not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, PastonGame)
