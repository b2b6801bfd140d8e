"""Finding 7 of the hardening issue on PostgreSQL: a second `paston serve` on a database that
a live server owns refuses to start (one line, exit 2); when the owner is killed (-9) its
advisory lock goes with its session and the next server starts and serves the tables.

Uses a throw-away PostgreSQL cluster from Debian's package, like test_server_postgres.py."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import httpx
from edge_helpers import SERVE, serve_once
from server_helpers import THREE_HUMANS, free_port
from test_server_postgres import postgres_url

__all__ = ["postgres_url"]


def _start(url: str, cwd: Path) -> tuple[subprocess.Popen[str], int]:
    port = free_port()
    proc = subprocess.Popen(
        [*SERVE, "--port", str(port), "--db", url],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert "Paston is at" in line, (line, proc.stderr.read() if proc.stderr else "")
    return proc, port


def test_second_server_on_same_postgres_refuses(postgres_url: str, tmp_path: Path) -> None:
    first, port = _start(postgres_url, tmp_path)
    try:
        table = httpx.post(
            f"http://127.0.0.1:{port}/api/tables", json=THREE_HUMANS, timeout=10
        ).json()["id"]
        out = serve_once(["--port", str(free_port()), "--db", postgres_url], tmp_path)
        assert out.returncode == 2 and out.stdout == ""
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and "in use by another paston serve" in lines[0], out.stderr
        os.kill(first.pid, signal.SIGKILL)
        first.wait(10)
        # The killed owner's session ends when its connection drops; then a new owner starts.
        deadline = time.monotonic() + 60  # a guard against a hang only
        while True:
            try:
                second, port2 = _start(postgres_url, tmp_path)
                break
            except AssertionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        try:
            r = httpx.get(f"http://127.0.0.1:{port2}/api/tables/{table}", timeout=10)
            assert r.status_code == 200
        finally:
            second.kill()
            second.wait(10)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait(10)
