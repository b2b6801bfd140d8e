"""Quick reactions (docs/server-protocol.md §2.3): fixed codes only, from seated players,
shown to everybody (spectators too), limited per seat so no player takes more than a share."""

from __future__ import annotations

import asyncio
from typing import Any

from server_helpers import Client, ThreadServer, new_table

from paston.server.reactions import REACTION_BURST, REACTIONS


def test_reactions_reach_everybody_and_are_limited_per_seat(thread_server: ThreadServer) -> None:
    async def go() -> None:
        # People only, and nobody moves: the table's seq stays where it is.
        body = {"seats": [{"kind": "human"}] * 3}
        table, seats = await new_table(thread_server.url, body, ["a", "b", "c"])
        a, b = [await Client.connect(thread_server.ws, table, t, s) for s, t in seats[:2]]
        watcher = await Client.connect(thread_server.ws, table, None, None)
        for c in (a, b, watcher):
            await c.wait_for(lambda m: m["type"] == "state")

        async def refused(c: Client, msg: Any, code: str) -> dict[str, Any]:
            mark = len(c.messages)
            await c.send(msg)
            rej = await c.wait_for(lambda m: m["type"] in ("reject", "reaction"), mark)
            assert rej["type"] == "reject" and rej["code"] == code, rej
            return rej

        marks = [len(c.messages) for c in (a, b, watcher)]
        await a.send({"type": "reaction", "code": "well_played"})
        for c, mark in zip((a, b, watcher), marks, strict=True):
            got = await c.wait_for(lambda m: m["type"] == "reaction", mark)
            assert got["seat"] == a.seat and got["code"] == "well_played"
            assert set(got) == {"type", "seat", "code", "at"}  # no free text travels
        for bad in ("hello", "", None, 3, "x" * 5000, ["thanks"]):
            rej = await refused(a, {"type": "reaction", "code": bad}, "bad_message")
            assert all(code in rej["message"] for code in REACTIONS)
            assert len(rej["message"]) < 300
        await refused(watcher, {"type": "reaction", "code": "thanks"}, "not_seated")
        # A's share: the burst (one is spent above), then a wait; B is not held back by it.
        for _ in range(REACTION_BURST - 1):
            mark = len(b.messages)
            await a.send({"type": "reaction", "code": "thanks"})
            await b.wait_for(lambda m: m["type"] == "reaction" and m["seat"] == a.seat, mark)
        rej = await refused(a, {"type": "reaction", "code": "oops"}, "rate_limited")
        assert "too many reactions" in rej["message"]
        mark = len(a.messages)
        await b.send({"type": "reaction", "code": "good_luck"})
        got = await a.wait_for(lambda m: m["type"] == "reaction", mark)
        assert got["seat"] == b.seat and got["code"] == "good_luck"
        # Reactions are not logged: the table's seq did not move.
        seq = a.state["seq"] if a.state else None
        mark = len(a.messages)
        await a.send({"type": "chat", "text": "hi"})
        line = await a.wait_for(lambda m: m["type"] == "chat", mark)
        assert line["seq"] == seq + 1
        for c in (a, b, watcher):
            await c.close()

    asyncio.run(asyncio.wait_for(go(), 120))
