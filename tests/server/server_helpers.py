"""Shared helpers of the server tests: free ports, real `paston serve` processes, clients."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import uvicorn
import websockets

from paston.server import create_app

#: The command line of ``paston serve`` in this interpreter (options follow).
SERVE = [sys.executable, "-c", "from paston.cli import main; main()", "serve"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """`paston serve` in a subprocess on a free port of 127.0.0.1 (``env``: its environment,
    this process's when ``None``); ``with`` starts it and kills it."""

    def __init__(
        self, db: Path, port: int | None = None, env: Mapping[str, str] | None = None
    ) -> None:
        self.db = db
        self.port = port or free_port()
        self.env = dict(env) if env is not None else dict(os.environ)
        # Bot workers at the server's own priority (a test may set another): niced, they starve
        # beside the other test processes of a loaded machine and a table's bots barely move.
        self.env.setdefault("PASTON_BOT_WORKER_NICE", "0")
        self.proc: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        cmd = [*SERVE, "--port", str(self.port), "--db", f"sqlite:///{self.db}"]
        cmd += ["--deal-pause", "0", "--test-pace"]  # bots without pauses, unless asked
        self.proc = subprocess.Popen(
            cmd,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=self.db.parent,
            env=self.env,
        )
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 120  # a guard against a hang: a busy machine starts late
        line = ""
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if "Paston is at" in line or not line:
                break
        if "Paston is at" not in line:
            err = self.proc.stderr.read() if self.proc.stderr else ""
            self.kill()
            raise RuntimeError(f"the server did not start: {line!r} {err}")
        assert line.strip() == f"Paston is at http://127.0.0.1:{self.port}/"
        return self

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.kill()


@pytest.fixture
def server_process(tmp_path: Path) -> Iterator[ServerProcess]:
    server = ServerProcess(tmp_path / "paston.sqlite").start()
    try:
        yield server
    finally:
        server.kill()


class ThreadServer:
    """The app under uvicorn in a thread of this process (for tests that drive many sessions)."""

    def __init__(self, db: Path | str) -> None:
        self.db_url = db if isinstance(db, str) else f"sqlite:///{db}"
        self.port = free_port()
        self.app = create_app(self.db_url, default_deal_pause=0.0, test_pace=True)
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="error", ws_max_size=65536
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        deadline = time.monotonic() + 120  # a guard against a hang only
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(15)


@pytest.fixture(scope="module")
def thread_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    with ThreadServer(tmp_path_factory.mktemp("srv") / "paston.sqlite") as server:
        yield server


class Client:
    """A WebSocket client that records every message and keeps the latest state."""

    def __init__(self, ws: Any, seat: int | None, token: str | None) -> None:
        self.ws = ws
        self.seat = seat
        self.token = token
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.new = asyncio.Event()
        self.task = asyncio.create_task(self._read())

    @classmethod
    async def connect(cls, base: str, table: str, token: str | None, seat: int | None) -> Client:
        query = f"?token={token}" if token else ""
        ws = await websockets.connect(f"{base}/ws/tables/{table}{query}", max_size=2**22)
        return cls(ws, seat, token)

    async def _read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in self.ws:
                msg = json.loads(raw)
                self.messages.append(msg)
                if msg.get("type") == "state":
                    self.state = msg
                self.new.set()

    async def send(self, obj: Any) -> None:
        await self.ws.send(obj if isinstance(obj, str) else json.dumps(obj))

    async def wait_for(self, pred: Any, start: int = 0, timeout: float = 60.0) -> dict[str, Any]:
        """The first message from index ``start`` on for which ``pred`` holds (``timeout``:
        a guard against a hang on a machine as busy as it may be, never a measure of speed)."""
        deadline = time.monotonic() + timeout
        seen = start
        while True:
            for msg in self.messages[seen:]:
                if pred(msg):
                    return msg
            seen = len(self.messages)
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no matching message; last: {self.messages[-3:]}")
            self.new.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.new.wait(), left)

    async def close(self) -> None:
        await self.ws.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.task, 5)


async def new_table(base: str, body: dict[str, Any], nicknames: list[str]) -> tuple[str, list[Any]]:
    """Create a table and join it with each nickname; returns the id and ``(seat, token)``s."""
    import httpx

    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        r = await http.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        table = r.json()["id"]
        seats = []
        for name in nicknames:
            j = await http.post(f"/api/tables/{table}/join", json={"nickname": name})
            assert j.status_code == 200, j.text
            seats.append((j.json()["seat"], j.json()["token"]))
    return table, seats


def my_turn(client: Client) -> bool:
    st = client.state
    return bool(st and st["view"] and st["view"]["to_act"] == client.seat and st["view"]["legal"])


THREE_HUMANS = {
    "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
    "deal_pause": 0,
    "first_dealer": 0,
}
