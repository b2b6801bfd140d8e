"""The replay viewer for a finished Paskievics table (issue 9 item 5): a one-deal game of a
person (played over the WebSocket) and three bots, then every step of the scored deal in the
browser — auction, talon hand-out, discards, call, announcements, tricks — and at the end the
card points with the scoring breakdown, the deal scores and the totals of the record."""

from __future__ import annotations

from typing import Any

import pytest
from pw_helpers import Server, play_game_over_websocket
from test_browser_axe import assert_accessible
from test_browser_phone import check_fits

pytestmark = pytest.mark.browser

BOT = {"kind": "bot", "bot": "random"}


def finished_table(server: Server) -> str:
    table = server.post(
        "/api/tables",
        {
            "name": "Paskievics replay",
            "game": "paskievics",
            "seats": [{"kind": "human"}, BOT, BOT, BOT],
            "rules": {"game_deals": 1},
            "deal_pause": 0,
        },
    )
    token = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Ani"})["token"]
    final = play_game_over_websocket(server, table["id"], token)
    assert final["table"]["status"] == "over"
    return str(table["id"])


def step_attrs(page: Any) -> dict[str, str]:
    return page.eval_on_selector("#felt", "el => ({...el.dataset})")


def cards_shown(page: Any) -> int:
    return int(page.locator("#pk-seats .pk-opp-hand .card, #my-hand .card").count())


def test_replay_steps_through_a_finished_paskievics_deal(server: Server, new_page: Any) -> None:
    table_id = finished_table(server)
    replay = server.get(f"/api/tables/{table_id}/replay")
    deals = replay["steps"]
    last = len(deals) - 1
    scored = deals[last]
    assert scored["over"] and not scored["steps"][-1]["thrown_in"]
    summary = replay["summary"]

    page = new_page(1280, 900)
    page.goto(f"{server.base}/t/{table_id}/replay")
    page.wait_for_selector('#felt[data-game="paskievics"][data-step="0"]')
    page.select_option("#deal-select", str(last))
    page.wait_for_selector(f'#felt[data-deal="{last + 1}"][data-step="0"]')
    # The cards as dealt, every hand face up: four hands of nine.
    assert step_attrs(page)["phase"] == "bidding"
    assert cards_shown(page) == 36
    assert "No bid yet" in page.locator("#pk-auction").inner_text()

    seen: list[str] = []
    for k in range(1, len(scored["steps"])):
        page.click("#forward")
        page.wait_for_selector(f'#felt[data-step="{k}"]')
        phase = step_attrs(page)["phase"]
        if not seen or seen[-1] != phase:
            seen.append(phase)
        action = scored["actions"][k - 1]
        before = scored["steps"][k - 1]["phase"]
        # What was just done is said; the auction and the announcement round are listed as far
        # as this step, each action of theirs once.
        assert page.locator("#replay-said").inner_text().strip(), f"step {k}: nothing said"
        phases = [scored["steps"][j]["phase"] for j in range(k)]
        bids = sum(1 for ph in phases if ph in ("bidding", "raise"))
        announced = sum(1 for ph in phases if ph == "announce")
        assert page.locator("#pk-auction li[data-seat]").count() == bids, f"step {k}"
        assert page.locator("#pk-announce li[data-seat]").count() == announced, f"step {k}"
        if phase == "discard" and before != "discard":
            # The talon hand-out: who got how many cards.
            assert "Talon" in page.locator("#pk-board").inner_text()
        if action["action"].startswith("call "):
            assert "Called" in page.locator("#deal-info").inner_text()
        if before == "play" and phase == "play":
            # The card just played lies in the trick (or the finished trick) in the middle.
            played = page.locator("#trick-area .pk-slot .card").evaluate_all(
                "cs => cs.map(c => c.dataset.card)"
            )
            assert action["action"] in played, (k, action, played)
    assert seen[:1] == ["bidding"] and seen[-1] == "over", seen
    for phase in ("discard", "announce", "play"):
        assert phase in seen, seen
    # The end of the deal: card points, the scoring lines (agreeing with the server's value),
    # the deal scores and the game totals.
    result = page.locator("#deal-result")
    assert result.get_attribute("data-breakdown") == "ok"
    assert "card points" in page.locator("#pk-points").inner_text()
    end = scored["steps"][-1]
    shown = page.locator('#deal-result table[aria-label="Deal scores"] td').all_inner_texts()
    assert [int(x.replace("+", "").replace("−", "-")) for x in shown] == end["scores"]
    totals = page.locator("#score-sheet tfoot td").all_inner_texts()[1:]
    assert [int(x) for x in totals] == summary["totals"]
    assert_accessible(page, "the Paskievics replay at the end of a deal")
    # Back one step: the last card is not yet played.
    page.click("#back")
    page.wait_for_selector(f'#felt[data-step="{len(scored["steps"]) - 2}"]')
    assert step_attrs(page)["phase"] == "play"
    assert page.locator("#deal-result").count() == 0
    # On a phone: no sideways scrolling, every control big enough to touch.
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("#last")
    page.wait_for_selector("#deal-result")
    check_fits(page, 390, "the Paskievics replay")
