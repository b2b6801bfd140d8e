"""The end of a Paston deal in the browser: the result covers nothing, shows the prikup and the
discards, counts down to the next deal or stays open until the player goes on, and the header
names the deal that ended."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from pw_helpers import Server, play_to_deal_end

pytestmark = pytest.mark.browser


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def seated_paston(server: Server, pause: float) -> tuple[str, str]:
    bot = {"kind": "bot", "bot": "random"}
    table = server.post(
        "/api/tables",
        # A seeded table (the same first deal every run) and a target no single deal can reach
        # (a deal may score over 121, and a game over shows no deal result to keep open).
        {
            "name": "Deal end",
            "deal_pause": pause,
            "seed": 2026,
            "rules": {"target": 1000},
            "seats": [{"kind": "human"}, bot, bot],
        },
    )
    token = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Ani"})["token"]
    return str(table["id"]), str(token)


def open_seat(
    new_page: Any, server: Server, table_id: str, token: str, size: tuple[int, int]
) -> Any:
    page = new_page(*size)
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{table_id}', '{token}')")
    page.goto(f"{server.base}/t/{table_id}")
    page.wait_for_selector("#felt[data-seq]")
    return page


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_the_result_covers_nothing_and_shows_the_hidden_cards(
    server: Server, new_page: Any, size: tuple[int, int]
) -> None:
    table_id, token = seated_paston(server, pause=60)
    over = play_to_deal_end(server, table_id, token)["deal_over"]
    page = open_seat(new_page, server, table_id, token, size)
    page.wait_for_selector("#deal-result")
    meta = page.inner_text("#deal-meta")
    assert meta.startswith(f"deal {over['deal']} (over)"), (meta, over)
    shown = page.locator("#deal-result .deal-cards .card").evaluate_all(
        "cs => cs.map(c => c.dataset.card)"
    )
    if over["redeal"] is None:
        assert shown == over["prikup"] + over["discards"]
    assert "Next deal in" in page.inner_text("#deal-countdown")
    result = page.locator("#deal-result").bounding_box()
    others = ["#seat-me", "#seat-left", "#seat-right", "#my-hand .card", ".trick-slot"]
    for sel in others:
        for el in page.locator(sel).all():
            box = el.bounding_box()
            assert box and not overlaps(result, box), f"the result covers {sel}"


def test_the_result_stays_until_the_player_goes_on(server: Server, new_page: Any) -> None:
    table_id, token = seated_paston(server, pause=1)
    page = open_seat(new_page, server, table_id, token, (1366, 768))
    ended: list[Any] = []
    player = threading.Thread(
        target=lambda: ended.append(play_to_deal_end(server, table_id, token))
    )
    player.start()
    page.wait_for_selector("#deal-continue", timeout=60000)
    page.click("#deal-continue")  # keep it open
    player.join()
    # The server deals the next hand after its pause; the page keeps the result.
    page.wait_for_function(
        "() => document.querySelector('#deal-countdown').textContent.includes('has started')"
    )
    assert page.locator("#deal-result").is_visible()
    assert page.eval_on_selector("#felt", "f => f.dataset.phase") == "over"
    assert page.inner_text("#deal-meta").startswith("deal 1 (over)")
    over = ended[0]["deal_over"]
    page.click("#deal-continue")
    page.wait_for_function("() => document.querySelector('#felt').dataset.phase !== 'over'")
    # A thrown-in deal is dealt again under its number.
    following = over["deal"] + (0 if over["redeal"] else 1)
    assert page.inner_text("#deal-meta").startswith(f"deal {following} ")
    assert page.locator("#deal-result").count() == 0
