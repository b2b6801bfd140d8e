"""What the server shows each viewer of any game: a seat's view, the spectator view, the
end-of-hand reveal, the action a move timer plays, and a score-sheet row.

Everything goes through the game's :class:`~paston.core.protocol.GameInfo` hooks; a game may
also have a module ``paston.games.NAME.table_views`` with ``score_row(state, number, totals)``
for a richer score sheet (Paston's names the declarer and the contract). The Paston functions
that lived here before the game protocol are re-exported under their old names.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cache
from types import ModuleType
from typing import Any

from ..core.protocol import GameInfo, State
from ..games.paston.table_views import default_action, reveal, spectator_view

__all__ = [
    "deal_reveal",
    "default_action",
    "game_table_views",
    "hand_reveal",
    "public_view",
    "score_row",
    "seat_view",
    "spectator_view",
    "timeout_action",
]


def deal_reveal(deal: Any, number: int) -> dict[str, Any]:
    """Paston's end-of-deal reveal with its number (the name used before the protocol)."""
    return reveal(deal, number)


@cache
def game_table_views(name: str) -> ModuleType | None:
    """The game's optional ``table_views`` module (``None`` when it has none)."""
    try:
        return importlib.import_module(f"paston.games.{name}.table_views")
    except ModuleNotFoundError as exc:
        if exc.name == f"paston.games.{name}.table_views":
            return None
        raise


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """What one seat may know, as JSON (exactly ``state.view(seat).to_json()``)."""
    return state.view(seat).to_json()


def public_view(info: GameInfo, state: State) -> dict[str, Any]:
    """What a spectator sees: the game's spectator view, or only the phase and whose turn."""
    if info.spectator_view is not None:
        return info.spectator_view(state)
    return {"seat": None, "phase": state.phase, "to_act": state.to_act, "legal": []}


def hand_reveal(info: GameInfo, state: State, number: int) -> dict[str, Any] | None:
    """Everything about a finished hand, numbered; ``None`` while it is in progress (or when
    the game reveals nothing)."""
    if not state.is_over or info.reveal is None:
        return None
    shown = dict(info.reveal(state))
    shown.pop("deal", None)
    return {"deal": number, **shown}


def timeout_action(info: GameInfo, state: State) -> int:
    """The action played for a seat that ran out of time (or whose bot failed)."""
    if info.default_action is not None:
        return info.default_action(state)
    legal = state.legal_actions()
    if not legal:
        raise ValueError("nobody is to act in this hand")
    return legal[0]


def score_row(
    info: GameInfo, state: State, number: int, totals: Sequence[float]
) -> dict[str, Any] | None:
    """The score-sheet row of a finished hand (``None``: the hand is not a row)."""
    hooks = game_table_views(info.name)
    if hooks is not None and hasattr(hooks, "score_row"):
        row: dict[str, Any] | None = hooks.score_row(state, number, totals)
        return row
    return {"deal": number, "scores": list(state.result()), "totals": list(totals)}
