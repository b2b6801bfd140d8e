"""Finding 3 of the hardening issue: the body size is enforced while the body is read, for
every endpoint (a 300 MiB body used to be read whole first); WebSocket messages are capped."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path

import pytest
import websockets
from edge_helpers import EdgeServer, read_all
from server_helpers import THREE_HUMANS, Client, ThreadServer, new_table


@pytest.fixture(scope="module")
def edge_server(tmp_path_factory: pytest.TempPathFactory) -> EdgeServer:
    with EdgeServer(tmp_path_factory.mktemp("body") / "paston.sqlite") as server:
        yield server  # type: ignore[misc]


def _head(path: str, extra: str) -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n{extra}\r\n"
    ).encode()


@pytest.mark.parametrize("path", ["/api/tables", "/api/tables/nope/join", "/api/health", "/"])
def test_declared_length_over_limit_refused_before_reading(
    edge_server: EdgeServer, path: str
) -> None:
    """Finding 3: a request announcing 300 MiB is answered 413 at once, on any endpoint,
    while the client has sent only its head (nothing of the body is waited for)."""
    with socket.create_connection(("127.0.0.1", edge_server.port), timeout=10) as s:
        s.sendall(_head(path, f"Content-Length: {300 * 1024 * 1024}\r\n"))
        # Not one byte of the body follows: a server that waited for it would answer 408
        # after `body_timeout`, not 413 (the wait only guards against a hang).
        answer = read_all(s, 60)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    body = json.loads(answer.partition(b"\r\n\r\n")[2])
    assert body["error"]["code"] == "too_large"


def test_chunked_body_counted_while_arriving(edge_server: EdgeServer) -> None:
    """Finding 3: a body without a length (chunked) is cut off as soon as it goes over the
    limit; the server answers 413 while the client is still sending, and stays healthy."""
    chunk = b"[" + b"1," * 4000 + b"1]"
    with socket.create_connection(("127.0.0.1", edge_server.port), timeout=10) as s:
        s.sendall(_head("/api/tables", "Transfer-Encoding: chunked\r\n"))
        sent = 0
        answer = b""
        s.settimeout(0.05)
        for _ in range(400):  # up to ~3 MiB if never refused
            try:
                s.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += len(chunk)
            try:
                answer += s.recv(65536)
            except TimeoutError:
                continue
            if answer:
                break
        if not answer:
            answer = read_all(s, 60)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert sent < 256 * 1024, f"{sent} bytes were sent before the refusal"


def test_body_just_under_limit_is_read(edge_server: EdgeServer) -> None:
    """The limit is the documented 16 KiB: a body just under it is read and answered."""
    import httpx

    body = json.dumps({"name": "n", "rules": {}}).encode()
    body += b" " * (16 * 1024 - len(body))
    r = httpx.post(
        f"{edge_server.url}/api/tables",
        content=body,
        headers={"content-type": "application/json"},
        timeout=10,
    )
    assert r.status_code == 201, r.text


def test_websocket_message_caps(edge_server: EdgeServer, tmp_path: Path) -> None:
    """A 20 KiB message is refused ``too_large`` with the socket kept; a 100 KiB frame
    closes the socket (1009) without being read into memory."""

    async def go() -> None:
        table, seats = await new_table(edge_server.url, THREE_HUMANS, ["a", "b", "c"])
        c = await Client.connect(edge_server.ws, table, seats[0][1], 0)
        await c.wait_for(lambda m: m["type"] == "state")
        mark = len(c.messages)
        await c.send(json.dumps({"type": "chat", "text": "x" * 20_000}))
        reply = await c.wait_for(lambda m: m["type"] == "reject", mark)
        assert reply["code"] == "too_large"
        mark = len(c.messages)
        await c.send({"type": "ping"})
        await c.wait_for(lambda m: m["type"] == "pong", mark)
        await c.close()
        async with websockets.connect(f"{edge_server.ws}/ws/tables/{table}") as ws:
            await ws.send("x" * 100_000)
            with pytest.raises(websockets.ConnectionClosed) as closed:
                for _ in range(50):
                    await asyncio.wait_for(ws.recv(), 5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

    asyncio.run(asyncio.wait_for(go(), 60))


def test_in_process_app_limits_bodies_too(thread_server: ThreadServer) -> None:
    """The limit lives in the app, so an embedded app (no `paston serve`) has it as well."""
    with socket.create_connection(("127.0.0.1", thread_server.port), timeout=10) as s:
        s.sendall(_head("/api/tables", f"Content-Length: {10**9}\r\n"))
        answer = read_all(s, 5)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
