"""REST and WebSocket flows: joining, playing, acks, idempotent command ids, stale seqs,
reconnects, stand-ins, move timers, hints, chat and spectators."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from typing import Any

import httpx
from server_helpers import THREE_HUMANS, Client, ThreadServer, my_turn, new_table

from paston.bots import BOT_NAMES
from paston.bots.registry import _registered_for_tests, register_bot
from paston.games.paston.bots.random_bot import RandomBot


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 60))


async def connect_all(base: str, table: str, seats: list[Any]) -> list[Client]:
    clients = [await Client.connect(base, table, token, seat) for seat, token in seats]
    for c in clients:
        await c.wait_for(lambda m: m["type"] == "state" and m["view"] is not None)
    return clients


async def settle(clients: list[Client], seq: int) -> None:
    for c in clients:
        await c.wait_for(lambda m: m["type"] == "state" and m["seq"] >= seq)


async def play_one(clients: list[Client], rng: random.Random, cid: str) -> tuple[Client, str, int]:
    """The seat to act plays a random legal action; returns (client, action, acked seq)."""
    mover = next(c for c in clients if my_turn(c))
    assert mover.state is not None
    action = rng.choice(mover.state["view"]["legal"])
    mark = len(mover.messages)
    await mover.send(
        {"type": "action", "command_id": cid, "expected_seq": mover.state["seq"], "action": action}
    )
    ack = await mover.wait_for(lambda m: m.get("command_id") == cid, mark)
    assert ack["type"] == "ack", ack
    await settle(clients, ack["seq"])
    return mover, action, ack["seq"]


def test_bots_and_rules_of_each_game(thread_server: ThreadServer) -> None:
    with httpx.Client(base_url=thread_server.url) as http:
        games = {g["name"]: g for g in http.get("/api/games").json()}
        for name, game in games.items():
            bots = http.get("/api/bots", params={"game": name}).json()
            # The same list as the game's entry in /api/games, the levels first.
            assert [b["name"] for b in bots] == [b["name"] for b in game["bots"]], name
            assert all(b["label"] and b["description"] for b in bots), name
            rules = http.get("/api/rules", params={"game": name}).json()
            assert [r["name"] for r in rules] == [f["name"] for f in game["flags"]], name
        paris = [b["name"] for b in http.get("/api/bots?game=paris").json()]
        assert "dpimc" in paris and "wpimc" not in paris
        # Without a game: the flagship's, as older clients expect.
        flagship = next(iter(games))
        assert http.get("/api/bots").json() == http.get(f"/api/bots?game={flagship}").json()
        for bad in ("nope", "x" * 500):
            r = http.get("/api/bots", params={"game": bad})
            assert r.status_code == 400, r.text
            message = r.json()["error"]["message"]
            assert "unknown game" in message and "paris" in message and len(message) < 200
        assert http.get("/api/rules?game=nope").status_code == 400


def test_rest_lobby(thread_server: ThreadServer) -> None:
    with httpx.Client(base_url=thread_server.url) as http:
        assert http.get("/api/health").json()["ok"] is True
        bots = {b["name"]: b for b in http.get("/api/bots").json()}
        assert bots["random"]["label"] == "Random" and bots["random"]["description"]
        assert {"heuristic", "pimc", "wpimc"} <= set(bots) and "oracle" not in bots
        rules = {r["name"]: r for r in http.get("/api/rules").json()}
        assert rules["target"]["kind"] == "int" and rules["target"]["default"] == 121
        assert rules["lone_whist_mode"]["kind"] == "choice"
        r = http.post("/api/tables", json={"name": "Lobby test", "deal_pause": 0})
        assert r.status_code == 201
        tid = r.json()["id"]
        assert r.json()["link"] == f"/t/{tid}"
        listed = {t["id"]: t for t in http.get("/api/tables").json()}
        assert listed[tid]["status"] == "waiting"
        assert [s["kind"] for s in listed[tid]["seats"]] == ["human", "bot", "bot"]
        r = http.post("/api/tables", json={"public": False})
        assert r.json()["id"] not in {t["id"] for t in http.get("/api/tables").json()}
        # Bad bodies name what is wrong.
        for body, word in [
            ({"seats": [{"kind": "bot"}] * 3}, "human"),
            ({"rules": {"nope": 1}}, "nope"),
            ({"seats": [{"kind": "human"}, {"kind": "bot", "bot": "zzz"}, {"kind": "bot"}]}, "zzz"),
            ({"move_timer": -3}, "move_timer"),
            ({"colour": "red"}, "colour"),
        ]:
            r = http.post("/api/tables", json=body)
            assert r.status_code == 400, body
            assert r.json()["error"]["code"] == "bad_request"
            assert word in r.json()["error"]["message"]
        r = http.post("/api/tables", content=b"{nope", headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and "JSON" in r.json()["error"]["message"]
        r = http.post("/api/tables", content=b"x" * 20000)
        assert r.status_code == 413
        assert http.get("/api/tables/nothere").json()["error"]["code"] == "no_such_table"
        j = http.post(f"/api/tables/{tid}/join", json={"nickname": "Ani"})
        assert j.status_code == 200 and j.json()["seat"] == 0 and len(j.json()["token"]) >= 32
        full = http.post(f"/api/tables/{tid}/join", json={"nickname": "Bob"})
        assert full.status_code == 409 and full.json()["error"]["code"] == "table_full"
        taken = http.post(f"/api/tables/{tid}/join", json={"nickname": "Bob", "seat": 1})
        assert taken.json()["error"]["code"] == "seat_taken"
        bad = http.post(f"/api/tables/{tid}/join", json={"nickname": ""})
        assert bad.status_code == 400


def test_play_ack_idempotent_stale(thread_server: ThreadServer) -> None:
    async def main() -> None:
        table, seats = await new_table(thread_server.url, THREE_HUMANS, ["a", "b", "c"])
        clients = await connect_all(thread_server.ws, table, seats)
        rng = random.Random(5)
        mover, action, seq = await play_one(clients, rng, "cmd-1")
        # The same command id again: the same receipt, nothing new happens.
        mark = len(mover.messages)
        await mover.send(
            {"type": "action", "command_id": "cmd-1", "expected_seq": 1, "action": action}
        )
        again = await mover.wait_for(lambda m: m.get("command_id") == "cmd-1", mark)
        assert again == {"type": "ack", "command_id": "cmd-1", "seq": seq}
        # The same id for another action is refused.
        other = next(c for c in clients if my_turn(c))
        mark = len(other.messages)
        await other.send(
            {"type": "action", "command_id": "cmd-1", "expected_seq": seq, "action": "pass"}
        )
        dup = await other.wait_for(lambda m: m.get("command_id") == "cmd-1", mark)
        assert dup["code"] == "duplicate_command"
        # A stale expected_seq is refused, and so is one from the future.
        assert other.state is not None
        legal = other.state["view"]["legal"][0]
        for bad_seq in (seq - 1, seq + 5):
            mark = len(other.messages)
            cid = f"stale-{bad_seq}"
            await other.send(
                {"type": "action", "command_id": cid, "expected_seq": bad_seq, "action": legal}
            )
            rej = await other.wait_for(lambda m, cid=cid: m.get("command_id") == cid, mark)
            assert rej["code"] == "stale" and rej["seq"] == seq
        # Out of turn and illegal.
        idle = next(c for c in clients if not my_turn(c))
        mark = len(idle.messages)
        await idle.send(
            {"type": "action", "command_id": "oot", "expected_seq": seq, "action": "pass"}
        )
        rej = await idle.wait_for(lambda m: m.get("command_id") == "oot", mark)
        assert rej["code"] == "not_your_turn"
        mark = len(other.messages)
        await other.send(
            {"type": "action", "command_id": "ill", "expected_seq": seq, "action": "grkha"}
        )
        rej = await other.wait_for(lambda m: m.get("command_id") == "ill", mark)
        assert rej["code"] == "illegal" and rej["legal"] and "grkha" not in rej["legal"]
        assert '"grkha"' in rej["message"]
        await other.send(
            {"type": "action", "command_id": "ill2", "expected_seq": seq, "action": "XX"}
        )
        rej = await other.wait_for(lambda m: m.get("command_id") == "ill2", mark)
        assert rej["code"] == "illegal"
        # Play on: the table still works after all the rejected commands.
        for i in range(12):
            await play_one(clients, rng, f"more-{i}")
        for c in clients:
            await c.close()

    run(main())


def test_spectator_reconnect_chat_record(thread_server: ThreadServer) -> None:
    async def main() -> None:
        table, seats = await new_table(thread_server.url, THREE_HUMANS, ["a", "b", "c"])
        clients = await connect_all(thread_server.ws, table, seats)
        spec = await Client.connect(thread_server.ws, table, None, None)
        st = await spec.wait_for(lambda m: m["type"] == "state")
        assert st["you"]["seat"] is None
        assert st["view"]["hand"] is None and st["view"]["prikup"] is None
        assert st["view"]["legal"] == []
        assert st["table"]["spectators"] == 1
        mark = len(spec.messages)
        await spec.send({"type": "action", "command_id": "s", "expected_seq": 1, "action": "pass"})
        rej = await spec.wait_for(lambda m: m["type"] == "reject", mark)
        assert rej["code"] == "not_seated"
        # Chat reaches everybody, and is replayed to a newcomer.
        await clients[0].send({"type": "chat", "text": "hello there", "command_id": "ch"})
        ack = await clients[0].wait_for(lambda m: m.get("command_id") == "ch")
        assert ack["type"] == "ack"
        line = await spec.wait_for(lambda m: m["type"] == "chat")
        assert line["text"] == "hello there" and line["from"] == "a" and line["seat"] == 0
        # A retried chat command is acked again but not said twice.
        mark = len(clients[0].messages)
        await clients[0].send({"type": "chat", "text": "hello there", "command_id": "ch"})
        again = await clients[0].wait_for(lambda m: m.get("command_id") == "ch", mark)
        assert again == ack
        await clients[0].send({"type": "ping"})
        await clients[0].wait_for(lambda m: m["type"] == "pong", mark)
        assert sum(m["type"] == "chat" for m in clients[0].messages) == 1
        # Reconnect: a new socket with the same token gets the full state of the seat.
        hand = clients[1].state["view"]["hand"]  # type: ignore[index]
        mark = len(clients[0].messages)
        await clients[1].close()
        # The others get a small presence event, not a whole state.
        gone = await clients[0].wait_for(lambda m: m["type"] == "presence", mark)
        assert gone["seat"] == 1 and gone["connected"] is False
        assert gone["stand_in"] is False  # grace is 60 s
        back = await Client.connect(thread_server.ws, table, seats[1][1], seats[1][0])
        st = await back.wait_for(lambda m: m["type"] == "state")
        assert st["view"]["hand"] == hand and st["you"] == {"seat": 1, "nickname": "b"}
        replayed = await back.wait_for(lambda m: m["type"] == "chat")
        assert replayed["replay"] is True
        clients[1] = back
        # Play the deal out: the end-of-deal reveal comes only once it is over.
        rng = random.Random(11)
        n = 0

        def first_reveal() -> dict[str, Any] | None:
            # With no pause between deals the next deal's state may follow at once: look at
            # every state received, not only the latest.
            return next(
                (
                    m["deal_over"]
                    for m in clients[0].messages
                    if m["type"] == "state" and m.get("deal_over") is not None
                ),
                None,
            )

        while first_reveal() is None:
            await play_one(clients, rng, f"r{n}")
            n += 1
            for c in [*clients, spec]:
                assert c.state is not None
                if c.state["view"]["phase"] not in ("scored", "redeal"):
                    assert c.state["deal_over"] is None
        over = first_reveal()
        assert over is not None
        assert len(over["hands"]) == 3 and len(over["prikup"]) == 2
        async with httpx.AsyncClient(base_url=thread_server.url) as http:
            rec = (await http.get(f"/api/tables/{table}/record")).json()
            assert rec["format"] == "paston-game/1"
            assert rec["deals"][0]["hands"] == over["hands"]
            # The next deal (in progress) is not in the record.
            assert all(d["actions"] == over["actions"] for d in rec["deals"][-1:]), (
                "only finished deals are exported"
            )
            rp = (await http.get(f"/api/tables/{table}/replay")).json()
            assert rp["seats"] == ["a", "b", "c"] and rp["summary"]["deals"]
        for c in [*clients, spec]:
            await c.close()

    run(main())


def test_stand_in_timer_hints(thread_server: ThreadServer) -> None:
    async def main() -> None:
        # grace 0: the stand-in plays as soon as the player leaves.
        body = {"grace": 0, "deal_pause": 0, "rules": {"target": 20}}
        table, seats = await new_table(thread_server.url, body, ["solo"])
        c = await Client.connect(thread_server.ws, table, seats[0][1], seats[0][0])
        await c.wait_for(lambda m: m["type"] == "state" and m["view"] is not None)
        await c.close()
        async with httpx.AsyncClient(base_url=thread_server.url) as http:
            for _ in range(200):
                info = (await http.get(f"/api/tables/{table}")).json()
                if info["status"] == "over" or info["score_sheet"]:
                    break
                await asyncio.sleep(0.05)
            assert info["status"] == "over" or info["score_sheet"], "the stand-in did not play"
        # Move timer: the default action (pass in the auction) is played for a silent player.
        body = {
            # 3 s: the hint asked for first is answered before the timer moves, even on a
            # loaded machine; the timer alone (tests/server/test_server_time_bank.py: the bank).
            "move_timer": 3,
            "time_bank": 0,
            "deal_pause": 0,
            "hints": True,
            "seats": THREE_HUMANS["seats"],
        }
        table, seats = await new_table(thread_server.url, body, ["x", "y", "z"])
        clients = await connect_all(thread_server.ws, table, seats)
        mover = next(cl for cl in clients if my_turn(cl))
        st = mover.state
        assert st is not None and st["table"]["timer"]["seat"] == mover.seat
        mark = len(mover.messages)
        await mover.send({"type": "hint"})
        hint = await mover.wait_for(lambda m: m["type"] == "hint", mark)
        assert {ch["action"] for ch in hint["choices"]} == set(st["view"]["legal"])
        idle = next(cl for cl in clients if not my_turn(cl))
        await idle.send({"type": "hint"})
        rej = await idle.wait_for(lambda m: m["type"] == "reject")
        assert rej["code"] == "not_your_turn"
        timed = await mover.wait_for(
            lambda m: m["type"] == "state" and len(m["view"]["history"]) == 1, mark, timeout=30
        )
        assert timed["view"]["history"][0] == [mover.seat, "pass"]
        for cl in clients:
            await cl.close()
        # Hints off.
        table, seats = await new_table(thread_server.url, {"hints": False}, ["h"])
        c = await Client.connect(thread_server.ws, table, seats[0][1], 0)
        await c.send(json.dumps({"type": "hint"}))
        rej = await c.wait_for(lambda m: m["type"] == "reject")
        assert rej["code"] == "hints_off"
        await c.close()

    run(main())


class _SleepyBot(RandomBot):
    """A bot that thinks until the test lets it answer (blocking its thread, as a real search
    would): whatever the machine's speed, what other tables do meanwhile happens while it
    thinks."""

    name = "sleepy"
    thinking = threading.Event()
    release = threading.Event()

    def act(self, view: Any) -> int:
        _SleepyBot.thinking.set()
        _SleepyBot.release.wait(300)
        return super().act(view)


def test_slow_bots_do_not_block_other_tables(thread_server: ThreadServer) -> None:
    register_bot("sleepy", _SleepyBot)
    try:

        async def main() -> None:
            body = {
                "seats": [{"kind": "bot", "bot": "sleepy"}] * 2 + [{"kind": "human"}],
                "first_dealer": 0,
                "deal_pause": 0,
                "grace": 0,  # nobody connects for the human seat: a quick stand-in plays it
            }
            slow, slow_seats = await new_table(thread_server.url, body, ["waiter"])
            watcher = await Client.connect(thread_server.ws, slow, None, None)
            table, seats = await new_table(thread_server.url, THREE_HUMANS, ["a", "b", "c"])
            clients = await connect_all(thread_server.ws, table, seats)
            rng = random.Random(3)
            # Wait until a sleepy bot is thinking (its table is dealt and a bot is to act).
            await watcher.wait_for(
                lambda m: (
                    m["type"] == "state" and m["view"] is not None and m["view"]["to_act"] in (0, 1)
                )
            )
            deadline = time.monotonic() + 60  # a guard against a hang only
            while not _SleepyBot.thinking.is_set():
                assert time.monotonic() < deadline, "the sleepy bot was never asked"
                await asyncio.sleep(0.05)
            # The other table plays on while the sleepy bot still thinks (it cannot answer
            # before the test releases it): it blocked nothing.
            for i in range(4):
                await play_one(clients, rng, f"fast-{i}")
            assert not _SleepyBot.release.is_set()
            for c in [*clients, watcher]:
                await c.close()
            assert slow_seats

        _SleepyBot.thinking.clear()
        _SleepyBot.release.clear()
        run(main())
    finally:
        _SleepyBot.release.set()
        _registered_for_tests("paston").pop("sleepy", None)
        if "sleepy" in BOT_NAMES:
            BOT_NAMES.remove("sleepy")
