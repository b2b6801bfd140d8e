"""Invitations of registered players to tables (a private table's link, shown in their lobby).

An invitation lives until it is declined or its table is no longer open; those of closed
tables are not listed and are deleted when their sender or invitee next asks. A sender has at
most :data:`MAX_PENDING` pending invitations.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import delete, func, insert, select
from sqlalchemy.engine import Engine

from ..errors import BadRequest
from .schema import accounts_t, invitations_t

__all__ = ["MAX_PENDING", "create", "decline", "pending_for"]

MAX_PENDING = 20


def _purge(engine: Engine, column: Any, account_id: int, is_open: Callable[[str], bool]) -> None:
    """Delete an account's invitations whose tables are no longer open."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(invitations_t.c.id, invitations_t.c.table_id).where(column == account_id)
        ).all()
    stale = [r.id for r in rows if not is_open(r.table_id)]
    if stale:
        with engine.begin() as conn:
            conn.execute(delete(invitations_t).where(invitations_t.c.id.in_(stale)))


def create(
    engine: Engine, table_id: str, sender: int, invitee: int, is_open: Callable[[str], bool]
) -> str:
    """A new invitation's id (or the pending one's, if this player is invited there already)."""
    if sender == invitee:
        raise BadRequest("'to' is you; invite another player", "bad_request")
    _purge(engine, invitations_t.c.from_account, sender, is_open)
    with engine.begin() as conn:
        existing = conn.execute(
            select(invitations_t.c.id).where(
                invitations_t.c.table_id == table_id, invitations_t.c.to_account == invitee
            )
        ).first()
        if existing is not None:
            return str(existing.id)
        pending = conn.execute(
            select(func.count()).where(invitations_t.c.from_account == sender)
        ).scalar_one()
        if pending >= MAX_PENDING:
            raise BadRequest(
                f"you have {MAX_PENDING} pending invitations, the most allowed; they lapse when "
                "their tables close or the players decline",
                "too_many_invitations",
                429,
            )
        invitation = secrets.token_urlsafe(12)
        conn.execute(
            insert(invitations_t).values(
                id=invitation,
                table_id=table_id,
                from_account=sender,
                to_account=invitee,
                created=time.time(),
            )
        )
    return invitation


def pending_for(
    engine: Engine, invitee: int, is_open: Callable[[str], bool]
) -> list[tuple[str, str, str, float]]:
    """``(id, table_id, sender's name, created)`` of an account's invitations to open tables,
    newest first."""
    _purge(engine, invitations_t.c.to_account, invitee, is_open)
    query = (
        select(
            invitations_t.c.id,
            invitations_t.c.table_id,
            accounts_t.c.name,
            invitations_t.c.created,
        )
        .join(accounts_t, accounts_t.c.id == invitations_t.c.from_account)
        .where(invitations_t.c.to_account == invitee)
        .order_by(invitations_t.c.created.desc())
    )
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    return [(r.id, r.table_id, r.name, r.created) for r in rows if is_open(r.table_id)]


def decline(engine: Engine, invitation: str, invitee: int) -> bool:
    """Delete an invitation addressed to ``invitee``; False if there is none such."""
    with engine.begin() as conn:
        gone = conn.execute(
            delete(invitations_t).where(
                invitations_t.c.id == invitation, invitations_t.c.to_account == invitee
            )
        ).rowcount
    return bool(gone)
