"""The table page's frame on a phone (issue 19): the header is one line, at most a tenth of a
390x844 screen (it took 151 px, three rows, before), with a menu button behind which the
account, Copy link, Replay and Export record fold; the sticky dock folds away to show what it
covers (Paris's pile in the swap at a table of four) and comes back; a new turn unfolds it."""

from __future__ import annotations

from typing import Any

import pytest
from finger import BOX_JS
from pw_helpers import CheckedBrowser, Server, felt, wait_answered, wait_my_turn_or

pytestmark = pytest.mark.browser

BOT = {"kind": "bot", "bot": "random"}


def phone_at_paris(browser: CheckedBrowser, server: Server, width: int, height: int) -> Any:
    body = {
        "name": "Paris on a phone",
        "game": "paris",
        "deal_pause": 0,
        "rules": {"max_turns": 30},
        "seats": [{"kind": "human"}, BOT, BOT, BOT],
    }
    table = server.post("/api/tables", body)
    token = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Ani"})["token"]
    ctx = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=True, is_mobile=True
    )
    ctx.set_default_timeout(60000)  # a hang guard
    page = ctx.new_page()
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{table['id']}', '{token}')")
    page.evaluate("localStorage.setItem('paston-speed', 'instant')")
    page.goto(f"{server.base}/t/{table['id']}")
    page.wait_for_selector("#felt[data-seq]")
    return page


def tap(page: Any, selector: str) -> None:
    b = page.locator(selector).evaluate(BOX_JS)
    assert b["under"], f"{selector}: its centre is covered"
    page.touchscreen.tap(b["cx"], b["cy"])


@pytest.mark.parametrize(("width", "height"), [(390, 844), (844, 390)])
def test_the_header_is_one_line_with_a_menu(
    server: Server, browser: CheckedBrowser, width: int, height: int
) -> None:
    page = phone_at_paris(browser, server, width, height)
    header = page.locator(".site-header").bounding_box()
    limit = 0.1 * 844 if height > width else 0.13 * height
    assert header and header["height"] <= limit, f"the header is {header} at {width}x{height}"
    items = ("#account-box", "#copy-link", "#replay-link", "#export-button")
    for sel in items:
        assert page.locator(sel).is_hidden(), f"{sel} shows outside the menu"
    assert page.get_attribute("#header-menu-button", "aria-expanded") == "false"
    tap(page, "#header-menu-button")
    assert page.get_attribute("#header-menu-button", "aria-expanded") == "true"
    for sel in ("#copy-link", "#replay-link", "#export-button"):
        b = page.locator(sel).bounding_box()
        assert b and b["x"] >= 0 and b["x"] + b["width"] <= width and b["y"] >= 0, (sel, b)
        assert b["y"] + b["height"] <= height, (sel, b)
    # A tap elsewhere closes it; so does a choice made in it (Copy link says so in the chat).
    page.touchscreen.tap(width / 2, height - 10)
    page.wait_for_selector("#copy-link", state="hidden")
    tap(page, "#header-menu-button")
    tap(page, "#copy-link")
    page.wait_for_selector("#copy-link", state="hidden")
    assert page.get_attribute("#header-menu-button", "aria-expanded") == "false"


def test_the_dock_folds_to_show_what_it_covers(server: Server, browser: CheckedBrowser) -> None:
    page = phone_at_paris(browser, server, 390, 844)
    wait_my_turn_or(page, "false")
    assert felt(page)["phase"] == "swap"
    toggle = "#dock > .dock-toggle"
    assert page.get_attribute(toggle, "aria-expanded") == "true"
    tap(page, toggle)
    assert page.get_attribute(toggle, "aria-expanded") == "false"
    dock = page.locator("#dock").bounding_box()
    assert dock and dock["height"] < 20, f"the folded dock is {dock}"
    assert page.locator("#ready-button").is_hidden()
    # What the dock covered: the middle of the table (deck and pile), now seen whole.
    middle = page.locator("#p-center").evaluate(BOX_JS)
    assert middle["under"], f"the middle of the table is still covered: {middle}"
    assert middle["y"] + middle["h"] <= 844, middle
    tap(page, toggle)
    assert page.locator("#ready-button").is_visible()
    # Folded, the person still moves by key (R: Ready); the turn passes on, and the dock is
    # open again for the next decision.
    tap(page, toggle)
    assert page.locator("#dock.folded").count() == 1
    seq = felt(page)["seq"]
    page.keyboard.press("r")
    wait_answered(page, seq)
    assert page.locator("#dock.folded").count() == 0, "the turn moved on, the dock stays folded"
    assert page.get_attribute(toggle, "aria-expanded") == "true"
