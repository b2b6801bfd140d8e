"""Table flow (issue 10, browser items 1, 6, 7 and 8), on real servers: the bots' pace, fair
hints, rematch, taking over a bot's seat, "table full" offering to watch, the spectators' chat
channel, the stand-in countdown, finished and deserted tables leaving the lobby, and a refused
create leaving no table behind."""

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
from server_helpers import Client, ServerProcess, ThreadServer, my_turn, new_table

from paston.server.errors import BadRequest
from paston.server.form_limits import NICKNAME_MAX, form_limits
from paston.server.registry import TableRegistry
from paston.server.settings import parse_settings
from paston.server.store import EventStore
from paston.server.table import Conn

RANDOM = {"kind": "bot", "bot": "random"}


#: Seconds a wait may take before the test fails: a guard against a hang on a machine as busy as
#: it may be, never a measure of speed.
HANG_GUARD = 120.0


def run(coro: Any, limit: float = 3 * HANG_GUARD) -> Any:
    return asyncio.run(asyncio.wait_for(coro, limit))


async def summary(http: httpx.AsyncClient, table: str) -> dict[str, Any]:
    r = await http.get(f"/api/tables/{table}")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


async def until_summary(
    http: httpx.AsyncClient, table: str, pred: Any, limit: float = HANG_GUARD
) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while True:
        info = await summary(http, table)
        if pred(info):
            return info
        assert time.monotonic() < deadline, f"table {table} never got there: {info['status']}"
        await asyncio.sleep(0.05)


# ------------------------------------------------------------------ 1: pace


def test_pace_setting_is_checked_and_instant_is_for_test_servers() -> None:
    assert parse_settings({}).pace == "normal"
    assert parse_settings({"pace": "slow"}).pace == "slow"
    with pytest.raises(BadRequest, match="test servers") as err:
        parse_settings({"pace": "instant"})
    assert "slow, normal, fast" in str(err.value)
    with pytest.raises(BadRequest, match="'pace' must be one of"):
        parse_settings({"pace": "turbo"}, test_pace=True)
    assert parse_settings({}, test_pace=True).pace == "instant"
    assert parse_settings({"pace": "fast"}, test_pace=True).pace == "fast"
    served = form_limits()["pace"]
    assert served["default"] == "normal"
    assert [p["name"] for p in served["choices"]] == ["slow", "normal", "fast"]


def _timed_states(messages: list[tuple[float, dict[str, Any]]]) -> list[tuple[float, float, bool]]:
    """(gap, arrival, after a finished trick) for each state that follows the previous game
    event of the same deal directly; the gap is the server's (``moved_at``, when each move
    was applied), so delivery jitter does not shrink it."""
    out = []
    # The first state is the snapshot sent on connecting, not a move as it happened.
    for (_t0, a), (t1, b) in itertools.pairwise(messages[1:]):
        va, vb = a["view"], b["view"]
        if va is None or vb is None or b["deal_over"] is not None or a["deal_over"] is not None:
            continue
        if len(vb["history"]) != len(va["history"]) + 1 and vb["phase"] == va["phase"]:
            continue
        after_trick = not va.get("trick") and bool(va.get("tricks")) and bool(vb.get("trick"))
        out.append((b["table"]["moved_at"] - a["table"]["moved_at"], t1, after_trick))
    return out


async def _watch(ws_base: str, table: str, count: int, limit: float, leads: int = 0) -> list[Any]:
    """A spectator's states with their arrival times, until ``count`` moves were seen, and
    ``leads`` of them leads after a finished trick (random bots' auctions can be long)."""
    got: list[tuple[float, dict[str, Any]]] = []

    def enough() -> bool:
        moves = _timed_states(got)
        return len(moves) >= count and sum(after for _, _, after in moves) >= leads

    async with websockets.connect(f"{ws_base}/ws/tables/{table}") as ws:
        deadline = time.monotonic() + limit
        while not enough() and time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(raw)
            if msg["type"] == "state":
                got.append((time.monotonic(), msg))
    return _timed_states(got)


