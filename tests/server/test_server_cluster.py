"""Cluster mode (issue 8, "past one machine"): three `paston serve --cluster` processes on one
throw-away PostgreSQL (Debian's package), the seats of one table spread over all three.

Play goes through the owner (the others relay), each seat sees only its own hand, the owner is
killed with -9, another process takes the table over from its log within seconds, and play
resumes with every acknowledged action kept once and in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from edge_helpers import SERVE, serve_once
from server_helpers import THREE_HUMANS, Client, free_port, my_turn
from sqlalchemy import create_engine, text
from test_server_postgres import postgres_url

from paston.server.cluster import CLUSTER_LOCK_SPACE, ClusterNode, ClusterSettings
from paston.server.cluster_proxy import _forwarded_for
from paston.server.store import EventRow, EventStore, TableRow

__all__ = ["postgres_url"]

#: Seconds a takeover may take before the test fails: a guard against a hang on a machine as
#: busy as it may be, not a measure (the time from kill -9 to play resumed is printed, -s).
TAKEOVER_LIMIT = 120.0


class Node:
    """One `paston serve --cluster` process on a free port."""

    def __init__(self, db: str, cwd: Path) -> None:
        self.port = free_port()
        cmd = [*SERVE, "--port", str(self.port), "--db", db, "--deal-pause", "0", "--cluster"]
        cmd += ["--test-pace"]
        cmd += ["--trusted-proxy", "127.0.0.1"]
        # Bot workers at the server's priority: niced, they starve on a loaded machine.
        env = {**os.environ, "PASTON_BOT_WORKER_NICE": "0"}
        self.proc = subprocess.Popen(
            cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
        )

    def wait_ready(self) -> None:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if "Paston is at" not in line:
            self.proc.kill()
            raise AssertionError(f"no server: {line!r} {self.proc.stderr.read()}")  # type: ignore[union-attr]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)


async def _connect(node: Node, table: str, seat: int, token: str) -> Client:
    client = await Client.connect(node.ws, table, token, seat)
    await client.wait_for(lambda m: m["type"] == "state" and m["view"] is not None)
    return client


async def _reconnect(node: Node, table: str, seat: int, token: str, deadline: float) -> Client:
    """Connect until the table answers with its state (its new owner may still be taking it)."""
    while True:
        try:
            client = await Client.connect(node.ws, table, token, seat)
            await client.wait_for(
                lambda m: m["type"] == "state" and m["view"] is not None, timeout=2
            )
            return client
        except (TimeoutError, OSError, websockets.WebSocketException):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.2)


async def _play(clients: list[Client], moves: int, acked: dict[str, tuple[int, str]]) -> None:
    counter = itertools.count(len(acked))
    for _ in range(moves):
        mover = next(c for c in clients if my_turn(c))
        assert mover.state is not None
        action = mover.state["view"]["legal"][0]
        cid = f"c{next(counter)}"
        start = len(mover.messages)
        await mover.send(
            {
                "type": "action",
                "command_id": cid,
                "expected_seq": mover.state["seq"],
                "action": action,
            }
        )
        ack = await mover.wait_for(lambda m, cid=cid: m.get("command_id") == cid, start)
        assert ack["type"] == "ack", ack
        acked[cid] = (ack["seq"], action)
        for c in clients:
            await c.wait_for(lambda m, s=ack["seq"]: m["type"] == "state" and m["seq"] >= s)


def _check_views(clients: list[Client]) -> None:
    """Each socket got messages built for its own seat only: no other seat's cards."""
    hands: list[set[str]] = []
    for c in clients:
        for m in c.messages:
            if m["type"] == "state":
                assert m["you"]["seat"] == c.seat and m["view"]["seat"] == c.seat
        assert c.state is not None
        hands.append(set(c.state["view"]["hand"] or []))
    assert all(hands) and sum(map(len, hands)) == len(set().union(*hands))


def _log(db: str, table: str) -> list[tuple[int, str, str]]:
    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text("SELECT seq, kind, data FROM paston_events WHERE table_id = :t ORDER BY seq"),
                {"t": table},
            ).all()
    finally:
        engine.dispose()
    return [(r[0], r[1], r[2]) for r in rows]


def test_three_processes_one_table_owner_killed(postgres_url: str, tmp_path: Path) -> None:
    # Started at once: they create the shared tables together on an empty database.
    nodes = [Node(postgres_url, tmp_path) for _ in range(3)]
    try:
        for node in nodes:
            node.wait_ready()
        # A server of the one-owner mode cannot join a cluster's database.
        alone = serve_once(["--port", str(free_port()), "--db", postgres_url], tmp_path)
        assert alone.returncode == 2 and "in use by another paston serve" in alone.stderr
        asyncio.run(_scenario(nodes, postgres_url))
    finally:
        for n in nodes:
            n.stop()


