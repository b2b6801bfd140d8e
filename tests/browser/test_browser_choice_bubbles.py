"""A long list of choices shows a choice's consequence as a bubble under the button the pointer
is on, over the buttons below it. The bubble must let the pointer through: as part of the
hovered button it kept itself shown, and a click on the choice under it landed on the hovered
one (Paskievics at 1366 px: "pass" under "catch", found by the whole-game test)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from pw_helpers import Server, felt, wait_my_turn_or
from test_browser_paskievics import take_turn

pytestmark = pytest.mark.browser

BOT = {"kind": "bot", "bot": "random"}
LONG_LIST = "#action-panel .choices:has(> button:nth-child(4)) > button[data-action]"

# What the pointer would hit at the centre of the hovered button's bubble: "bubble" when the
# bubble itself, "through" when something else, "outside" when the point is off the screen.
HIT = """([x, y]) => {
    const el = document.elementFromPoint(x, y);
    return !el ? 'outside' : el.closest('.why') ? 'bubble' : 'through';
}"""


def test_a_consequence_bubble_lets_the_pointer_through(server: Server, new_page: Any) -> None:
    table = server.post(
        "/api/tables",
        {"name": "Bubbles", "game": "paskievics", "seats": [{"kind": "human"}, BOT, BOT, BOT]},
    )
    token = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Ani"})["token"]
    page = new_page(1366, 768)
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{table['id']}', '{token}')")
    page.goto(f"{server.base}/t/{table['id']}")
    page.wait_for_selector("#felt[data-seq]")
    checked = 0
    deadline = time.monotonic() + 180  # a hang guard
    while not checked:
        assert time.monotonic() < deadline, "no long list of choices with consequences met"
        wait_my_turn_or(page, "false", timeout=60)
        for button in page.locator(LONG_LIST).all():
            if button.get_attribute("data-action") == "surrender":
                continue  # its cost is spelled out in the button, not in a bubble
            why = button.locator(".why")
            if why.count() == 0:
                continue
            button.hover()
            assert why.is_visible(), "the hovered choice shows no consequence"
            box = why.bounding_box()
            assert box is not None
            centre = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
            hit = page.evaluate(HIT, centre)
            assert hit != "bubble", (
                f"the bubble of {button.get_attribute('data-action')} takes the pointer"
            )
            checked += hit == "through"
        if not checked and felt(page)["turn"] == "me":
            take_turn(page)
