"""The answer of ``GET /api/tables/{id}/replay``: a table's finished hands, replayed.

The answer is ``{"record", "summary", "seats"}`` (and ``steps`` for a game whose replay page
draws the engine's own steps). ``summary`` is ``paston replay`` of the record; a Paris table
of several games records a ``paris-session/1``, which no notation reads, so its summary comes
from the game's ``replay_session`` extra (one replay object per game). A table with no
finished hand has nothing to replay: 409, never a replay of an empty record.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.errors import RecordError
from ..core.registry import replay
from .errors import BadRequest

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
    info = table.settings.info
    replay_of: Callable[[dict[str, Any]], dict[str, Any]] = replay
    if rec.get("format") == info.extras.get("session_format"):
        replay_of = info.extras["replay_session"]
    out: dict[str, Any] = {
        "record": rec,
        "summary": replay_of(rec),
        "seats": [s.nickname or s.bot for s in table.seats],
    }
    # A game whose replay page draws the engine's own steps (Paskievics) gets them too.
    steps_of = info.extras.get("replay_steps")
    if steps_of is not None:
        out["steps"] = await asyncio.to_thread(steps_of, rec)
    return out
