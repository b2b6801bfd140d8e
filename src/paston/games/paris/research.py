"""Paris's research hooks: what the generic adapters of :mod:`paston.env` need of a game.

The encoder (:mod:`.encoding`) reads one seat's view; the hidden cards of the AEC env's
``state()`` (for centralised critics only) read the state. A seat that goes out ends its
learner's episode there (its place is fixed); a game ended by the turn limit is reported as
truncated. ``paston.env.ParisEnv`` and ``ParisAECEnv`` are the generic adapters bound to
Paris (:data:`HOOKS`'s ``aliases``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from ...core.hooks.research import AdapterAlias, Encoder, ResearchHooks
from .cards import NUM_CARDS
from .state import ParisState
from .view import ParisView

__all__ = ["HOOKS", "rank_reward"]

_SLOTS = 3  # face-down cards per seat (paris.md §3)
_PACKS = 2  # the game is dealt from two packs, so a card is in the deck at most twice


def _encoding() -> Any:
    return importlib.import_module(f"{__package__}.encoding")


def observation_shape(players: int) -> tuple[int, ...]:
    return (_encoding().paris_layout(players).size,)


def observe(view: ParisView) -> npt.NDArray[np.float32]:
    """:func:`.encoding.encode_paris` of ``view``, in the layout of its table size."""
    out: npt.NDArray[np.float32] = _encoding().encode_paris(view)
    return out


def encoder(players: int, options: Mapping[str, Any]) -> Encoder:
    enc = _encoding()
    layout = enc.paris_layout(players)

    def encode(view: ParisView) -> npt.NDArray[np.float32]:
        out: npt.NDArray[np.float32] = enc.encode_paris(view, layout)
        return out

    return Encoder((layout.size,), encode)


def state_observer(
    seat: int, players: int, options: Mapping[str, Any]
) -> Callable[[ParisState], npt.NDArray[np.float32]]:
    """``seat``'s observation straight from the state (:func:`.encoding.encode_paris_state`:
    value for value :func:`encoder`'s of the seat's view, without building the view)."""
    enc = _encoding()
    layout = enc.paris_layout(players)
    encode_state = enc.encode_paris_state

    def observe_state(state: ParisState) -> npt.NDArray[np.float32]:
        out: npt.NDArray[np.float32] = encode_state(state, seat, layout)
        return out

    return observe_state


def information_state_shape(players: int) -> tuple[int, ...]:
    shape: tuple[int, ...] = importlib.import_module(
        f"{__package__}.infostate"
    ).information_state_shape(players)
    return shape


def information_state(state: ParisState, seat: int) -> npt.NDArray[np.float32]:
    out: npt.NDArray[np.float32] = importlib.import_module(
        f"{__package__}.infostate"
    ).information_state(state, seat)
    return out


def rank_reward(state: ParisState, seat: int) -> float:
    """+1 for going out first down to −1 for the loser, evenly spaced; 0 while ``seat``'s
    place is not fixed (it has not gone out and the game goes on)."""
    n = state.players
    if state.has_finished(seat):
        place = state.finished.index(seat)
    elif state.is_over and state.ranking is not None:
        place = state.ranking.index(seat)
    else:
        return 0.0
    return 1.0 - 2.0 * place / (n - 1)


def _end_info(state: ParisState) -> dict[str, Any]:
    # Once a seat went out or the game is over; ``ranking`` and ``end`` stay None until the
    # game is.
    return {
        "finished": state.finished,
        "ranking": state.ranking,
        "loser": state.loser,
        "end": state.end,
    }


def _render(view: ParisView) -> str:
    text: str = importlib.import_module(f"{__package__}.text").render_view(view)
    return text


def hidden_size(players: int) -> int:
    """Each seat's three face-down slots (one-hot over 52 cards), then the deck's cards."""
    return players * _SLOTS * NUM_CARDS + NUM_CARDS


def hidden(state: ParisState) -> npt.NDArray[np.float32]:
    """What no seat sees: each seat's face-down slots (one-hot over the 52 cards,
    ``players × 3 × 52``) and the deck's cards (the count of each card over 2, as the game
    uses two packs; the order is left out)."""
    down = np.zeros((state.players, _SLOTS, NUM_CARDS), dtype=np.float32)
    for seat in range(state.players):
        for slot, card in enumerate(state.face_down(seat)):
            if card >= 0:
                down[seat, slot, card] = 1.0
    deck = np.bincount(np.asarray(state.deck, dtype=np.int64), minlength=NUM_CARDS)
    return np.concatenate([down.ravel(), deck.astype(np.float32) / _PACKS])


HOOKS = ResearchHooks(
    observation_shape=observation_shape,
    observe=observe,
    information_state_shape=information_state_shape,
    information_state=information_state,
    information_state_string=lambda state, seat: importlib.import_module(
        f"{__package__}.infostate"
    ).information_state_string(state, seat),
    spiel=lambda: importlib.import_module(f"{__package__}.spiel").HOOKS,
    # Both reward modes already lie in −1 … 1.
    reward_scale=1.0,
    aliases={"ParisEnv": AdapterAlias("gym"), "ParisAECEnv": AdapterAlias("aec")},
    encoder=encoder,
    state_observer=state_observer,
    compiled=lambda players, rules, seat, reward, options: importlib.import_module(
        f"{__package__}.batched.single"
    ).build(players, rules, seat, reward, options),
    default_opponent="random",
    # ``result``: the game's own result (−1 for the loser, 0 for everyone else).
    default_reward="result",
    reward_names={"result": "hand"},
    rewards={"rank": rank_reward},
    reward_ranges={"rank": lambda players: (-1.0, 1.0)},
    seat_done=lambda state, seat: state.has_finished(seat),
    truncated=lambda state: state.end == "turn_limit",
    info=lambda view: {"turns": view.turns},
    state_info=lambda state, seat: {"turns": state.turns},
    end_info=_end_info,
    render=_render,
    hidden_size=hidden_size,
    hidden=hidden,
)