#: A table nobody connects to (its one person joined and left; a stand-in plays for them at
#: once): only the watcher can resume it.
BOTS_ONLY = {
    "seats": [
        {"kind": "human"},
        {"kind": "bot", "bot": "random"},
        {"kind": "bot", "bot": "random"},
    ],
    "stand_in": "random",
    "grace": 0,
    "deal_pause": 0.2,
    "rules": {"target": 1000},
}


def _owner_node(db: str, table: str) -> str:
    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            node = conn.execute(
                text("SELECT node FROM paston_owners WHERE table_id = :t"), {"t": table}
            ).scalar()
    finally:
        engine.dispose()
    return str(node)


async def _scenario(nodes: list[Node], db: str) -> None:
    async with httpx.AsyncClient(timeout=10) as http:
        r = await http.post(f"{nodes[0].url}/api/tables", json=THREE_HUMANS)
        assert r.status_code == 201, r.text
        table = r.json()["id"]
        r = await http.post(f"{nodes[0].url}/api/tables", json=BOTS_ONLY)
        assert r.status_code == 201, r.text
        bots_table = r.json()["id"]
        j = await http.post(f"{nodes[1].url}/api/tables/{bots_table}/join", json={"nickname": "x"})
        assert j.status_code == 200, j.text
        seats: list[tuple[int, str]] = []
        for i, node in enumerate(nodes):  # joins through the owner and through two relays
            j = await http.post(f"{node.url}/api/tables/{table}/join", json={"nickname": f"p{i}"})
            assert j.status_code == 200, j.text
            seats.append((j.json()["seat"], j.json()["token"]))
        summary = (await http.get(f"{nodes[2].url}/api/tables/{table}")).json()
        assert [s["nickname"] for s in summary["seats"]] == ["p0", "p1", "p2"]
        # Every process's lobby lists the tables of the others.
        for node in nodes[1:]:
            listed = [t["id"] for t in (await http.get(f"{node.url}/api/tables")).json()]
            assert table in listed and bots_table in listed

    clients = [await _connect(nodes[i], table, *seats[i]) for i in range(3)]
    # A spectator relayed by a process that does not own the table.
    watcher = await Client.connect(nodes[2].ws, table, None, None)
    acked: dict[str, tuple[int, str]] = {}
    await _play(clients, 6, acked)
    _check_views(clients)
    await watcher.wait_for(lambda m: m["type"] == "state" and m["seq"] == clients[0].state["seq"])  # type: ignore[index]
    spectated = [m for m in watcher.messages if m["type"] == "state"]
    assert spectated and all(
        m["you"]["seat"] is None and m["view"]["hand"] is None and m["view"]["legal"] == []
        for m in spectated
    )
    await watcher.close()

    owner = nodes[0]  # the process that created the table owns it
    dead_node = _owner_node(db, bots_table)
    assert _owner_node(db, table) == dead_node
    os.kill(owner.proc.pid, signal.SIGKILL)
    owner.proc.wait(10)
    killed_at = time.monotonic()
    bots_events = len(_log(db, bots_table))
    # The relayed sockets are closed by their process; the owner's socket just dies.
    for c in clients[1:]:
        await asyncio.wait_for(c.task, TAKEOVER_LIMIT)
        assert c.ws.close_code == 1012
    for c in clients:
        await c.close()

    deadline = killed_at + TAKEOVER_LIMIT
    live = nodes[1:]
    clients = [await _reconnect(live[i % 2], table, *seats[i], deadline=deadline) for i in range(3)]
    took = time.monotonic() - killed_at
    print(f"cluster takeover: play resumed {took:.2f} s after kill -9")  # shown with -s
    last_seq = max(seq for seq, _a in acked.values())
    for c in clients:
        assert c.state is not None and c.state["seq"] == last_seq  # nothing acknowledged lost
    # Every acknowledged action is in the new owner's hand (as each seat may see it).
    assert len(clients[0].state["view"]["history"]) == len(acked)  # type: ignore[index]

    await _play(clients, 4, acked)
    _check_views(clients)
    for c in clients:
        await c.close()
    # The relays let go of their sockets to the owner: nobody is left connected there.
    async with httpx.AsyncClient(timeout=10) as http:
        deadline = time.monotonic() + TAKEOVER_LIMIT
        while True:
            summary = (await http.get(f"{live[0].url}/api/tables/{table}")).json()
            if not any(s["connected"] for s in summary["seats"]) and summary["spectators"] == 0:
                break
            assert time.monotonic() < deadline, f"sockets left open at the owner: {summary}"
            await asyncio.sleep(0.1)

    # The bots' table was taken over by a watcher (nobody asked for it) and plays on.
    while time.monotonic() < killed_at + TAKEOVER_LIMIT and (
        _owner_node(db, bots_table) == dead_node or len(_log(db, bots_table)) <= bots_events
    ):
        await asyncio.sleep(0.2)
    assert _owner_node(db, bots_table) != dead_node
    bots_log = _log(db, bots_table)
    assert len(bots_log) > bots_events
    assert [seq for seq, _k, _d in bots_log] == list(range(1, len(bots_log) + 1))

    events = _log(db, table)
    assert [seq for seq, _k, _d in events] == list(range(1, len(events) + 1))
    logged: dict[str, Any] = {}
    for seq, kind, data in events:
        if kind == "action":
            cid = json.loads(data)["command_id"]
            assert cid not in logged, f"command {cid} logged twice"
            logged[cid] = (seq, json.loads(data)["action"])
    assert logged == acked

    # A process whose lock session dies exits (it can no longer prove what it owns), and the
    # last process takes its tables.
    holder = _owner_node(db, bots_table)
    victim = next(n for n in live if str(n.proc.pid) == holder.split("-")[0])
    _terminate_lock_session(db, bots_table)
    assert await asyncio.to_thread(victim.proc.wait, TAKEOVER_LIMIT) == 70
    survivor = next(n for n in live if n is not victim)
    deadline = time.monotonic() + TAKEOVER_LIMIT
    while _owner_node(db, bots_table).split("-")[0] != str(survivor.proc.pid):
        assert time.monotonic() < deadline, "the last process did not take the table"
        await asyncio.sleep(0.2)


