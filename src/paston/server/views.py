"""What the server shows each viewer of any game: a seat's view, the spectator view, the
end-of-hand reveal, the action a move timer plays, and a score-sheet row.

Everything goes through the game's table hooks (:class:`~paston.core.hooks.table.TableHooks`,
``GameInfo.table``); where a game offers no table hooks, or leaves a hook out, the generic
fallback documented on each function applies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.hooks.table import TableHooks
from ..core.protocol import GameInfo, State

__all__ = [
    "hand_reveal",
    "public_view",
    "score_row",
    "seat_view",
    "table_hooks",
    "timeout_action",
]


def table_hooks(info: GameInfo) -> TableHooks | None:
    """The game's table hooks (``None`` when it offers none)."""
    return info.table if info.offers("table") else None


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """What one seat may know, as JSON (exactly ``state.view(seat).to_json()``)."""
    return state.view(seat).to_json()


def public_view(info: GameInfo, state: State) -> dict[str, Any]:
    """What a spectator sees: the game's spectator view, or only the phase and whose turn."""
    hooks = table_hooks(info)
    if hooks is not None:
        return hooks.spectator_view(state)
    return {"seat": None, "phase": state.phase, "to_act": state.to_act, "legal": []}


def hand_reveal(info: GameInfo, state: State, number: int) -> dict[str, Any] | None:
    """Everything about a finished hand, numbered; ``None`` while it is in progress (or when
    the game reveals nothing)."""
    hooks = table_hooks(info)
    if not state.is_over or hooks is None:
        return None
    shown = dict(hooks.reveal(state))
    shown.pop("deal", None)
    return {"deal": number, **shown}


def timeout_action(info: GameInfo, state: State) -> int:
    """The action played for a seat that ran out of time (or whose bot failed): the game's
    default action, else the first legal one."""
    hooks = table_hooks(info)
    if hooks is not None and hooks.default_action is not None:
        return hooks.default_action(state)
    legal = state.legal_actions()
    if not legal:
        raise ValueError("nobody is to act in this hand")
    return legal[0]


def score_row(
    info: GameInfo, state: State, number: int, totals: Sequence[float]
) -> dict[str, Any] | None:
    """The score-sheet row of a finished hand (``None``: the hand is not a row): the game's,
    else the hand's result per seat and the running totals."""
    hooks = table_hooks(info)
    if hooks is not None and hooks.score_row is not None:
        return hooks.score_row(state, number, tuple(totals))
    return {"deal": number, "scores": list(state.result()), "totals": list(totals)}
