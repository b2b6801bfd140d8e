"""The time bank in the browser (issue 19 §2): the timer pill shows the move's seconds and the
bank; once the move's time is up the bank runs, the warning comes before the server moves,
and the next turn shows the bank spent. The page records what the pill shows (every 50 ms,
with the state's seq), so the test asserts the order of what was seen, not durations."""

from __future__ import annotations

from typing import Any

import pytest
from pw_helpers import Server, felt, wait_my_turn_or

pytestmark = pytest.mark.browser

RECORD_PILL = """() => {
    window.pillSeen = [];
    setInterval(() => {
        const f = document.querySelector('#felt');
        if (!f) return; // the page is still loading
        const el = document.querySelector('#countdown');
        const shown = !!el && !el.hidden;
        window.pillSeen.push({
            seq: f.dataset.seq,
            turn: f.dataset.turn,
            shown,
            text: shown ? el.textContent : '',
            bank: shown ? Number(el.dataset.bank) : null,
            inBank: shown && el.dataset.inBank === '1',
            warning: shown && el.dataset.warning === '1',
        });
    }, 50);
}"""


def test_the_bank_runs_after_the_move_time_then_the_server_moves(
    server: Server, new_page: Any
) -> None:
    bot = {"kind": "bot", "bot": "random"}
    # A move's time long enough for a loaded machine to draw the turn before it runs out.
    body = {"seats": [{"kind": "human"}, bot, bot], "move_timer": 8, "time_bank": 4}
    tid = str(server.post("/api/tables", body)["id"])
    token = server.post(f"/api/tables/{tid}/join", {"nickname": "Ani"})["token"]
    page = new_page(1280, 860)
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{tid}', '{token}')")
    # The pill is recorded from the table page's first moment, so what it showed first on the
    # person's turn is seen however slowly the page came up (a loaded machine).
    page.add_init_script(f"({RECORD_PILL})()")
    page.goto(f"{server.base}/t/{tid}")
    page.wait_for_selector("#felt[data-seq]")
    wait_my_turn_or(page, "false")
    start = felt(page)["seq"]
    # The person does nothing: the move's time, then the bank, then the server's move.
    # (records before the turn have older seqs: wait for a newer one after the turn's first)
    page.wait_for_function(
        f"""() => {{
            const seen = window.pillSeen, i = seen.findIndex(s => s.seq === '{start}');
            return i >= 0 && seen.slice(i).some(s => s.seq !== '{start}');
        }}""",
        timeout=60000,
    )
    seen = page.evaluate("window.pillSeen")
    mine = [s for s in seen if s["seq"] == start and s["shown"]]
    assert mine and all(s["turn"] == "me" for s in mine)
    assert "4 s bank" in mine[0]["text"], mine[0]["text"]  # the move's seconds + the bank
    running = [s for s in mine if s["inBank"]]
    assert running, [s["text"] for s in mine][-5:]
    assert any("time bank" in s["text"] for s in running) or all(s["warning"] for s in running)
    first_bank = mine.index(running[0])
    assert not any(s["inBank"] for s in mine[:first_bank])  # the move's time came first
    assert any(s["warning"] for s in mine), "no warning before the server moved"
    assert "then the server moves for you" in next(s for s in mine if s["warning"])["text"]
    # The next turn of the person: the bank is spent.
    wait_my_turn_or(page, "false")
    page.wait_for_function(
        "() => { const el = document.querySelector('#countdown');"
        " return el && !el.hidden && el.dataset.bank === '0'; }"
    )
    assert "bank" not in page.inner_text("#countdown")
