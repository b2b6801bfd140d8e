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

#: Seconds a wait may take before the test fails: a guard against a hang on a machine as busy as
#: it may be. The timeouts under test are short; what is asserted is that they fire (and not
#: before their time), never how soon after.
HANG_GUARD = 60.0


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
        # Headers: a byte every 0.3 s never finishes the head (it would take over a minute).
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            t0 = time.monotonic()
            closed = False
            for ch in b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 200:
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
        assert closed, "the trickled head was never cut off"
        assert took >= 1.0, took  # by the timeout: not before it ran out
        # Body: a complete head, then the body one byte at a time (never all of it).
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            s.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: 2000\r\n\r\n{"
            )
            answer = b""
            t0 = time.monotonic()
            for _ in range(1000):
                try:
                    s.sendall(b" ")
                except (BrokenPipeError, ConnectionResetError):
                    break
                done, got = _closed_within(s, 0.25)
                answer += got
                if done or answer:
                    break
            answer += read_all(s, HANG_GUARD)
            took = time.monotonic() - t0
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b"request_timeout" in answer and took >= 1.0, took
        assert httpx.get(f"{server.url}/api/health", timeout=HANG_GUARD).json()["ok"] is True


def test_connections_per_address_capped(tmp_path: Path) -> None:
    """Finding 5: 200 idle connections from one address were all held; now the ones over
    `max_connections_per_address` are closed at once, and others are still served."""
    # Held connections stay open however slow the test is (no keep-alive or head time-out).
    roomy = {"keep_alive": 600, "header_timeout": 600}
    with EdgeServer(tmp_path / "p.sqlite", max_connections_per_address=8, **roomy) as server:
        held = [socket.create_connection(("127.0.0.1", server.port), timeout=5) for _ in range(8)]
        try:
            # Each held connection is answered once: the server has counted every one of them
            # before the extra one comes (an accept queue is not a count).
            for s in held:
                s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
                assert read_all(s, HANG_GUARD).startswith(b"HTTP/1.1 200")
            extra = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            with extra:
                closed, _ = _closed_within(extra, HANG_GUARD)
            assert closed
            for s in held[:4]:
                s.close()
            # Served again once the server has seen those four go (a retry, not a sleep).
            assert _health_until(server.url, 200) == 200
        finally:
            for s in held:
                s.close()


def test_idle_websocket_closed(tmp_path: Path) -> None:
    """Finding 5: idle WebSockets stayed forever; one that sends nothing for
    `ws_idle_timeout` seconds is told ``idle_timeout`` and closed (4408), while one that pings
    stays."""
    with EdgeServer(tmp_path / "p.sqlite", ws_idle_timeout=5) as server:

        async def go() -> None:
            table, _ = await new_table(server.url, THREE_HUMANS, [])
            idle = await websockets.connect(f"{server.ws}/ws/tables/{table}")
            busy = await websockets.connect(f"{server.ws}/ws/tables/{table}")
            t0 = time.monotonic()
            got_idle_error = False
            busy_pongs = 0
            # Until the idle one is closed (the limit guards against a hang only); the busy
            # one pings far more often than its idle timeout meanwhile.
            while time.monotonic() - t0 < HANG_GUARD:
                await busy.send('{"type": "ping"}')
                try:
                    while True:
                        raw = await asyncio.wait_for(idle.recv(), 0.05)
                        got_idle_error |= '"idle_timeout"' in str(raw)
                except TimeoutError:
                    pass
                except websockets.ConnectionClosed:
                    break
                await asyncio.sleep(0.2)
            assert got_idle_error
            assert time.monotonic() - t0 >= 4.0  # closed by the timeout, not before it
            assert idle.close_code == 4408
            while True:
                raw = await asyncio.wait_for(busy.recv(), HANG_GUARD)
                if '"pong"' in str(raw):
                    busy_pongs += 1
                    break
            assert busy_pongs and busy.close_code is None
            await busy.close()

        asyncio.run(asyncio.wait_for(go(), 2 * HANG_GUARD))


def test_overall_connection_cap(tmp_path: Path) -> None:
    """Finding 5: past `max_connections` open connections in all, requests are answered 503
    (uvicorn's limit_concurrency) instead of piling up."""
    roomy = {"keep_alive": 600, "header_timeout": 600}
    with EdgeServer(tmp_path / "p.sqlite", max_connections=4, **roomy) as server:
        held = [socket.create_connection(("127.0.0.1", server.port), timeout=5) for _ in range(4)]
        try:
            # Refused once the server holds the four (a retry while it accepts them, no sleep).
            assert _health_until(server.url, 503) == 503
        finally:
            for s in held:
                s.close()
        assert _health_until(server.url, 200) == 200


def _health_until(url: str, status: int) -> int:
    """GET /api/health until it answers ``status`` (or the hang guard runs out): the status."""
    deadline = time.monotonic() + HANG_GUARD
    code = 0
    while code != status and time.monotonic() < deadline:
        try:
            code = httpx.get(f"{url}/api/health", timeout=HANG_GUARD).status_code
        except httpx.HTTPError:
            code = 0  # closed by the cap: not yet
        if code != status:
            time.sleep(0.1)
    return code
