"""The move timer in the browser (issue 19 §1): on the person's turn the timer pill counts the
seconds down, and before the server makes its default move it turns urgent and says so.

The page itself records what the pill shows (every 50 ms, with the state's seq), so the test
asserts the order of what was seen, not how long anything took."""

from __future__ import annotations

from typing import Any

import pytest
from pw_helpers import Server, felt, wait_my_turn_or

pytestmark = pytest.mark.browser

BOT = {"kind": "bot", "bot": "random"}
TIMER = 8

# Every 50 ms: the pill's text, number and warning flag, and whose turn it is at which seq.
RECORD_PILL = """() => {
    window.pillSeen = [];
    setInterval(() => {
        const f = document.querySelector('#felt');
        const el = document.querySelector('#countdown');
        const shown = !!el && !el.hidden;
        window.pillSeen.push({
            seq: f.dataset.seq,
            turn: f.dataset.turn,
            pending: f.dataset.pending,
            shown,
            text: shown ? el.textContent : '',
            left: shown ? Number(el.dataset.left) : null,
            warning: shown && el.dataset.warning === '1',
            urgent: shown && el.classList.contains('urgent'),
        });
    }, 50);
}"""


def create_with_timer_in_lobby(page: Any, server: Server) -> str:
    page.goto(server.base + "/")
    page.wait_for_selector("#rules-grid [data-rule]", state="attached")
    page.fill("#t-nick", "Ani")
    page.fill("#t-name", "Timed table")
    page.select_option("#seat-0", "me")
    page.select_option("#seat-1", "bot:random")
    page.select_option("#seat-2", "bot:random")
    page.fill("#t-timer", str(TIMER))
    page.fill("#t-bank", "0")  # the timer alone (test_browser_time_bank.py: the bank)
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    return page.url.rsplit("/", 1)[-1]


def seat_at(server: Server, new_page: Any, game: str, bots: int) -> tuple[Any, str]:
    body = {
        "name": f"Timed {game}",
        "game": game,
        "move_timer": TIMER,
        "time_bank": 0,
        "seats": [{"kind": "human"}] + [BOT] * bots,
    }
    table = server.post("/api/tables", body)
    token = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Ani"})["token"]
    page = new_page(390, 844)
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{table['id']}', '{token}')")
    page.goto(f"{server.base}/t/{table['id']}")
    return page, str(table["id"])


@pytest.mark.parametrize(("game", "bots"), [("paston", 2), ("paris", 1), ("paskievics", 3)])
def test_the_timer_counts_down_and_warns_before_the_server_moves(
    server: Server, new_page: Any, game: str, bots: int
) -> None:
    if game == "paston":
        page = new_page(1366, 768)
        table_id = create_with_timer_in_lobby(page, server)
    else:
        page, table_id = seat_at(server, new_page, game, bots)
    assert server.get(f"/api/tables/{table_id}")["move_timer"] == TIMER
    page.wait_for_selector("#felt[data-seq]")
    wait_my_turn_or(page, "false")
    page.evaluate(RECORD_PILL)
    start = felt(page)["seq"]
    # The person does nothing: the server moves for them (a generous guard, not a timing).
    page.wait_for_function(f"window.pillSeen.some(s => s.seq !== '{start}')", timeout=60000)
    seen = page.evaluate("window.pillSeen")
    before = [s for s in seen if s["seq"] == start]
    assert before and all(s["turn"] == "me" for s in before)
    # The pill showed on the person's turn, with a number that went down.
    numbers = [s["left"] for s in before if s["shown"]]
    assert numbers, f"the timer pill never showed on my turn: {before[:3]}"
    assert all(isinstance(n, int) for n in numbers)
    assert min(numbers) < max(numbers), numbers
    assert numbers == sorted(numbers, reverse=True), "the countdown went up"
    assert all(f"{s['left']}" in s["text"] for s in before if s["shown"])
    # Before the server's move came, the pill turned urgent and said what would happen.
    warned = [s for s in before if s["warning"]]
    assert warned, f"no warning before the server moved: {[s['text'] for s in before][-5:]}"
    assert all(s["urgent"] for s in warned)
    assert "then the server moves for you" in warned[-1]["text"], warned[-1]["text"]
    first_warning = next(i for i, s in enumerate(seen) if s["warning"])
    first_after = next(i for i, s in enumerate(seen) if s["seq"] != start)
    assert first_warning < first_after
    # The page sent nothing: the move that came was the server's.
    assert all(s["pending"] == "0" for s in before)
