"""OpenSpiel games over the protocol: ``python_<game>`` for every game of the registry.

Importing this module registers one game with ``pyspiel`` (which must be installed) for each
available game that offers research hooks, under ``python_`` and the game's name::

    import pyspiel
    import paston.env.openspiel_game  # noqa: F401  (registers python_paston, python_paris …)
    game = pyspiel.load_game("python_paris(players=4)")

A game registered later (a plug-in, :func:`paston.core.registry.register_game`) is added
with :func:`register`. Each game's class is this module's ``<Name>Game`` (``PastonGame``,
``ParisGame`` …, the game's name in title case). One class serves every game; it knows a
game only through its :class:`~paston.core.protocol.GameInfo`, the protocol's ``State``
and ``View``, and the hook groups ``research`` (tensors, ``ResearchHooks.spiel`` for
OpenSpiel's own facts) and ``sampling`` (worlds for ``resample_from_infostate``).

* **Players** ``0 … players-1`` are the seats; actions are the game's ids
  (``num_distinct_actions = GameInfo.num_actions``).
* **Chance**: a game whose ``SpielHooks.deal`` models its deal as explicit chance nodes is
  dealt card by card with exact probabilities; any other game is dealt by its match's own
  shuffle from a 64-bit seed that eight chance nodes of 256 equally likely outcomes draw.
  Either way a seat sees only what the game says it sees while dealing.
* **Returns** are the hand's result (``State.result()``) at the end; the parameter
  ``normalize_reward=True`` divides them by ``ResearchHooks.reward_scale`` (about [-1, 1]).
* **Observations**: the information state (perfect recall) is
  ``ResearchHooks.information_state`` and ``information_state_string`` of the hand; the
  observation is the research group's ``observe`` of the seat's view (or the game's
  ``SpielHooks.observe``); both are built from what that seat may know. A game may offer
  more observer types (public-only, all players) through ``SpielHooks.observer``.
* **Search support**: ``resample_from_infostate(player, sampler)`` returns a state the
  player cannot tell from this one, the hidden cards redealt by the game's
  ``SamplingHooks.resample`` (OpenSpiel's ``ResampleFromInfostate``), so
  ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` runs as it is; ``undo_action(player,
  action)`` takes back the last move (``history()`` and ``move_number()`` follow it when
  called from Python: OpenSpiel's C++ code cannot call back into a Python game's undo).

Parameters: ``players`` for a game with several seat counts, ``dealer``, the rules flags
(``SpielHooks.parameters`` may narrow them to those that act within one hand and add the
game's own) and ``normalize_reward``. A resampled world's chance outcomes deal it when the
game's deal can say how; otherwise they stay those of the state it was drawn from (its
``history()`` then does not replay it: serialize the state it came from).
"""

from __future__ import annotations

import json
import random
from typing import Any, Self

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found]

from ..core.hooks.research import ResearchHooks
from ..core.hooks.spiel import ChanceDeal, SpielHooks, SpielObserver
from ..core.protocol import GameInfo
from ..core.registry import available, get_game

__all__ = [
    "SEED_NODES",
    "SeededDeal",
    "SpielGame",
    "SpielState",
    "game_type",
    "register",
    "register_all",
    "short_name",
]

#: Chance nodes of the seeded deal (each draws one byte of the seed).
SEED_NODES = 8
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_PRIVATE = {
    pyspiel.PrivateInfoType.SINGLE_PLAYER: "single",
    pyspiel.PrivateInfoType.NONE: "none",
    pyspiel.PrivateInfoType.ALL_PLAYERS: "all",
}
_DEFAULT_SPIEL = SpielHooks()
# A hand of a game that states no bound (no research max_game_length, no spiel hooks).
_LONGEST_HAND = 10_000


def short_name(info: GameInfo) -> str:
    """The name OpenSpiel knows a game by: ``python_`` and the game's name."""
    return f"python_{info.name}"


