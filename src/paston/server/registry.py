"""The ``TableRegistry``: the one owner of all tables of a server process.

There is no game state outside it: the app holds one registry, the registry holds the tables
(each an actor with its own lock and driver task), the bot runner they share and the event
store. Routing is by table id, so tables could be spread over processes (see
docs/server-protocol.md, "Scaling").

Memory stays bounded by what is being played: a sweep closes tables where no person has been
connected for ``idle_timeout`` seconds (bot-only tables end that way too, instead of playing
forever) and evicts finished and closed tables nobody watches; their logs stay in the store,
and :meth:`get` loads such a table again when somebody asks for it (its replay, its record).

The idle clock is :meth:`Table.idle_for`: the time since a person's socket at one of the seats
was last open. Moves of bots and of stand-ins (bots playing for absent people) never reset it,
nor do spectators, so a table its people left ends ``idle_timeout`` after they left however
busily its bots play on (issue 17, section 3: abandoned tables of bots kept the server busy for
the 15 minutes the timeout was then).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from .bots_runner import BotRunner
from .errors import BadRequest
from .form_limits import NICKNAME_MAX
from .retention import load_table
from .safe_log import log_failure
from .settings import SeatSpec, TableSettings, parse_settings
from .store import EventRow, EventStore, StoredTable
from .table import Table, hash_token

__all__ = ["Creator", "TableRegistry"]

log = logging.getLogger("paston.server")

#: Seconds without a connected person after which a table is closed (``table_idle_timeout``
#: of :class:`~paston.server.edge.EdgeSettings` for ``paston serve``): long enough to come back
#: after a dropped connection (stand-ins play meanwhile), short enough that tables of bots
#: nobody is at stop costing CPU soon.
IDLE_TIMEOUT = 5 * 60.0
#: Seconds a finished (or closed) table nobody watches stays in memory.
EVICT_AFTER = 60.0
#: Seconds between two sweeps.
SWEEP_EVERY = 30.0
#: Seconds after the last person left a table before it leaves the lobby's list.
LOBBY_EMPTY_AFTER = 60.0


@dataclass(slots=True)
class Creator:
    """The person creating a table who sits down at it at once (``seat``: a human seat of the
    settings, the first one when ``None``); ``seat_taken`` and ``token`` once seated."""

    nickname: Any
    seat: Any = None
    #: A logged-in creator's account (its name is the nickname).
    account: int | None = None
    seat_taken: int = -1
    token: str = ""

    def joined_event(self, settings: TableSettings) -> list[dict[str, Any]]:
        """The ``joined`` event seating the creator, with a fresh token."""
        from .textcheck import clean_text

        nickname = clean_text(self.nickname, "nickname", max_len=NICKNAME_MAX)
        humans = [i for i, s in enumerate(settings.seats) if s.kind == "human"]
        seat = humans[0] if self.seat is None else self.seat
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in humans:
            listed = ", ".join(str(i) for i in humans)
            raise BadRequest(f"'join.seat' must be a person's seat of the new table: {listed}")
        self.seat_taken, self.token = seat, secrets.token_urlsafe(24)
        event: dict[str, Any] = {
            "seat": seat,
            "nickname": nickname,
            "token_hash": hash_token(self.token),
        }
        if self.account is not None:
            event["account"] = self.account
        return [event]


class TableClaims(Protocol):
    """Ownership of tables shared with other processes (cluster mode; see ``cluster.py``)."""

    def claim(self, table_id: str) -> bool: ...

    def release(self, table_id: str, still_open: bool) -> None: ...


class TableRegistry:
    """All tables of this process, rebuilt from the event store on :meth:`start`."""

    def __init__(
        self,
        store: EventStore,
        *,
        default_deal_pause: float = 2.0,
        runner: BotRunner | None = None,
        clock: Callable[[], float] = time.time,
        test_pace: bool = False,
    ) -> None:
        self.store = store
        self.default_deal_pause = default_deal_pause
        #: A test server: tables may (and by default do) play at the ``instant`` pace.
        self.test_pace = test_pace
        self.runner = runner or BotRunner()
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.idle_timeout = IDLE_TIMEOUT
        self.evict_after = EVICT_AFTER
        self.sweep_every = SWEEP_EVERY
        self.lobby_empty_after = LOBBY_EMPTY_AFTER
        #: When each table nobody plays at any more was last asked for.
        self._quiet_since: dict[str, float] = {}
        self._sweeper: asyncio.Task[None] | None = None
        #: In cluster mode, the tables this process may hold (None: it owns the database).
        self.claims: TableClaims | None = None

    def _rebuild(self, stored: StoredTable) -> Table | None:
        try:
            settings = TableSettings.from_dict(stored.row.settings)
            table = Table(
                stored.row.id,
                settings,
                stored.row.created,
                self.store,
                clock=self.clock,
                runner=self.runner,
            )
            table.replay(stored.events)
        except Exception as exc:
            # One damaged log must not keep the other tables from being served.
            log_failure(log, "table %s could not be rebuilt from its log", exc, stored.row.id)
            return None
        return table

    async def start(self) -> None:
        """Replay every table's log and start the driver of each table still playing."""
        self.store.start()
        # In cluster mode tables are claimed one by one, on demand or by the watcher.
        for stored in self.store.load() if self.claims is None else []:
            table = self._rebuild(stored)
            if table is None:
                continue
            self.tables[table.id] = table
            table.start()
        log.info("rebuilt %d tables from the event log", len(self.tables))
        self.runner.start_workers()  # they warm up while nobody waits on them yet
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="table-sweeper")

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for table in list(self.tables.values()):
            await table.stop()
        self.runner.close()
        self.store.close()

    def get(self, table_id: str) -> Table | None:
        """The table ``table_id``; one evicted from memory is loaded again from its log."""
        table = self.tables.get(table_id)
        if table is not None:
            if table_id in self._quiet_since:
                self._quiet_since[table_id] = self.clock()
            return table
        if not 1 <= len(table_id) <= 32:
            return None
        if self.claims is not None and not self.claims.claim(table_id):
            return None  # another live process owns it
        stored = load_table(self.store, table_id)
        table = self._rebuild(stored) if stored is not None else None
        if table is None:
            if self.claims is not None:
                self.claims.release(table_id, False)
            return None
        self.tables[table_id] = table
        self._quiet_since[table_id] = self.clock()
        table.start()  # a closed or finished table's driver has nothing to do
        return table

    def is_open(self, table_id: str) -> bool:
        """Whether ``table_id`` is a table still being played (waiting or playing); never loads
        a table: closed and finished tables are the ones that leave memory."""
        table = self.tables.get(table_id)
        return table is not None and table.status in ("waiting", "playing")

    async def create(self, body: Any, creator: Creator | None = None) -> Table:
        """Create a table from a create-table body (raises ``BadRequest``).

        With a ``creator`` the table is created with that person seated, in one write: a
        refused seat or nickname creates nothing (no table is left behind empty)."""
        settings = parse_settings(
            body, default_deal_pause=self.default_deal_pause, test_pace=self.test_pace
        )
        joined = creator.joined_event(settings) if creator is not None else None
        return await self._open(settings, joined)

    async def rematch(self, table: Table, token: Any) -> Table:
        """The rematch of a finished table: the same settings and seats, its people seated
        with the seat tokens they had (their pages follow with the token they hold), its bots
        at their seats. Asked again, it is the same table."""
        if not isinstance(token, str) or table.seat_of_token(token) is None:
            raise BadRequest(
                "a rematch is started by a player of the table ('token': your seat token)",
                "not_seated",
                403,
            )
        async with table.lock:
            if table.rematch is not None:
                existing = self.get(table.rematch)
                if existing is not None:
                    return existing
            if not table.match.over:
                raise BadRequest(
                    "the game is not over yet; a rematch starts after it", "not_over", 409
                )
            seats = tuple(SeatSpec(s.kind, s.bot) for s in table.seats)
            settings = replace(
                table.settings,
                seats=seats,
                seed=None,
                first_dealer=(table.settings.first_dealer + 1) % len(seats),
            )
            people: list[dict[str, Any]] = []
            for i, s in enumerate(table.seats):
                if s.kind == "human" and s.token_hash is not None:
                    person = {"seat": i, "nickname": s.nickname, "token_hash": s.token_hash}
                    if getattr(s, "account", None) is not None:
                        person["account"] = s.account
                    people.append(person)
            fresh = await self._open(settings, people)
            await table._commit("rematch", {"table": fresh.id})
            table.broadcast_state()
        return fresh

    async def _open(self, settings: TableSettings, joined: list[dict[str, Any]] | None) -> Table:
        """A new table of ``settings``, its ``created`` event and ``joined`` ones written at
        once, started."""
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables or (
            self.claims is not None and not self.claims.claim(table_id)
        ):
            table_id = secrets.token_urlsafe(6)
        table = Table(
            table_id, settings, self.clock(), self.store, clock=self.clock, runner=self.runner
        )
        created = {"settings": settings.to_dict()}
        rows = [EventRow(table_id, 1, "created", created)]
        rows += [EventRow(table_id, 2 + i, "joined", j) for i, j in enumerate(joined or [])]
        await self.store.append(rows, table=table.row())
        for row in rows:
            table._apply(row.kind, row.data, row.seq)
        now = self.clock()
        for j in joined or []:
            table.seats[j["seat"]].away_since = now
        self.tables[table_id] = table
        table.start()
        return table

    def public_tables(self, limit: int = 200) -> list[dict[str, Any]]:
        """The lobby's list: public tables still being played, newest first. A finished table
        leaves it (its replay stays at its link), and so does one whose people all left more
        than ``lobby_empty_after`` seconds ago (nobody is there to play with)."""
        now = self.clock()
        tables = [t for t in self.tables.values() if t.settings.public and self._listed(t, now)]
        tables.sort(key=lambda t: t.created, reverse=True)
        return [t.summary() for t in tables[:limit]]

    def _listed(self, table: Table, now: float) -> bool:
        if table.status not in ("waiting", "playing"):
            return False
        anybody_joined = any(s.token_hash is not None for s in table.seats)
        return not anybody_joined or table.idle_for(now) < self.lobby_empty_after

    # ----------------------------------------------------------------- the sweep

    async def _sweep_forever(self) -> None:
        last = self.clock()
        while True:
            # Short naps, so that a changed ``sweep_every`` takes effect at once.
            await asyncio.sleep(min(1.0, self.sweep_every))
            if self.clock() - last < self.sweep_every:
                continue
            last = self.clock()
            try:
                await self.sweep()
            except Exception as exc:
                log_failure(log, "table sweep failed", exc)

    async def sweep(self) -> None:
        """Close idle tables; evict finished and closed ones that nobody watches."""
        now = self.clock()
        for table in list(self.tables.values()):
            if table.status in ("over", "closed"):
                quiet = self._quiet_since.setdefault(table.id, now)
                if not table.conns and now - quiet >= self.evict_after:
                    await self._evict(table)
            elif table.idle_for(now) >= self.idle_timeout:
                log.info(
                    "table %s: closed after %.0f s without players", table.id, self.idle_timeout
                )
                await table.close("idle")
                await self._evict(table)

    async def _evict(self, table: Table) -> None:
        await table.stop()
        self.runner.drop(table.id)
        self.tables.pop(table.id, None)
        self._quiet_since.pop(table.id, None)
        if self.claims is not None:
            self.claims.release(table.id, table.status in ("waiting", "playing"))
