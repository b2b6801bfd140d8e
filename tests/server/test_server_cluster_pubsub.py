"""Cluster mode's spectator fan-out (issue 8): three `paston serve --cluster` processes on one
throw-away PostgreSQL; the spectators of a table held by the two processes that do not own it
are served from the owner's NOTIFY publications, not relayed socket by socket.

Checked: every remote spectator receives exactly the messages a spectator on the owner
receives, once and in order, after its snapshot and with nothing lost in between; the owner
holds none of their sockets; kill -9 of the owner and they play on from the new owner; no
publication over the whole game holds a card a spectator may not see.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import psycopg
import pytest
import websockets
from hypothesis import given, settings
from hypothesis import strategies as st
from server_helpers import Client
from sqlalchemy import create_engine, text
from test_server_cluster import Node
from test_server_postgres import postgres_url

from paston.server.accounts.service import AccountLimits
from paston.server.clientlimits import RateLimited
from paston.server.cluster import ClusterNode, ClusterSettings
from paston.server.cluster_pubsub import (
    CHANNEL,
    NOTIFY_LIMIT,
    Fanout,
    Publisher,
    _Watcher,
    libpq_url,
)
from paston.server.cluster_quota import ClusterClientLimits, QuotaBook
from paston.server.edge import EdgeSettings
from paston.server.store import EventStore
from paston.server.table import Conn

__all__ = ["postgres_url"]

SPECTATORS = 20
#: A table whose only human seat is joined (not connected): its stand-in and two bots play at
#: once, with a pause between deals; the target is far enough for the game to go on after the
#: owner is killed.
WATCHED = {
    "seats": [
        {"kind": "human"},
        {"kind": "bot", "bot": "random"},
        {"kind": "bot", "bot": "random"},
    ],
    "stand_in": "random",
    "grace": 0,
    "deal_pause": 0.4,
    "pace": "instant",
    "rules": {"target": 400},
}
#: Fields of the spectator view that only a seat may fill (Paston's spectator view).
PRIVATE = ("hand", "dealt_hand", "prikup", "discards")


class Tap:
    """A LISTEN of the test's own on the fan-out channel: every publication, as sent."""

    def __init__(self, db: str) -> None:
        self.dsn = libpq_url(db)
        self.payloads: list[str] = []
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        ready = asyncio.Event()

        async def run() -> None:
            async with await psycopg.AsyncConnection.connect(self.dsn, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                ready.set()
                async for note in conn.notifies():
                    self.payloads.append(note.payload)

        self.task = asyncio.create_task(run())
        await asyncio.wait_for(ready.wait(), 10)

    async def messages(self, table: str) -> list[str]:
        """The published messages of ``table`` (big ones read back from ``paston_fanout``)."""
        out = []
        async with await psycopg.AsyncConnection.connect(self.dsn, autocommit=True) as conn:
            for payload in self.payloads:
                head, _, body = payload.partition("\n")
                table_id, _epoch, _seq, kind = json.loads(head)
                if table_id != table or kind in ("e", "h"):  # end, position mark
                    continue
                if kind == "f":
                    cur = await conn.execute(
                        "SELECT body FROM paston_fanout WHERE id = %s", (int(body),)
                    )
                    row = await cur.fetchone()
                    assert row is not None, "a big publication's row was pruned within a minute"
                    body = row[0]
                out.append(body)
        return out

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task


def _plain(msg: dict[str, Any]) -> str:
    """A message as every spectator gets it (the socket's own "you" left out)."""
    return json.dumps({k: v for k, v in msg.items() if k != "you"}, sort_keys=True)


async def _spectate(node: Node, table: str, nickname: str) -> Client:
    ws = await websockets.connect(
        f"{node.ws}/ws/tables/{table}?nickname={nickname}", max_size=2**22
    )
    client = Client(ws, None, None)
    await client.wait_for(lambda m: m["type"] == "state")
    return client


def _stream(client: Client) -> tuple[dict[str, Any], list[str]]:
    """A spectator's snapshot (its first state) and what came after it (chat replays aside)."""
    rest = [m for m in client.messages[1:] if not m.get("replay") and m["type"] != "ack"]
    return client.messages[0], [_plain(m) for m in rest]


def _check_public(message: dict[str, Any]) -> None:
    if message.get("type") != "state" or message["view"] is None:
        return
    view = message["view"]
    assert view["seat"] is None and view["legal"] == []
    assert all(view.get(field) is None for field in PRIVATE), view
    # Discards are never named: a spectator's history says "discard" in place of the cards.
    assert all(not str(a).startswith("discard ") for _s, a in view.get("history", []))


async def _scenario(nodes: list[Node], db: str) -> None:
    tap = Tap(db)
    await tap.start()
    owner, others = nodes[0], nodes[1:]
    async with httpx.AsyncClient(timeout=10) as http:
        r = await http.post(f"{owner.url}/api/tables", json=WATCHED)
        assert r.status_code == 201, r.text
        table = r.json()["id"]
        local = await _spectate(owner, table, "local")
        remote = [await _spectate(others[i % 2], table, f"w{i}") for i in range(SPECTATORS)]
        # The owner holds one spectator socket: its own. The twenty others are not relayed.
        summary = (await http.get(f"{owner.url}/api/tables/{table}")).json()
        assert summary["spectators"] == 1
        assert all(
            c.messages[0]["you"] == {"seat": None, "nickname": f"w{i}"}
            for i, c in enumerate(remote)
        )
        j = await http.post(f"{others[0].url}/api/tables/{table}/join", json={"nickname": "p"})
        assert j.status_code == 200, j.text
        # A remote spectator's chat line reaches everybody (through the owner, then the stream).
        await remote[3].send({"type": "chat", "text": "hello from afar", "command_id": "c1"})
        await remote[3].wait_for(lambda m: m["type"] == "ack" and m["command_id"] == "c1")
        await local.wait_for(lambda m: m.get("text") == "hello from afar")

        # Let several deals be played, then compare every spectator with the owner's own.
        await local.wait_for(lambda m: m["type"] == "state" and m["seq"] >= 110, timeout=60)
        for client in remote:
            snapshot, stream = _stream(client)
            assert len(stream) >= 80
            # The owner's own spectator socket may lag behind (a loaded machine): wait until it
            # has what this one has, then compare the whole stream.
            last = stream[-1]
            await local.wait_for(lambda m, last=last: _plain(m) == last, timeout=60)
            owner_stream = [_plain(m) for m in local.messages]
            starts = [i for i, m in enumerate(owner_stream) if m == stream[0]]
            assert len(starts) == 1, "the remote stream does not start at one owner message"
            i = starts[0]
            # Nothing between the snapshot and the stream is lost: the owner's message just
            # before the stream's first one is already in the snapshot.
            assert json.loads(owner_stream[i - 1]).get("seq", 0) <= snapshot["seq"]
            assert stream == owner_stream[i : i + len(stream)]  # exactly once, in order
        assert sum(1 for m in remote[0].messages if m.get("text") == "hello from afar") == 1

        # kill -9 of the owner: another process takes the table over; the spectators stay
        # connected (or reconnect once) and go on from the new owner's publications.
        before = [c.state["seq"] for c in remote]  # type: ignore[index]
        os.kill(owner.proc.pid, signal.SIGKILL)
        owner.proc.wait(10)
        await local.close()
        deadline = time.monotonic() + 60  # a guard against a hang only
        for k, client in enumerate(remote):
            if client.task.done():  # closed (1012): connect again, like the web client does
                remote[k] = client = await _spectate(others[k % 2], table, f"w{k}")
            await client.wait_for(
                lambda m, b=before[k]: m["type"] == "state" and m["seq"] > b + 10,
                timeout=max(1.0, deadline - time.monotonic()),
            )
        # The game is played to its end; every spectator sees it end.
        for client in remote:
            await client.wait_for(
                lambda m: m["type"] == "state" and m["table"]["status"] == "over", timeout=120
            )
        for client in remote:
            seqs = [m["seq"] for m in client.messages if m["type"] == "state"]
            # In order: a re-snapshot may repeat the last state, never go back.
            assert seqs == sorted(seqs)
            await client.close()

    published = await tap.messages(table)
    await tap.stop()
    assert len(published) > 100
    assert any(json.loads(m)["type"] == "state" and json.loads(m)["deal_over"] for m in published)
    for body in published:
        _check_public(json.loads(body))
    # Before the kill, each publication is exactly a message the owner's spectator received.
    seen = set(owner_stream)
    assert sum(1 for m in published if _plain(json.loads(m)) in seen) >= len(owner_stream) - 1


def test_remote_spectators_follow_the_owners_publications(
    postgres_url: str, tmp_path: Path
) -> None:
    nodes = [Node(postgres_url, tmp_path) for _ in range(3)]
    try:
        for node in nodes:
            node.wait_ready()
        asyncio.run(asyncio.wait_for(_scenario(nodes, postgres_url), 220))
    finally:
        for node in nodes:
            node.stop()


# --------------------------------------------------------------------- quotas

SMALL = {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot"}]}


async def _quota_scenario(nodes: list[Node]) -> None:
    burst = EdgeSettings().tables_burst
    async with httpx.AsyncClient(timeout=10) as http:
        created = 0
        for i in range(3 * burst):  # one process each would allow ``burst``: three, 3 × burst
            r = await http.post(f"{nodes[i % 3].url}/api/tables", json=SMALL)
            if r.status_code != 201:
                assert r.status_code == 429, r.text
                assert "on every server" in r.json()["error"]["message"]
                break
            created += 1
        assert created == burst
        # Failed log-ins through the three processes count together.
        allowed = AccountLimits().login_failures
        codes = []
        for i in range(allowed + 1):
            r = await http.post(
                f"{nodes[i % 3].url}/api/account/login",
                json={"name": "nobody", "password": "not the password"},
            )
            codes.append(r.status_code)
        assert codes == [401] * allowed + [429]


def test_a_client_gets_one_quota_from_three_processes(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A back-off long enough that the refusal never depends on how fast the tries come.
    monkeypatch.setenv("PASTON_LOGIN_BACKOFF", "600")
    nodes = [Node(postgres_url, tmp_path) for _ in range(3)]
    try:
        for node in nodes:
            node.wait_ready()
        asyncio.run(asyncio.wait_for(_quota_scenario(nodes), 60))
    finally:
        for node in nodes:
            node.stop()


def test_open_tables_count_across_processes_while_open(postgres_url: str) -> None:
    """Two processes' limiters on one database: the open-table cap is shared, and a table that
    its owner marked closed (``paston_owners.open`` false) stops counting."""
    EventStore(postgres_url)  # brings the schema to the newest revision
    ClusterNode(postgres_url, ClusterSettings("http://127.0.0.1:1")).close()  # paston_owners
    engine = create_engine(postgres_url)
    edge = EdgeSettings(open_tables_per_client=2, tables_burst=100, tables_per_minute=100)
    here, there = (ClusterClientLimits(edge, lambda _t: True, lambda _t: False) for _ in range(2))
    here.book = there.book = QuotaBook(engine)
    here.check_create("203.0.113.9")
    here.note_created("203.0.113.9", "q1")
    there.check_create("203.0.113.9")
    there.note_created("203.0.113.9", "q2")
    with pytest.raises(RateLimited) as refused:
        here.check_create("203.0.113.9")
    assert refused.value.code == "quota_exceeded"
    there.check_create("198.51.100.7")  # another client has its own
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO paston_owners (table_id, node, address, open, at) "
                "VALUES ('q1', 'gone', 'http://127.0.0.1:1', false, 0)"
            )
        )
    here.check_create("203.0.113.9")  # q1 is over: one open table left
    engine.dispose()


# --------------------------------------------------------------------- the parts alone


def _fanout() -> Fanout:
    """A fan-out with no connection (its snapshots are given by the test)."""
    node = SimpleNamespace(node="n-test")
    return Fanout("postgresql+psycopg://paston@127.0.0.1:1/none", node)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(
    total=st.integers(1, 30),
    snap=st.integers(0, 30),
    early=st.integers(0, 30),
    lost=st.one_of(st.none(), st.integers(1, 30)),
)
def test_a_remote_spectator_gets_each_message_once_in_order(
    total: int, snap: int, early: int, lost: int | None
) -> None:
    """Messages 1..total are published; the socket's snapshot reflects ``snap`` of them;
    ``early`` notifications arrive before the snapshot's answer; one (``lost``) may never
    arrive; then the publisher's position mark. The socket must see the snapshot, then exactly
    the messages after it, in order (a lost one is recovered by a fresh snapshot, found by the
    gap before the next message or by the mark)."""
    snap = min(snap, total)

    async def scenario() -> list[str]:
        fanout = _fanout()
        published = [f'{{"type":"presence","n":{i}}}' for i in range(1, total + 1)]
        answered = asyncio.Event()
        delivered_so_far = {"n": snap}

        async def ask(_table_id: str) -> dict[str, Any]:
            await answered.wait()
            at = delivered_so_far["n"]
            frames = [f'{{"type":"state","seq":{at}}}']
            return {"epoch": "n-test:1", "seq": at, "frames": frames}

        fanout._ask_snapshot = ask  # type: ignore[method-assign]
        w = _Watcher(Conn(None, None))
        fanout.tables["t"] = {w}
        fanout._resync("t", w)
        for i in range(1, total + 1):
            if i == early + 1:
                answered.set()
                await asyncio.sleep(0)
            if i != lost:
                head = json.dumps(["t", "n-test:1", i, "m"])
                await fanout._received(head + "\n" + published[i - 1])
            delivered_so_far["n"] = max(delivered_so_far["n"], i)
            await asyncio.sleep(0)
        answered.set()
        # The publisher's position mark (every few seconds) follows the messages.
        await fanout._received(json.dumps(["t", "n-test:1", total, "h"]) + "\n")
        for _ in range(5):
            if w.syncing is not None:
                await w.syncing
        out = []
        while not w.conn.outbox.empty():
            item = w.conn.outbox.get_nowait()
            assert item is not None
            out.append(item)
        return out

    frames = asyncio.run(scenario())
    # Every snapshot's state, then presence messages: the presence numbers must run without
    # a gap or a repeat from the first snapshot's position to the end.
    states = [json.loads(f)["seq"] for f in frames if json.loads(f)["type"] == "state"]
    shown = [json.loads(f)["n"] for f in frames if json.loads(f)["type"] == "presence"]
    assert states and frames[0].startswith('{"type":"state"')
    covered = set(shown)
    for s in states:  # a snapshot at s stands for the messages up to s
        covered |= set(range(1, s + 1))
    assert covered == set(range(1, total + 1))
    assert shown == sorted(set(shown))  # in order, none twice
    assert all(n > states[0] for n in shown)


def test_a_big_message_goes_through_the_fanout_table(postgres_url: str) -> None:
    """A message too big for a notification is stored in ``paston_fanout`` and named by id;
    the order with the small ones around it is kept."""
    EventStore(postgres_url)  # the schema, with paston_fanout

    async def scenario() -> list[tuple[str, str]]:
        dsn = libpq_url(postgres_url)
        publisher = Publisher(dsn, "n-big")
        table = SimpleNamespace(id="big1", on_public=None)
        assert publisher.watch(table) == ("n-big:1", 0)  # type: ignore[arg-type]
        got: list[tuple[str, str]] = []
        async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as conn:
            await conn.execute(f"LISTEN {CHANNEL}")
            sender = asyncio.create_task(publisher.run())
            big = json.dumps({"type": "state", "pad": "é" * NOTIFY_LIMIT})
            for text in ['{"type":"presence"}', big, '{"type":"hints"}', None]:
                table.on_public(text)  # type: ignore[misc]
            payloads = [n.payload async for n in conn.notifies(timeout=10, stop_after=4)]
            # The generator holds the connection: the big bodies are read after it.
            for payload in payloads:
                head, _, body = payload.partition("\n")
                if json.loads(head)[3] == "f":
                    cur = await conn.execute(
                        "SELECT body FROM paston_fanout WHERE id = %s", (int(body),)
                    )
                    row = await cur.fetchone()
                    assert row is not None
                    body = row[0]
                got.append((head, body))
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender
        assert body_of(got[1]) == big
        return got

    def body_of(item: tuple[str, str]) -> str:
        return item[1]

    got = asyncio.run(scenario())
    heads = [json.loads(h) for h, _b in got]
    assert [h[2] for h in heads] == [1, 2, 3, 4]
    assert [h[3] for h in heads] == ["m", "f", "m", "e"]
