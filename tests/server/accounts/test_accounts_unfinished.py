"""Games the accounts could miss: one whose result a crash kept from being stored (recorded at
the next start, once), and rated tables closed before their end (who left loses; if nobody
can be told to have left, the game is kept unrated). Real server, real SQLite file."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from accounts_helpers import Site, register
from server_helpers import Client
from test_accounts_rated_game import _join, _play_to_end, _table

NAMES = ["Ann", "Ben", "Col"]


def _people(site: Site) -> list[Any]:
    browsers = [site.browser() for _ in NAMES]
    for b, n in zip(browsers, NAMES, strict=True):
        register(b, n)
    return browsers


def _game_of(site: Site, name: str, table: str) -> dict[str, Any]:
    games = site.browser().get(f"/api/players/{name}").json()["games"]
    found = [g for g in games if g["table_id"] == table]
    assert len(found) == 1, games
    return dict(found[0])


def test_a_result_lost_in_a_crash_is_recorded_at_the_next_start_once(tmp_path: Path) -> None:
    db = tmp_path / "paston.sqlite"
    first = Site(db)
    try:
        browsers = _people(first)

        # The process dies after logging the last move, before the result is stored.
        def crash(_game: Any) -> None:
            raise RuntimeError("the server was killed here")

        first.app.state.registry.store.on_game_end = crash
        # Col sits down and never comes: after her grace the stand-in bot plays her seat
        # (Ann and Ben are at the table well within theirs).
        table = _table(first, browsers[0], seed=13, grace=1.0)
        seats = [_join(b, table) for b in browsers]
        asyncio.run(_play_to_end(first, table, seats[:2], seed=5))
        assert browsers[0].get(f"/api/tables/{table}").json()["status"] == "over"
        assert browsers[0].get("/api/players/Ann").json()["games"] == []
    finally:
        first.close()

    second = Site(db)
    try:
        col = _game_of(second, "Col", table)
        assert col["rated"] is True and col["left"] is True and col["place"] == 3
        assert col["rating_after"] < col["rating_before"] and col["closed"] is False
        for name in ("Ann", "Ben"):
            game = _game_of(second, name, table)
            assert game["rated"] is True and game["left"] is False and game["place"] in (1, 2)
        ratings = {n: second.browser().get(f"/api/players/{n}").json()["ratings"] for n in NAMES}
        assert all(r["paston"]["games"] == 1 for r in ratings.values())
    finally:
        second.close()

    third = Site(db)  # recording again changes nothing
    try:
        again = {n: third.browser().get(f"/api/players/{n}").json() for n in NAMES}
        assert {n: p["ratings"] for n, p in again.items()} == ratings
        assert all(len(p["games"]) == 1 for p in again.values())
    finally:
        third.close()


async def _sit_then_all_leave(site: Site, visits: list[tuple[str, list[tuple[int, str]]]]) -> None:
    """Connect these seats, let the tables close soon once idle, wait past the grace (2 s),
    then everybody goes at once (well within their own grace: no stand-in plays for them
    before the tables close, so neither game can end)."""
    clients = [
        await Client.connect(site.server.ws, t, tok, s) for t, seats in visits for s, tok in seats
    ]
    for c in clients:
        await c.wait_for(lambda m: m["type"] == "state" and m["view"] is not None)
    registry = site.app.state.registry
    registry.idle_timeout, registry.sweep_every = 0.5, 0.1
    await asyncio.sleep(2.8)
    await asyncio.gather(*(c.close() for c in clients))


def _wait_closed(site: Site, tables: list[str]) -> None:
    browser = site.browser()
    deadline = time.monotonic() + 120  # a guard against a hang only
    while any(browser.get(f"/api/tables/{t}").json()["status"] != "closed" for t in tables):
        assert time.monotonic() < deadline, "the idle tables were not closed"
        time.sleep(0.1)


def test_rated_tables_closed_before_their_end(site: Site) -> None:
    browsers = _people(site)
    # Table 1: Col sits down and never comes (after her grace her stand-in plays); Ann and
    # Ben stay past it, then go, and the table is closed for idleness.
    # At the slow pace: should a stand-in start before the sweep closes a table (a busy
    # machine), it cannot play the deal to its end (and the game with it) meanwhile.
    deserted = _table(site, browsers[0], seed=21, grace=2.0, pace="slow")
    seats = [_join(b, deserted) for b in browsers]
    # Table 2: all three sit down, play nothing, and go together.
    together = _table(site, browsers[0], seed=22, grace=2.0, pace="slow")
    seats2 = [_join(b, together) for b in browsers]
    asyncio.run(_sit_then_all_leave(site, [(deserted, seats[:2]), (together, seats2)]))
    _wait_closed(site, [deserted, together])

    totals = site.browser().get(f"/api/tables/{deserted}").json()["totals"]
    col = _game_of(site, "Col", deserted)
    assert col["closed"] is True and col["left"] is True and col["place"] == 3
    assert col["rated"] is True and col["rating_after"] < col["rating_before"]
    stayed = {n: _game_of(site, n, deserted) for n in ("Ann", "Ben")}
    for game in stayed.values():
        assert game["closed"] is True and game["left"] is False and game["rated"] is True
        assert game["score"] == totals[game["seat"]]
        others = [g["score"] for g in stayed.values() if g is not game]
        assert game["place"] == 1 + sum(1 for s in others if s > game["score"])
    if stayed["Ann"]["score"] == stayed["Ben"]["score"]:  # tied: both gain on the leaver
        assert all(g["rating_after"] > g["rating_before"] for g in stayed.values())

    for name in NAMES:
        game = _game_of(site, name, together)
        assert game["closed"] is True and game["left"] is False
        assert game["rated"] is False and game["rating_after"] is None
        ratings = site.browser().get(f"/api/players/{name}").json()["ratings"]
        assert ratings["paston"]["games"] == 1  # the deserted table only


def test_stand_ins_finish_a_game_everybody_left_and_who_left_first_is_last(site: Site) -> None:
    browsers = _people(site)
    # Col never comes (her stand-in plays after 1 s); Ann and Ben stay 2.8 s, then go
    # together, and the stand-ins play the game to its end with nobody at the table.
    table = _table(site, browsers[0], seed=23, grace=1.0)
    seats = [_join(b, table) for b in browsers]

    async def visit() -> None:
        clients = [await Client.connect(site.server.ws, table, t, s) for s, t in seats[:2]]
        for c in clients:
            await c.wait_for(lambda m: m["type"] == "state" and m["view"] is not None)
        await asyncio.sleep(2.8)
        await asyncio.gather(*(c.close() for c in clients))

    asyncio.run(visit())
    deadline = time.monotonic() + 90
    while site.browser().get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the stand-ins did not finish the game"
        time.sleep(0.2)
    col = _game_of(site, "Col", table)
    assert col["left"] is True and col["place"] == 3 and col["closed"] is False
    assert col["rated"] is True and col["rating_after"] < col["rating_before"]
    for name in ("Ann", "Ben"):
        game = _game_of(site, name, table)
        assert game["left"] is False and game["place"] in (1, 2)
