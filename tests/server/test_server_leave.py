"""Leaving a table (docs/server-protocol.md §2.3): the leaver's pages are told and closed,
everybody else is told, the stand-in bot plays the seat at once (no grace), the seat's token
takes it back; a spectator has no seat to leave; a table with no other person is closed."""

from __future__ import annotations

import asyncio
import random

import httpx
from server_helpers import Client, ThreadServer, my_turn, new_table


def test_a_player_leaves_and_the_stand_in_plays_at_once(thread_server: ThreadServer) -> None:
    async def go() -> None:
        body = {
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
            "grace": 3600,  # a disconnect alone would keep the seat waiting for an hour
        }
        table, seats = await new_table(thread_server.url, body, ["stays", "goes"])
        stays, goes = [await Client.connect(thread_server.ws, table, t, s) for s, t in seats]
        watcher = await Client.connect(thread_server.ws, table, None, None)
        for c in (stays, goes, watcher):
            await c.wait_for(lambda m: m["type"] == "state" and m["table"]["status"] == "playing")
        mark = len(watcher.messages)
        await watcher.send({"type": "leave"})
        rej = await watcher.wait_for(lambda m: m["type"] == "reject", mark)
        assert rej["code"] == "not_seated"

        marks = [len(c.messages) for c in (stays, goes, watcher)]
        await goes.send({"type": "leave"})
        for c, mark in zip((stays, goes, watcher), marks, strict=True):
            told = await c.wait_for(lambda m: m["type"] == "left", mark)
            assert told["seat"] == goes.seat and told["nickname"] == "goes"
        await asyncio.wait_for(goes.task, 10)  # the leaver's socket is closed by the server
        st = await stays.wait_for(
            lambda m: m["type"] == "state" and m["table"]["seats"][goes.seat]["left"], marks[0]
        )
        seat = st["table"]["seats"][goes.seat]
        assert seat["stand_in"] is True and seat["connected"] is False
        # The stand-in plays the seat's turns: the game gets past them while "stays" plays.
        rng = random.Random(1)
        for _ in range(300):
            if stays.state and any(
                s == goes.seat for s, _a in stays.state["view"].get("history", [])
            ):
                break
            if my_turn(stays):
                assert stays.state is not None
                v = stays.state["view"]
                cid = f"s{rng.random()}"
                mark = len(stays.messages)
                action = "pass" if "pass" in v["legal"] else rng.choice(v["legal"])
                await stays.send(
                    {
                        "type": "action",
                        "command_id": cid,
                        "expected_seq": stays.state["seq"],
                        "action": action,
                    }
                )
                await stays.wait_for(lambda m, cid=cid: m.get("command_id") == cid, mark)
            await asyncio.sleep(0.05)
        assert stays.state is not None
        assert any(s == goes.seat for s, _a in stays.state["view"]["history"])
        # The seat's token takes the seat back.
        back = await Client.connect(thread_server.ws, table, seats[1][1], seats[1][0])
        st = await back.wait_for(lambda m: m["type"] == "state")
        assert st["table"]["seats"][goes.seat]["left"] is False
        for c in (stays, back, watcher):
            await c.close()

    asyncio.run(asyncio.wait_for(go(), 120))


def test_the_last_person_leaving_closes_the_table(thread_server: ThreadServer) -> None:
    async def go() -> None:
        body = {"seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]}
        table, seats = await new_table(thread_server.url, body, ["alone"])
        (me,) = [await Client.connect(thread_server.ws, table, t, s) for s, t in seats]
        await me.wait_for(lambda m: m["type"] == "state")
        await me.send({"type": "leave"})
        await me.wait_for(lambda m: m["type"] == "left")
        async with httpx.AsyncClient(base_url=thread_server.url) as http:
            for _ in range(100):
                status = (await http.get(f"/api/tables/{table}")).json()["status"]
                if status == "closed":
                    break
                await asyncio.sleep(0.05)
        assert status == "closed"
        await me.close()

    asyncio.run(asyncio.wait_for(go(), 60))


def test_a_restart_keeps_the_leaver_away_and_their_return(thread_server: ThreadServer) -> None:
    """A leave is logged: the table rebuilt from its log (a restart) still has the stand-in
    playing for the leaver at once, and a return with the token is logged too."""
    from paston.server.retention import load_events
    from paston.server.table import Table

    async def rebuilt(table: str) -> Table:
        live = thread_server.app.state.registry.tables[table]
        fresh = Table(table, live.settings, live.created, live.store, runner=live.runner)
        fresh.replay(await asyncio.to_thread(load_events, live.store, table))
        return fresh

    async def go() -> None:
        body = {
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
            "grace": 3600,
        }
        table, seats = await new_table(thread_server.url, body, ["stays", "goes"])
        stays, goes = [await Client.connect(thread_server.ws, table, t, s) for s, t in seats]
        for c in (stays, goes):
            await c.wait_for(lambda m: m["type"] == "state" and m["table"]["status"] == "playing")
        fresh = await rebuilt(table)
        assert not fresh.seats[goes.seat].left
        mark = len(stays.messages)
        await goes.send({"type": "leave"})
        await stays.wait_for(lambda m: m["type"] == "left", mark)
        fresh = await rebuilt(table)
        assert fresh.seats[goes.seat].left
        assert fresh._stand_in_active(goes.seat, fresh.clock())  # at once, not after grace
        assert not fresh._stand_in_active(stays.seat, fresh.clock())
        back = await Client.connect(thread_server.ws, table, seats[1][1], seats[1][0])
        await back.wait_for(lambda m: m["type"] == "state")
        fresh = await rebuilt(table)
        assert not fresh.seats[goes.seat].left
        for c in (stays, back):
            await c.close()

    asyncio.run(asyncio.wait_for(go(), 120))
