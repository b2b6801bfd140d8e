"""The table flow in the browser (issue 10, items 1 and 7): a finished trick stays on the felt
at the table's pace, a rematch from the game-over dialog, taking over a bot's seat between
hands, and a "table full" answer offering to watch."""

from __future__ import annotations

from typing import Any

import pytest
from pw_helpers import PageErrors, Server, felt, play_game_over_websocket

pytestmark = pytest.mark.browser

RANDOM = {"kind": "bot", "bot": "random"}

# Every change of the centre (cards shown, and whether a finished trick with its winner is
# shown), with its time (performance.now(), ms).
WATCH_CENTRE = """() => {
  window.centre = [];
  const area = document.querySelector('#trick-area');
  const note = () => {
    const n = area.querySelectorAll('.card').length;
    const won = area.querySelector('.trick-slot.winner') !== null;
    const last = window.centre[window.centre.length - 1];
    if (last && last.n === n && last.won === won) return;
    window.centre.push({ n, won, at: performance.now() });
  };
  new MutationObserver(note).observe(area, { childList: true, subtree: true });
  note();
}"""


def seat_page(new_page: Any, server: Server, table_id: str, token: str) -> Any:
    page = new_page()
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{table_id}', '{token}')")
    page.goto(f"{server.base}/t/{table_id}")
    page.wait_for_selector("#felt[data-seq]")
    return page


def test_a_finished_trick_stays_in_the_centre_at_the_normal_pace(
    server: Server, new_page: Any
) -> None:
    # Only bots and a stand-in play (the person is away): every lead after a trick is a bot's.
    # Heuristic bots whist often enough that most deals are played out (random ones pass).
    heuristic = {"kind": "bot", "bot": "heuristic"}
    body = {
        "name": "Pace",
        "seats": [{"kind": "human"}, heuristic, heuristic],
        "grace": 0,
        "deal_pause": 0,
        "pace": "normal",
        "join": {"nickname": "away"},
    }
    table = server.post("/api/tables", body)
    page = new_page()
    page.goto(f"{server.base}/t/{table['id']}?watch=1")
    page.wait_for_selector("#felt[data-seq]")
    page.evaluate(WATCH_CENTRE)
    assert "normal" in page.locator("#fact-pace").inner_text()
    # Wait for a finished trick (its winner marked; two or three cards, as a defender who
    # passed does not play) to be replaced by the next lead (one card).
    replaced = """window.centre.flatMap((c, i) => c.won && window.centre[i + 1]?.n === 1
                  ? [window.centre[i + 1].at - c.at] : [])"""
    page.wait_for_function(f"() => ({replaced}).length > 0", timeout=40000)
    shown = page.evaluate(f"() => {replaced}")
    # The server waits 1.3 s before a lead after a finished trick (1 s allows for delivery).
    assert min(shown) >= 1000, shown
    # The last trick is one click away.
    page.click("#last-trick-button")
    page.wait_for_selector("#last-trick.last-trick-flash")
    assert page.locator("#last-trick .card").count() in (2, 3)


def test_rematch_from_the_game_over_dialog(server: Server, new_page: Any) -> None:
    # Bob is away (a stand-in plays for him at once); he follows the rematch afterwards.
    body = {
        "name": "Rematch me",
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
        "rules": {"target": 1},
        "deal_pause": 0,
        "grace": 0,
        "join": {"nickname": "Ani"},
    }
    table = server.post("/api/tables", body)
    bob = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Bob"})
    page = seat_page(new_page, server, table["id"], table["token"])
    play_game_over_websocket(server, table["id"], table["token"], max_seconds=40)
    page.wait_for_selector("#gameover-dialog[open]")
    page.click("#rematch-button")
    page.wait_for_url(lambda url: table["id"] not in url and "/t/" in url)
    page.wait_for_selector("#felt[data-seq]")
    fresh = page.url.rsplit("/", 1)[-1]
    assert felt(page)["seat"] == "0", "the rematch seats the same person"
    info = server.get(f"/api/tables/{fresh}")
    assert [(s["kind"], s["bot"], s["nickname"]) for s in info["seats"]] == [
        ("human", None, "Ani"),
        ("human", None, "Bob"),
        ("bot", "heuristic", None),
    ]
    assert server.get(f"/api/tables/{table['id']}")["rematch"] == fresh
    # Bob's page at the finished table offers the rematch, and seats him there.
    other = seat_page(new_page, server, table["id"], bob["token"])
    other.wait_for_selector("#gameover-dialog[open] #rematch-link")
    other.click("#rematch-link")
    other.wait_for_url(f"**/t/{fresh}")
    other.wait_for_function("document.querySelector('#felt').dataset.seat === '1'")


