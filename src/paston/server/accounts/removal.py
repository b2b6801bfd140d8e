"""Deleting an account: the player's name, password, sessions, ratings, history and
invitations go; the games they played stay in the other players' histories.

Those games keep the public name the deleted player had (it is part of what was played and
is in the records' ``meta``), marked as deleted in the other players' opponent lists, so a
page can show it is no longer a player (the name may be registered again by someone else).
"""

from __future__ import annotations

import json
import threading
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.engine import Connection, Engine

from .schema import accounts_t, invitations_t, ratings_t, results_t, sessions_t

__all__ = ["WRITE_LOCK", "delete_account", "opponent_name"]


#: Held while a finished game is recorded (:mod:`.history`: its ratings are read and written
#: by one thread at a time in this process) and while an account is removed. It lives here,
#: the lower module, so that history imports this module and not the other way round.
WRITE_LOCK = threading.Lock()


def opponent_name(entry: Any) -> tuple[str, bool]:
    """An entry of a result's stored ``opponents``: ``(public name, deleted)``."""
    if isinstance(entry, dict):
        return str(entry.get("name", "")), bool(entry.get("deleted"))
    return str(entry), False


def _mark_deleted(conn: Connection, account_id: int) -> None:
    """Mark the deleted player in the opponents of everyone who played with them."""
    mine = conn.execute(
        select(results_t.c.table_id, results_t.c.seat).where(results_t.c.account_id == account_id)
    ).all()
    for table_id, seat in mine:
        others = conn.execute(
            select(results_t.c.account_id, results_t.c.seat, results_t.c.opponents).where(
                results_t.c.table_id == table_id, results_t.c.account_id != account_id
            )
        ).all()
        for other in others:
            opponents = json.loads(other.opponents)
            # The opponents are the other seats in seat order, so this seat's place is known.
            at = seat if seat < other.seat else seat - 1
            if not 0 <= at < len(opponents):
                continue
            name, _ = opponent_name(opponents[at])
            opponents[at] = {"name": name, "deleted": True}
            conn.execute(
                update(results_t)
                .where(results_t.c.table_id == table_id, results_t.c.account_id == other.account_id)
                .values(opponents=json.dumps(opponents, ensure_ascii=False))
            )


def delete_account(engine: Engine, account_id: int) -> None:
    """Remove the account and everything that is only its own, in one transaction."""
    # Not while a finished game is being recorded in this process (it could store a result
    # for the account after it is gone).
    with WRITE_LOCK, engine.begin() as conn:
        _mark_deleted(conn, account_id)
        conn.execute(delete(results_t).where(results_t.c.account_id == account_id))
        conn.execute(delete(ratings_t).where(ratings_t.c.account_id == account_id))
        conn.execute(delete(sessions_t).where(sessions_t.c.account_id == account_id))
        conn.execute(
            delete(invitations_t).where(
                (invitations_t.c.from_account == account_id)
                | (invitations_t.c.to_account == account_id)
            )
        )
        conn.execute(delete(accounts_t).where(accounts_t.c.id == account_id))
