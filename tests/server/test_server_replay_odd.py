"""`GET /api/tables/{id}/replay` for odd tables (issue 17 §5): a Paris session of several
games is replayed game by game (it answered 500, `unknown format 'paris-session/1'`), and a
table with no finished hand answers 409 `nothing_to_replay` for every game (Paris and
Paskievics answered 500)."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from server_helpers import Client, ThreadServer, new_table

from paston.core.registry import replay
from paston.games.paris.record import GAME_FORMAT

SEATS = {"paston": 3, "paris": 3, "paskievics": 4}


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 120))


@pytest.mark.parametrize("game", sorted(SEATS))
def test_replay_of_a_table_with_no_finished_hand_is_409(
    thread_server: ThreadServer, game: str
) -> None:
    async def main() -> None:
        n = SEATS[game]
        body = {"game": game, "seats": [{"kind": "human"}] * n, "deal_pause": 0}
        # Every seat is taken and nobody acts: the first hand is dealt and never finishes.
        table, _seats = await new_table(thread_server.url, body, [f"p{i}" for i in range(n)])
        async with httpx.AsyncClient(base_url=thread_server.url, timeout=30) as http:
            r = await http.get(f"/api/tables/{table}/replay")
        assert r.status_code == 409, r.text
        error = r.json()["error"]
        assert error["code"] == "nothing_to_replay"
        assert error["message"] == (
            "no hand of this table has finished yet: there is nothing to replay"
        )

    run(main())


def test_replay_of_a_paris_session_of_two_games(thread_server: ThreadServer) -> None:
    async def main() -> None:
        body = {
            "game": "paris",
            "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 2,
            "grace": 0,  # the person never comes: the stand-in plays the seat
            "stand_in": "random",
            "deal_pause": 0,
            "rules": {"max_turns": 60},  # short games: the turn limit ends them
            "match_options": {"games": 2},
        }
        table, _seats = await new_table(thread_server.url, body, ["away"])
        watcher = await Client.connect(thread_server.ws, table, None, None)
        await watcher.wait_for(
            lambda m: m["type"] == "state" and m["table"]["status"] == "over", timeout=90
        )
        await watcher.close()
        async with httpx.AsyncClient(base_url=thread_server.url, timeout=30) as http:
            r = await http.get(f"/api/tables/{table}/replay")
        assert r.status_code == 200, r.text
        answer = r.json()
        record, summary = answer["record"], answer["summary"]
        assert record["format"] == "paris-session/1" and len(record["games"]) == 2
        assert answer["seats"] == ["away", "heuristic", "heuristic"]
        # One replay object per game, each the notation's replay of that game's record.
        assert [g["format"] for g in record["games"]] == [GAME_FORMAT, GAME_FORMAT]
        assert summary["games"] == [replay(g) for g in record["games"]]
        assert all(g["over"] for g in summary["games"])
        # The loser of game 1 dealt game 2; each game has one loser.
        losers = [g["loser"] for g in summary["games"]]
        assert record["games"][1]["dealer"] == losers[0]
        assert summary["totals"] == [-losers.count(s) for s in range(3)]
        assert summary["next_dealer"] == losers[1]

    run(main())
