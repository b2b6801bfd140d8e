"""Finding 4 of the hardening issue (its edge part): per-client quotas and rate limits, per
address and per seat token. One client created 2,000 tables in 8.7 s, took every free seat and
flooded pings, hints and chat; each is now refused ``rate_limited`` / ``quota_exceeded`` (HTTP
429 or a socket reject) while other clients go on.

The servers here trust 127.0.0.1 as a proxy, so ``X-Forwarded-For`` names the client."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from edge_helpers import EdgeServer, forwarded
from server_helpers import THREE_HUMANS

from paston.server.limits import Holdings, KeyedBuckets, client_key, forwarded_client

A, B = "203.0.113.5", "203.0.113.6"
TRUST = {"trusted_proxies": "127.0.0.1"}
#: One token per 1,000 minutes: no refill while a test runs, so each count below is exact at
#: any speed (a refill of one a second let a slow run through one more).
NO_REFILL = 0.001
#: Seconds a wait may take before the test fails: a guard against a hang only.
HANG_GUARD = 60.0


def _error(r: httpx.Response) -> dict[str, Any]:
    assert r.headers["content-type"].startswith("application/json"), r.text
    return dict(r.json()["error"])


def test_table_creation_rate_and_open_table_cap(tmp_path: Path) -> None:
    """Finding 4: table creation is limited per address (burst, then a rate) and an address
    may hold only so many unfinished tables; another address is not affected."""
    limits = {"tables_burst": 3, "tables_per_minute": NO_REFILL, "open_tables_per_client": 4}
    with (
        EdgeServer(tmp_path / "p.sqlite", **TRUST, **limits) as server,
        httpx.Client(base_url=server.url, timeout=10) as http,
    ):
        made = [http.post("/api/tables", json=THREE_HUMANS, headers=forwarded(A)) for _ in range(3)]
        assert [r.status_code for r in made] == [201, 201, 201]
        over = http.post("/api/tables", json=THREE_HUMANS, headers=forwarded(A))
        assert over.status_code == 429
        assert _error(over)["code"] == "rate_limited"
        assert int(over.headers["Retry-After"]) >= 1
        assert "a minute" in _error(over)["message"]  # "0.001 a minute"
        other = http.post("/api/tables", json={**THREE_HUMANS, "name": "B's"}, headers=forwarded(B))
        assert other.status_code == 201
        lobby = http.get("/api/tables").json()
        assert any(t["name"] == "B's" for t in lobby)
    limits = {"tables_burst": 10, "open_tables_per_client": 2}
    with (
        EdgeServer(tmp_path / "q.sqlite", **TRUST, **limits) as server,
        httpx.Client(base_url=server.url, timeout=10) as http,
    ):
        codes = [
            http.post("/api/tables", json=THREE_HUMANS, headers=forwarded(A)).status_code
            for _ in range(2)
        ]
        assert codes == [201, 201]
        over = http.post("/api/tables", json=THREE_HUMANS, headers=forwarded(A))
        assert over.status_code == 429 and _error(over)["code"] == "quota_exceeded"
        assert "unfinished tables" in _error(over)["message"]


def test_join_rate_and_seat_cap(tmp_path: Path) -> None:
    """Finding 4: one client took every free seat at public tables; joins are rate limited
    and the seats one address holds at unfinished tables are capped."""
    limits = {"joins_burst": 10, "seats_per_client": 4, "tables_burst": 10}
    with (
        EdgeServer(tmp_path / "p.sqlite", **TRUST, **limits) as server,
        httpx.Client(base_url=server.url, timeout=10) as http,
    ):
        tables = [
            http.post("/api/tables", json=THREE_HUMANS, headers=forwarded(B)).json()["id"]
            for _ in range(2)
        ]
        codes = []
        for table in tables:
            for i in range(3):
                r = http.post(
                    f"/api/tables/{table}/join", json={"nickname": f"x{i}"}, headers=forwarded(A)
                )
                codes.append((r.status_code, r.json().get("error", {}).get("code")))
        assert codes[:4] == [(200, None)] * 4
        assert codes[4:] == [(429, "quota_exceeded")] * 2
        # The seats left are still there for somebody else.
        r = http.post(f"/api/tables/{tables[1]}/join", json={"nickname": "b"}, headers=forwarded(B))
        assert r.status_code == 200
    limits = {"joins_burst": 2, "joins_per_minute": NO_REFILL}
    with (
        EdgeServer(tmp_path / "q.sqlite", **TRUST, **limits) as server,
        httpx.Client(base_url=server.url, timeout=10) as http,
    ):
        table = http.post("/api/tables", json=THREE_HUMANS, headers=forwarded(B)).json()["id"]
        codes2 = [
            http.post(
                f"/api/tables/{table}/join", json={"nickname": f"x{i}"}, headers=forwarded(A)
            ).status_code
            for i in range(3)
        ]
        assert codes2 == [200, 200, 429]


async def _ws(server: EdgeServer, table: str, who: str, token: str | None = None) -> Any:
    query = f"?token={token}" if token else ""
    return await websockets.connect(
        f"{server.ws}/ws/tables/{table}{query}", additional_headers=forwarded(who)
    )


async def _first(ws: Any, kind: str, timeout: float = HANG_GUARD) -> dict[str, Any]:
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if msg["type"] == kind:
            return dict(msg)


def test_websocket_connect_rate_and_caps(tmp_path: Path) -> None:
    """Finding 4 / 5: WebSocket connections are limited per address (a rate and a number open
    at once) and per seat token; a refusal is a clear JSON error and close code 4429."""
    limits = {
        "ws_connects_burst": 100,
        "ws_connects_per_minute": NO_REFILL,
        "ws_per_address": 3,
        "ws_per_token": 2,
    }

    async def go(server: EdgeServer) -> None:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            table = (await http.post("/api/tables", json=THREE_HUMANS)).json()["id"]
            j = await http.post(f"/api/tables/{table}/join", json={"nickname": "t"})
            token = j.json()["token"]
        held = [await _ws(server, table, A) for _ in range(3)]
        for ws in held:
            await _first(ws, "state")
        fourth = await _ws(server, table, A)
        err = await _first(fourth, "error")
        assert err["code"] == "quota_exceeded" and "open connections" in err["message"]
        with pytest.raises(websockets.ConnectionClosed):
            await asyncio.wait_for(fourth.recv(), HANG_GUARD)
        assert fourth.close_code == 4429
        # Another address is not affected; a seat token has its own cap.
        seated = [await _ws(server, table, B, token) for _ in range(2)]
        for ws in seated:
            await _first(ws, "state")
        third = await _ws(server, table, B, token)
        assert (await _first(third, "error"))["code"] == "quota_exceeded"
        # One closed, one more may open (tried until the server has seen it go: no sleep).
        await held[0].close()
        deadline = time.monotonic() + HANG_GUARD
        while True:
            again = await _ws(server, table, A)
            first = await _first_of(again, ("state", "error"))
            if first["type"] == "state":
                break
            assert first["code"] == "quota_exceeded", first
            assert time.monotonic() < deadline, "a closed connection was never released"
            await asyncio.sleep(0.05)
        for ws in [again, *held, *seated]:
            await ws.close()

    async def rate(server: EdgeServer) -> None:
        async with httpx.AsyncClient(base_url=server.url, timeout=HANG_GUARD) as http:
            table = (await http.post("/api/tables", json=THREE_HUMANS)).json()["id"]
        # The connection rate: a burst of 6, then none (all six stay open: no closing races).
        opened = [await _ws(server, table, A) for _ in range(6)]
        for ws in opened:
            await _first(ws, "state")
        seventh = await _ws(server, table, A)
        err = await _first(seventh, "error")
        assert err["code"] == "rate_limited" and "a minute" in err["message"]
        for ws in opened:
            await ws.close()

    with EdgeServer(tmp_path / "p.sqlite", **TRUST, **limits) as server:
        asyncio.run(asyncio.wait_for(go(server), 2 * HANG_GUARD))
    limits = {"ws_connects_burst": 6, "ws_connects_per_minute": NO_REFILL, "ws_per_address": 100}
    with EdgeServer(tmp_path / "q.sqlite", **TRUST, **limits) as server:
        asyncio.run(asyncio.wait_for(rate(server), 2 * HANG_GUARD))


def test_message_rates_per_address_chat_and_hints(tmp_path: Path) -> None:
    """Finding 4: floods of pings, chat and hints; messages are limited per socket, per seat
    token and per address (over all its sockets), chat and hints have their own rates. Each
    refusal is a ``rate_limited`` reject naming the command."""
    limits = {
        "address_messages_burst": 30,
        "address_messages_per_second": NO_REFILL,
        "chats_burst": 2,
        "chats_per_minute": NO_REFILL,
        "hints_burst": 1,
        "hints_per_minute": NO_REFILL,
    }

    async def go(server: EdgeServer) -> None:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            body = {"seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]}
            table = (await http.post("/api/tables", json=body)).json()["id"]
            j = await http.post(
                f"/api/tables/{table}/join", json={"nickname": "t"}, headers=forwarded(B)
            )
            token = j.json()["token"]
        seat = await _ws(server, table, B, token)
        await _first(seat, "state")
        replies = []
        for i in range(4):
            await seat.send(json.dumps({"type": "chat", "text": f"hi {i}", "command_id": f"c{i}"}))
        for _ in range(4):
            replies.append(await _first_of(seat, ("ack", "reject")))
        assert [r["type"] for r in replies] == ["ack", "ack", "reject", "reject"]
        assert replies[2]["code"] == "rate_limited" and replies[2]["command_id"] == "c2"
        assert "chat" in replies[2]["message"]
        await seat.send(json.dumps({"type": "hint"}))
        await seat.send(json.dumps({"type": "hint"}))
        hint_replies = [await _first_of(seat, ("hint", "reject")) for _ in range(2)]
        limited = [r for r in hint_replies if r.get("code") == "rate_limited"]
        assert len(limited) == 1 and "hints" in limited[0]["message"]
        # Two spectator sockets of address A share A's budget of 30.
        s1, s2 = await _ws(server, table, A), await _ws(server, table, A)
        await _first(s1, "state")
        await _first(s2, "state")
        for _ in range(20):
            await s1.send('{"type": "ping"}')
            await s2.send('{"type": "ping"}')
        answers = [await _first_of(ws, ("pong", "reject")) for ws in (s1, s2) for _ in range(20)]
        pongs = sum(1 for a in answers if a["type"] == "pong")
        rejects = [a for a in answers if a["type"] == "reject"]
        assert pongs == 30 and all(r["code"] == "rate_limited" for r in rejects)
        for ws in (seat, s1, s2):
            await ws.close()

    with EdgeServer(tmp_path / "p.sqlite", **TRUST, **limits) as server:
        asyncio.run(asyncio.wait_for(go(server), 2 * HANG_GUARD))


async def _first_of(ws: Any, kinds: tuple[str, ...]) -> dict[str, Any]:
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), HANG_GUARD))
        if msg["type"] in kinds:
            return dict(msg)


# ----------------------------------------------------------------- the limiters themselves


def test_buckets_memory_is_bounded_and_refills() -> None:
    """Per-client state is bounded: the least recently seen clients are forgotten."""
    now = [0.0]
    buckets = KeyedBuckets(rate=1.0, burst=2, max_keys=100, clock=lambda: now[0])
    for i in range(10_000):
        buckets.take(f"client{i}")
    assert len(buckets) == 100
    assert buckets.take("x") == 0 and buckets.take("x") == 0
    assert buckets.take("x") == pytest.approx(1.0)
    now[0] += 1.0
    assert buckets.take("x") == 0


def test_holdings_count_only_live_items() -> None:
    alive = {"t1", "t2"}
    held = Holdings(lambda item: item in alive, max_keys=10)
    held.add("a", "t1")
    held.add("a", "t2")
    assert held.count("a") == 2
    alive.discard("t1")
    assert held.count("a") == 1
    alive.clear()
    for i in range(50):
        held.add(f"c{i}", "gone")
    assert len(held) <= 11


def test_client_keys_and_forwarding() -> None:
    """IPv6 clients count by /64; X-Forwarded-For is believed only from a trusted proxy, and
    only its rightmost untrusted entry (the client can write anything to the left)."""
    import ipaddress

    assert client_key("2001:db8:1:2:3:4:5:6") == client_key("2001:db8:1:2:ffff::1")
    assert client_key("2001:db8:1:2::1") != client_key("2001:db8:1:3::1")
    assert client_key("::ffff:192.0.2.1") == "192.0.2.1"
    proxy = [ipaddress.ip_network("10.0.0.0/8")]
    assert forwarded_client("192.0.2.9", "203.0.113.1", proxy) == "192.0.2.9"
    assert forwarded_client("10.0.0.2", "1.2.3.4, 203.0.113.1", proxy) == "203.0.113.1"
    assert forwarded_client("10.0.0.2", "203.0.113.1, 10.0.0.3", proxy) == "203.0.113.1"
    assert forwarded_client("10.0.0.2", "garbage", proxy) == "10.0.0.2"
    assert forwarded_client("10.0.0.2", None, proxy) == "10.0.0.2"
