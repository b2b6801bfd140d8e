"""Leaving a table in the browser (issue 19 §2): a seated player leaves (asked once more),
goes back to the lobby with the seat's token forgotten; the other player is told in the chat
and the seat is the stand-in bot's; a spectator's button just goes back to the lobby."""

from __future__ import annotations

import time
from typing import Any

import pytest
from pw_helpers import Server

pytestmark = pytest.mark.browser


def open_seat(server: Server, new_page: Any, table_id: str, token: str) -> Any:
    page = new_page(1280, 860)
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{table_id}', '{token}')")
    page.goto(f"{server.base}/t/{table_id}")
    page.wait_for_selector("#felt[data-seq]")
    return page


def test_leaving_and_going_back(server: Server, new_page: Any) -> None:
    body = {"seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]}
    tid = str(server.post("/api/tables", body)["id"])
    tokens = [server.post(f"/api/tables/{tid}/join", {"nickname": n})["token"] for n in "AB"]
    a = open_seat(server, new_page, tid, tokens[0])
    b = open_seat(server, new_page, tid, tokens[1])
    assert a.inner_text("#leave-button") == "Leave table"
    a.click("#leave-button")
    a.wait_for_selector("#leave-confirm:not([hidden])")
    a.click("#leave-no")  # asked once more: nothing happens without the second click
    assert a.locator("#leave-confirm").is_hidden()
    a.click("#leave-button")
    a.click("#leave-yes")
    a.wait_for_url(f"{server.base}/")
    assert a.evaluate(f"localStorage.getItem('paston-token-{tid}')") is None
    b.wait_for_function(
        "() => [...document.querySelectorAll('#chat-log li.sys')]"
        ".some(li => li.textContent.includes('A left the table'))"
    )
    seat = server.get(f"/api/tables/{tid}")["seats"][0]
    assert seat["left"] is True and seat["stand_in"] is True
    watcher = new_page(1280, 860)
    watcher.goto(f"{server.base}/t/{tid}?watch=1")
    watcher.wait_for_selector("#felt[data-seq]")
    assert watcher.inner_text("#leave-button") == "Back to lobby"
    watcher.click("#leave-button")
    watcher.wait_for_url(f"{server.base}/")


def test_concede_where_the_rules_know_no_resignation_is_leaving(
    server: Server, new_page: Any
) -> None:
    """Paris has no resignation: the page's "Concede" says so and, confirmed, leaves (the
    table, with nobody else a person, is closed)."""
    body = {"game": "paris", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
    tid = str(server.post("/api/tables", body)["id"])
    token = server.post(f"/api/tables/{tid}/join", {"nickname": "P"})["token"]
    page = open_seat(server, new_page, tid, token)
    page.wait_for_selector("#concede:not([hidden]) #concede-button")
    page.click("#concede-button")
    page.wait_for_selector("#concede-confirm:not([hidden])")
    assert "leaving the table" in page.inner_text("#concede-what")
    page.click("#concede-yes")
    page.wait_for_url(f"{server.base}/")
    deadline = time.monotonic() + 30  # a hang guard: the close follows the page's leaving
    while server.get(f"/api/tables/{tid}")["status"] != "closed":
        assert time.monotonic() < deadline, "the table was not closed"
        time.sleep(0.1)
