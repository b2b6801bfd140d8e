"""The research hook group: a game as tensors, for Gymnasium, PettingZoo, OpenSpiel and RLCard.

Encoders read a seat's view (never the state), so an observation holds only what that seat
may know. Shapes are fixed per game, seat count and observation options.

The generic adapters in :mod:`paston.env` (one Gymnasium env, one PettingZoo AEC env, one
RLCard env) need only the fields without a default and play the rest from the protocol
(``GameInfo.new_match``, ``State``, ``View``); every optional field refines one thing (a
second reward mode, a truncation, the centralised critic's hidden cards …).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .spiel import SpielHooks

__all__ = ["AdapterAlias", "Encoder", "ResearchHooks"]

#: The generic adapters a public name may stand for.
AdapterKind = Literal["gym", "aec", "rlcard"]


@dataclass(frozen=True, slots=True)
class AdapterAlias:
    """A public name (``ParisEnv`` …) for one of :mod:`paston.env`'s generic adapters bound to
    this game: ``paston.env`` builds the bound class when the name is first asked for."""

    #: ``gym`` (the single-learner Gymnasium env), ``aec`` (PettingZoo) or ``rlcard``.
    adapter: AdapterKind


@dataclass(frozen=True, slots=True)
class Encoder:
    """One observation layout: its shape and the encoder of a view into it."""

    #: The shape of one observation (a flat vector: ``(size,)``).
    shape: tuple[int, ...]
    #: ``encode(view) -> numpy float32 array`` of ``shape``, from that view alone.
    encode: Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class ResearchHooks:
    """What the research adapters need of one game: its module ``research.py`` holds one as
    ``HOOKS``. The first four fields are required; every other one has a default that plays
    the game from the protocol alone."""

    #: ``observation_shape(players) -> shape`` of one seat's observation vector.
    observation_shape: Callable[[int], tuple[int, ...]]
    #: ``observe(view) -> numpy float32 array`` of that shape.
    observe: Callable[[Any], Any]
    #: ``information_state_shape(players) -> shape`` (perfect recall: the seat's own
    #: history as well as the present).
    information_state_shape: Callable[[int], tuple[int, ...]]
    #: ``information_state(state, seat) -> numpy float32 array``.
    information_state: Callable[[Any, int], Any]
    #: Divide a hand's result by this for rewards in about [-1, 1] (the adapters'
    #: ``normalize_reward=True``).
    reward_scale: float = 1.0
    #: The longest hand in actions, per seat count (OpenSpiel's ``max_game_length``; a deal
    #: as explicit chance nodes is the ``spiel`` hooks' ``deal``).
    max_game_length: Callable[[int], int] | None = None
    #: Public names users already import from ``paston.env`` (``ParisEnv``, ``encode`` …):
    #: an :class:`AdapterAlias` for a generic adapter bound to this game, or a loader
    #: returning the object (imported from the game's package on first use).
    aliases: Mapping[str, AdapterAlias | Callable[[], Any]] = field(default_factory=dict)

    # ------------------------------------------------------------ the generic adapters' part

    #: The game's own keyword options of every adapter, with their defaults (Paston's
    #: ``perfect_recall`` and ``first_deal``); the adapters refuse any other keyword and
    #: pass the options, defaults filled in, to :attr:`encoder` and :attr:`new_hand`.
    options: Mapping[str, Any] = field(default_factory=dict)
    #: ``encoder(players, options) -> Encoder``: the observation for these options; ``None``:
    #: :attr:`observation_shape` and :attr:`observe` whatever the options.
    encoder: Callable[[int, Mapping[str, Any]], Encoder] | None = None
    #: ``state_observer(seat, players, options) -> observe(state) -> numpy float32 array``:
    #: the seat's observation straight from the state, a speed-up equal value for value to
    #: the :attr:`encoder`'s of ``state.view(seat)`` (it must read only what that view
    #: holds, and the game's tests compare the two). ``None``: the adapters build the view.
    state_observer: Callable[[int, int, Mapping[str, Any]], Callable[[Any], Any]] | None = None
    #: ``action_codec(seat, players, options) -> codec | None``: a seat's action space when
    #: the options ask for one other than the game's ids (Paskievics's
    #: ``compact_actions=True``: a discard card by card), for the Gymnasium and PettingZoo
    #: AEC envs (the RLCard env refuses such options). The codec, one per seat, has
    #: ``num_actions``, ``observation_size`` (entries appended to the observation),
    #: ``reset()`` (a fresh hand), ``legal(state) -> ids``, ``take(state, id) -> game id |
    #: None`` (``None``: kept, a step of a longer decision; raises ``IllegalAction`` naming
    #: the legal ids), ``observe(state) -> float32 array`` and ``action_str(id)``. ``None``
    #: (or a hook answering ``None``): the game's own ids.
    action_codec: Callable[[int, int, Mapping[str, Any]], Any] | None = None
    #: ``new_hand(players, rules, rng, seat, options) -> State``: one hand dealt from ``rng``,
    #: not over at once, in which ``seat`` (when not ``None``) takes part. ``None``: the
    #: first hand of ``new_match(players, rules, dealer)`` with a dealer drawn from ``rng``,
    #: dealt again while it is over at once or ``seat`` never gets a turn in it.
    new_hand: Callable[[int, Any, random.Random, int | None, Mapping[str, Any]], Any] | None = None
    #: The bot the single-learner env seats at the other seats when none is named. The
    #: convention for every game is ``random`` (uniform over the legal actions: cheap,
    #: reproducible, the same meaning in every game); a stronger table is named
    #: (``opponents="heuristic"`` …).
    default_opponent: str = "random"
    #: The reward mode the adapters use when none is named: ``hand`` (the hand's result for
    #: the seat), ``match`` (Gymnasium only: a whole match, paid as the change of the seat's
    #: running total), or a key of :attr:`rewards` or :attr:`reward_names`.
    default_reward: str = "hand"
    #: Further reward modes: ``name -> reward(state, seat)``, paid when the seat's part of
    #: the hand ends (Paris's ``rank``: by finishing place).
    rewards: Mapping[str, Callable[[Any, int], float]] = field(default_factory=dict)
    #: ``name -> bounds(players) -> (lowest, highest)`` of each mode of :attr:`rewards`, for
    #: the adapters' ``reward_range`` (the ``hand`` mode's are the ``spiel`` hooks'
    #: ``utility``). A mode without bounds here has an unbounded range.
    reward_ranges: Mapping[str, Callable[[int], tuple[float, float]]] = field(default_factory=dict)
    #: The game's own words for the generic modes (Paston: ``deal`` for ``hand``, ``game``
    #: for ``match``).
    reward_names: Mapping[str, str] = field(default_factory=dict)
    #: ``seat_done(state, seat)``: the seat's part is over before the hand is (a Paris seat
    #: that went out); its episode ends there. ``None``: only when the hand is over.
    seat_done: Callable[[Any, int], bool] | None = None
    #: ``truncated(state)``: an over hand was cut short (a turn limit), so the adapters
    #: report a truncation rather than a termination.
    truncated: Callable[[Any], bool] | None = None
    #: ``explain_illegal(state, action) -> str``: why the seat to act may not take
    #: ``action`` (the adapters name the legal actions after it).
    explain_illegal: Callable[[Any, int], str] | None = None
    #: ``compiled(players, rules, seat, reward, options) -> stepper``: the Gymnasium env's
    #: ``engine="compiled"``: one learner at ``seat`` against uniformly random seats, the
    #: whole step in compiled code. The stepper has ``reset(seed | None) -> (obs, info)``,
    #: ``step(action) -> (obs, reward, terminated, truncated, info)`` (the reward times its
    #: ``reward_scale``, which the env sets;
    #: ``None`` for an action not legal now, nothing changed), ``observe()``, ``mask()``,
    #: ``done``, ``actions()`` (every seat's, in order), ``dealt_state()`` and ``replay()``
    #: (the hand as dealt and so far, as the main engine's ``State``), and returns
    #: what the Python env would, value for value, on the same hand and actions. It raises
    #: ``ValueError`` saying why for settings it does not play. ``None``: no compiled path.
    compiled: Callable[[int, Any, int, str, Mapping[str, Any]], Any] | None = None
    #: ``info(view) -> mapping``: the game's entries in an adapter's ``info`` dict at every
    #: observation, from one seat's view (Paris: ``turns``).
    info: Callable[[Any], Mapping[str, Any]] | None = None
    #: ``state_info(state, seat) -> mapping``: the same entries as :attr:`info` of the seat's
    #: view, read from the state without building the view (a speed-up: it must read only
    #: what that view holds). ``None``: the adapters build the view for :attr:`info`.
    state_info: Callable[[Any, int], Mapping[str, Any]] | None = None
    #: ``end_info(state) -> mapping``: more entries once a seat's part of the hand is over:
    #: public facts of the outcome only, the same for every seat (Paston: ``deal_scores``;
    #: Paris: ``ranking`` …); also the AEC env's final ``infos``.
    end_info: Callable[[Any], Mapping[str, Any]] | None = None
    #: ``render(view) -> str``: a view as text for the adapters' ``render()``; ``None``: the
    #: view's JSON.
    render: Callable[[Any], str] | None = None
    #: ``hidden_size(players)`` and ``hidden(state)``: what no seat's view holds, as a
    #: float32 vector after the seats' observations in the AEC env's ``state()`` (for
    #: centralised critics only). ``None``: nothing is added.
    hidden_size: Callable[[int], int] | None = None
    hidden: Callable[[Any], Any] | None = None
    #: ``action_record(view) -> [(seat, notation), …]``: every action as the viewer may know
    #: it (RLCard's ``action_record``). ``None``: an empty record.
    action_record: Callable[[Any], list[tuple[int, str]]] | None = None
    #: ``perfect_information(state) -> dict``: every card, for analysis (RLCard's
    #: ``get_perfect_information``); ``None``: the adapters offer none.
    perfect_information: Callable[[Any], dict[str, Any]] | None = None

    # ------------------------------------------------------------ OpenSpiel's part

    #: ``information_state_string(state, seat) -> str``: the perfect-recall text of what
    #: ``seat`` has seen and done (OpenSpiel's ``information_state_string``; ISMCTS keys its
    #: tree with it). ``None``: the generic game writes the tensor's non-zero entries.
    information_state_string: Callable[[Any, int], str] | None = None
    #: ``spiel() -> SpielHooks``: OpenSpiel's facts of the game (parameters, bounds of the
    #: returns, the deal as explicit chance nodes; see :mod:`paston.core.hooks.spiel`),
    #: loaded when OpenSpiel first asks. ``None``: the defaults.
    spiel: Callable[[], SpielHooks] | None = None