def test_bots_keep_the_pace_and_do_not_hold_up_other_tables(tmp_path: Path) -> None:
    async def main(server: ServerProcess) -> None:
        # The person is away with no grace: a stand-in plays the seat, at the pace too.
        body = {"seats": [{"kind": "human"}, RANDOM, RANDOM], "grace": 0, "deal_pause": 0}
        fast, _ = await new_table(server.url, {**body, "pace": "fast"}, ["away"])
        normal, _ = await new_table(server.url, {**body, "pace": "normal"}, ["away2"])
        instant, _ = await new_table(server.url, {**body, "rules": {"target": 1}}, ["away3"])
        # The watches end when they saw enough moves (their limits only guard against a hang):
        # the assertions below are about the gaps the server left, which are floors.
        fast_moves, normal_moves = await asyncio.gather(
            _watch(server.ws, fast, 24, HANG_GUARD, leads=1),
            _watch(server.ws, normal, 3, HANG_GUARD),
        )
        async with httpx.AsyncClient(base_url=server.url) as http:
            info = await until_summary(http, instant, lambda i: bool(i["score_sheet"]))
            assert info["pace"] == "instant"
            assert (await summary(http, fast))["pace"] == "fast"
        assert len(fast_moves) >= 24 and len(normal_moves) >= 3
        # Fast: 0.2 s a move, 0.4 s before a lead that replaces a finished trick (the server's
        # times; 0.15 s and 0.35 s leave room for clock rounding).
        assert min(gap for gap, _, _ in fast_moves) >= 0.15, fast_moves
        leads = [gap for gap, _, after in fast_moves if after]
        assert leads and min(leads) >= 0.35, fast_moves
        # The moves arrived in order, and no faster than the pace overall.
        arrivals = [at for _, at, _ in fast_moves]
        assert arrivals == sorted(arrivals)
        assert arrivals[-1] - arrivals[0] >= 0.15 * (len(arrivals) - 1)
        # Normal: 0.6 to 1 s a move.
        assert min(gap for gap, _, _ in normal_moves) >= 0.55, normal_moves

    with ServerProcess(tmp_path / "pace.sqlite") as server:
        run(main(server), 3 * HANG_GUARD)


# ------------------------------------------------------------------ 2: fair hints


def test_hints_default_off_between_people_and_counts_are_broadcast(
    thread_server: ThreadServer,
) -> None:
    assert parse_settings({"seats": [{"kind": "human"}, RANDOM, RANDOM]}).hints is True
    assert parse_settings({"seats": [{"kind": "human"}] * 2 + [RANDOM]}).hints is False

    async def main() -> None:
        two = {"seats": [{"kind": "human"}, {"kind": "human"}, RANDOM], "pace": "slow"}
        off, _ = await new_table(thread_server.url, two, [])
        body = {**two, "hints": True, "hint_bot": "heuristic", "first_dealer": 2}
        table, seats = await new_table(thread_server.url, body, ["ann", "bob"])
        async with httpx.AsyncClient(base_url=thread_server.url) as http:
            assert (await summary(http, off))["hints"] is False
            info = await summary(http, table)
            assert info["hints"] is True and info["hints_asked"] == [0, 0, 0]
        clients = [await Client.connect(thread_server.ws, table, t, s) for s, t in seats]
        for c in clients:
            await c.wait_for(lambda m: m["type"] == "state" and m["view"] is not None)
        # The first to act may be the (slow) bot: wait for a person's turn.
        deadline = time.monotonic() + HANG_GUARD
        while not any(my_turn(c) for c in clients):
            assert time.monotonic() < deadline, "no person's turn came"
            await asyncio.sleep(0.05)
        mover = next(c for c in clients if my_turn(c))
        other = next(c for c in clients if c is not mover)
        mark = len(other.messages)
        await mover.send({"type": "hint"})
        hint = await mover.wait_for(lambda m: m["type"] == "hint")
        assert hint["choices"]
        asked = [0, 0, 0]
        asked[mover.seat or 0] = 1
        counts = await other.wait_for(lambda m: m["type"] == "hints", mark)
        assert counts["asked"] == asked
        assert not [m for m in other.messages if m["type"] == "hint"], "a hint reached another"
        async with httpx.AsyncClient(base_url=thread_server.url) as http:
            assert (await summary(http, table))["hints_asked"] == asked
        for c in clients:
            await c.close()

    run(main())


