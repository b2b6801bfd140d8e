"""Helpers of the edge tests: `paston serve` with edge settings from the environment, raw
HTTP over a socket (to send what an HTTP client library would not), forwarded addresses."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

from server_helpers import SERVE, ServerProcess

__all__ = ["SERVE", "EdgeServer", "forwarded", "raw_request", "read_all", "serve_once"]


class EdgeServer(ServerProcess):
    """`paston serve` on a free port with ``PASTON_*`` settings in its environment."""

    def __init__(self, db: Path, **settings: Any) -> None:
        env = {**os.environ}
        for name, value in settings.items():
            env[f"PASTON_{name.upper()}"] = str(value)
        super().__init__(db, env=env)

    def __enter__(self) -> EdgeServer:
        self.start()
        return self


def forwarded(address: str) -> dict[str, str]:
    """Headers making a request come from ``address`` (the test server trusts 127.0.0.1)."""
    return {"X-Forwarded-For": address}


def raw_request(port: int, head: bytes, body: bytes = b"", timeout: float = 10.0) -> bytes:
    """Send ``head`` + ``body`` over a fresh socket; everything the server answers."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(head + body)
        return read_all(s, timeout)


def read_all(s: socket.socket, timeout: float) -> bytes:
    s.settimeout(timeout)
    out = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            chunk = s.recv(65536)
        except (TimeoutError, ConnectionResetError):
            break
        if not chunk:
            break
        out += chunk
        if b"\r\n\r\n" in out:
            head, _, rest = out.partition(b"\r\n\r\n")
            length = [
                int(line.split(b":", 1)[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length:")
            ]
            if length and len(rest) >= length[0]:
                break
    return out


def serve_once(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> Any:
    """`paston serve ARGS` expected to exit at once (an error): the finished process."""
    return subprocess.run(
        [*SERVE, *args], cwd=cwd, capture_output=True, text=True, timeout=60, env=env
    )
