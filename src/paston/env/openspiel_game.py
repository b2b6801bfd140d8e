"""OpenSpiel game ``python_paston``: one Paston deal with explicit chance nodes for the deal.

Importing this module registers the game with ``pyspiel`` (which must be installed)::

    import pyspiel
    import paston.env.openspiel_game  # noqa: F401  (registers "python_paston")
    game = pyspiel.load_game("python_paston")

* **Players** 0, 1, 2 are the seats. Actions are the engine's ids (:mod:`paston.actions`),
  ``num_distinct_actions = NUM_ACTIONS``.
* **Chance**: the first chance move draws the dealer (0, 1 or 2, each 1/3; the ``dealer``
  parameter fixes it instead), then 32 moves deal the shuffled deck card by card (chance
  action = card number, ``deck[0]`` first), in the order of spec/rules.md §3.2. The
  probabilities are exact for the bottom-card rule: with ``bottom_7s_reshuffle`` on (the
  default) a deck whose last card is 7♠ is never dealt, so 7♠ is drawn with probability
  ``1/(n-1)`` and every other remaining card with ``(n-2)/(n-1)²`` while ``n`` cards remain
  (7♠ is forced before the last card). The cut is a rotation of a uniform shuffle and
  changes nothing.
* **Thrown-in deals** (a spade run, J♠ and 7♠ both in the prikup on a first deal, or an
  all-pass with both markers in the prikup) end the game at once with returns 0, as such a
  deal scores nothing; the game is one deal, so the redeal is not modelled.
* **Returns** are the deal scores of spec/rules.md §9 (general-sum; surrender gives −10,
  +2, +2), at the terminal state only.
* **Observations** come from :mod:`paston.env.encoding` through :class:`PastonObserver`:
  the information state is the perfect-recall layout and string, the observation the
  layout without the trick history. A public-only observer (``private_info=NONE``) leaves
  out the viewer's cards, prikup and discards; an all-players observer
  (``private_info=ALL_PLAYERS``, for analysis and centralised critics) adds every hand,
  the prikup and the discards (:data:`ALL_PLAYERS_EXTRA`). While dealing, a player sees
  only the cards dealt to them so far (before the dealer is drawn: only their seat).
* **Search support**: ``resample_from_infostate(player, sampler)`` returns a state drawn
  uniformly among the deals consistent with ``player``'s information (the bots' world
  sampler, :mod:`paston.games.paston.bots.worlds`), the same history replayed in it, so
  ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` runs as it is; ``undo_action(player,
  action)`` takes back the last move (``history()`` and ``move_number()`` follow it when
  called from Python: OpenSpiel's C++ code cannot call back into a Python game's undo).

Parameters: ``dealer`` (−1, the default: drawn by chance; 0..2 fixes it), ``first_deal``
(default false: the J♠/7♠ first-bidder rule of a game's first deal) and the variant flags
of :class:`~paston.rules.Rules` that act within one deal, under their own names
(:data:`DEAL_FLAGS`, e.g. ``python_paston(allow_jump_bids=True,must_overtrump=True)``);
the flags of a whole game (target, −121 reset, the second deal's dealer...) do nothing in a
one-deal game and are not parameters.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found]

from ..games.paston.actions import NUM_ACTIONS, action_str, discard_action, is_discard
from ..games.paston.bots.worlds import WorldSampler
from ..games.paston.cards import SEVEN_SPADES, card_name, cards_of, iter_bits
from ..games.paston.state import SCORED, Deal
from ..games.paston.rules import DEFAULT_RULES, Rules
from ..games.paston.shuffle import DEAL_ORDER, deal_from_deck
from ..games.paston.view import SeatView
from ..games.paston.encoding import (
    PHASES,
    dealing_view,
    encode,
    info_state_string,
    layout_for,
    observation_string,
    public_view,
)
from ..games.paston.fast_encoding import DealEncoder
from .spiel_dealt import DealtByChanceState

__all__ = [
    "ALL_PLAYERS_EXTRA",
    "DEAL_FLAGS",
    "GAME_TYPE",
    "SHORT_NAME",
    "PastonGame",
    "PastonObserver",
    "PastonState",
]

SHORT_NAME = "python_paston"
_NUM_PLAYERS = 3
#: The rule flags that act within one deal: the game's parameters besides dealer, first_deal.
DEAL_FLAGS: tuple[str, ...] = (
    "allow_jump_bids",
    "spade_run_redeal",
    "bottom_7s_reshuffle",
    "all_pass_contracts",
    "lone_whist_mode",
    "multiply_defender_scores",
    "no_whist_multiplied",
    "surrender_multiplied",
    "must_overtrump",
)
#: What the all-players observer adds after the viewer's own tensor: every hand now (by
#: relative seat, 3 × 32), the prikup as dealt (32) and the declarer's discards (32).
ALL_PLAYERS_EXTRA = 3 * 32 + 32 + 32
_CHANCE = int(pyspiel.PlayerId.CHANCE)
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
    parameter_specification={
        "dealer": -1,
        "first_deal": False,
        **{name: getattr(DEFAULT_RULES, name) for name in DEAL_FLAGS},
    },
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
    max_game_length=1 + 32 + _MAX_DECISIONS,
)


class PastonGame(pyspiel.Game):  # type: ignore[misc]
    """The game object: parameters, new states and observers."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        super().__init__(GAME_TYPE, _GAME_INFO, params)
        merged = {**GAME_TYPE.parameter_specification, **params}
        dealer = int(merged["dealer"])
        if dealer not in (-1, 0, 1, 2):
            raise ValueError(
                f"parameter 'dealer' must be -1 (drawn by chance), 0, 1 or 2, not {dealer}"
            )
        self.dealer = dealer
        self.first_deal = bool(merged["first_deal"])
        self.rules = Rules.from_dict({name: merged[name] for name in DEAL_FLAGS})

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
    """A deal in progress: the dealer and the cards dealt so far, then the engine's
    :class:`Deal`."""

    def __init__(self, game: PastonGame) -> None:
        super().__init__(game)
        # Plain values, not the game object: OpenSpiel clones a state by deep-copying it.
        self._dealer = game.dealer  # -1 until the chance move draws it
        self._dealer_by_chance = game.dealer < 0
        self._first_deal = game.first_deal
        self._rules = game.rules
        self._deck: list[int] = []
        self._remaining = (1 << 32) - 1
        self._moves: list[tuple[int, int]] = []  # (player, action), undo included
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
        if self._dealer < 0:
            return [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
        left = [c for c in range(32) if self._remaining >> c & 1]
        n = len(left)
        if not self._rules.bottom_7s_reshuffle or not self._remaining >> SEVEN_SPADES & 1 or n == 1:
            return [(c, 1.0 / n) for c in left]
        if n == 2:
            return [(SEVEN_SPADES, 1.0)]
        seven = 1.0 / (n - 1)
        other = (n - 2) / (n - 1) ** 2
        return [(c, seven if c == SEVEN_SPADES else other) for c in left]

    def _apply_action(self, action: int) -> None:
        player = self.current_player()
        super()._apply_action(action)
        self._moves.append((player, action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE and self._dealer < 0:
            return f"dealer {action}"
        return super()._action_to_string(player, action)

    def _deal_card(self, card: int) -> None:
        if self._dealer < 0:
            if card not in (0, 1, 2):
                raise ValueError(f"the dealer is seat 0, 1 or 2, not {card}")
            self._dealer = card
            return
        if not self._remaining >> card & 1:
            raise ValueError(f"card {card} has already been dealt")
        self._deck.append(card)
        self._remaining &= ~(1 << card)
        if len(self._deck) == 32:
            self.deal = deal_from_deck(self._deck, self._dealer, self._first_deal, self._rules)

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last move, which must be ``action`` by ``player``."""
        if not self._moves or self._moves[-1] != (player, action):
            last = self._moves[-1] if self._moves else None
            raise ValueError(f"the last move is {last} (player, action), not {(player, action)}")
        self._moves.pop()
        if self.deal is not None and self.deal.actions:
            self.deal.undo()
            return
        self.deal = None
        if self._deck:
            card = self._deck.pop()
            self._remaining |= 1 << card
        else:
            self._dealer = -1

    def history(self) -> list[int]:
        return [a for _, a in self._moves]

    def history_str(self) -> str:
        return ", ".join(str(a) for _, a in self._moves)

    def move_number(self) -> int:
        return len(self._moves)

    def resample_from_infostate(self, player: int, sampler: Any) -> PastonState:
        """A state ``player`` cannot tell from this one, drawn uniformly among the deals
        consistent with its information (``sampler()`` gives the randomness, as OpenSpiel's
        ``UniformProbabilitySampler`` does), with the same moves replayed."""
        rng = random.Random(int(float(sampler()) * 2**53))
        game = self.get_game()
        new: PastonState = game.new_initial_state()
        if self._dealer_by_chance and self._dealer >= 0:
            new.apply_action(self._dealer)
        if self.deal is None:
            for card in self._resampled_partial_deck(player, rng):
                new.apply_action(card)
            return new
        if self.deal.is_over and not self.deal.actions:
            same: PastonState = self.clone()  # thrown in as dealt: nothing to be consistent with
            return same
        world = WorldSampler(self.deal.view(player)).sample(rng)
        for card in _deck_for(world.dealt, world.prikup, self._dealer):
            new.apply_action(card)
        hidden = list(iter_bits(world.discards))
        for seat, action in self.deal.action_history():
            if is_discard(action) and seat != player:
                action = discard_action(hidden[0], hidden[1])
            new.apply_action(action)
        return new

    def _resampled_partial_deck(self, player: int, rng: random.Random) -> list[int]:
        """The cards dealt so far, the player's own kept, the others drawn at random from the
        cards the player has not received."""
        rel = (player - self._dealer - 1) % 3
        mine = {c for c, to in zip(self._deck, DEAL_ORDER, strict=False) if to == rel}
        others = [c for c in range(32) if c not in mine]
        rng.shuffle(others)
        # No 7♠ at the bottom: the deck's last card is dealt last, so a partial deck is free.
        return [
            c if to == rel else others.pop() for c, to in zip(self._deck, DEAL_ORDER, strict=False)
        ]

    def returns(self) -> list[float]:
        if self.deal is None or self.deal.phase_id != SCORED or self.deal.scores is None:
            return [0.0, 0.0, 0.0]
        return [float(s) for s in self.deal.scores]

    def __str__(self) -> str:
        # Full information, for debugging: the dealer, the deck so far, the deal's actions.
        deck = " ".join(card_name(c) for c in self._deck)
        head = f"dealer {self._dealer}; " if self._dealer >= 0 else "dealer not drawn; "
        if self.deal is None:
            return f"{head}dealing: {deck}"
        acts = ", ".join(f"{s} {action_str(a)}" for s, a in self.deal.action_history())
        return f"{head}deck: {deck}\nactions: {acts}\nphase: {self.deal.phase}"

    # ------------------------------------------------------------- views

    @property
    def dealer_drawn(self) -> bool:
        """Whether the dealer is known (drawn, or fixed by the ``dealer`` parameter)."""
        return self._dealer >= 0

    def view(self, player: int) -> SeatView:
        """``player``'s view (while dealing: the cards dealt to them so far). Raises
        ``ValueError`` before the dealer is drawn (there is no view yet)."""
        if self.deal is not None:
            return self.deal.view(player)
        if self._dealer < 0:
            raise ValueError("the dealer has not been drawn yet")
        # DEAL_ORDER is relative to the dealer: 0 = left, 1 = right, 2 = dealer.
        rel = (player - self._dealer - 1) % 3
        cards = [c for c, to in zip(self._deck, DEAL_ORDER, strict=False) if to == rel]
        return dealing_view(player, self._dealer, self._first_deal, cards, self._rules)


def _deck_for(dealt: tuple[int, int, int], prikup: int, dealer: int) -> list[int]:
    """A deck that deals ``dealt`` and ``prikup`` from ``dealer`` (the inverse of
    :func:`~paston.games.paston.shuffle.deal_from_deck`), 7♠ never at the bottom."""
    piles = [
        list(iter_bits(dealt[(dealer + 1) % 3])),
        list(iter_bits(dealt[(dealer + 2) % 3])),
        list(iter_bits(dealt[dealer])),
        list(iter_bits(prikup)),
    ]
    # The bottom card goes to the dealer (DEAL_ORDER[-1] == 2), dealt from the pile's end.
    bottom = piles[DEAL_ORDER[-1]]
    if bottom[-1] == SEVEN_SPADES:
        bottom[0], bottom[-1] = bottom[-1], bottom[0]
    taken = [0, 0, 0, 0]
    deck = []
    for to in DEAL_ORDER:
        deck.append(piles[to][taken[to]])
        taken[to] += 1
    return deck


class PastonObserver:
    """OpenSpiel's ``PyObserver`` protocol over :mod:`paston.env.encoding`.

    ``private_info``: ``SINGLE_PLAYER`` (the player's view), ``NONE`` (what everyone knows)
    or ``ALL_PLAYERS`` (the player's view followed by every hand now, the prikup and the
    discards: full information, for analysis and centralised critics, never for a player).
    """

    def __init__(
        self, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"the Paston observer takes no parameters, got {params}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.all_players = iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS
        self.private = self.all_players or (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        self.layout = layout_for(self.perfect_recall, self.private)
        size = self.layout.size + (ALL_PLAYERS_EXTRA if self.all_players else 0)
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict = self.layout.views(self.tensor[: self.layout.size])
        self._encoders = [DealEncoder(p, self.layout) for p in range(_NUM_PLAYERS)]
        if self.all_players:
            extra = self.tensor[self.layout.size :]
            self.dict["all_hands"] = extra[:96].reshape(3, 32)
            self.dict["all_prikup"] = extra[96:128]
            self.dict["all_discards"] = extra[128:160]

    def _view(self, state: PastonState, player: int) -> SeatView:
        view = state.view(player)
        return view if self.private else public_view(view)

    def set_from(self, state: PastonState, player: int) -> None:
        if not state.dealer_drawn:
            # Nothing is known before the dealer is drawn but the player's own seat.
            self.tensor.fill(0.0)
            self.dict["seat"][player] = 1.0
            self.dict["phase"][PHASES.index("dealing")] = 1.0
            return
        n = self.layout.size
        if state.deal is not None:
            # One incremental encoder per player: it follows a state move by move and starts
            # again for another state (the same tensor as encode of the view, not a view built).
            self.tensor[:n] = self._encoders[player].sync(state.deal)
        else:
            encode(self._view(state, player), self.layout, out=self.tensor[:n])
        if self.all_players:
            hands, prikup, discards = _full_information(state)
            self.dict["all_hands"].fill(0.0)
            self.dict["all_prikup"].fill(0.0)
            self.dict["all_discards"].fill(0.0)
            for seat in range(3):
                for c in iter_bits(hands[seat]):
                    self.dict["all_hands"][(seat - player) % 3, c] = 1.0
            for c in iter_bits(prikup):
                self.dict["all_prikup"][c] = 1.0
            for c in iter_bits(discards):
                self.dict["all_discards"][c] = 1.0

    def string_from(self, state: PastonState, player: int) -> str:
        if not state.dealer_drawn:
            return f"seat {player}\nphase: dealing (dealer not drawn yet)"
        view = self._view(state, player)
        text = info_state_string(view) if self.perfect_recall else observation_string(view)
        if self.all_players:
            hands, prikup, discards = _full_information(state)
            names = [" ".join(card_name(c) for c in cards_of(h)) or "-" for h in hands]
            text += "\nall hands: " + " | ".join(names)
            text += "\nall prikup: " + (" ".join(card_name(c) for c in cards_of(prikup)) or "-")
            text += "\nall discards: " + (" ".join(card_name(c) for c in cards_of(discards)) or "-")
        return text


def _full_information(state: PastonState) -> tuple[tuple[int, int, int], int, int]:
    """Every hand now, the prikup (as dealt: the cards known to be in it so far while
    dealing) and the discards: what no single player knows."""
    deal = state.deal
    if deal is not None:
        return (deal.hands[0], deal.hands[1], deal.hands[2]), deal.prikup, deal.discards
    hands = [0, 0, 0]
    prikup = 0
    for card, to in zip(state._deck, DEAL_ORDER, strict=False):
        if to == 3:
            prikup |= 1 << card
        else:
            hands[(state._dealer + 1 + to) % 3] |= 1 << card
    return (hands[0], hands[1], hands[2]), prikup, 0


if SHORT_NAME not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, PastonGame)
