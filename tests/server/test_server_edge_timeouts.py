"""Finding 5 of the hardening issue: half-open and trickling connections are timed out, and
one address cannot hold any number of connections or idle WebSockets."""

from __future__ import annotations

import asyncio
import socket
import time
from pathlib import Path

import httpx
import websockets
from edge_helpers import EdgeServer, read_all
from server_helpers import THREE_HUMANS, new_table


def _closed_within(s: socket.socket, seconds: float) -> tuple[bool, bytes]:
    """Whether the server closed ``s`` within ``seconds`` (and what it sent before)."""
    s.settimeout(0.2)
    got = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            chunk = s.recv(4096)
        except TimeoutError:
            continue
        except ConnectionResetError:
            return True, got
        if not chunk:
            return True, got
        got += chunk
    return False, got


def test_trickling_headers_and_body_time_out(tmp_path: Path) -> None:
    """Finding 5: a request trickling its head one byte at a time was held for as long as the
    client liked; now the connection is closed after `header_timeout`, and a body slower than
    `body_timeout` is answered 408."""
    with EdgeServer(tmp_path / "p.sqlite", header_timeout=1.5, body_timeout=1.5) as server:
        # Headers: a byte every 0.3 s never finishes the head.
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            t0 = time.monotonic()
            closed = False
            for ch in b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100:
                try:
                    s.sendall(bytes([ch]))
                except (BrokenPipeError, ConnectionResetError):
                    closed = True
                    break
                done, _ = _closed_within(s, 0.3)
                if done:
                    closed = True
                    break
            took = time.monotonic() - t0
        assert closed and took < 5, took
        # Body: a complete head, then the body one byte at a time.
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            s.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: 200\r\n\r\n{"
            )
            answer = b""
            t0 = time.monotonic()
            for _ in range(40):
                try:
                    s.sendall(b" ")
                except (BrokenPipeError, ConnectionResetError):
                    break
                done, got = _closed_within(s, 0.25)
                answer += got
                if done or answer:
                    break
            answer += read_all(s, 2)
            took = time.monotonic() - t0
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b"request_timeout" in answer and took < 5
        assert httpx.get(f"{server.url}/api/health", timeout=5).json()["ok"] is True


def test_connections_per_address_capped(tmp_path: Path) -> None:
    """Finding 5: 200 idle connections from one address were all held; now the ones over
    `max_connections_per_address` are closed at once, and others are still served."""
    with EdgeServer(tmp_path / "p.sqlite", max_connections_per_address=8) as server:
        held = [socket.create_connection(("127.0.0.1", server.port), timeout=5) for _ in range(8)]
        try:
            time.sleep(0.3)
            extra = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            with extra:
                closed, _ = _closed_within(extra, 3)
            assert closed
            for s in held[:4]:
                s.close()
            time.sleep(0.3)
            r = httpx.get(f"{server.url}/api/health", timeout=5)
            assert r.status_code == 200
        finally:
            for s in held:
                s.close()


def test_idle_websocket_closed(tmp_path: Path) -> None:
    """Finding 5: idle WebSockets stayed forever; one that sends nothing for
    `ws_idle_timeout` seconds is told ``idle_timeout`` and closed (4408), while one that pings
    stays."""
    with EdgeServer(tmp_path / "p.sqlite", ws_idle_timeout=1.5) as server:

        async def go() -> None:
            table, _ = await new_table(server.url, THREE_HUMANS, [])
            idle = await websockets.connect(f"{server.ws}/ws/tables/{table}")
            busy = await websockets.connect(f"{server.ws}/ws/tables/{table}")
            t0 = time.monotonic()
            got_idle_error = False
            busy_pongs = 0
            while time.monotonic() - t0 < 3.5:
                await busy.send('{"type": "ping"}')
                try:
                    while True:
                        raw = await asyncio.wait_for(idle.recv(), 0.05)
                        got_idle_error |= '"idle_timeout"' in str(raw)
                except TimeoutError:
                    pass
                except websockets.ConnectionClosed:
                    break
                await asyncio.sleep(0.4)
            assert got_idle_error
            assert idle.close_code == 4408
            while True:
                raw = await asyncio.wait_for(busy.recv(), 2)
                if '"pong"' in str(raw):
                    busy_pongs += 1
                    break
            assert busy_pongs and busy.close_code is None
            await busy.close()

        asyncio.run(asyncio.wait_for(go(), 30))


def test_overall_connection_cap(tmp_path: Path) -> None:
    """Finding 5: past `max_connections` open connections in all, requests are answered 503
    (uvicorn's limit_concurrency) instead of piling up."""
    with EdgeServer(tmp_path / "p.sqlite", max_connections=4) as server:
        held = [socket.create_connection(("127.0.0.1", server.port), timeout=5) for _ in range(4)]
        try:
            time.sleep(0.3)
            r = httpx.get(f"{server.url}/api/health", timeout=5)
            assert r.status_code == 503
        finally:
            for s in held:
                s.close()
        time.sleep(0.3)
        assert httpx.get(f"{server.url}/api/health", timeout=5).status_code == 200
