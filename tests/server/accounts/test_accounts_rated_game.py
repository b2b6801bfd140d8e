"""Rated games end to end: three registered players play Paston over the real API and
WebSockets; their ratings (OpenSkill and the three-player Elo), history and export follow.
Also: an unrated table changes no rating, and a player who left is ranked last."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from accounts_helpers import Site, register
from server_helpers import Client

from paston.core.registry import replay

#: A first deal that scores ends the game: quick, and still a whole Paston game.
SHORT = {"rules": {"target": 1}, "deal_pause": 0, "first_dealer": 0, "grace": 600}
PEOPLE = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]


def _table(site: Site, creator: Any, **extra: Any) -> str:
    r = creator.post("/api/tables", json={"seats": PEOPLE, **SHORT, **extra})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


async def _play_to_end(site: Site, table: str, seats: list[tuple[int, str]], seed: int) -> None:
    """The connected seats play random legal actions until the game is over (bounded)."""
    rng = random.Random(seed)
    clients = [await Client.connect(site.server.ws, table, t, s) for s, t in seats]
    try:
        deadline = time.monotonic() + 90
        while True:
            assert time.monotonic() < deadline, "the game did not end in time"
            latest = max(clients, key=lambda c: c.state["seq"] if c.state else -1)
            if latest.state and latest.state["table"]["status"] == "over":
                return
            movers = [c for c in clients if _my_turn(c)]
            if not movers:
                await asyncio.sleep(0.02)
                continue
            mover = movers[0]
            assert mover.state is not None
            seq = mover.state["seq"]
            cid = f"c{rng.random()}"
            await mover.send(
                {
                    "type": "action",
                    "command_id": cid,
                    "expected_seq": seq,
                    "action": rng.choice(mover.state["view"]["legal"]),
                }
            )
            await mover.wait_for(lambda m, cid=cid: m.get("command_id") == cid)
            await mover.wait_for(lambda m, s=seq: m["type"] == "state" and m["seq"] > s)
    finally:
        for c in clients:
            await c.close()


def _my_turn(c: Client) -> bool:
    st = c.state
    return bool(
        st
        and st["view"]
        and st["deal_over"] is None
        and st["view"]["to_act"] == c.seat
        and st["view"]["legal"]
    )


def _join(browser: Any, table: str) -> tuple[int, str]:
    r = browser.post(f"/api/tables/{table}/join", json={"nickname": "ignored"})
    assert r.status_code == 200, r.text
    return int(r.json()["seat"]), str(r.json()["token"])


def _expected_places(totals: list[float], left: list[bool]) -> list[int]:
    stayed = [t for t, gone in zip(totals, left, strict=True) if not gone]
    return [
        len(stayed) + 1 if gone else 1 + sum(1 for o in stayed if o > t)
        for t, gone in zip(totals, left, strict=True)
    ]


def test_a_rated_three_player_game_updates_ratings_history_and_export(
    site: Site, tmp_path: Path
) -> None:
    names = ["Ani", "Bob", "Cat"]
    browsers = [site.browser() for _ in names]
    for b, n in zip(browsers, names, strict=True):
        register(b, n)
    table = _table(site, browsers[0], seed=11)
    seats = [_join(b, table) for b in browsers]
    asyncio.run(_play_to_end(site, table, seats, seed=3))

    summary = browsers[0].get(f"/api/tables/{table}").json()
    assert summary["status"] == "over" and summary["rated"] is True
    assert [s["registered"] for s in summary["seats"]] == [True, True, True]
    totals = summary["totals"]
    seat_of = {n: s for n, (s, _t) in zip(names, seats, strict=True)}
    places = _expected_places(totals, [False, False, False])
    pages = {n: browsers[0].get(f"/api/players/{n}").json() for n in names}
    for n in names:
        game = pages[n]["games"][0]
        assert game["table_id"] == table and game["rated"] is True
        assert game["seat"] == seat_of[n] and game["score"] == totals[seat_of[n]]
        assert game["place"] == places[seat_of[n]]
        assert sorted(game["opponents"]) == sorted(m for m in names if m != n)
        assert game["replay"] == f"/t/{table}/replay" and game["finished"].endswith("Z")
        assert game["rating_before"] == 0.0  # everybody's first game: mu 25, sigma 25/3
        rating = pages[n]["ratings"]["paston"]
        assert rating["games"] == 1 and rating["rating"] == game["rating_after"]
        assert game["elo_before"] == 1500.0 and rating["elo"] == game["elo_after"]
    by_place = sorted(names, key=lambda n: places[seat_of[n]])
    best, worst = pages[by_place[0]], pages[by_place[-1]]
    if places.count(1) == 1:  # a winner alone: their rating and Elo rise
        assert best["ratings"]["paston"]["mu"] > 25.0
        assert best["games"][0]["rating_after"] > best["games"][0]["rating_before"]
        assert best["games"][0]["elo_after"] > 1500.0
    if places.count(max(places)) == 1:  # a last alone: theirs fall
        assert worst["ratings"]["paston"]["mu"] < 25.0
        assert worst["games"][0]["rating_after"] < worst["games"][0]["rating_before"]
        assert worst["games"][0]["elo_after"] < 1500.0
    # Pairwise Elo is zero-sum between the three.
    assert abs(sum(pages[n]["ratings"]["paston"]["elo"] for n in names) - 4500.0) < 0.5
    board = browsers[1].get("/api/leaderboard/paston").json()
    assert [row["name"] for row in board] == sorted(
        names, key=lambda n: -pages[n]["ratings"]["paston"]["rating"]
    )
    assert [row["rank"] for row in board] == [1, 2, 3]
    assert browsers[0].get("/api/account/me").json()["ratings"]["paston"]["games"] == 1

    # The export: one record per line, each with meta naming the players, each replayable.
    r = browsers[2].get("/api/players/Ani/records")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/x-ndjson")
    assert r.headers["content-disposition"] == 'attachment; filename="paston-Ani.jsonl"'
    lines = r.text.splitlines()
    assert len(lines) == 1
    record = json.loads(lines[0])
    assert record["meta"]["players"] == [names[[s for s, _ in seats].index(i)] for i in range(3)]
    replayed = replay(record)
    assert replayed["over"] is True and replayed["totals"] == totals
    path = tmp_path / "record.json"
    path.write_text(lines[0], encoding="utf-8")
    cli = subprocess.run(
        [sys.executable, "-c", "from paston.cli import main; main()", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert cli.returncode == 0, cli.stderr[-500:]
    assert json.loads(cli.stdout)["totals"] == totals


def test_an_unrated_table_leaves_ratings_unchanged_but_enters_the_history(site: Site) -> None:
    names = ["Dan", "Eva", "Fay"]
    browsers = [site.browser() for _ in names]
    for b, n in zip(browsers, names, strict=True):
        register(b, n)
    table = _table(site, browsers[0], seed=12, rated=False)
    seats = [_join(b, table) for b in browsers]
    asyncio.run(_play_to_end(site, table, seats, seed=4))
    for n in names:
        page = browsers[0].get(f"/api/players/{n}").json()
        assert page["ratings"] == {}
        assert [g["table_id"] for g in page["games"]] == [table]
        game = page["games"][0]
        assert game["rated"] is False and game["rating_before"] is None
        assert game["rating_after"] is None and game["elo_after"] is None
    assert browsers[0].get("/api/leaderboard/paston").json() == []


def test_a_player_who_left_is_ranked_last(site: Site) -> None:
    names = ["Gus", "Hal", "Ivy"]
    browsers = [site.browser() for _ in names]
    for b, n in zip(browsers, names, strict=True):
        register(b, n)
    # Ivy sits down and never comes to the table: after the grace her stand-in bot plays.
    table = _table(site, browsers[0], seed=13, grace=0)
    seats = [_join(b, table) for b in browsers]
    asyncio.run(_play_to_end(site, table, seats[:2], seed=5))
    ivy = browsers[0].get("/api/players/Ivy").json()["games"][0]
    assert ivy["left"] is True and ivy["place"] == 3
    assert ivy["rated"] is True and ivy["rating_after"] < ivy["rating_before"]
    for n in ("Gus", "Hal"):
        game = browsers[0].get(f"/api/players/{n}").json()["games"][0]
        assert game["left"] is False and game["place"] in (1, 2)
        assert game["rating_after"] > game["rating_before"]
