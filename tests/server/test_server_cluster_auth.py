"""Cluster mode's processes authenticate each other (issue 17 §4): ``X-Paston-Forwarded`` is an
HMAC under the cluster's key (kept in the shared database), so a client that sends the header
itself is refused, and a forwarded spectator chat line is checked and rate-limited by the owner
as every chat line (its nickname, its text, the client's rates).

Two `paston serve --cluster` processes on one throw-away PostgreSQL (tests/server/conftest.py).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from server_helpers import Client
from test_server_cluster import Node
from test_server_postgres import postgres_url

from paston.server.cluster_auth import MAX_SKEW, sign, verify
from paston.server.edge import EdgeSettings
from paston.server.server_keys import server_key
from paston.server.store import make_engine

__all__ = ["postgres_url"]

_HOSTS = itertools.count(1)

WATCHED = {
    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot"}],
    "pace": "instant",
}
#: What the issue's attacker sent: 2,007 characters with bidirectional controls in them.
BAD_NAME = ("\u202eevil\u202c" * 400)[:2007]


def test_signatures_cover_the_request_and_expire() -> None:
    key, other = b"k" * 32, b"o" * 32
    value = sign(key, "POST", "/api/tables/t1/spectator-chat", "", b'{"text":"hi"}', now=1000)
    ok = ("POST", "/api/tables/t1/spectator-chat", "", b'{"text":"hi"}')
    assert verify(key, value, *ok, now=1000) is None
    assert verify(key, value, *ok, now=1000 + MAX_SKEW) is None
    assert "clock" in str(verify(key, value, *ok, now=1001 + MAX_SKEW))
    assert "key" in str(verify(other, value, *ok, now=1000))
    changed = [
        ("POST", "/api/tables/t1/spectator-chat", "", b'{"text":"ho"}'),
        ("POST", "/api/tables/t2/spectator-chat", "", b'{"text":"hi"}'),
        ("PUT", "/api/tables/t1/spectator-chat", "", b'{"text":"hi"}'),
        ("POST", "/api/tables/t1/spectator-chat", "a=1", b'{"text":"hi"}'),
    ]
    for request in changed:
        assert verify(key, value, *request, now=1000) is not None, request
    assert verify(key, "1", *ok, now=1000) is not None  # the old, unsigned header
    # The query's order and encoding do not matter; its content does.
    ws = sign(key, "WS", "/ws/tables/t1", b"token=abc&nickname=A%20B", now=5)
    assert verify(key, ws, "WS", "/ws/tables/t1", "nickname=A+B&token=abc", now=5) is None
    assert verify(key, ws, "WS", "/ws/tables/t1", "nickname=A+B&token=abd", now=5) is not None


def _signed(key: bytes, path: str, body: dict[str, Any]) -> tuple[bytes, dict[str, str]]:
    raw = json.dumps(body).encode()
    headers = {
        "X-Paston-Forwarded": sign(key, "POST", path, "", raw),
        "Content-Type": "application/json",
        # Each request from another proxy client: the REST rate of 127.0.0.1 is not the point.
        "X-Forwarded-For": f"10.{next(_HOSTS) % 250}.{next(_HOSTS) % 250}.1",
    }
    return raw, headers


async def _scenario(owner: Node, other: Node, key: bytes) -> None:
    async with httpx.AsyncClient(timeout=20) as http:
        r = await http.post(f"{owner.url}/api/tables", json=WATCHED)
        assert r.status_code == 201, r.text
        table = r.json()["id"]
        chat = f"/api/tables/{table}/spectator-chat"

        # A client's own X-Paston-Forwarded: refused wherever it is sent.
        forged = {"X-Paston-Forwarded": "1"}
        r = await http.post(
            owner.url + chat, json={"text": "hi", "nickname": BAD_NAME}, headers=forged
        )
        assert r.status_code == 403 and r.json()["error"]["code"] == "forged_forward", r.text
        r = await http.get(f"{owner.url}/api/tables/{table}/spectator-snapshot", headers=forged)
        assert r.status_code == 403
        r = await http.get(f"{other.url}/api/tables/{table}", headers=forged)  # not relayed
        assert r.status_code == 403 and "X-Paston-Forwarded" in r.json()["error"]["message"]
        # Without the header the internal routes do not exist for a client.
        r = await http.post(owner.url + chat, json={"text": "hi"})
        assert r.status_code == 404
        async with websockets.connect(
            f"{owner.ws}/ws/tables/{table}", additional_headers=forged
        ) as ws:
            error = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert error["code"] == "forged_forward"
            with pytest.raises(websockets.ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 10)
            assert ws.close_code == 4403

        # Even a validly signed line (a peer with a bug) is checked and limited by the owner.
        raw, headers = _signed(key, chat, {"text": "hi", "nickname": BAD_NAME})
        r = await http.post(owner.url + chat, content=raw, headers=headers)
        assert r.status_code == 400 and "nickname" in r.json()["error"]["message"], r.text
        kinds = []
        started = time.monotonic()
        for i in range(60):
            body = {"text": f"line {i}", "command_id": f"c{i}", "client": "198.51.100.77"}
            raw, headers = _signed(key, chat, body)
            r = await http.post(owner.url + chat, content=raw, headers=headers)
            assert r.status_code == 200, r.text
            frames = [json.loads(f) for f in r.json()["frames"]]
            kinds.append(next(f["type"] for f in frames if f.get("command_id") == f"c{i}"))
        took = time.monotonic() - started
        edge = EdgeSettings()
        # At most the burst and what refilled meanwhile (a count that holds at any speed).
        allowed = edge.chats_burst + int(took * edge.chats_per_minute / 60) + 1
        assert kinds.count("ack") <= allowed, (kinds, took)
        assert kinds.count("reject") >= 60 - allowed
        # Another client has its own rate.
        raw, headers = _signed(key, chat, {"text": "x", "command_id": "d1", "client": "192.0.2.8"})
        frames = (await http.post(owner.url + chat, content=raw, headers=headers)).json()["frames"]
        assert json.loads(frames[0])["type"] == "ack"

        # The processes themselves still work together: a spectator of the remote table,
        # served by the other process, gets the table and its chat line is taken.
        spectator = await Client.connect(other.ws, table, None, None)
        try:
            await spectator.wait_for(lambda m: m["type"] == "state")
            await spectator.send({"type": "chat", "text": "hello", "command_id": "s1"})
            ack = await spectator.wait_for(lambda m: m.get("command_id") == "s1")
            assert ack["type"] == "ack", ack
            line = await spectator.wait_for(lambda m: m["type"] == "chat" and m["text"] == "hello")
            assert line["from"] == "spectator"
        finally:
            await spectator.close()
        # A relayed request (the other process passes it to the owner, signed).
        r = await http.post(f"{other.url}/api/tables/{table}/join", json={"nickname": "Ani"})
        assert r.status_code == 200, r.text
        lobby = (await http.get(f"{other.url}/api/tables")).json()
        assert table in [t["id"] for t in lobby]


def test_peers_are_authenticated_and_forwarded_chat_is_limited(
    postgres_url: str, tmp_path: Path
) -> None:
    nodes = [Node(postgres_url, tmp_path) for _ in range(2)]
    try:
        for node in nodes:
            node.wait_ready()
        engine = make_engine(postgres_url)
        try:
            key = server_key(engine, "cluster_peer_key")  # the key both processes read
        finally:
            engine.dispose()
        asyncio.run(asyncio.wait_for(_scenario(nodes[0], nodes[1], key), 120))
    finally:
        for node in nodes:
            node.stop()
