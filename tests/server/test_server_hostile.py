"""Malformed and hostile input: every bad message gets a clear rejection, the socket or the
table is never disturbed beyond it, and the table keeps playing."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
import websockets
from server_helpers import THREE_HUMANS, Client, ThreadServer, my_turn, new_table


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 60))


async def _reply(c: Client, payload: Any) -> dict[str, Any]:
    mark = len(c.messages)
    await c.send(payload)
    return await c.wait_for(lambda m: m["type"] in ("reject", "error", "pong"), mark)


@pytest.mark.parametrize(
    ("payload", "code", "word"),
    [
        ("{not json", "bad_message", "JSON"),
        ("[1, 2, 3]", "bad_message", "object"),
        ('"action"', "bad_message", "object"),
        ("[" * 5000 + "]" * 5000, "bad_message", "JSON"),
        ({"type": "launch"}, "unknown_type", "launch"),
        ({"no": "type"}, "unknown_type", "type"),
        ({"type": "action"}, "bad_message", "command_id"),
        (
            {"type": "action", "command_id": "x" * 65, "expected_seq": 1, "action": "pass"},
            "bad_message",
            "command_id",
        ),
        (
            {"type": "action", "command_id": "c", "expected_seq": "1", "action": "pass"},
            "bad_message",
            "expected_seq",
        ),
        (
            {"type": "action", "command_id": "c", "expected_seq": True, "action": "pass"},
            "bad_message",
            "expected_seq",
        ),
        (
            {"type": "action", "command_id": "c", "expected_seq": 1, "action": ["pass"]},
            "bad_message",
            "action",
        ),
        (
            {"type": "action", "command_id": "c", "expected_seq": 1, "action": "x" * 100},
            "bad_message",
            "action",
        ),
        ({"type": "chat", "text": ""}, "bad_message", "text"),
        ({"type": "chat", "text": "x" * 501}, "bad_message", "text"),
        ({"type": "chat", "text": 5}, "bad_message", "text"),
        ("x" * 17000, "too_large", "16 KiB"),
        (json.dumps({"type": "chat", "text": "y" * 17000}), "too_large", "16 KiB"),
    ],
)
def test_bad_messages_are_rejected(
    thread_server: ThreadServer, payload: Any, code: str, word: str
) -> None:
    async def main() -> None:
        table, seats = await new_table(thread_server.url, THREE_HUMANS, ["a", "b", "c"])
        c = await Client.connect(thread_server.ws, table, seats[0][1], 0)
        await c.wait_for(lambda m: m["type"] == "state")
        reply = await _reply(c, payload)
        assert reply["type"] == "reject" and reply["code"] == code, reply
        assert word in reply["message"]
        # The socket still works.
        assert (await _reply(c, {"type": "ping"}))["type"] == "pong"
        await c.close()

    run(main())


def test_tokens_tables_sizes_binary_and_floods(thread_server: ThreadServer) -> None:
    async def main() -> None:
        table, seats = await new_table(thread_server.url, THREE_HUMANS, ["a", "b", "c"])
        # Wrong token: an error, then the socket is closed with 4403.
        async with websockets.connect(f"{thread_server.ws}/ws/tables/{table}?token=forged") as ws:
            msg = json.loads(await ws.recv())
            assert msg["code"] == "bad_token"
            with pytest.raises(websockets.ConnectionClosed) as info:
                await ws.recv()
            assert info.value.rcvd is not None and info.value.rcvd.code == 4403
        async with websockets.connect(f"{thread_server.ws}/ws/tables/nope") as ws:
            assert json.loads(await ws.recv())["code"] == "no_such_table"
            with pytest.raises(websockets.ConnectionClosed) as info:
                await ws.recv()
            assert info.value.rcvd is not None and info.value.rcvd.code == 4404
        clients = [await Client.connect(thread_server.ws, table, t, s) for s, t in seats]
        for c in clients:
            await c.wait_for(lambda m: m["type"] == "state" and m["view"] is not None)
        c0 = clients[0]
        # Binary frames are refused.
        mark = len(c0.messages)
        await c0.ws.send(b"\x00\x01binary")
        rej = await c0.wait_for(lambda m: m["type"] == "reject", mark)
        assert rej["code"] == "bad_message" and "binary" in rej["message"]
        # A flood: past a burst of 40 (20 a second on average), messages are refused as
        # rate_limited, naming the command.
        await asyncio.sleep(2.1)
        mark = len(c0.messages)
        for i in range(100):
            await c0.send({"type": "chat", "text": "spam", "command_id": f"spam-{i}"})
        await c0.wait_for(lambda m: m.get("command_id") == "spam-99", mark)
        replies = c0.messages[mark:]
        limited = [m for m in replies if m.get("code") == "rate_limited"]
        acked = [m for m in replies if m["type"] == "ack"]
        assert len(acked) + len(limited) == 100
        assert 40 <= len(acked) <= 55 and limited[-1]["command_id"] == "spam-99"
        # A frame over the 64 KiB transport limit closes only that socket (1009).
        hog = await Client.connect(thread_server.ws, table, None, None)
        await hog.wait_for(lambda m: m["type"] == "state")
        await hog.send("z" * 70000)
        await asyncio.wait_for(hog.task, 5)
        assert hog.ws.close_code == 1009
        # None of this disturbed the table: the seat to act plays and is acked.
        await asyncio.sleep(1.05)
        mover = next(c for c in clients if my_turn(c))
        assert mover.state is not None
        mark = len(mover.messages)
        await mover.send(
            {
                "type": "action",
                "command_id": "ok",
                "expected_seq": mover.state["seq"],
                "action": mover.state["view"]["legal"][0],
            }
        )
        ack = await mover.wait_for(lambda m: m.get("command_id") == "ok", mark)
        assert ack["type"] == "ack"
        for c in clients:
            await c.close()

    run(main())


def test_flood_close(thread_server: ThreadServer) -> None:
    async def main() -> None:
        table, _seats = await new_table(thread_server.url, THREE_HUMANS, [])
        c = await Client.connect(thread_server.ws, table, None, None)
        await c.wait_for(lambda m: m["type"] == "state")
        for _ in range(400):
            try:
                await c.send("{}")
            except websockets.ConnectionClosed:
                break
        await asyncio.wait_for(c.task, 5)
        # Told why, then dropped: cut without the closing handshake (1006: the flood's backlog
        # is never read), or closed with 1008 where the server cannot cut a connection.
        assert c.messages[-1]["type"] == "error" and c.messages[-1]["code"] == "rate_limited"
        assert c.ws.close_code in (1006, 1008)

    run(main())
