"""Paris through the real server: a table of bots played to the end, and a person playing a
seat over the WebSocket (acks, an illegal play refused with the legal ones, views that hold
only what the seat may know)."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from server_helpers import Client, ThreadServer, my_turn, new_table

from paston.core.registry import replay

#: The person's moves in the WebSocket test (a Paris game may be longer; bounded for speed).
MOVES = 80


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 90))


def test_games_api_lists_paris(thread_server: ThreadServer) -> None:
    with httpx.Client(base_url=thread_server.url) as http:
        games = {g["name"]: g for g in http.get("/api/games").json()}
    assert next(iter(games)) == "paston" and "paris" in games
    paris = games["paris"]
    assert paris["seat_counts"] == list(range(2, 10)) and paris["default_seats"] == 4
    assert {b["name"] for b in paris["bots"]} >= {"random", "heuristic"}
    assert all(b["description"] for b in paris["bots"])
    flags = {f["name"]: f for f in paris["flags"]}
    assert all(f["help"] for f in flags.values()) and "kind" in flags["max_turns"]
    target = {f["name"]: f for f in games["paston"]["flags"]}["target"]
    assert target["max"] == 1000 and target["min"] == 1


def test_paris_table_of_bots_plays_to_the_end(thread_server: ThreadServer) -> None:
    async def main() -> None:
        body = {
            "game": "paris",
            "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 3,
            "grace": 0,  # nobody takes the person's seat: the stand-in plays it
            "stand_in": "random",
            "deal_pause": 0,
        }
        table, _seats = await new_table(thread_server.url, body, ["away"])
        watcher = await Client.connect(thread_server.ws, table, None, None)
        end = await watcher.wait_for(
            lambda m: m["type"] == "state" and m["table"]["status"] == "over", timeout=60
        )
        assert end["table"]["game"] == "paris" and len(end["table"]["seats"]) == 4
        assert sorted(end["table"]["totals"]) == [-1, 0, 0, 0]  # one loser
        assert end["deal_over"] is not None  # every card shown once the game is over
        for m in watcher.messages:
            if m["type"] == "state" and m["view"] is not None and m["deal_over"] is None:
                assert m["view"]["hand"] == [] and m["view"]["legal"] == []
        async with httpx.AsyncClient(base_url=thread_server.url) as http:
            rec = (await http.get(f"/api/tables/{table}/record")).json()
            assert rec["format"].startswith("paris")
            assert rec["meta"]["players"][0] == "away" and rec["meta"]["bots"][1] == "heuristic"
            rp = (await http.get(f"/api/tables/{table}/replay")).json()
            assert rp["summary"] == replay(rec)
        await watcher.close()

    run(main())


def test_paris_person_plays_over_the_websocket(thread_server: ThreadServer) -> None:
    async def main() -> None:
        body = {
            "game": "paris",
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "human"}, {"kind": "bot"}],
            "deal_pause": 0,
            "first_dealer": 0,
        }
        table, seats = await new_table(thread_server.url, body, ["ani"])
        ((seat, token),) = seats
        me = await Client.connect(thread_server.ws, table, token, seat)
        first = await me.wait_for(lambda m: m["type"] == "state" and m["view"] is not None)
        assert first["view"]["seat"] == seat and len(first["view"]["hand"]) > 0
        refused = False
        n = 0
        while True:
            await me.wait_for(
                lambda m: m["type"] == "state" and (my_turn(me) or m["table"]["status"] == "over"),
                timeout=20,
            )
            state = me.state
            assert state is not None
            if state["table"]["status"] == "over":
                break
            view = state["view"]
            # The seat's own hand only: the others' hands are counts.
            assert all(isinstance(s["hand"], int) for s in view["seats"])
            if not refused:
                mark = len(me.messages)
                await me.send(
                    {
                        "type": "action",
                        "command_id": "bad",
                        "expected_seq": state["seq"],
                        "action": "play ZZ",
                    }
                )
                rej = await me.wait_for(lambda m: m.get("command_id") == "bad", mark)
                assert rej["type"] == "reject" and rej["code"] == "illegal"
                assert rej["legal"] == view["legal"]
                refused = True
            n += 1
            cid = f"p{n}"
            while True:
                mark = len(me.messages)
                await me.send(
                    {
                        "type": "action",
                        "command_id": cid,
                        "expected_seq": state["seq"],
                        "action": view["legal"][n % len(view["legal"])],
                    }
                )
                ack = await me.wait_for(lambda m, cid=cid: m.get("command_id") == cid, mark)
                if ack.get("code") != "rate_limited":  # the edge allows 20 messages a second
                    break
                await asyncio.sleep(0.1)
            assert ack["type"] == "ack", ack
            await me.wait_for(lambda m, s=ack["seq"]: m["type"] == "state" and m["seq"] >= s)
            if n == MOVES:
                break
        assert refused and n > 3
        if n < MOVES:  # the game ended first: everything is shown
            over = me.state
            assert over is not None and over["deal_over"] is not None
        await me.close()

    run(main())
