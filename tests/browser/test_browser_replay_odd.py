"""The replay page for odd tables (issue 17 §5): a table with no finished hand says there is
nothing to replay (the API answers 409; Paris and Paskievics pages showed a server error),
and a Paris table of two games steps through both (the API answered 500)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from pw_helpers import PageErrors, Server

pytestmark = pytest.mark.browser

SEATS = {"paston": 3, "paris": 3, "paskievics": 4}


@pytest.mark.parametrize("game", sorted(SEATS))
def test_replay_page_of_a_table_with_no_finished_hand(
    server: Server, new_page: Any, page_errors: PageErrors, game: str
) -> None:
    # The API's answer for a table with nothing to replay (the page says so).
    page_errors.expect(r"status of 409 .*/api/tables/[^/]+/replay\]")
    n = SEATS[game]
    table = server.post(
        "/api/tables",
        {"game": game, "seats": [{"kind": "human"}] * n, "deal_pause": 0},
    )
    for i in range(n):  # every seat taken, nobody acts: the first hand never finishes
        server.post(f"/api/tables/{table['id']}/join", {"nickname": f"p{i}"})
    page = new_page()
    page.goto(f"{server.base}/t/{table['id']}/replay")
    page.wait_for_selector("#error:not([hidden])")
    assert "nothing to replay" in page.inner_text("#error")
    assert page.locator("#controls").is_hidden()


def test_replay_page_of_a_paris_session_of_two_games(server: Server, new_page: Any) -> None:
    bot = {"kind": "bot", "bot": "heuristic"}
    table = server.post(
        "/api/tables",
        {
            "game": "paris",
            "seats": [{"kind": "human"}, bot, bot],
            "grace": 0,  # the person never comes: the stand-in plays the seat
            "stand_in": "random",
            "deal_pause": 0,
            "rules": {"max_turns": 60},
            "match_options": {"games": 2},
        },
    )
    table_id = table["id"]
    server.post(f"/api/tables/{table_id}/join", {"nickname": "away"})
    deadline = time.monotonic() + 120  # a hang guard only
    while server.get(f"/api/tables/{table_id}")["status"] != "over":
        assert time.monotonic() < deadline, "the Paris session did not end"
        time.sleep(0.2)
    games = server.get(f"/api/tables/{table_id}/replay")["record"]["games"]
    page = new_page(1280, 900)
    page.goto(f"{server.base}/t/{table_id}/replay")
    page.wait_for_selector('#felt[data-game="paris"][data-deal="1"][data-step="0"]')
    assert page.locator("#deal-select option").count() == len(games) == 2
    page.select_option("#deal-select", "1")
    page.wait_for_selector('#felt[data-deal="2"][data-step="0"]')
    page.click("#last")
    last = len(games[1]["actions"])
    page.wait_for_selector(f'#felt[data-deal="2"][data-step="{last}"]')
    assert page.locator("#error").is_hidden()