# ------------------------------------------------------------------ 3: table flow


def test_rematch_seats_the_same_people_and_bots(thread_server: ThreadServer) -> None:
    async def main() -> None:
        body = {
            "seats": [{"kind": "human"}, RANDOM, {"kind": "bot", "bot": "heuristic"}],
            "rules": {"target": 1},
            "grace": 0,
            "deal_pause": 0,
            "name": "Short game",
        }
        table, seats = await new_table(thread_server.url, body, ["solo"])
        token = seats[0][1]
        async with httpx.AsyncClient(base_url=thread_server.url) as http:
            early = await http.post(f"/api/tables/{table}/rematch", json={"token": token})
            if early.status_code != 200:  # the stand-in may already have ended the game
                assert early.status_code == 409 and early.json()["error"]["code"] == "not_over"
            old = await until_summary(http, table, lambda i: i["status"] == "over")
            assert table not in {t["id"] for t in (await http.get("/api/tables")).json()}
            nobody = await http.post(f"/api/tables/{table}/rematch", json={"token": "nope"})
            assert nobody.status_code == 403 and nobody.json()["error"]["code"] == "not_seated"
            r = await http.post(f"/api/tables/{table}/rematch", json={"token": token})
            assert r.status_code == 200, r.text
            fresh = r.json()["id"]
            assert fresh != table and r.json()["link"] == f"/t/{fresh}"
            again = await http.post(f"/api/tables/{table}/rematch", json={"token": token})
            assert again.json()["id"] == fresh
            assert (await summary(http, table))["rematch"] == fresh
            new = await summary(http, fresh)
            assert new["name"] == old["name"] and new["rules"] == old["rules"]
            assert [(s["kind"], s["bot"], s["nickname"]) for s in new["seats"]] == [
                ("human", None, "solo"),
                ("bot", "random", None),
                ("bot", "heuristic", None),
            ]
        # The person's page follows with the token it holds: the same seat.
        c = await Client.connect(thread_server.ws, fresh, token, 0)
        st = await c.wait_for(lambda m: m["type"] == "state")
        assert st["you"]["seat"] == 0 and st["you"]["nickname"] == "solo"
        await c.close()

    run(main())


def test_take_over_a_bots_seat_between_hands_at_public_tables(thread_server: ThreadServer) -> None:
    async def main() -> None:
        async with httpx.AsyncClient(base_url=thread_server.url) as http:
            # Before the first hand: the table still waits for a person.
            body = {"seats": [{"kind": "human"}, {"kind": "human"}, RANDOM]}
            table, _ = await new_table(thread_server.url, body, ["a"])
            plain = await http.post(f"/api/tables/{table}/join", json={"nickname": "t", "seat": 2})
            assert plain.status_code == 409 and "take_over" in plain.json()["error"]["message"]
            take = {"nickname": "t", "seat": 2, "take_over": True}
            r = await http.post(f"/api/tables/{table}/join", json=take)
            assert r.status_code == 200 and r.json()["seat"] == 2, r.text
            seat = (await summary(http, table))["seats"][2]
            assert (seat["kind"], seat["nickname"], seat["bot"]) == ("human", "t", None)
            # Not at a private table.
            private, _ = await new_table(thread_server.url, {**body, "public": False}, ["a"])
            r = await http.post(f"/api/tables/{private}/join", json=take)
            assert r.status_code == 409 and r.json()["error"]["code"] == "not_public"
            # Not while a hand is played (a slow table's bots take their time)...
            body = {"seats": [{"kind": "human"}, RANDOM, RANDOM], "grace": 0, "deal_pause": 3}
            slow, _ = await new_table(thread_server.url, {**body, "pace": "slow"}, ["away"])
            await until_summary(http, slow, lambda i: i["status"] == "playing")
            r = await http.post(f"/api/tables/{slow}/join", json={**take, "seat": 1})
            assert r.status_code == 409 and r.json()["error"]["code"] == "hand_in_progress"
            # ... but between two hands (the pause after the first one). A far target: random
            # bots' first hand can end a game to 121 (the join would then find it over).
            far = {**body, "rules": {"target": 1000}}
            table, _ = await new_table(thread_server.url, far, ["away"])
            await until_summary(http, table, lambda i: bool(i["score_sheet"]))
            r = await http.post(f"/api/tables/{table}/join", json={**take, "seat": 1})
            assert r.status_code == 200, r.text
            info = await summary(http, table)
            assert info["seats"][1]["kind"] == "human" and info["seats"][1]["nickname"] == "t"
            assert len(info["score_sheet"]) == 1 and info["status"] == "playing"

    run(main())


