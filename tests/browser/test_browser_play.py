"""The browser client against a real server: lobby, a full deal by clicking, a private table
shared by link, reload-resume, spectators and the replay viewer."""

from __future__ import annotations

from typing import Any

import pytest
from pw_helpers import Server, felt, take_turn, wait_my_turn_or

pytestmark = pytest.mark.browser

SCORED_ROWS = "document.querySelectorAll('#score-sheet tbody tr').length"


def create_in_lobby(page: Any, server: Server, **opts: Any) -> str:
    """Fill the lobby's create form and return the new table's id."""
    page.goto(server.base + "/")
    page.fill("#t-nick", opts.get("nickname", "Ani"))
    page.fill("#t-name", opts.get("name", "Test table"))
    if opts.get("private"):
        page.check("#vis-private")
    for seat, choice in enumerate(opts.get("seats", ["me", "bot:random", "bot:random"])):
        page.select_option(f"#seat-{seat}", choice)
    page.fill("#t-pause", str(opts.get("pause", 1)))
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    return page.url.rsplit("/", 1)[-1]


def test_lobby_create_and_play_a_full_deal(server: Server, new_page: Any) -> None:
    page = new_page()
    page.goto(server.base + "/")
    # The create form offers every rule flag and every bot of the server.
    flags = [r["name"] for r in server.get("/api/rules")]
    for name in flags:
        assert page.locator(f'[data-rule="{name}"]').count() == 1
    bots = [b["name"] for b in server.get("/api/bots")]
    options = page.locator("#seat-1 option").evaluate_all("os => os.map(o => o.value)")
    assert [f"bot:{b}" for b in bots] == [o for o in options if o.startswith("bot:")]

    table_id = create_in_lobby(page, server, name="Full deal")
    page.wait_for_selector("#felt[data-seq]")
    assert page.locator("#table-name").inner_text().startswith("Full deal")
    # The public table is listed in the lobby.
    assert any(t["id"] == table_id for t in server.get("/api/tables"))

    clicked: list[str] = []
    played_cards = 0
    for _ in range(400):
        rows_before = page.evaluate(SCORED_ROWS)
        result = wait_my_turn_or(page, f"{SCORED_ROWS} > {rows_before}")
        if result == "done":
            if any(len(a) == 2 and a[0] in "AKQJT987" for a in clicked[played_cards:]):
                break
            played_cards = len(clicked)  # a deal without card play: play the next one too
            continue
        before = len(clicked)
        take_turn(page, clicked)
        assert len(clicked) == before + 1
        assert page.locator("#reject").is_hidden(), page.locator("#reject").inner_text()
    else:
        pytest.fail("no deal with card play was finished")
    # The deal's scores are on the score sheet and equal to the server's record.
    row = page.locator("#score-sheet tbody tr").last
    assert row.is_visible()
    summary = server.get(f"/api/tables/{table_id}/replay")["summary"]
    scored = [d for d in summary["deals"] if d["scores"] is not None]
    totals = page.locator("#score-sheet tfoot td").all_inner_texts()[1:]
    table = server.get(f"/api/tables/{table_id}")
    assert [int(t) for t in totals] == table["totals"]
    assert scored, "the server recorded no scored deal"
