"""The replay viewer steps through a finished Paris table: every card shown at the deal, one
event more in the log at each step, the loser named at the end (the steps are the server's,
from the engine: tests/web/test_replay_steps.py)."""

from __future__ import annotations

from typing import Any

import pytest
from pw_helpers import Server, felt, take_paris_turn, wait_my_turn_or

pytestmark = pytest.mark.browser


def test_replay_viewer_steps_through_a_paris_game(server: Server, new_page: Any) -> None:
    page = new_page()
    page.goto(server.base + "/")
    page.evaluate("localStorage.setItem('paston-speed', 'instant')")
    page.check("#game-paris")
    page.fill("#t-nick", "Ani")
    page.select_option("#t-seat-count", "2")
    page.select_option("#seat-1", "bot:heuristic")
    page.click("details summary")
    page.fill('[data-rule="max_turns"]', "40")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[-1]
    over = "document.querySelector('#felt').dataset.status === 'over'"
    for _ in range(200):
        if wait_my_turn_or(page, over, timeout=60) == "done":
            break
        take_paris_turn(page)
    page.wait_for_selector("#gameover-dialog[open]")
    record = server.get(f"/api/tables/{table_id}/record")
    final = server.get(f"/api/tables/{table_id}/replay")["summary"]
    # The game-over dialog leads to the replay (in a new tab), which starts at the deal.
    with page.context.expect_page() as opened:
        page.click("#gameover-replay")
    page = opened.value
    page.wait_for_selector('#felt[data-game="paris"][data-step="0"]')
    assert page.locator("#p-log li").count() == 0
    # Every card is shown: both hands, the face-up and even the face-down cards of the deal.
    dealt = sorted(
        c for seat in record["layout"] for c in seat["hand"] + seat["face_up"] + seat["face_down"]
    )
    shown = page.locator("#felt .card:not(.back)").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert sorted(shown) == dealt
    page.click("#forward")
    page.wait_for_selector('#felt[data-step="1"]')
    assert page.locator("#p-log li").count() == 1
    page.keyboard.press("End")
    page.wait_for_selector(f'#felt[data-step="{len(record["actions"])}"]')
    assert felt(page)["phase"] == "over"
    seats = server.get(f"/api/tables/{table_id}")["seats"]
    names = [s["nickname"] or f"{s['bot'].capitalize()} {s['seat']}" for s in seats]
    assert f"{names[final['loser']]} loses" in page.locator("#p-note").inner_text()
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f'#felt[data-step="{len(record["actions"]) - 1}"]')
