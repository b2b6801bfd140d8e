"""Every game through the same pages (issue 18): one replay page steps through a finished
record of each game to its end and shows the final scores; the table page names each game's
own bots (its entry in GET /api/games, not the flagship's list); the rules page of a game the
server does not offer says so instead of showing another game's rules. Any page error fails
a test (conftest.py)."""

from __future__ import annotations

from typing import Any

import pytest
from pw_helpers import PageErrors, Server, felt, play_game_over_websocket
from test_browser_phone import check_fits

pytestmark = pytest.mark.browser

RANDOM = {"kind": "bot", "bot": "random"}

#: A short game of each: its seats (a person and random bots) and the rules that keep it short.
SHORT: dict[str, tuple[int, dict[str, Any]]] = {
    "paston": (3, {"target": 20}),
    "paris": (3, {"max_turns": 60}),
    "paskievics": (4, {"game_deals": 1}),
}


def finished_table(server: Server, game: str) -> str:
    seats, rules = SHORT[game]
    table = server.post(
        "/api/tables",
        {
            "name": f"A {game} to replay",
            "game": game,
            "seats": [{"kind": "human"}] + [RANDOM] * (seats - 1),
            "rules": rules,
            "deal_pause": 0,
        },
    )
    token = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Ani"})["token"]
    final = play_game_over_websocket(server, table["id"], token, max_seconds=240)
    assert final["table"]["status"] == "over"
    return str(table["id"])


@pytest.mark.parametrize("game", sorted(SHORT))
def test_one_replay_page_steps_any_game_to_its_final_scores(
    server: Server, new_page: Any, game: str
) -> None:
    table_id = finished_table(server, game)
    replay = server.get(f"/api/tables/{table_id}/replay")
    totals = server.get(f"/api/tables/{table_id}")["totals"]
    hands = replay["steps"]
    last = len(hands) - 1
    page = new_page(1280, 900)
    page.goto(f"{server.base}/t/{table_id}/replay")
    page.wait_for_selector(f'#felt[data-game="{game}"][data-deal="1"][data-step="0"]')
    assert page.locator("#deal-select option").count() == len(hands)
    # The last hand from its deal, one step forward at a time, to the end of the game.
    page.select_option("#deal-select", str(last))
    page.wait_for_selector(f'#felt[data-deal="{last + 1}"][data-step="0"]')
    for k in range(1, len(hands[last]["steps"])):
        page.click("#forward")
        page.wait_for_selector(f'#felt[data-step="{k}"]')
        assert page.locator("#replay-said").inner_text().strip(), f"step {k}: nothing said"
    assert page.locator("#forward").is_disabled()
    assert felt(page)["phase"] == "over"
    # The final scores: the score sheet's totals are the table's.
    shown = page.locator("#score-sheet tfoot td").all_inner_texts()[1:]
    assert [int(x.replace("−", "-")) for x in shown] == totals
    assert page.locator("#error").is_hidden()
    # On a phone too: no sideways scrolling, every control big enough to touch.
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("#first")
    page.wait_for_selector('#felt[data-deal="1"][data-step="0"]')
    check_fits(page, 390, f"the {game} replay")


@pytest.mark.parametrize("game", sorted(SHORT))
def test_the_table_page_names_the_games_own_bots(server: Server, new_page: Any, game: str) -> None:
    info = {g["name"]: g for g in server.get("/api/games")}[game]
    labels = {b["name"]: b["label"] for b in info["bots"]}
    levels = {lv["name"] for lv in info["levels"]}
    seats = max(info["seat_counts"])
    page = new_page(1280, 900)
    bots = list(labels)
    # Tables waiting for their person (nobody plays): every offered bot seated once.
    while bots:
        here, bots = bots[: seats - 1], bots[seats - 1 :]
        # The last table's other seats: the game's first bots again (every seat filled).
        here += list(labels)[: seats - 1 - len(here)]
        table = server.post(
            "/api/tables",
            {
                "game": game,
                "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": b} for b in here],
                "public": False,
            },
        )
        page.goto(f"{server.base}/t/{table['id']}?watch=1")
        page.wait_for_selector("#felt[data-seq]")
        text = page.locator("#felt").inner_text()
        for seat, bot in enumerate(here, start=1):
            # A strength level's seat is "Casual bot" (levels.js); an engine keeps its label.
            shown = f"{labels[bot]} bot" if bot in levels else labels[bot]
            assert f"{shown} {seat}" in text, (game, bot, shown)


def test_the_rules_page_of_an_unknown_game_says_so(
    server: Server, new_page: Any, page_errors: PageErrors
) -> None:
    page = new_page()
    page.goto(f"{server.base}/rules/no-such-game")
    page.wait_for_selector("#no-rules")
    assert "no-such-game" in page.locator("#no-rules").inner_text()
    assert page.locator("#rules h3").count() == 0
    # The other games are still one click away.
    offered = [g["name"] for g in server.get("/api/games")]
    assert page.locator("#rules-nav a").count() == len(offered)