def _terminate_lock_session(db: str, table: str) -> None:
    engine = create_engine(db)
    try:
        with engine.begin() as conn:
            ended = conn.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' "
                    "AND classid = :space AND objid::bigint = (hashtext(:t)::bigint & 4294967295)"
                ),
                {"space": CLUSTER_LOCK_SPACE, "t": table},
            ).all()
    finally:
        engine.dispose()
    assert [r[0] for r in ended] == [True]


@pytest.mark.parametrize("db", ["sqlite:///x.sqlite", ""])
def test_cluster_needs_postgres(db: str, tmp_path: Path) -> None:
    args = ["--port", str(free_port()), "--cluster"] + (["--db", db] if db else [])
    out = serve_once(args, tmp_path)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip().splitlines() == [
        "error: --cluster needs a PostgreSQL --db (postgresql+psycopg://...)"
    ]


def test_relayed_requests_name_the_client() -> None:
    # The owner takes the rightmost untrusted address: the relay adds its peer after what came.
    scope: dict[str, Any] = {"client": ("10.0.0.9", 5555), "headers": []}
    assert _forwarded_for(scope) == "10.0.0.9"
    scope["headers"] = [(b"x-forwarded-for", b"203.0.113.7")]
    assert _forwarded_for(scope) == "203.0.113.7, 10.0.0.9"


def test_only_the_owner_writes(postgres_url: str) -> None:
    """The write fence: a process writes a table's events only while its lock session holds
    the table (a process that lost it writes nothing, even before it notices)."""
    settings = ClusterSettings("http://127.0.0.1:1")
    owner, other = ClusterNode(postgres_url, settings), ClusterNode(postgres_url, settings)
    store = EventStore(postgres_url)
    store.start()
    try:
        assert owner.claim("t1") and not other.claim("t1")
        row = TableRow("t1", 0.0, False, {})

        async def append(fence: Any, seq: int) -> None:
            store.fence = fence
            await store.append(
                [EventRow("t1", seq, "created", {})], table=row if seq == 1 else None
            )

        asyncio.run(append(owner.fence, 1))
        with pytest.raises(RuntimeError, match="database write failed"):
            asyncio.run(append(other.fence, 2))
        owner.release("t1", still_open=True)
        with pytest.raises(RuntimeError, match="database write failed"):
            asyncio.run(append(owner.fence, 2))
        assert other.claim("t1")
        asyncio.run(append(other.fence, 2))
        assert [seq for seq, _k, _d in _log(postgres_url, "t1")] == [1, 2]
    finally:
        store.close()
        owner.close()
        other.close()


