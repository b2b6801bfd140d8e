"""Finding 8 of the hardening issue: bad input that reaches a handler gets the protocol's JSON
error (400), never a plain-text 500, and over the socket a ``bad_message`` reject with the
connection kept."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
from server_helpers import THREE_HUMANS, Client, ThreadServer, new_table

BIG_INT = "1" * 5000
DEEP = "[" * 5000 + "]" * 5000


def _json_error(r: httpx.Response, status: int, word: str) -> None:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/json"), r.text
    error = r.json()["error"]
    assert error["code"] == "bad_request"
    assert word in error["message"], error


@pytest.mark.parametrize(
    ("path", "raw", "word"),
    [
        ("/api/tables", '{"name": ' + BIG_INT + "}", "digits"),
        ("/api/tables", DEEP, "nested"),
        ("/api/tables", '{"deal_pause": 1e999}', "range"),
        ("/api/tables", '{"deal_pause": NaN}', "NaN"),
        ("/api/tables", b'{"name": "\xff"}', "UTF-8"),
        ("JOIN", '{"nickname": "a", "seat": 1.0}', "seat"),
        ("JOIN", '{"nickname": "a", "seat": ' + BIG_INT + "}", "digits"),
        ("JOIN", '{"nickname": "a", "seat": true}', "seat"),
        ("JOIN", '{"nickname": "a", "seat": "1"}', "seat"),
        ("JOIN", DEEP, "nested"),
    ],
)
def test_bad_bodies_get_json_400(
    thread_server: ThreadServer, path: str, raw: str | bytes, word: str
) -> None:
    """Finding 8: `"seat": 1.0`, integers over 4,300 digits and JSON nested 5,000 deep were
    plain-text 500s; each is now a JSON 400 naming the problem."""
    with httpx.Client(base_url=thread_server.url, timeout=10) as http:
        if path == "JOIN":
            table = http.post("/api/tables", json=THREE_HUMANS).json()["id"]
            path = f"/api/tables/{table}/join"
        r = http.post(path, content=raw, headers={"content-type": "application/json"})
        _json_error(r, 400, word)
        # The server is still whole.
        assert http.get("/api/health").json()["ok"] is True


def test_bad_bot_option_is_json_400(thread_server: ThreadServer) -> None:
    """Finding 8: `pimc:worlds=0` as a bot answered a plain-text 500."""
    with httpx.Client(base_url=thread_server.url, timeout=30) as http:
        r = http.post("/api/tables", json={"hint_bot": "pimc:worlds=0"})
        assert r.status_code == 400, r.text
        assert r.headers["content-type"].startswith("application/json")
        assert "hint_bot" in r.json()["error"]["message"]


def test_socket_huge_integer_is_bad_message_and_connection_kept(
    thread_server: ThreadServer,
) -> None:
    """Finding 8: over the socket a 5,000-digit integer closed the sender's connection; it is
    now rejected ``bad_message`` and the socket keeps working."""

    async def go() -> None:
        table, seats = await new_table(thread_server.url, THREE_HUMANS, ["a", "b", "c"])
        c = await Client.connect(thread_server.ws, table, seats[0][1], 0)
        await c.wait_for(lambda m: m["type"] == "state")
        for payload in (
            '{"type": "action", "command_id": "c1", "expected_seq": '
            + BIG_INT
            + ', "action": "pass"}',
            '{"type": "ping", "n": ' + BIG_INT + "}",
            '{"type": "chat", "text": "x", "at": 1e999}',
        ):
            mark = len(c.messages)
            await c.send(payload)
            reply: dict[str, Any] = await c.wait_for(lambda m: m["type"] == "reject", mark)
            assert reply["code"] == "bad_message", reply
        mark = len(c.messages)
        await c.send({"type": "ping"})
        await c.wait_for(lambda m: m["type"] == "pong", mark)
        await c.close()

    asyncio.run(asyncio.wait_for(go(), 60))


def test_json_parse_bounds_unit() -> None:
    """The bounded parser itself: limits hold exactly at their edge."""
    from paston.server.safejson import JSONRejected, parse_json

    assert parse_json("[" * 32 + "]" * 32, max_depth=32) is not None
    with pytest.raises(JSONRejected, match="nested"):
        parse_json("[" * 33 + "]" * 33, max_depth=32)
    # Brackets inside strings are not nesting.
    assert parse_json(json.dumps({"t": "[" * 100}), max_depth=2) == {"t": "[" * 100}
    assert parse_json("1" * 30, max_int_digits=30) == int("1" * 30)
    with pytest.raises(JSONRejected, match="digits"):
        parse_json("-" + "1" * 31, max_int_digits=30)
