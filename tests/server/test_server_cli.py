"""`paston serve` as a command: the address line, the default database, clear errors."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import httpx
from server_helpers import ServerProcess, free_port


def test_serve_prints_address_and_creates_default_db(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", "from paston.cli import main; main()", "serve", "--port", str(port)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == f"Paston is at http://127.0.0.1:{port}/"
        assert httpx.get(f"http://127.0.0.1:{port}/api/health").json()["ok"] is True
        assert (tmp_path / "paston-data" / "paston.sqlite").is_file()
    finally:
        proc.kill()
        proc.wait(10)


def test_serve_bad_database_is_one_line(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", "from paston.cli import main; main()", "serve", "--db", "nope://x"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot open the database 'nope://x'")


def test_serve_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = subprocess.run(
            [sys.executable, "-m", "paston", "serve", "--port", str(port)],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert lines[0].startswith(f"error: cannot listen on 127.0.0.1:{port}: ")
    assert "choose another --port" in lines[0]


def test_serve_process_stops_cleanly_on_interrupt(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "x.sqlite").start()
    server.stop()
    assert server.proc is not None and server.proc.stderr is not None
    # uvicorn shuts down gracefully, then re-raises the interrupt (exit status 130).
    assert server.proc.returncode in (0, 130)
    assert "Traceback" not in server.proc.stderr.read()