def _spiel(research: ResearchHooks) -> SpielHooks:
    return research.spiel() if research.spiel is not None else _DEFAULT_SPIEL


def _parameters(info: GameInfo, spiel: SpielHooks) -> dict[str, Any]:
    params: dict[str, Any] = {}
    if len(info.seat_counts) > 1:
        params["players"] = info.default_seats
    if spiel.parameters is None:
        params["dealer"] = 0
        params.update({f.name: f.default for f in info.flags})
    else:
        params.update(spiel.parameters)
    params["normalize_reward"] = False
    return params


def game_type(info: GameInfo) -> pyspiel.GameType:
    """OpenSpiel's static description of ``info``'s game."""
    spiel = _spiel(info.research)
    if spiel.utility_sum is None:
        utility = pyspiel.GameType.Utility.GENERAL_SUM
    elif spiel.utility_sum == 0:
        utility = pyspiel.GameType.Utility.ZERO_SUM
    else:
        utility = pyspiel.GameType.Utility.CONSTANT_SUM
    return pyspiel.GameType(
        short_name=short_name(info),
        long_name=f"Python {info.title} (one hand)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info.seat_counts),
        min_num_players=min(info.seat_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(info, spiel),
    )


class SeededDeal:
    """The deal of a game without explicit chance nodes: :data:`SEED_NODES` chance nodes of
    256 equally likely outcomes draw a 64-bit seed, then the match's own shuffle deals the
    hand from ``random.Random(seed)``. Nobody sees anything while the seed is drawn."""

    def __init__(
        self, game: str, players: int, rules: Any, dealer: int, shapes: tuple[int, int]
    ) -> None:
        # Plain values only: OpenSpiel clones a state by deep-copying it.
        self._game = game
        self._players = players
        self._rules = rules
        self._dealer = dealer
        self._shapes = shapes  # observation and information-state sizes
        self._drawn: list[int] = []
        self.state: Any | None = None

    @property
    def drawn(self) -> tuple[int, ...]:
        return tuple(self._drawn)

    def outcomes(self) -> list[tuple[int, float]]:
        return [(b, 1 / 256) for b in range(256)]

    def apply(self, outcome: int) -> None:
        if not 0 <= outcome < 256:
            raise ValueError(f"a seed byte is 0 to 255, not {outcome}")
        self._drawn.append(outcome)
        if len(self._drawn) == SEED_NODES:
            seed = int.from_bytes(bytes(self._drawn), "big")
            match = get_game(self._game).new_match(self._players, self._rules, self._dealer)
            self.state = match.next_state(random.Random(seed))

    def undo(self) -> None:
        if not self._drawn:
            raise ValueError("nothing has been drawn yet")
        self._drawn.pop()
        self.state = None

    def outcome_str(self, outcome: int) -> str:
        return f"seed byte {outcome}"

    def copy(self) -> Self:
        new = type(self)(self._game, self._players, self._rules, self._dealer, self._shapes)
        new._drawn = list(self._drawn)
        new.state = None if self.state is None else self.state.copy()
        return new

    def resample(self, seat: int, rng: random.Random) -> Self:
        new = self.copy()
        new._drawn = [rng.randrange(256) for _ in self._drawn]
        return new

    def with_state(self, state: Any) -> Self:
        new = self.copy()
        new.state = state
        return new

    def observation(self, seat: int, perfect_recall: bool) -> npt.NDArray[np.float32]:
        return np.zeros(self._shapes[1 if perfect_recall else 0], np.float32)

    def observation_string(self, seat: int, perfect_recall: bool) -> str:
        return f"seat {seat}\nphase: dealing"

    def __str__(self) -> str:
        return "seed: " + " ".join(str(b) for b in self._drawn)


class _Held:
    """Holds the deal so that OpenSpiel's clone (a deep copy of the Python state's
    attributes) uses the game's own ``copy()``, many times faster than a generic deep copy
    of an engine's lists and change log."""

    __slots__ = ("deal",)

    def __init__(self, deal: ChanceDeal) -> None:
        self.deal = deal

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.deal.copy())


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """The game object of one game: parameters, new states and observers.

    ``rules`` are the parsed rules; ``players`` and ``dealer`` the seats and the dealer
    (``-1``: drawn by chance, for a game whose deal says so); every other parameter reads as
    an attribute too (``game.first_deal``).
    """

    info_name = ""  # set by the subclass :func:`register` makes for each game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        info = get_game(self.info_name)
        research = info.research
        spiel = _spiel(research)
        gt = game_type(info)
        merged = {**gt.parameter_specification, **(params or {})}
        players = int(merged.get("players", info.default_seats))
        if players not in info.seat_counts:
            counts = ", ".join(str(n) for n in info.seat_counts)
            raise ValueError(f"parameter 'players' must be one of {counts}, not {players}")
        dealer = int(merged.get("dealer", 0))
        by_chance = gt.parameter_specification.get("dealer") == -1
        if not (-1 if by_chance else 0) <= dealer < players:
            drawn = "-1 (drawn by chance) or " if by_chance else ""
            raise ValueError(
                f"parameter 'dealer' must be {drawn}a seat 0 to {players - 1}, not {dealer}"
            )
        rules = info.parse_rules({k: v for k, v in merged.items() if info.flag(k) is not None})
        self.players = players
        self.dealer = dealer
        self.rules = rules
        self.params: dict[str, Any] = merged
        scale = research.reward_scale if merged["normalize_reward"] else 1.0
        low, high = spiel.utility(players) if spiel.utility is not None else (-1.0, 1.0)
        chance_moves = 0 if spiel.deal is not None else SEED_NODES
        if spiel.max_game_length is not None:
            length = spiel.max_game_length(players, rules)
        elif research.max_game_length is not None:
            length = chance_moves + research.max_game_length(players)
        else:
            length = chance_moves + _LONGEST_HAND
        super().__init__(
            gt,
            pyspiel.GameInfo(
                num_distinct_actions=info.num_actions,
                max_chance_outcomes=spiel.max_chance_outcomes if spiel.deal is not None else 256,
                num_players=players,
                min_utility=low / scale,
                max_utility=high / scale,
                utility_sum=None if spiel.utility_sum is None else spiel.utility_sum / scale,
                max_game_length=length,
            ),
            params or {},
        )
        self.scale = scale
        self._shapes = (
            int(np.prod(_observation_shape(research, players))),
            int(np.prod(research.information_state_shape(players))),
        )
        self.new_deal()  # a deal the parameters cannot make fails here, at load_game

    def __getattr__(self, name: str) -> Any:
        params = self.__dict__.get("params", {})
        if name in params:
            return params[name]
        raise AttributeError(f"{type(self).__name__!r} has no attribute {name!r}")

    def new_deal(self) -> ChanceDeal:
        """A deal with nothing drawn yet."""
        spiel = _spiel(get_game(self.info_name).research)
        if spiel.deal is not None:
            return spiel.deal(self.players, self.rules, self.params)
        return SeededDeal(self.info_name, self.players, self.rules, self.dealer, self._shapes)

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: dict[str, Any] | None = None,
    ) -> SpielObserver:
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        perfect_recall = bool(obs_type.perfect_recall)
        private = _PRIVATE.get(obs_type.private_info, "single")
        info = get_game(self.info_name)
        spiel = _spiel(info.research)
        if spiel.observer is not None:
            observer = spiel.observer(perfect_recall, private, params)
            if observer is not None:
                return observer
        if params:
            raise ValueError(f"the {info.title} observer takes no parameters, got {params}")
        if private != "single":
            raise ValueError(
                f"{short_name(info)} observes one player's view only (SINGLE_PLAYER), "
                f"not {obs_type.private_info}"
            )
        return ProtocolObserver(self.info_name, self.players, perfect_recall)


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A hand in progress: the chance outcomes drawn so far, then the game's state."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        # Plain values, not the game object: OpenSpiel clones a state by deep-copying it.
        self._game = game.info_name
        self._players = game.players
        self._scale = game.scale
        self._held = _Held(game.new_deal())
        self._moves: list[tuple[int, int]] = []  # (player, action), undo included

    @property
    def chance(self) -> ChanceDeal:
        """The deal: its outcomes so far, and the hand once complete."""
        return self._held.deal

    @property
    def game_state(self) -> Any | None:
        """The game's state once the cards are dealt (full information: for analysis)."""
        return self._held.deal.state

    @property
    def deal(self) -> Any | None:
        """:attr:`game_state` under the name ``python_paston`` gave it."""
        return self.game_state

    def view(self, player: int) -> Any:
        """``player``'s view of the hand (raises :class:`ValueError` while dealing)."""
        state = self.game_state
        if state is None:
            raise ValueError("the cards are still being dealt: there is no view yet")
        return state.view(player)

    # ------------------------------------------------------------- OpenSpiel API

    def current_player(self) -> int:
        state = self.game_state
        if state is None:
            return _CHANCE
        to_act = state.to_act
        return _TERMINAL if to_act is None else int(to_act)

    def _legal_actions(self, player: int) -> list[int]:
        state = self.game_state
        assert state is not None and player == state.to_act
        return sorted(state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.game_state is None
        return self.chance.outcomes()

    def _apply_action(self, action: int) -> None:
        player = self.current_player()
        state = self.game_state
        if state is None:
            self.chance.apply(action)
        else:
            state.apply(action)
        self._moves.append((player, action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return self.chance.outcome_str(action)
        state = self.game_state
        if state is None:
            return f"action {action}"
        text: str = state.action_str(action)
        return text

    def is_terminal(self) -> bool:
        state = self.game_state
        return state is not None and bool(state.is_over)

    def returns(self) -> list[float]:
        state = self.game_state
        if state is None or not state.is_over:
            return [0.0] * self._players
        return [float(r) / self._scale for r in state.result()]

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last move, which must be ``action`` by ``player``."""
        if not self._moves or self._moves[-1] != (player, action):
            last = self._moves[-1] if self._moves else None
            raise ValueError(f"the last move is {last} (player, action), not {(player, action)}")
        self._moves.pop()
        if player == _CHANCE:
            self.chance.undo()
        else:
            state = self.game_state
            assert state is not None
            state.undo()

    def history(self) -> list[int]:
        return [a for _, a in self._moves]

    def history_str(self) -> str:
        return ", ".join(str(a) for _, a in self._moves)

    def move_number(self) -> int:
        return len(self._moves)

    def resample_from_infostate(self, player: int, sampler: Any) -> SpielState:
        """A state ``player`` cannot tell from this one: while dealing, the outcomes it has
        not seen redrawn; after, the hand's hidden cards redealt by the game's sampling hooks
        (``sampler()`` gives the randomness, as OpenSpiel's ``UniformProbabilitySampler``
        does)."""
        rng = random.Random(int(float(sampler()) * 2**53))
        new: SpielState = self.clone()
        state = self.game_state
        if state is None:
            new._held = _Held(self.chance.resample(player, rng))
        else:
            info = get_game(self._game)
            if not info.offers("sampling"):
                raise ValueError(f"{short_name(info)} cannot resample: the game offers no sampling")
            world = info.sampling.resample(state, player, rng)
            new._held = _Held(self.chance.with_state(world))
        # The world's own chance outcomes (every hand is dealt before anyone acts), then the
        # same decisions: its history replays it wherever the deal can say how it was dealt.
        decisions = [(p, a) for p, a in self._moves if p != _CHANCE]
        new._moves = [(_CHANCE, o) for o in new.chance.drawn] + decisions
        return new

    def __str__(self) -> str:
        # Full information, for debugging: the outcomes drawn, then the hand's actions.
        state = self.game_state
        if state is None:
            return str(self.chance)
        acts = ", ".join(
            f"{p} {state.action_str(a)}" for p, a in self._moves if p != _CHANCE and p >= 0
        )
        return f"{self.chance}\nactions: {acts}\nphase: {state.phase}"


def _observation_shape(research: ResearchHooks, players: int) -> tuple[int, ...]:
    spiel = _spiel(research)
    if spiel.observation_shape is not None:
        return spiel.observation_shape(players)
    return research.observation_shape(players)


class ProtocolObserver:
    """OpenSpiel's ``PyObserver`` protocol over a game's research hooks: one player's
    observation (its view now) or information state (perfect recall)."""

    def __init__(self, game: str, players: int, perfect_recall: bool) -> None:
        self._game = game
        self.perfect_recall = perfect_recall
        research = get_game(game).research
        shape = (
            research.information_state_shape(players)
            if perfect_recall
            else _observation_shape(research, players)
        )
        self.tensor: npt.NDArray[np.float32] = np.zeros(int(np.prod(shape)), np.float32)
        key = "information_state" if perfect_recall else "observation"
        self.dict = {key: self.tensor.reshape(shape)}

    def set_from(self, state: SpielState, player: int) -> None:
        hand = state.game_state
        if hand is None:
            self.tensor[:] = np.ravel(state.chance.observation(player, self.perfect_recall))
            return
        research = get_game(self._game).research
        if self.perfect_recall:
            self.tensor[:] = np.ravel(research.information_state(hand, player))
            return
        spiel = _spiel(research)
        observe = spiel.observe if spiel.observe is not None else research.observe
        self.tensor[:] = np.ravel(observe(hand.view(player)))

    def string_from(self, state: SpielState, player: int) -> str:
        hand = state.game_state
        if hand is None:
            return state.chance.observation_string(player, self.perfect_recall)
        research = get_game(self._game).research
        if self.perfect_recall:
            if research.information_state_string is not None:
                return research.information_state_string(hand, player)
            tensor = np.ravel(research.information_state(hand, player))
            return f"seat {player}: " + " ".join(
                f"{i}:{tensor[i]:g}" for i in np.flatnonzero(tensor)
            )
        spiel = _spiel(research)
        view = hand.view(player)
        if spiel.observation_string is not None:
            return spiel.observation_string(view)
        return json.dumps(view.to_json(), sort_keys=True)


#: The game class of each registered game, by class name (``PastonGame`` …).
_CLASSES: dict[str, type[SpielGame]] = {}


def register(name: str) -> str:
    """Register game ``name`` with ``pyspiel`` (idempotent); returns its short name. Its
    class is this module's attribute ``<Name>Game`` (the game's name in title case)."""
    info = get_game(name)
    short = short_name(info)
    if short not in pyspiel.registered_names():
        title = "".join(word.capitalize() for word in info.name.replace("-", "_").split("_"))
        cls = type(f"{title}Game", (SpielGame,), {"info_name": info.name})
        _CLASSES[cls.__name__] = cls
        pyspiel.register_game(game_type(info), cls)
    return short


def register_all() -> list[str]:
    """Register every available game that offers research hooks; returns the short names."""
    return [register(name) for name in available() if get_game(name).offers("research")]


register_all()


def __getattr__(name: str) -> Any:
    # ``PastonGame``, ``ParisGame`` … and each game's ``SpielHooks.aliases``: the names the
    # one-game modules this one replaces exported.
    cls = _CLASSES.get(name)
    if cls is not None:
        return cls
    for registered in list(_CLASSES.values()):
        loader = _spiel(get_game(registered.info_name).research).aliases.get(name)
        if loader is not None:
            return loader()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
