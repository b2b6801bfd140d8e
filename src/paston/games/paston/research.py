"""Paston's research hooks: what the generic adapters of :mod:`paston.env` need of a deal.

The encoders (:mod:`.encoding`) read one seat's view; the hidden cards of the AEC env's
``state()`` and the perfect-information summary (for centralised critics and analysis only)
read the deal. The public names of Paston's adapters (``paston.env.PastonEnv`` …) are
declared in :data:`HOOKS`'s ``aliases``; everything is imported on first use, so this module
stays light.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from ...core.hooks.research import AdapterAlias, Encoder, ResearchHooks
from .rules import Rules
from .shuffle import deal_until_playable
from .state import Deal
from .view import SeatView

__all__ = ["DEAL_SCORE_BOUND", "DEAL_SCORE_RANGE", "HOOKS"]

#: The lowest and highest deal score of one seat under the default rules: a failed gupa or
#: grkha costs 40 (so does a ×4 defender taking no trick); a defender taking all ten tricks
#: of a ×4 contract beside another whister wins 8 × 40. OpenSpiel's game reports the same.
DEAL_SCORE_RANGE = (-40.0, 320.0)
#: What ``normalize_reward=True`` divides rewards by: deal rewards then lie in [−0.125, 1].
DEAL_SCORE_BOUND = 320.0


def _encoding() -> Any:
    return importlib.import_module(f"{__package__}.encoding")


def observation_shape(players: int) -> tuple[int, ...]:
    """The perfect-recall tensor's shape (Paston has three seats whatever ``players``)."""
    return (_encoding().INFO_STATE_LAYOUT.size,)


def observe(view: SeatView) -> npt.NDArray[np.float32]:
    """The perfect-recall tensor of ``view`` (:func:`.encoding.encode`)."""
    out: npt.NDArray[np.float32] = _encoding().encode(view)
    return out


def encoder(players: int, options: Mapping[str, Any]) -> Encoder:
    """The tensor with the trick-by-trick history (``perfect_recall``, default) or without."""
    enc = _encoding()
    layout = enc.layout_for(bool(options["perfect_recall"]), True)

    def encode(view: SeatView) -> npt.NDArray[np.float32]:
        out: npt.NDArray[np.float32] = enc.encode(view, layout)
        return out

    return Encoder((layout.size,), encode)


def state_observer(
    seat: int, players: int, options: Mapping[str, Any]
) -> Callable[[Deal], npt.NDArray[np.float32]]:
    """``seat``'s tensor kept up to date action by action (:class:`.fast_encoding.DealEncoder`:
    value for value :func:`encoder`'s of the seat's view, without building the view)."""
    enc = _encoding()
    layout = enc.layout_for(bool(options["perfect_recall"]), True)
    fast = importlib.import_module(f"{__package__}.fast_encoding").DealEncoder(seat, layout)
    encode: Callable[[Deal], npt.NDArray[np.float32]] = fast.encode
    return encode


def information_state_shape(players: int) -> tuple[int, ...]:
    shape: tuple[int, ...] = importlib.import_module(
        f"{__package__}.infostate"
    ).information_state_shape(players)
    return shape


def information_state(state: Deal, seat: int) -> npt.NDArray[np.float32]:
    out: npt.NDArray[np.float32] = importlib.import_module(
        f"{__package__}.infostate"
    ).information_state(state, seat)
    return out


def new_hand(
    players: int, rules: Rules, rng: random.Random, seat: int | None, options: Mapping[str, Any]
) -> Deal:
    """A playable deal (redeals skipped), the dealer drawn from ``rng``; ``first_deal``
    applies the J♠/7♠ first-bidder rule of a game's first deal. Every seat speaks in the
    auction, so every seat takes part."""
    dealer = rng.randrange(3)
    return deal_until_playable(
        dealer=dealer, first_deal=bool(options["first_deal"]), rules=rules, rng=rng
    )[-1]


def _end_info(deal: Deal) -> dict[str, Any]:
    # The deal scores (None for a deal thrown in after an all-pass) and how it ended.
    return {"deal_scores": deal.scores, "phase": deal.phase}


def _render(view: SeatView) -> str:
    text: str = _encoding().info_state_string(view)
    return text


def _hidden(deal: Deal) -> npt.NDArray[np.float32]:
    """The prikup as dealt (32 values, one per card)."""
    return ((deal.prikup >> np.arange(32)) & 1).astype(np.float32)


def _perfect_information(deal: Deal) -> dict[str, Any]:
    from .cards import card_name, cards_of

    def names(mask: int) -> list[str]:
        return [card_name(c) for c in cards_of(mask)]

    return {
        "hands": [names(h) for h in deal.hands],
        "prikup": names(deal.prikup),
        "discards": names(deal.discards),
        "current_player": deal.to_act,
        "legal_actions": deal.legal_action_strs(),
    }


def _from(module: str, name: str) -> Callable[[], Any]:
    def load() -> Any:
        return getattr(importlib.import_module(f"{__package__}.{module}"), name)

    return load


HOOKS = ResearchHooks(
    observation_shape=observation_shape,
    observe=observe,
    information_state_shape=information_state_shape,
    information_state=information_state,
    information_state_string=lambda state, seat: importlib.import_module(
        f"{__package__}.infostate"
    ).information_state_string(state, seat),
    spiel=lambda: importlib.import_module(f"{__package__}.spiel").HOOKS,
    reward_scale=DEAL_SCORE_BOUND,
    aliases={
        "PastonEnv": AdapterAlias("gym"),
        "PastonAECEnv": AdapterAlias("aec"),
        "PastonRLCardEnv": AdapterAlias("rlcard"),
        "DEAL_SCORE_BOUND": lambda: DEAL_SCORE_BOUND,
        "DEAL_SCORE_RANGE": lambda: DEAL_SCORE_RANGE,
        "BatchedPaston": _from("batched", "BatchedPaston"),
        **{
            name: _from("encoding", name)
            for name in (
                "INFO_STATE_LAYOUT",
                "OBSERVATION_LAYOUT",
                "describe_layout",
                "encode",
                "info_state_string",
                "legal_mask",
                "observation_string",
            )
        },
    },
    options={"perfect_recall": True, "first_deal": False},
    encoder=encoder,
    state_observer=state_observer,
    new_hand=new_hand,
    compiled=lambda players, rules, seat, reward, options: importlib.import_module(
        f"{__package__}.batched.single"
    ).build(players, rules, seat, reward, options),
    default_opponent="random",
    default_reward="deal",
    reward_names={"deal": "hand", "game": "match"},
    explain_illegal=lambda deal, action: deal.explain_illegal(action),
    end_info=_end_info,
    render=_render,
    hidden_size=lambda players: 32,
    hidden=_hidden,
    action_record=lambda view: list(view.history),
    perfect_information=_perfect_information,
)
