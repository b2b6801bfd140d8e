"""The turn alert (issue 19 §2): one switch in the table's sidebar, off by default and kept in
localStorage, that plays a short WebAudio chime and vibrates when it becomes this person's
turn. It never throws: without AudioContext and navigator.vibrate the alert is silent and the
page has no error (conftest.py fails a test on any page or console error).

<html data-turn-alerts> counts the alerts given, data-turn-alert-last says what the last did."""

from __future__ import annotations

from typing import Any

import pytest
from pw_helpers import Server, take_turn, wait_my_turn_or

pytestmark = pytest.mark.browser

BOTS = [{"kind": "bot", "bot": "random"}] * 2
NO_DEVICE = """
  delete window.AudioContext;
  delete window.webkitAudioContext;
  Object.defineProperty(Navigator.prototype, 'vibrate', { value: undefined, configurable: true });
"""


def seated(server: Server, new_page: Any, alert: str | None, init: str | None = None) -> Any:
    """A page seated at seat 0 of a new Paston table against random bots, the switch's stored
    value set to ``alert`` ("1", "0" or nothing) before the table loads."""
    table = server.post("/api/tables", {"game": "paston", "seats": [{"kind": "human"}, *BOTS]})
    token = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Ani"})["token"]
    page = new_page(1280, 900)
    if init:
        page.add_init_script(init)
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{table['id']}', '{token}')")
    page.evaluate("localStorage.setItem('paston-speed', 'instant')")
    if alert is not None:
        page.evaluate(f"localStorage.setItem('paston-turn-alert', '{alert}')")
    page.goto(f"{server.base}/t/{table['id']}")
    page.wait_for_selector("#felt[data-seq]")
    return page


def alerts(page: Any) -> int:
    return int(page.evaluate("document.documentElement.dataset.turnAlerts ?? '0'"))


def test_the_switch_is_off_by_default_and_remembered(server: Server, new_page: Any) -> None:
    page = seated(server, new_page, None)
    box = page.locator("#turn-alert")
    assert box.is_visible() and not box.is_checked()
    assert wait_my_turn_or(page, "false") == "turn"
    assert alerts(page) == 0  # off: my turn came silently
    box.check()
    assert page.evaluate("localStorage.getItem('paston-turn-alert')") == "1"
    page.reload()
    page.wait_for_selector("#felt[data-seq]")
    assert page.locator("#turn-alert").is_checked()
    page.locator("#turn-alert").uncheck()
    assert page.evaluate("localStorage.getItem('paston-turn-alert')") == "0"


def test_my_turn_chimes_once_the_page_was_touched(server: Server, new_page: Any) -> None:
    page = seated(server, new_page, "1")
    page.click("#table-name")  # a gesture: the browser lets the page sound from now on
    over = "document.querySelector('#felt').dataset.status === 'over'"
    assert wait_my_turn_or(page, over) == "turn"
    first = alerts(page)
    assert first >= 1
    # One alert for each turn that begins (two decisions in a row, a discard and then the
    # contract, are one turn), never one per redraw.
    for _ in range(8):
        take_turn(page, [])
        assert wait_my_turn_or(page, over) == "turn"
        if alerts(page) > first:
            break
    assert alerts(page) == first + 1
    assert "sound" in page.evaluate("document.documentElement.dataset.turnAlertLast")


def test_without_audio_or_vibration_the_alert_is_silent_and_harmless(
    server: Server, new_page: Any
) -> None:
    page = seated(server, new_page, "1", init=NO_DEVICE)
    assert page.evaluate("typeof window.AudioContext") == "undefined"
    page.click("#table-name")
    assert wait_my_turn_or(page, "false") == "turn"
    assert alerts(page) >= 1
    assert page.evaluate("document.documentElement.dataset.turnAlertLast") == "none"
    # Switching it on again (which plays a sample chime) does not throw either.
    page.locator("#turn-alert").uncheck()
    page.locator("#turn-alert").check()
