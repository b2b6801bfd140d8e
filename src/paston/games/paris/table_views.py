"""Paris at a server table: what a spectator sees, the reveal at the end, a timed-out seat's
action, a score-sheet row, how a session ended and what its record replays as.

The server reaches them through :data:`HOOKS`, the Paris table hook group (``GameInfo.table``).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from ...core.hooks.table import TableHooks
from .actions import PICKUP, READY, SWAP_BASE, action_str
from .cards import CARD_NAMES
from .match import SESSION_FORMAT, ParisMatch, session_replay
from .record import replay
from .state import ParisState
from .view import build_view

__all__ = [
    "HOOKS",
    "default_action",
    "outcome",
    "record_summary",
    "reveal",
    "score_row",
    "spectator_view",
]


def spectator_view(state: ParisState) -> dict[str, Any]:
    """The public part of any seat's view: no hand, no legal actions."""
    out = build_view(state, 0).to_json()
    out["seat"] = None
    out["hand"] = []
    out["legal"] = []
    return out


def reveal(state: ParisState, number: int | None = None) -> dict[str, Any]:
    """Every card of a finished game: the hands, face-up and face-down cards as they end, the
    deck left, and the actions (shown to everybody once the game is over, never before)."""
    if not state.is_over:
        raise ValueError("a Paris game is revealed only once it is over")
    n = state.players
    head: dict[str, Any] = {} if number is None else {"deal": number}
    return {
        **head,
        "hands": [[CARD_NAMES[c] for c in state.hand(s)] for s in range(n)],
        "face_up": [[CARD_NAMES[c] for c in state.face_up(s)] for s in range(n)],
        "face_down": [
            [None if c < 0 else CARD_NAMES[c] for c in state.face_down(s)] for s in range(n)
        ],
        "deck": [CARD_NAMES[c] for c in state.deck],
        "loser": state.loser,
        "ranking": list(state.ranking or ()),
        "end": state.end,
        "actions": [action_str(a) for a in state.history],
    }


def default_action(state: ParisState) -> int:
    """The action played for a seat that ran out of time: in the swap phase ``ready``; in the
    play phase the lowest legal play, else ``pickup``, else the first legal action (a blind
    card)."""
    legal = state.legal_actions()
    if not legal:
        raise ValueError("nobody is to act in this game")
    if READY in legal:
        return READY
    plays = [a for a in legal if a < SWAP_BASE]
    if plays:
        return plays[0]  # the reference order puts the lowest rank, fewest cards first
    if PICKUP in legal:
        return PICKUP
    return legal[0]


def score_row(state: ParisState, number: int, totals: Sequence[float]) -> dict[str, Any]:
    """The session sheet's row of a finished game: the loser and the running totals."""
    return {
        "deal": number,
        "scores": list(state.result()),
        "totals": list(totals),
        "loser": state.loser,
        "ranking": list(state.ranking or ()),
    }


def outcome(match: ParisMatch) -> dict[str, Any]:
    """How a finished session ended: the winner is the seat that lost fewest games (of a
    single game, the first out), a draw when several lost as few and the session was longer;
    the last game's ``loser`` and finishing ``ranking`` come with it."""
    totals = list(match.totals)
    leaders = [seat for seat, total in enumerate(totals) if total == max(totals)]
    last = match.current
    ranking = list(last.ranking or ()) if last is not None else []
    winner: int | None = leaders[0] if len(leaders) == 1 else None
    if winner is None and match.games == 1 and ranking:
        winner = ranking[0]
    return {
        "winner": winner,
        "draw": winner is None,
        "loser": last.loser if last is not None else None,
        "ranking": ranking,
    }


def record_summary(record: dict[str, Any]) -> dict[str, Any]:
    """A table's record as its replay: a session of several games (a ``paris-session/1``,
    which no notation reads) game by game, a single game as ``paston replay`` gives it."""
    if record.get("format") == SESSION_FORMAT:
        return session_replay(record)
    return replay(record)


def _replay_steps(record: dict[str, Any]) -> Any:
    # Imported on call: ``replay_steps`` draws on this module (and is not needed to play).
    module = importlib.import_module(f"{__package__}.replay_steps")
    return module.replay_steps(record)


#: The Paris table hook group.
HOOKS = TableHooks(
    spectator_view=spectator_view,
    reveal=reveal,
    default_action=default_action,
    score_row=score_row,
    replay_steps=_replay_steps,
    record_summary=record_summary,
    outcome=outcome,
    match_options={"games": "number of games in the session (the loser deals next)"},
)
