"""Issue 19 §1 in the browser: the lobby offers one control for a table's size (no Paskievics
*Five players* flag beside the seat count, and a table made with 5 seats says so in its rules),
and the table page's skip link moves the focus to the table."""

from __future__ import annotations

import urllib.error
from typing import Any

import pytest
from pw_helpers import Server

pytestmark = pytest.mark.browser

BOT = {"kind": "bot", "bot": "random"}


def test_the_seat_count_is_the_one_size_control(server: Server, new_page: Any) -> None:
    page = new_page()
    page.goto(server.base + "/")
    page.evaluate("localStorage.setItem('paston-speed', 'instant')")
    page.check("#game-paskievics")
    page.click("details summary")
    page.wait_for_selector('[data-rule="game_deals"]')
    assert page.locator('[data-rule="players"]').count() == 0
    page.fill("#t-nick", "Ani")
    page.select_option("#t-seat-count", "5")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[-1].split("?")[0]
    table = server.get(f"/api/tables/{table_id}")
    assert len(table["seats"]) == 5
    assert table["rules"].get("players") == 5
    # Through the API, rules that contradict the seats are refused with a precise error.
    body = {"game": "paskievics", "seats": 4, "rules": {"players": 5}}
    with pytest.raises(urllib.error.HTTPError) as err:
        server.post("/api/tables", body)
    assert err.value.code == 400
    assert "'rules.players'" in err.value.read().decode()


def test_the_skip_link_focuses_the_table(server: Server, new_page: Any) -> None:
    body = {"name": "Skip", "seats": [{"kind": "human"}, BOT, BOT]}
    table = server.post("/api/tables", body)
    page = new_page()
    page.goto(f"{server.base}/t/{table['id']}?watch=1")
    page.wait_for_selector("#felt[data-seq]")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('skip-link')")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "document.activeElement && document.activeElement.id === 'felt'", timeout=5000
    )
    assert page.evaluate("document.activeElement.id") == "felt"
