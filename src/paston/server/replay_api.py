"""The answer of ``GET /api/tables/{id}/replay``: a table's finished hands, replayed.

The answer is ``{"record", "summary", "seats"}``, and ``steps`` for a game whose table hooks
give the replay page's steps (``TableHooks.replay_steps``). ``summary`` is ``paston replay`` of
the record, or the game's own summary of its table records (``TableHooks.record_summary``: a
Paris table of several games records a ``paris-session/1``, which no notation reads). A table
with no finished hand has nothing to replay: 409, never a replay of an empty record.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.errors import RecordError
from ..core.registry import replay
from .errors import BadRequest
from .views import table_hooks

if TYPE_CHECKING:
    from .table import Table

__all__ = ["NOTHING_TO_REPLAY", "finished_hands", "replay_answer"]

#: The 409's message when no hand of the table has finished.
NOTHING_TO_REPLAY = "no hand of this table has finished yet: there is nothing to replay"


def finished_hands(record: dict[str, Any]) -> int:
    """How many hands a table's record holds (it holds only finished ones): the deals of a
    game record, the games of a session, else the one game the record is."""
    for key in ("deals", "games"):
        hands = record.get(key)
        if isinstance(hands, list):
            return len(hands)
    return 1


async def replay_answer(table: Table) -> dict[str, Any]:
    """The replay endpoint's answer for ``table``; :class:`BadRequest` 409 when there is
    nothing to replay yet."""
    try:
        rec = table.record()
    except RecordError as exc:
        # The table cannot tell its finished hands now (a hand is being dealt): not yet.
        raise BadRequest(f"{NOTHING_TO_REPLAY} ({exc})", "nothing_to_replay", 409) from None
    if not finished_hands(rec):
        raise BadRequest(NOTHING_TO_REPLAY, "nothing_to_replay", 409)
    hooks = table_hooks(table.settings.info)
    replay_of: Callable[[dict[str, Any]], dict[str, Any]] = replay
    if hooks is not None and hooks.record_summary is not None:
        replay_of = hooks.record_summary
    out: dict[str, Any] = {
        "record": rec,
        "summary": replay_of(rec),
        "seats": [s.nickname or s.bot for s in table.seats],
    }
    # The replay page draws the engine's own steps, for every game that gives them.
    if hooks is not None and hooks.replay_steps is not None:
        out["steps"] = await asyncio.to_thread(hooks.replay_steps, rec)
    return out
