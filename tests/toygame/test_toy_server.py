"""High card through a real ``paston serve`` subprocess that finds it as a plug-in
(``PASTON_GAME_PLUGINS``): listed by ``/api/games`` with its test renderer, and played over a
WebSocket by a person against bots until the match is over, seeing only its own cards."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import httpx

from .conftest import plugin_env
from .platform import GAME

# The server tests' helpers (real servers on 127.0.0.1, WebSocket clients) live in tests/server.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from server_helpers import Client, ServerProcess, new_table


def test_a_toy_table_over_the_websocket(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "paston.sqlite", env=plugin_env()) as server:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            games = {g["name"]: g for g in http.get("/api/games").json()}
            toy = games["toy"]
            assert toy["title"] == "High card" and toy["seat_counts"] == [2, 3, 4]
            assert {b["name"] for b in toy["bots"]} >= {"random", "heuristic"}
            (script,) = toy["scripts"]
            assert script.endswith("/static/games/toy/toy.js")
            served = http.get(script)
            assert served.status_code == 200 and 'registerGame("toy"' in served.text
        asyncio.run(asyncio.wait_for(_play(server), 240))


def _turn_of(message: dict[str, Any], seat: int) -> bool:
    """Whether the state ``message`` asks ``seat`` to act."""
    view = message["view"]
    return bool(view and view["to_act"] == seat and view["legal"])


def _latest_state(me: Client) -> int:
    """The index of the last ``state`` message ``me`` got (0 before any)."""
    return max((i for i, m in enumerate(me.messages) if m.get("type") == "state"), default=0)


async def _play(server: ServerProcess) -> None:
    body = {
        "game": "toy",
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"},
                  {"kind": "bot", "bot": "random"}],
        "deal_pause": 0,
        "first_dealer": 0,
    }  # fmt: skip
    table, seats = await new_table(server.url, body, ["ani"])
    ((seat, token),) = seats
    me = await Client.connect(server.ws, table, token, seat)
    moves = sent = 0
    acted = -1  # the seq of the last state this seat acted on
    while True:
        # Only a state newer than the one acted on may be the next turn: right after an ack
        # the state acted on is still the latest received, and acting on it again raced the
        # server (a "stale" reject, or "no_deal" once that move had ended the match).
        state: Any = await me.wait_for(
            lambda m, acted=acted: (
                m["type"] == "state"
                and m["seq"] > acted
                and (m["table"]["status"] == "over" or _turn_of(m, seat))
            ),
            start=_latest_state(me),
            timeout=60,
        )
        if state["table"]["status"] == "over":
            break
        view = state["view"]
        assert view["seat"] == seat and set(view["legal"]) <= set(view["hand"])
        sent += 1
        command = f"m{sent}"
        mark = len(me.messages)
        await me.send(
            {
                "type": "action",
                "command_id": command,
                "expected_seq": state["seq"],
                "action": view["legal"][0],
            }
        )
        answer = await me.wait_for(lambda m, c=command: m.get("command_id") == c, mark)
        if answer["type"] == "reject" and answer["code"] == "stale":
            continue  # a newer state came meanwhile (the next hand dealt): decide on it
        assert answer["type"] != "reject", answer
        acted = state["seq"]
        moves += 1
    assert moves == 6  # two hands of three cards
    # Every view the person got held its own cards only; the hands are shown once over.
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        record = (await http.get(f"/api/tables/{table}/record")).json()
    assert record["format"] == "toy-match/1"
    match = GAME.load_record(record)
    assert match.over and record["meta"]["bots"][1:] == ["heuristic", "random"]
    checked = 0
    for number, deal in enumerate(record["deals"]):
        others = set(deal["hands"][1]) | set(deal["hands"][2]) | set(deal["rest"])
        for m in me.messages:
            if (
                m["type"] == "state"
                and m["view"] is not None
                and m["deal_over"] is None
                and m["table"]["deal_number"] == number + 1
            ):
                assert not set(m["view"]["hand"]) & others
                checked += 1
    assert checked >= moves
    await me.close()
