"""Random keys the server keeps in its own database (``paston_meta``), made on first use.

Two keys live there: the one that signs the accounts' device cookies
(:mod:`paston.server.accounts.devices`) and the one the processes of a cluster sign their
requests to each other with (:mod:`paston.server.cluster_auth`). Kept in the database, a key
survives a restart (a device cookie stays valid) and every ``--cluster`` process reads the
same one at start-up. Whoever can read the database can read them, but such a reader can
already read or change everything the keys protect.
"""

from __future__ import annotations

import base64
import secrets

from sqlalchemy import insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .store import meta_t

__all__ = ["server_key"]

#: Random bytes of a key (256 bits, as HMAC-SHA256 wants).
KEY_BYTES = 32


def server_key(engine: Engine, name: str) -> bytes:
    """The key named ``name`` (at most 32 characters), made and stored if there is none yet.

    Processes starting at once may both make one: the table's primary key lets one insert
    win, and every process then reads that one."""
    for _ in range(3):
        with engine.connect() as conn:
            stored = conn.execute(select(meta_t.c.value).where(meta_t.c.key == name)).scalar()
        if stored is not None:
            return base64.b64decode(stored)
        fresh = base64.b64encode(secrets.token_bytes(KEY_BYTES)).decode("ascii")
        try:
            with engine.begin() as conn:
                conn.execute(insert(meta_t).values(key=name, value=fresh))
        except IntegrityError:
            continue  # another process stored one first: read it
        return base64.b64decode(fresh)
    raise RuntimeError(f"the server key {name!r} could be neither read nor stored")
