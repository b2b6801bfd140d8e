"""Quick reactions in the browser (issue 19 §2): a player's reaction shows beside their seat
on every page, in each page's words; a page that mutes reactions (kept across a reload) no
longer shows the others'."""

from __future__ import annotations

from typing import Any

import pytest
from pw_helpers import Server

pytestmark = pytest.mark.browser

SEEN = """(code) => [...document.querySelectorAll('.reaction-bubble')]
    .some(b => b.dataset.code === code)"""


def open_seat(server: Server, new_page: Any, table_id: str, token: str) -> Any:
    page = new_page(1280, 860)
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{table_id}', '{token}')")
    page.goto(f"{server.base}/t/{table_id}")
    page.wait_for_selector("#felt[data-seq]")
    return page


def test_a_reaction_shows_on_every_page_and_mute_hides_it(server: Server, new_page: Any) -> None:
    body = {"seats": [{"kind": "human"}] * 3}  # nobody moves: the pages stay as they are
    tid = str(server.post("/api/tables", body)["id"])
    tokens = [server.post(f"/api/tables/{tid}/join", {"nickname": n})["token"] for n in "ABC"]
    a = open_seat(server, new_page, tid, tokens[0])
    b = open_seat(server, new_page, tid, tokens[1])
    watcher = new_page(1280, 860)
    watcher.goto(f"{server.base}/t/{tid}?watch=1")
    watcher.wait_for_selector("#felt[data-seq]")
    assert watcher.locator("#react-box").is_hidden()  # spectators send none
    a.wait_for_selector("#react-box:not([hidden]) [data-reaction='well_played']")
    a.click("[data-reaction='well_played']")
    for page in (a, b, watcher):
        page.wait_for_function(SEEN, arg="well_played")
        bubble = page.locator(".reaction-bubble[data-code='well_played']")
        assert bubble.get_attribute("data-seat") == "0"
        assert "Well played" in bubble.inner_text() and "A" in bubble.inner_text()
    # B mutes the others' reactions; A's next one shows on A's page and the watcher's only.
    b.check("#react-mute")
    a.click("[data-reaction='thanks']")
    a.fill("#chat-input", "after the reaction")
    a.press("#chat-input", "Enter")
    for page in (a, watcher):
        page.wait_for_function(SEEN, arg="thanks")
    # The chat line came after the reaction on the same socket: B has had both.
    b.wait_for_function(
        "() => document.querySelector('#chat-log').textContent.includes('after the reaction')"
    )
    assert not b.evaluate(SEEN, "thanks")
    b.reload()
    b.wait_for_selector("#felt[data-seq]")
    assert b.is_checked("#react-mute")  # kept in localStorage