def test_a_full_table_offers_to_watch(thread_server: ThreadServer) -> None:
    async def main() -> None:
        table, _ = await new_table(thread_server.url, {"pace": "slow"}, ["a"])
        async with httpx.AsyncClient(base_url=thread_server.url) as http:
            r = await http.post(f"/api/tables/{table}/join", json={"nickname": "b"})
        error = r.json()["error"]
        assert r.status_code == 409 and error["code"] == "table_full"
        assert f"/t/{table}?watch=1" in error["message"]

    run(main())


def test_spectators_chat_in_their_own_channel(thread_server: ThreadServer) -> None:
    async def main() -> None:
        body = {"seats": [{"kind": "human"}, RANDOM, RANDOM], "pace": "slow"}
        table, seats = await new_table(thread_server.url, body, ["pla"])
        player = await Client.connect(thread_server.ws, table, seats[0][1], 0)
        ws = await websockets.connect(f"{thread_server.ws}/ws/tables/{table}?nickname=Kibitz")
        spec = Client(ws, None, None)
        await spec.wait_for(lambda m: m["type"] == "state")
        await player.send({"type": "chat", "text": "good luck", "command_id": "p1"})
        # A spectator's message naming the players' channel still goes to the spectators'.
        await spec.send({"type": "chat", "text": "nice", "command_id": "s1", "channel": "table"})
        ack = await spec.wait_for(lambda m: m.get("command_id") == "s1")
        assert ack["type"] == "ack"
        for c in (player, spec):
            lines = [
                await c.wait_for(lambda m, t=t: m.get("text") == t) for t in ("good luck", "nice")
            ]
            assert [(m["channel"], m["from"], m["seat"]) for m in lines] == [
                ("table", "pla", 0),
                ("spectators", "Kibitz", None),
            ]
        # A newcomer gets both, each in its channel, in order.
        late = await Client.connect(thread_server.ws, table, None, None)
        replayed = [
            await late.wait_for(lambda m, t=t: m.get("text") == t) for t in ("good luck", "nice")
        ]
        assert [m["channel"] for m in replayed] == ["table", "spectators"]
        assert replayed[0]["seq"] < replayed[1]["seq"]
        for c in (player, spec, late):
            await c.close()

    run(main())


def test_the_stand_in_countdown_is_announced(thread_server: ThreadServer) -> None:
    async def main() -> None:
        body = {"seats": [{"kind": "human"}, {"kind": "human"}, RANDOM], "pace": "slow"}
        table, seats = await new_table(thread_server.url, {**body, "grace": 30}, ["a", "b"])
        a = await Client.connect(thread_server.ws, table, seats[0][1], 0)
        b = await Client.connect(thread_server.ws, table, seats[1][1], 1)
        for c in (a, b):
            await c.wait_for(lambda m: m["type"] == "state" and m["view"] is not None)
        mark = len(a.messages)
        left = time.time()
        await b.close()
        gone = await a.wait_for(
            lambda m: m["type"] == "presence" and m["seat"] == 1 and not m["connected"], mark
        )
        assert gone["stand_in"] is False
        assert left + 30 - 2 <= gone["stand_in_at"] <= time.time() + 30
        async with httpx.AsyncClient(base_url=thread_server.url) as http:
            seat = (await summary(http, table))["seats"][1]
        assert seat["stand_in_at"] == pytest.approx(gone["stand_in_at"])
        mark = len(a.messages)
        b = await Client.connect(thread_server.ws, table, seats[1][1], 1)
        back = await a.wait_for(lambda m: m["type"] == "presence" and m["seat"] == 1, mark)
        assert back["connected"] and back["stand_in_at"] is None
        for c in (a, b):
            await c.close()

    run(main())