def test_take_over_a_bots_seat_between_hands(
    server: Server, new_page: Any, page_errors: PageErrors
) -> None:
    # The person at seat 0 is away (a stand-in plays quickly); seat 1's bot may be taken over
    # in the pause after a hand.
    # A join asked while a hand is being played is refused (409) and the page asks again when
    # it ends: whether that happens depends on when the click lands, never an error.
    page_errors.expect(r"status of 409 .*/api/tables/[^/]+/join\]")
    body = {
        "name": "Take a seat",
        "seats": [{"kind": "human"}, RANDOM, RANDOM],
        "grace": 0,
        "deal_pause": 4,
        "join": {"nickname": "away"},
    }
    table = server.post("/api/tables", body)
    page = new_page()
    page.goto(f"{server.base}/t/{table['id']}")
    page.wait_for_selector("#join-dialog[open]")
    page.fill("#join-nick", "Taker")
    page.check("#take-seat-1")
    page.click("#join-button")
    # Seated at once (between hands) or when the hand being played ends. The bound covers a
    # whole hand on a loaded machine: with six busy processes on two cores a hand of these bots
    # took 16 s and the seat came 17-33 s after the click, so 30 s failed 2 runs in 3. A run
    # beside another suite timed out even at 120 s (28 Nov, run M): the page asked again when
    # its paced display reached the hand's end, by then the next hand had begun, and so on
    # every hand. It now asks as the state arrives (table.js); 4 of 4 passed under load.
    page.wait_for_function("document.querySelector('#felt').dataset.seat === '1'", timeout=120000)
    seat = server.get(f"/api/tables/{table['id']}")["seats"][1]
    assert (seat["kind"], seat["nickname"]) == ("human", "Taker")


def test_a_full_table_offers_to_watch(
    server: Server, new_page: Any, page_errors: PageErrors
) -> None:
    # Provoked below: joining a table whose seats are taken (the server answers 409).
    page_errors.expect(r"status of 409 .*/api/tables/[^/]+/join\]")
    body = {
        "name": "Full",
        "seats": [{"kind": "human"}, RANDOM, RANDOM],
        "public": False,
        "pace": "slow",
        "join": {"nickname": "first"},
    }
    table = server.post("/api/tables", body)
    page = new_page()
    page.goto(server.base + "/")
    # The lobby's limits are the server's; a nickname over them is refused in the page and
    # creates nothing.
    longest = server.get("/api/limits")["nickname"]["max_length"]
    page.wait_for_function(f"document.querySelector('#t-nick').maxLength === {longest}")
    page.wait_for_selector("#seat-0")
    listed = {t["id"] for t in server.get("/api/tables")}
    # (Set by script: typing stops at maxlength, as it should.)
    page.evaluate(f"document.querySelector('#t-nick').value = 'x'.repeat({longest + 6})")
    page.click("#create-button")
    page.wait_for_selector("#create-error:not([hidden])")
    assert str(longest) in page.locator("#create-error").inner_text()
    assert {t["id"] for t in server.get("/api/tables")} <= listed
    page.fill("#join-link", f"{server.base}/t/{table['id']}")
    page.fill("#join-nick", "second")
    page.click("#join-form button[type=submit]")
    page.wait_for_selector("#watch-offer")
    assert "taken" in page.locator("#join-error").inner_text()
    page.click("#watch-offer")
    page.wait_for_selector("#felt[data-seq]")
    assert felt(page)["seat"] == "spectator"


def test_spectators_chat_apart_and_players_see_how_many_watch(
    server: Server, new_page: Any
) -> None:
    body = {
        "name": "Rail",
        "seats": [{"kind": "human"}, RANDOM, RANDOM],
        "pace": "slow",
        "join": {"nickname": "Player"},
    }
    table = server.post("/api/tables", body)
    player = seat_page(new_page, server, table["id"], table["token"])
    watcher = new_page()
    watcher.goto(server.base + "/")
    watcher.evaluate("localStorage.setItem('paston-nickname', 'Railbird')")
    watcher.goto(f"{server.base}/t/{table['id']}?watch=1")
    watcher.wait_for_selector("#felt[data-seq]")
    player.wait_for_function(
        "document.querySelector('#fact-watchers').textContent.startsWith('1 ')"
    )
    watcher.fill("#chat-input", "hello from the rail")
    watcher.press("#chat-input", "Enter")
    player.fill("#chat-input", "hi all")
    player.press("#chat-input", "Enter")
    # Each page writes in its own channel and reads the other one apart (read only).
    for page, own, other in (
        (player, "hi all", "hello from the rail"),
        (watcher, "hello from the rail", "hi all"),
    ):
        page.wait_for_function(
            f"document.querySelector('#other-chat-log').textContent.includes({other!r})"
        )
        page.wait_for_function(f"document.querySelector('#chat-log').textContent.includes({own!r})")
        assert other not in page.locator("#chat-log").inner_text()
    # (The other channel is folded away: its text is there, not rendered.)
    assert "Railbird" in (player.locator("#other-chat-log").text_content() or "")
    assert "watching" in player.locator("#other-chat-title").inner_text()
