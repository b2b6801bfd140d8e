"""The score sheet of every game (issue 19 §2): a "Score sheet" button on the table opens every
finished hand as a row, each player's score of the hand beside his running total, with the
game's own columns (Paston: contract and result; Paris: finishing places; Paskievics: the game
bid, card points and value); the game-over dialog shows it too; "Print" prints the sheet alone
(the print style hides the rest of the page); the replay opens the same sheet. No page or
console error on the way (conftest.py)."""

from __future__ import annotations

from typing import Any

import pytest
from pw_helpers import Server, play_game_over_websocket
from test_browser_axe import assert_accessible
from test_browser_games_alike import RANDOM, SHORT

pytestmark = pytest.mark.browser

#: The game's own columns of the sheet, by their English heads.
OWN_COLUMNS = {
    "paston": ["Contract", "Result"],
    "paris": ["Finishing places"],
    "paskievics": ["Game", "Card points", "Value"],
}


def finished_table(server: Server, game: str) -> tuple[str, str]:
    """A short game of ``game`` played to its end (a person over the WebSocket, random bots):
    the table's id and the person's seat token."""
    seats, rules = SHORT[game]
    body = {
        "name": f"A {game} sheet",
        "game": game,
        "seats": [{"kind": "human"}] + [RANDOM] * (seats - 1),
        "rules": rules,
        "deal_pause": 0,
    }
    table = server.post("/api/tables", body)
    token = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Ani"})["token"]
    final = play_game_over_websocket(server, table["id"], token, max_seconds=240)
    assert final["table"]["status"] == "over"
    return str(table["id"]), str(token)


def seated_page(server: Server, new_page: Any, table_id: str, token: str) -> Any:
    page = new_page(1280, 900)
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{table_id}', '{token}')")
    page.evaluate("localStorage.setItem('paston-speed', 'instant')")
    page.goto(f"{server.base}/t/{table_id}")
    page.wait_for_selector("#felt[data-seq]")
    return page


def check_sheet(sheet: Any, game: str, rows: list[dict[str, Any]], names: int) -> None:
    """The sheet shows every row of the table's score sheet and ends with the table's totals."""
    heads = sheet.locator("thead tr:first-child th").all_inner_texts()
    assert heads[1 : 1 + len(OWN_COLUMNS[game])] == OWN_COLUMNS[game], heads
    assert sheet.locator("thead th.sheet-player").count() == names
    assert sheet.locator("tbody tr[data-hand]").count() == len(rows)
    for k, row in enumerate(rows):
        line = sheet.locator("tbody tr[data-hand]").nth(k)
        deltas = line.locator("td.sheet-delta").all_inner_texts()
        totals = line.locator("td.sheet-total").all_inner_texts()
        assert [float(x) for x in deltas] == [float(s) for s in row["scores"]], (game, k)
        assert [float(x) for x in totals] == [float(s) for s in row["totals"]], (game, k)
    foot = sheet.locator("tfoot td.sheet-total").all_inner_texts()
    assert [float(x) for x in foot] == [float(s) for s in rows[-1]["totals"]]


@pytest.mark.parametrize("game", sorted(SHORT))
def test_the_score_sheet_lists_every_hand_prints_alone_and_opens_from_the_replay(
    server: Server, new_page: Any, game: str
) -> None:
    table_id, token = finished_table(server, game)
    table = server.get(f"/api/tables/{table_id}")
    sheet_rows = [r for r in table["score_sheet"] if not r.get("redeal")]
    steps = server.get(f"/api/tables/{table_id}/replay")["steps"]
    replay_rows = [h["score_row"] for h in steps if h.get("score_row")]
    names = len(table["seats"])
    page = seated_page(server, new_page, table_id, token)
    # The game-over dialog has the whole sheet under the game's own summary.
    page.wait_for_selector("#gameover-dialog[open] .score-sheet-table")
    check_sheet(page.locator("#gameover-dialog .score-sheet-table"), game, sheet_rows, names)
    page.click("#gameover-close")
    # The header's button opens it at any time.
    page.click("#sheet-button")
    page.wait_for_selector("#sheet-dialog[open] .score-sheet-table")
    check_sheet(page.locator("#sheet-dialog .score-sheet-table"), game, sheet_rows, names)
    if game == "paston":
        assert_accessible(page, "the score sheet dialog")
    # "Print": only the sheet is printed (the browser's print dialog is not opened here).
    page.evaluate("() => { window.printed = 0; window.print = () => { window.printed += 1; }; }")
    page.click("#sheet-dialog .sheet-print")
    assert page.evaluate("window.printed") == 1
    page.emulate_media(media="print")
    assert page.locator("#print-sheet .score-sheet-table").is_visible()
    assert page.locator("#felt").is_hidden() and page.locator("#sheet-dialog").is_hidden()
    check_sheet(page.locator("#print-sheet .score-sheet-table"), game, sheet_rows, names)
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    page.emulate_media(media="screen")
    assert page.locator("#print-sheet").count() == 0
    assert page.locator("#felt").is_visible()
    page.click("#sheet-dialog-close")
    # The replay opens the same sheet.
    page.goto(f"{server.base}/t/{table_id}/replay")
    page.wait_for_selector(f'#felt[data-game="{game}"][data-step="0"]')
    page.click("#sheet-button")
    page.wait_for_selector("#sheet-dialog[open] .score-sheet-table")
    check_sheet(page.locator("#sheet-dialog .score-sheet-table"), game, replay_rows, names)


def test_the_sheet_of_a_table_before_any_hand_says_so(server: Server, new_page: Any) -> None:
    table = server.post(
        "/api/tables",
        {"game": "paston", "seats": [{"kind": "human"}] * 3, "public": False},
    )
    page = new_page()
    page.goto(f"{server.base}/t/{table['id']}?watch=1")
    page.wait_for_selector("#felt[data-seq]")
    page.click("#sheet-button")
    page.wait_for_selector("#sheet-dialog[open]")
    assert page.locator("#sheet-dialog .sheet-empty").is_visible()
    assert page.locator("#sheet-dialog tbody tr[data-hand]").count() == 0
