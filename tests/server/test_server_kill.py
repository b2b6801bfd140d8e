"""Durability: a `paston serve` process killed with SIGKILL mid-deal loses no acknowledged
action, and the table continues after a restart on the same database."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import httpx
from server_helpers import THREE_HUMANS, Client, ServerProcess, my_turn, new_table


async def _play(clients: list[Client], rng: random.Random, n: int, tag: str) -> list[Any]:
    """Play ``n`` actions; returns ``(seat, action, seq, command_id)`` of each acked one."""
    acked = []
    for i in range(n):
        deadline = time.monotonic() + 60  # a guard against a hang, not a measure of speed
        while True:
            movers = [c for c in clients if my_turn(c)]
            seqs = {c.state["seq"] for c in clients if c.state}
            if movers and len(seqs) == 1:
                break
            assert time.monotonic() < deadline, "no seat's turn came"
            await asyncio.sleep(0.01)
        mover = movers[0]
        assert mover.state is not None
        action = rng.choice(mover.state["view"]["legal"])
        cid = f"{tag}-{i}"
        mark = len(mover.messages)
        await mover.send(
            {
                "type": "action",
                "command_id": cid,
                "expected_seq": mover.state["seq"],
                "action": action,
            }
        )
        ack = await mover.wait_for(lambda m, cid=cid: m.get("command_id") == cid, mark)
        assert ack["type"] == "ack", ack
        acked.append((mover.seat, action, ack["seq"], cid))
        for c in clients:
            await c.wait_for(lambda m, s=ack["seq"]: m["type"] == "state" and m["seq"] >= s)
    return acked


def _all_actions(record: dict[str, Any], state: dict[str, Any]) -> list[tuple[int, str]]:
    """(seat, action) of every action: finished deals from histories in states are not kept,
    so the record gives the finished deals' actions and the live view the current deal's."""
    out = []
    for d in record["deals"]:
        out.extend(d["actions"])
    view = state["view"]
    if state["deal_over"] is None:
        out.extend(a for _s, a in view["history"])
    return out


def test_kill_9_keeps_acked_actions(tmp_path: Path) -> None:
    db = tmp_path / "kill.sqlite"
    rng = random.Random(2024)

    async def phase_one() -> tuple[str, str, list[Any], list[Any]]:
        server = ServerProcess(db).start()
        try:
            # A table that plays by itself (two bots, and a stand-in for the absent human).
            auto_body = {"grace": 0, "deal_pause": 0, "rules": {"target": 1000}}
            auto, _auto_seats = await new_table(server.url, auto_body, ["gone"])
            table, seats = await new_table(server.url, THREE_HUMANS, ["a", "b", "c"])
            clients = [await Client.connect(server.ws, table, t, s) for s, t in seats]
            for c in clients:
                await c.wait_for(lambda m: m["type"] == "state" and m["view"] is not None)
            acked = await _play(clients, rng, 7, "one")
            # Fire one more command and kill the server without waiting for its ack: it may
            # or may not survive, but everything acknowledged before must.
            mover = next(c for c in clients if my_turn(c))
            assert mover.state is not None
            await mover.send(
                {
                    "type": "action",
                    "command_id": "in-flight",
                    "expected_seq": mover.state["seq"],
                    "action": mover.state["view"]["legal"][0],
                }
            )
        finally:
            server.kill()
        return auto, table, seats, acked

    auto, table, seats, acked = asyncio.run(phase_one())

    async def phase_two() -> None:
        server = ServerProcess(db).start()
        try:
            clients = [await Client.connect(server.ws, table, t, s) for s, t in seats]
            for c in clients:
                await c.wait_for(lambda m: m["type"] == "state" and m["view"] is not None)
            # The declarer's view names its own discard (other views say just "discard").
            declarer = clients[0].state["view"]["declarer"]  # type: ignore[index]
            state = clients[declarer if declarer is not None else 0].state
            assert state is not None
            async with httpx.AsyncClient(base_url=server.url) as http:
                record = (await http.get(f"/api/tables/{table}/record")).json()
            actions = _all_actions(record, state)
            assert actions[: len(acked)] == [a for _s, a, _q, _c in acked]
            assert len(actions) - len(acked) in (0, 1)  # the in-flight command, maybe
            assert state["seq"] >= acked[-1][2]
            # Receipts survive the restart: a retried command id gets the same ack.
            seat, _action, seq, cid = acked[-1]
            owner = next(c for c in clients if c.seat == seat)
            mark = len(owner.messages)
            await owner.send(
                {"type": "action", "command_id": cid, "expected_seq": 0, "action": _action}
            )
            again = await owner.wait_for(lambda m: m.get("command_id") == cid, mark)
            assert again == {"type": "ack", "command_id": cid, "seq": seq}
            # The tables continue: the bot table by itself, the other with its players.
            watcher = await Client.connect(server.ws, auto, None, None)
            first = await watcher.wait_for(lambda m: m["type"] == "state")
            await watcher.wait_for(lambda m: m["type"] == "state" and m["seq"] > first["seq"] + 3)
            await watcher.close()
            more = await _play(clients, rng, 5, "two")
            assert more[0][2] > state["seq"] - 1
            for c in clients:
                await c.close()
        finally:
            server.stop()

    asyncio.run(phase_two())
