"""Paskievics's research hooks: what the generic adapters of :mod:`paston.env` need of a deal.

The encoder (:mod:`.encoding`) reads one seat's view; the hidden cards of the AEC env's
``state()`` (for centralised critics only) read the state. With five seats the dealer sits
out, so a learner's deal is dealt by one of the other seats. ``paston.env.PaskievicsEnv`` and
``PaskievicsAECEnv`` are the generic adapters bound to Paskievics (:data:`HOOKS`'s
``aliases``).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import numpy as np
import numpy.typing as npt

from ...core.hooks.research import AdapterAlias, Encoder, ResearchHooks
from .cards import NUM_CARDS
from .rules import PaskievicsRules
from .shuffle import deal_cards
from .state import PaskievicsState
from .view import PaskievicsView

__all__ = ["HOOKS", "new_hand"]


def _encoding() -> Any:
    return importlib.import_module(f"{__package__}.encoding")


def observation_shape(players: int) -> tuple[int, ...]:
    return (_encoding().paskievics_layout(players).size,)


def observe(view: PaskievicsView) -> npt.NDArray[np.float32]:
    """:func:`.encoding.encode_paskievics` of ``view``, in the layout of its table size."""
    enc = _encoding()
    out: npt.NDArray[np.float32] = enc.encode_paskievics(
        view, enc.paskievics_layout(int(view.data["players"]))
    )
    return out


def encoder(players: int, options: Mapping[str, Any]) -> Encoder:
    enc = _encoding()
    layout = enc.paskievics_layout(players)

    def encode(view: PaskievicsView) -> npt.NDArray[np.float32]:
        out: npt.NDArray[np.float32] = enc.encode_paskievics(view, layout)
        return out

    return Encoder((layout.size,), encode)


def state_observer(
    seat: int, players: int, options: Mapping[str, Any]
) -> Callable[[PaskievicsState], npt.NDArray[np.float32]]:
    """``seat``'s observation straight from the deal
    (:func:`.encoding.encode_paskievics_state`: value for value :func:`encoder`'s of the
    seat's view, without building the view)."""
    enc = _encoding()
    layout = enc.paskievics_layout(players)
    encode_state = enc.encode_paskievics_state

    def observe_state(state: PaskievicsState) -> npt.NDArray[np.float32]:
        out: npt.NDArray[np.float32] = encode_state(state, seat, layout)
        return out

    return observe_state


def information_state_shape(players: int) -> tuple[int, ...]:
    shape: tuple[int, ...] = importlib.import_module(
        f"{__package__}.infostate"
    ).information_state_shape(players)
    return shape


def information_state(state: PaskievicsState, seat: int) -> npt.NDArray[np.float32]:
    out: npt.NDArray[np.float32] = importlib.import_module(
        f"{__package__}.infostate"
    ).information_state(state, seat)
    return out


def new_hand(
    players: int,
    rules: PaskievicsRules,
    rng: random.Random,
    seat: int | None,
    options: Mapping[str, Any],
) -> PaskievicsState:
    """A fresh deal from ``rng``; with five seats and a ``seat`` that must play, the dealer
    (who sits out) is drawn among the other seats."""
    if rules.players != players:
        rules = replace(rules, players=players)  # the table's size decides the flag
    dealers = [s for s in range(players) if players == 4 or seat is None or s != seat]
    dealer = rng.choice(dealers) if seat is not None else rng.randrange(players)
    hands, talon, dealer = deal_cards(rng, dealer, players)
    return PaskievicsState(hands, talon, dealer, rules)


def _end_info(state: PaskievicsState) -> dict[str, Any]:
    return {"scores": list(state.result()), "thrown_in": state.thrown_in}


def _render(view: PaskievicsView) -> str:
    text: str = importlib.import_module(f"{__package__}.text").render_view(view)
    return text


def action_codec(seat: int, players: int, options: Mapping[str, Any]) -> Any:
    """The compact action space (``compact_actions=True``: a discard card by card,
    :mod:`.compact_actions`), else ``None``: the flat ids."""
    codec = importlib.import_module(f"{__package__}.compact_actions").action_codec
    return codec(seat, players, options)


def hidden(state: PaskievicsState) -> npt.NDArray[np.float32]:
    """Each seat's current hand, then each seat's discard, then the talon as dealt (one-hot
    over the 42 cards each)."""
    n = state.seats
    out = np.zeros((2 * n + 1, NUM_CARDS), dtype=np.float32)
    for seat in range(n):
        out[seat, sorted(state.hands[seat])] = 1.0
        out[n + seat, sorted(state.discards[seat])] = 1.0
    out[2 * n, sorted(state.talon)] = 1.0
    return out.ravel()


HOOKS = ResearchHooks(
    observation_shape=observation_shape,
    observe=observe,
    information_state_shape=information_state_shape,
    information_state=information_state,
    information_state_string=lambda state, seat: importlib.import_module(
        f"{__package__}.infostate"
    ).information_state_string(state, seat),
    spiel=lambda: importlib.import_module(f"{__package__}.spiel").HOOKS,
    # A deal score over 100 lies in about −1 … 1 (spec §10.5, times the deal multiplier).
    reward_scale=100.0,
    aliases={"PaskievicsEnv": AdapterAlias("gym"), "PaskievicsAECEnv": AdapterAlias("aec")},
    # compact_actions=True: the Gymnasium env's learner discards card by card (176 ids).
    options={"compact_actions": False},
    encoder=encoder,
    state_observer=state_observer,
    # engine="compiled": the flat ids in the batched engine's kernels (.batched.single).
    compiled=lambda players, rules, seat, reward, options: importlib.import_module(
        f"{__package__}.batched.single"
    ).build(players, rules, seat, reward, options),
    action_codec=action_codec,
    new_hand=new_hand,
    default_opponent="random",
    end_info=_end_info,
    render=_render,
    hidden_size=lambda players: (2 * players + 1) * NUM_CARDS,
    hidden=hidden,
)
