"""Findings 7 and 9 of the hardening issue: a second server on a SQLite file that another
live process owns refuses to start (one line, exit 2) while a killed owner does not block a
restart; a read-only database is found at start-up (one line, exit 2), never at a move."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import httpx
from edge_helpers import EdgeServer, serve_once
from server_helpers import THREE_HUMANS, free_port

from paston.server.store import EventStore


def test_second_server_on_same_file_refuses(tmp_path: Path) -> None:
    """Finding 7: two processes on one SQLite file both drove the same tables; the second now
    refuses with one line naming the owner, and the first keeps serving."""
    db = tmp_path / "paston.sqlite"
    with EdgeServer(db) as first:
        assert first.proc is not None
        out = serve_once(["--port", str(free_port()), "--db", f"sqlite:///{db}"], tmp_path)
        assert out.returncode == 2 and out.stdout == ""
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1, out.stderr
        assert lines[0].startswith("error: cannot serve") and "in use" in lines[0]
        assert str(first.proc.pid) in lines[0]
        r = httpx.post(f"{first.url}/api/tables", json=THREE_HUMANS, timeout=10)
        assert r.status_code == 201


def test_killed_owner_does_not_block_restart(tmp_path: Path) -> None:
    """Finding 7: the lock dies with its process, even on kill -9; the stale lock file left
    behind does not keep the next server from starting, and the tables are still there."""
    db = tmp_path / "paston.sqlite"
    with EdgeServer(db) as first:
        assert first.proc is not None
        table = httpx.post(f"{first.url}/api/tables", json=THREE_HUMANS, timeout=10).json()["id"]
        os.kill(first.proc.pid, signal.SIGKILL)
        first.proc.wait(10)
    assert (tmp_path / "paston.sqlite.lock").exists()
    with EdgeServer(db) as second:
        r = httpx.get(f"{second.url}/api/tables/{table}", timeout=10)
        assert r.status_code == 200


def test_read_only_database_refused_at_start(tmp_path: Path) -> None:
    """Finding 9: a read-only database was found only at the first write (then self-playing
    tables logged tracebacks holding the next deal's hands); it is now one line at start-up."""
    db = tmp_path / "paston.sqlite"
    EventStore(f"sqlite:///{db}").close()  # an existing, valid database
    url = f"sqlite:///file:{db}?mode=ro&uri=true"
    out = serve_once(["--port", str(free_port()), "--db", url], tmp_path)
    assert out.returncode == 2 and out.stdout == "", (out.returncode, out.stdout)
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert lines[0].startswith("error: cannot serve") and "cannot be written" in lines[0]
    assert "readonly" in lines[0] or "read-only" in lines[0]
    assert "Traceback" not in out.stderr