def test_a_frozen_owner_loses_its_tables(postgres_url: str, tmp_path: Path) -> None:
    """A process that stops answering (SIGSTOP) keeps its connection, not its tables: after
    its lease (5 s without a heartbeat) another process ends its lock session and takes its
    table; woken up, the frozen process finds its session gone and exits (70)."""
    frozen, other = Node(postgres_url, tmp_path), Node(postgres_url, tmp_path)
    try:
        frozen.wait_ready()
        other.wait_ready()
        r = httpx.post(f"{frozen.url}/api/tables", json=BOTS_ONLY, timeout=10)
        assert r.status_code == 201, r.text
        table = r.json()["id"]
        j = httpx.post(f"{other.url}/api/tables/{table}/join", json={"nickname": "x"}, timeout=10)
        assert j.status_code == 200, j.text
        assert _owner_node(postgres_url, table).split("-")[0] == str(frozen.proc.pid)
        os.kill(frozen.proc.pid, signal.SIGSTOP)
        stopped_at = time.monotonic()
        while _owner_node(postgres_url, table).split("-")[0] != str(other.proc.pid):
            assert time.monotonic() < stopped_at + 5 + TAKEOVER_LIMIT, "the table stayed frozen"
            time.sleep(0.2)
        events = len(_log(postgres_url, table))
        os.kill(frozen.proc.pid, signal.SIGCONT)
        assert frozen.proc.wait(TAKEOVER_LIMIT) == 70
        deadline = time.monotonic() + TAKEOVER_LIMIT
        while len(_log(postgres_url, table)) <= events:  # the new owner plays on
            assert time.monotonic() < deadline
            time.sleep(0.2)
        log = _log(postgres_url, table)
        assert [seq for seq, _k, _d in log] == list(range(1, len(log) + 1))
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(frozen.proc.pid, signal.SIGCONT)
        frozen.stop()
        other.stop()


def test_a_takeover_waits_for_the_last_owners_write(postgres_url: str) -> None:
    """Regression: the fence was checked before the insert, in the same transaction, but a
    peer could end the owner's lock session in between, claim the table and load its log
    before the owner's insert committed — the new owner then missed an acknowledged event.
    The fence now holds the table's ownership row (FOR SHARE) until the write commits, so a
    claim (which updates that row before the table is loaded) waits for the write."""
    owner = ClusterNode(postgres_url, ClusterSettings("http://127.0.0.1:1"))
    other = ClusterNode(postgres_url, ClusterSettings("http://127.0.0.1:2"))
    store = EventStore(postgres_url)  # creates the log's tables
    engine = create_engine(postgres_url)
    claimed_at: list[float] = []
    try:
        assert owner.claim("race1")
        with engine.connect() as conn:
            write = conn.begin()
            owner.fence(conn, {"race1"})  # the check passes: the owner still holds the table
            _terminate_lock_session(postgres_url, "race1")  # ...and then loses it

            def claim() -> None:
                # The ended session lets its locks go once its backend has exited, a moment
                # after pg_terminate_backend returns: try again until then.
                deadline = time.monotonic() + TAKEOVER_LIMIT
                while not other.claim("race1"):
                    if time.monotonic() > deadline:
                        return
                    time.sleep(0.02)
                claimed_at.append(time.monotonic())

            import threading

            taker = threading.Thread(target=claim)
            taker.start()
            time.sleep(0.5)
            conn.execute(
                text(
                    "INSERT INTO paston_events (table_id, seq, kind, data, at) "
                    "VALUES ('race1', 1, 'created', '{}', 0)"
                )
            )
            committed_at = time.monotonic()
            write.commit()
            taker.join(timeout=TAKEOVER_LIMIT)
        assert claimed_at, "the peer never took the table"
        assert claimed_at[0] >= committed_at, "the peer took the table before the write landed"
        assert [seq for seq, _k, _d in _log(postgres_url, "race1")] == [1]
    finally:
        engine.dispose()
        store.close()
        other.close()
        owner.close()


def test_a_process_frozen_mid_write_does_not_block_the_takeover(postgres_url: str) -> None:
    """A silent process whose write transaction holds a table's ownership row (see above) has
    that write's session ended with its lock session, so a peer can take the table over."""
    owner = ClusterNode(postgres_url, ClusterSettings("http://127.0.0.1:1", lease=1.0))
    other = ClusterNode(postgres_url, ClusterSettings("http://127.0.0.1:2", lease=1.0))
    store = EventStore(postgres_url)
    engine = create_engine(postgres_url)
    try:
        assert owner.claim("frozen1")
        conn = engine.connect()
        conn.begin()
        owner.fence(conn, {"frozen1"})  # a write under way, then the process stops answering
        with engine.begin() as admin:
            admin.execute(
                text("UPDATE paston_nodes SET beat = 0 WHERE node = :n"), {"n": owner.node}
            )
        assert other.beat() == [owner.node]
        with pytest.raises(Exception, match="terminat"):
            conn.execute(text("SELECT 1"))
        conn.invalidate()
        deadline = time.monotonic() + 60  # the ended sessions exit a moment later (hang guard)
        while not other.claim("frozen1"):
            assert time.monotonic() < deadline, "the peer could not take the table"
            time.sleep(0.02)
    finally:
        engine.dispose()
        store.close()
        other.close()
        owner.close()
