"""Finished games the accounts never heard of: recorded at start-up.

A table's last move is logged before the game-end hook records the result; a server that
died between the two left a finished game unrated and out of its players' histories. At
start-up, once the tables are rebuilt from the log, every finished table with a registered
player whose result is not stored is recorded now (recording is idempotent: a table already
stored is left as it is).

What the restart forgot is read back from the log: the game ended when its last event was
written, and a player counts as having left if the stand-in bot made their seat's last move
(the live rule, "nobody connected at the end", cannot be known any more).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Engine

from ..store import events_t
from .history import record_game
from .results import FinishedGame, finished_game
from .schema import finished_t

__all__ = ["candidates", "missing", "record_missed"]


def candidates(tables: Iterable[Any]) -> list[Any]:
    """Tables whose game is over with a registered player at a seat."""
    return [t for t in tables if t.match.over and any(s.account is not None for s in t.seats)]


def missing(engine: Engine, table_ids: list[str]) -> dict[str, tuple[float, set[int]]]:
    """Of ``table_ids``, those with no stored result: when each ended (its last event) and
    the seats whose last move the stand-in made."""
    out: dict[str, tuple[float, set[int]]] = {}
    with engine.connect() as conn:
        for start in range(0, len(table_ids), 500):
            chunk = table_ids[start : start + 500]
            stored = set(
                conn.execute(
                    select(finished_t.c.table_id).where(finished_t.c.table_id.in_(chunk))
                ).scalars()
            )
            for table_id in chunk:
                if table_id in stored:
                    continue
                ended = conn.execute(
                    select(func.max(events_t.c.at)).where(events_t.c.table_id == table_id)
                ).scalar_one()
                last_by: dict[int, str] = {}
                moves = select(events_t.c.data).where(
                    events_t.c.table_id == table_id, events_t.c.kind == "action"
                )
                for (data,) in conn.execute(moves.order_by(events_t.c.seq)):
                    move = json.loads(data)
                    last_by[int(move["seat"])] = str(move.get("by", "player"))
                stood_in = {seat for seat, by in last_by.items() if by == "stand_in"}
                out[table_id] = (float(ended or 0.0), stood_in)
    return out


def rebuilt_result(table: Any, ended: float, stood_in: set[int]) -> FinishedGame:
    """The result the game-end hook would have recorded, from the log's facts."""
    game = finished_game(table, ended)
    seats = tuple(replace(s, left=not s.bot and s.seat in stood_in) for s in game.seats)
    return replace(game, seats=seats)


def record_missed(engine: Engine, games: list[FinishedGame]) -> int:
    """Record each game (those stored meanwhile are skipped); how many were recorded."""
    return sum(1 for g in games if record_game(engine, g))
