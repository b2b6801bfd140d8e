"""Registered names: registering one, checking a log-in, finding a player by name.

A name follows the nickname rules (:func:`~paston.server.textcheck.clean_text`, at most 24
code points) and may not hold a ``/`` (it is part of the player page's address). Names are
unique case-insensitively: the case-folded NFC form is the unique key.
"""

from __future__ import annotations

import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ..errors import BadRequest
from ..textcheck import clean_text
from .passwords import hash_password, verify
from .schema import accounts_t

__all__ = [
    "NAME_MAX",
    "Account",
    "authenticate",
    "check_name",
    "find",
    "name_key",
    "password_matches",
    "register",
    "set_password",
]

NAME_MAX = 24


@dataclass(frozen=True, slots=True)
class Account:
    id: int
    name: str
    hidden: bool


def check_name(value: Any) -> str:
    name = clean_text(value, "name", max_len=NAME_MAX)
    if "/" in name:
        raise BadRequest("'name' must not hold '/' (it is part of the player page's address)")
    return name


def name_key(name: str) -> str:
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def register(engine: Engine, name: str, password: str) -> Account:
    """A new account; :class:`BadRequest` ``name_taken`` if the name (any case) is taken."""
    taken = BadRequest(f"the name {name!r} is already registered; choose another", "name_taken")
    key = name_key(name)
    with engine.connect() as conn:
        if conn.execute(select(accounts_t.c.id).where(accounts_t.c.name_key == key)).first():
            raise taken
    hashed = hash_password(password)  # slow on purpose: not inside a transaction
    try:
        with engine.begin() as conn:
            new_id = conn.execute(
                insert(accounts_t).values(
                    name=name, name_key=key, password_hash=hashed, created=time.time(), hidden=False
                )
            ).inserted_primary_key
    except IntegrityError:
        raise taken from None  # registered by someone else a moment ago
    assert new_id is not None
    return Account(int(new_id[0]), name, False)


def find(engine: Engine, name: str) -> Account | None:
    with engine.connect() as conn:
        row = conn.execute(
            select(accounts_t.c.id, accounts_t.c.name, accounts_t.c.hidden).where(
                accounts_t.c.name_key == name_key(name)
            )
        ).first()
    return None if row is None else Account(row.id, row.name, bool(row.hidden))


def authenticate(engine: Engine, name: str, password: str) -> Account | None:
    """The account if ``password`` is its password; None for a wrong password or unknown name
    (the same work either way)."""
    with engine.connect() as conn:
        row = conn.execute(
            select(
                accounts_t.c.id, accounts_t.c.name, accounts_t.c.hidden, accounts_t.c.password_hash
            ).where(accounts_t.c.name_key == name_key(name))
        ).first()
    ok = verify(row.password_hash if row is not None else None, password)
    if row is None or not ok:
        return None
    return Account(row.id, row.name, bool(row.hidden))


def set_hidden(engine: Engine, account_id: int, hidden: bool) -> None:
    with engine.begin() as conn:
        conn.execute(update(accounts_t).where(accounts_t.c.id == account_id).values(hidden=hidden))


def password_matches(engine: Engine, account_id: int, password: str) -> bool:
    """Whether ``password`` is the password of the account ``account_id`` (False if gone)."""
    with engine.connect() as conn:
        stored = conn.execute(
            select(accounts_t.c.password_hash).where(accounts_t.c.id == account_id)
        ).scalar_one_or_none()
    return verify(stored, password)


def set_password(engine: Engine, account_id: int, new: str) -> None:
    """Replace an account's password (the caller confirmed the current one)."""
    hashed = hash_password(new)  # slow on purpose: not inside a transaction
    with engine.begin() as conn:
        conn.execute(
            update(accounts_t).where(accounts_t.c.id == account_id).values(password_hash=hashed)
        )
