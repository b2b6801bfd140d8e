"""The same event-log code on PostgreSQL: play, restart on the same database, play on.

Runs only where a PostgreSQL server binary (``initdb``, ``pg_ctl``) is installed; a throw-away
cluster is created in a temporary folder on a free port.
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import THREE_HUMANS, Client, ThreadServer, free_port, my_turn, new_table

pytest.importorskip("psycopg")


def _as_postgres(cmd: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root; run its tools as the postgres user then.
    if os.geteuid() == 0 and shutil.which("runuser"):
        return ["runuser", "-u", "postgres", "--", *cmd]
    return cmd


def _pg_bin(name: str) -> str | None:
    # Debian keeps the server tools off PATH, under /usr/lib/postgresql/<version>/bin.
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    return str(candidates[-1]) if candidates else None


def _unavailable(reason: str) -> None:
    # `make test` installs PostgreSQL, so in CI a missing server is a failure, not a skip.
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if not (initdb and pg_ctl):
        _unavailable("no PostgreSQL server installed (apt-get install postgresql)")
    assert initdb and pg_ctl
    # Not under pytest's tmp_path: the postgres user must be able to reach the folder.
    root = Path(tempfile.mkdtemp(prefix="paston-pg-"))
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
    data = root / "data"
    port = free_port()
    init = subprocess.run(
        _as_postgres([initdb, "-D", str(data), "-A", "trust", "-U", "paston"]),
        capture_output=True,
        text=True,
    )
    if init.returncode != 0:
        shutil.rmtree(root, ignore_errors=True)
        _unavailable(f"initdb failed: {init.stderr.strip()[:200]}")
    opts = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        _as_postgres([pg_ctl, "-D", str(data), "-o", opts, "-l", str(root / "log"), "-w", "start"]),
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://paston@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_postgres([pg_ctl, "-D", str(data), "-m", "immediate", "stop"]),
            capture_output=True,
        )
        shutil.rmtree(root, ignore_errors=True)


def test_postgres_log_survives_restart(postgres_url: str) -> None:
    rng = random.Random(7)

    async def play(server: ThreadServer, table: str, seats: list, n: int) -> list[str]:
        clients = [await Client.connect(server.ws, table, t, s) for s, t in seats]
        for c in clients:
            await c.wait_for(lambda m: m["type"] == "state" and m["view"] is not None)
        for i in range(n):
            mover = next(c for c in clients if my_turn(c))
            assert mover.state is not None
            cid = f"pg-{rng.random()}-{i}"
            await mover.send(
                {
                    "type": "action",
                    "command_id": cid,
                    "expected_seq": mover.state["seq"],
                    "action": rng.choice(mover.state["view"]["legal"]),
                }
            )
            ack = await mover.wait_for(lambda m, cid=cid: m.get("command_id") == cid)
            assert ack["type"] == "ack"
            for c in clients:
                await c.wait_for(lambda m, s=ack["seq"]: m["type"] == "state" and m["seq"] >= s)
        state = clients[0].state
        assert state is not None
        for c in clients:
            await c.close()
        return [a for _s, a in state["view"]["history"]] if state["deal_over"] is None else []

    with ThreadServer(postgres_url) as server:
        table, seats = asyncio.run(new_table(server.url, THREE_HUMANS, ["a", "b", "c"]))
        before = asyncio.run(play(server, table, seats, 5))
    with ThreadServer(postgres_url) as server:
        after = asyncio.run(play(server, table, seats, 0))
        assert after == before and len(before) == 5
        asyncio.run(play(server, table, seats, 4))