# ------------------------------------------------------------------ 4: a rejected form


def test_a_refused_creator_creates_no_table(thread_server: ThreadServer) -> None:
    """Regression: the lobby created the table, then the join refused a 30-character nickname
    and the empty table stayed listed. The creator now sits down in the create request."""

    async def main() -> None:
        async with httpx.AsyncClient(base_url=thread_server.url) as http:
            limits = (await http.get("/api/limits")).json()
            assert limits["nickname"]["max_length"] == NICKNAME_MAX == 24
            paces = [p["name"] for p in limits["pace"]["choices"]]
            assert paces == ["slow", "normal", "fast", "instant"]  # a test server
            assert limits["pace"]["default"] == "instant"
            before = (await http.get("/api/health")).json()["tables"]
            listed = {t["id"] for t in (await http.get("/api/tables")).json()}
            body = {"name": "Orphan?", "seats": [{"kind": "human"}, RANDOM, RANDOM]}
            for join in (
                {"nickname": "x" * 30, "seat": 0},
                {"nickname": "x" * (NICKNAME_MAX + 1)},
                {"nickname": "ok", "seat": 1},  # a bot's seat
                {"nickname": ""},
                {"nick": "ok"},
            ):
                r = await http.post("/api/tables", json={**body, "join": join})
                assert r.status_code == 400, (join, r.text)
            assert (await http.get("/api/health")).json()["tables"] == before
            assert {t["id"] for t in (await http.get("/api/tables")).json()} == listed
            ok = {**body, "join": {"nickname": "y" * NICKNAME_MAX, "seat": 0}}
            r = await http.post("/api/tables", json=ok)
            assert r.status_code == 201, r.text
            made = r.json()
            assert made["seat"] == 0 and len(made["token"]) >= 32
            seat = (await summary(http, made["id"]))["seats"][0]
            assert seat["nickname"] == "y" * NICKNAME_MAX
        c = await Client.connect(thread_server.ws, made["id"], made["token"], 0)
        st = await c.wait_for(lambda m: m["type"] == "state")
        assert st["you"]["seat"] == 0
        await c.close()

    run(main())


def test_deserted_tables_leave_the_lobby(tmp_path: Path) -> None:
    now = [1_000_000.0]  # the registry's clock, moved by the test (no sleeping, no racing)

    async def main() -> None:
        registry = TableRegistry(
            EventStore(f"sqlite:///{tmp_path / 'lobby.sqlite'}"),
            test_pace=True,
            clock=lambda: now[0],
        )
        registry.lobby_empty_after = 0.3
        await registry.start()
        try:
            body = {"seats": [{"kind": "human"}, {"kind": "human"}, RANDOM]}
            table = await registry.create(body)

            def listed() -> bool:
                return table.id in {t["id"] for t in registry.public_tables()}

            assert listed(), "a new table waiting for its first player is listed"
            seat, _token = await table.join("a", None)
            conn = Conn(seat, "a")
            await table.connect(conn)
            now[0] += 3600
            assert listed(), "a table with a person at it is listed"
            await table.disconnect(conn)
            assert listed(), "a person who just left may come back"
            now[0] += 0.2
            assert listed(), "a person who just left may come back"
            now[0] += 0.2
            assert not listed(), "the people left: the table leaves the lobby"
        finally:
            await registry.stop()

    run(main())
