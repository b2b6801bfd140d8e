"""The browser replay of a finished Paris record: one table view after every action.

The replay page (``static/replay.js``, the same for every game) draws each step with Paris's
table renderer, as a spectator sees the table, plus what a finished game no longer hides: every
seat's hand and face-down cards (``open``, in the shape of the end-of-game reveal, which the
renderer already shows face up). The engine replays the record, so the browser holds no rules
of its own. A table records one ``paris-game/1`` or, for a session of several games, a
``paris-session/1``; each game is ``{"steps", "actions", "shared", "over", "score_row"}`` with
the session's running totals (a game's loser scores −1). A list that only grows from step to
step (the event log) comes once in ``shared``; a step's ``shared`` gives its length there.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import RecordError
from .actions import action_str
from .cards import CARD_NAMES
from .match import SESSION_FORMAT
from .record import GAME_FORMAT, state_from_record
from .state import ParisState
from .table_views import reveal, score_row, spectator_view

__all__ = ["replay_steps"]

#: The view's lists that only grow during a game.
_GROWING = ("events", "burned_cards")


def _open(state: ParisState) -> dict[str, Any]:
    """Every seat's hand and face-down cards now (``None`` for a face-down slot played)."""
    n = state.players
    return {
        "hands": [[CARD_NAMES[c] for c in state.hand(s)] for s in range(n)],
        "face_down": [
            [None if c < 0 else CARD_NAMES[c] for c in state.face_down(s)] for s in range(n)
        ],
    }


def _step(state: ParisState) -> dict[str, Any]:
    view = spectator_view(state)
    view["open"] = _open(state)
    # The event log and the burned cards only grow: sent once per game (``shared``), each step
    # says how much of them is its own (a game of 400 actions would send 80,000 events).
    view["shared"] = {key: len(view.pop(key)) for key in _GROWING}
    return view


def _game_steps(body: dict[str, Any], number: int, totals: list[float]) -> dict[str, Any]:
    """Every step of one game, replayed from its deal with the engine."""
    final = state_from_record(body)  # checks the record and every action first
    state = state_from_record({**body, "actions": []})
    steps = [_step(state)]
    actions = []
    for action in final.history:
        actions.append({"seat": state.to_act, "action": action_str(action)})
        state.apply(action)
        steps.append(_step(state))
    return {
        "actions": actions,
        "shared": {key: spectator_view(state)[key] for key in _GROWING},
        "steps": steps,
        "over": reveal(state, number) if state.is_over else None,
        "score_row": score_row(state, number, totals) if state.is_over else None,
    }


def replay_steps(record: Any) -> list[dict[str, Any]]:
    """The steps of each game of a ``paris-game/1`` or ``paris-session/1`` record (a record
    error is raised as :class:`~paston.core.errors.RecordError`)."""
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    if record.get("format") == GAME_FORMAT:
        games = [record]
    elif record.get("format") == SESSION_FORMAT and isinstance(record.get("games"), list):
        games = record["games"]
    else:
        raise RecordError(f"not a Paris record: format {record.get('format')!r}")
    out = []
    totals: list[float] = []
    for number, body in enumerate(games, start=1):
        if not isinstance(body, dict):
            raise RecordError(f"games[{number - 1}]: must be a {GAME_FORMAT} record")
        final = state_from_record(body)
        if not totals:
            totals = [0.0] * final.players
        if final.is_over:
            totals = [t + r for t, r in zip(totals, final.result(), strict=True)]
        out.append(_game_steps(body, number, [int(t) for t in totals]))
    return out
