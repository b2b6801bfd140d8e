"""Paris in the browser against a real server: the lobby's game choice and options, a whole
game by clicking against bots (a swap and a pick-up included), two people at one table, the
pacing of bot moves, and the keyboard."""

from __future__ import annotations

import json
import time
from itertools import pairwise
from typing import Any

import pytest
from pw_helpers import Server, felt, take_paris_turn, wait_answered, wait_my_turn_or

pytestmark = pytest.mark.browser

GAME_OVER = "document.querySelector('#felt').dataset.status === 'over'"
PARIS_ORDER = "3456789TJQKA2"


def paris_info(server: Server) -> dict[str, Any]:
    games = {g["name"]: g for g in server.get("/api/games")}
    return games["paris"]


def create_paris(page: Any, server: Server, seats: list[str], **opts: Any) -> str:
    """Create a Paris table in the lobby (``seats``: "me", "human" or "bot:NAME" per seat)."""
    page.goto(server.base + "/")
    # Animations are tested on their own; whole games run without them.
    page.evaluate(f"localStorage.setItem('paston-speed', '{opts.get('speed', 'instant')}')")
    page.check("#game-paris")
    page.fill("#t-nick", opts.get("nickname", "Ani"))
    page.fill("#t-name", opts.get("name", "Paris test"))
    if opts.get("private"):
        page.check("#vis-private")
    page.select_option("#t-seat-count", str(len(seats)))
    for seat, choice in enumerate(seats):
        page.select_option(f"#seat-{seat}", choice)
    rules = opts.get("rules", {})
    if rules:
        page.click("details summary")
    for name, value in rules.items():
        if isinstance(value, bool):
            page.set_checked(f'[data-rule="{name}"]', value)
        else:
            page.fill(f'[data-rule="{name}"]', str(value))
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    page.wait_for_selector('#felt[data-game="paris"][data-seq]')
    return str(page.url.rsplit("/", 1)[-1].split("?")[0])


def shown_hand(page: Any) -> list[str]:
    return list(page.locator("#my-hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)"))


def test_lobby_game_choice_and_options(server: Server, new_page: Any) -> None:
    page = new_page()
    page.goto(server.base + "/")
    # The game choice is drawn once the language catalogue and /api/games have loaded.
    page.wait_for_selector("#game-paston")
    games = server.get("/api/games")
    assert {g["name"] for g in games} >= {"paston", "paris"}
    for g in games:
        assert page.locator(f"#game-{g['name']}").count() == 1
    info = paris_info(server)
    page.check("#game-paris")
    # The seat counts are the game's; each count gives that many seat rows.
    counts = page.locator("#t-seat-count option").evaluate_all("os => os.map(o => +o.value)")
    assert counts == info["seat_counts"]
    assert page.locator("#t-seat-count").input_value() == str(info["default_seats"])
    page.select_option("#t-seat-count", "6")
    assert page.locator("#seat-rows select").count() == 6
    # Every seat offers a person or each of the game's bots, whose description is shown.
    options = page.locator("#seat-5 option").evaluate_all("os => os.map(o => o.value)")
    assert options == ["me", "human"] + [f"bot:{b['name']}" for b in info["bots"]]
    bot = info["bots"][-1]
    page.select_option("#seat-5", f"bot:{bot['name']}")
    assert page.locator("#seat-5-about").inner_text() == bot["description"]
    # Every flag is offered with its one-line help, in a control of its kind and bounds.
    page.click("details summary")
    for flag in info["flags"]:
        control = page.locator(f'[data-rule="{flag["name"]}"]')
        assert control.count() == 1, flag["name"]
        help_id = control.get_attribute("aria-describedby")
        assert page.locator(f"#{help_id}").inner_text() == flag["help"]
        tag = control.evaluate("el => el.tagName + ':' + (el.type || '')")
        want = {"bool": "INPUT:checkbox", "int": "INPUT:number", "choice": "SELECT:select-one"}
        assert tag == want[flag["kind"]], (flag["name"], tag)
        if flag["kind"] == "int":
            assert control.get_attribute("min") == str(flag["min"])
    # Back to Paston: three seats, Paston's flags only.
    page.check("#game-paston")
    assert page.locator("#seat-rows select").count() == 3
    assert page.locator("#seat-count-field").is_hidden()
    assert page.locator('[data-rule="max_turns"]').count() == 0
    assert page.locator('[data-rule="target"]').count() == 1

    # A bad number is refused in the page, with the flag's name and range; nothing is created.
    # (Ids, not a count: a deserted table of another test may leave the list meanwhile.)
    before = {t["id"] for t in server.get("/api/tables")}
    page.check("#game-paris")
    page.fill("#t-nick", "Ani")
    page.select_option("#t-seat-count", "5")
    page.fill('[data-rule="max_turns"]', "0")
    page.click("#create-button")
    error = page.locator("#create-error")
    error.wait_for(state="visible")
    flag = next(f for f in info["flags"] if f["name"] == "max_turns")
    if flag["max"] is None:
        assert "Max turns" in error.inner_text() and "at least 1" in error.inner_text()
    else:
        # The server caps it: one more than its cap is refused in the page too.
        assert f"from 1 to {flag['max']}" in error.inner_text()
        page.fill('[data-rule="max_turns"]', str(flag["max"] + 1))
        page.evaluate("document.querySelector('#create-error').textContent = ''")
        page.click("#create-button")
        page.wait_for_function("document.querySelector('#create-error').textContent.length > 0")
        assert f"from 1 to {flag['max']}" in error.inner_text()
    assert {t["id"] for t in server.get("/api/tables")} <= before

    # The create request carries the game, the seats and the rules that differ.
    page.fill('[data-rule="max_turns"]', "500")
    page.check('[data-rule="voluntary_pickup"]')
    page.select_option("#seat-2", "human")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[-1]
    summary = server.get(f"/api/tables/{table_id}")
    assert summary["game"] == "paris"
    assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "human", "bot", "bot"]
    assert summary["rules"] == {"voluntary_pickup": True, "max_turns": 500}
    # The public list shows the table's game.
    page.goto(server.base + "/")
    row = page.locator(f'#tables li[data-table="{table_id}"]')
    row.wait_for()
    assert row.get_attribute("data-game") == "paris"
    assert row.locator(".game-badge").inner_text() == "Paris"


def test_a_whole_paris_game_by_clicking(server: Server, new_page: Any) -> None:
    page = new_page()
    # Pick-up is allowed at any time here, so the test can take the pile once for certain.
    # Lowest-first play can circle for ever (paris.md V33): the turn limit bounds the game,
    # which then ends by the §9 ranking well inside the loop below.
    table_id = create_paris(
        page,
        server,
        ["me", "bot:heuristic", "bot:heuristic"],
        rules={"voluntary_pickup": True, "max_turns": 600},
    )
    sent: list[str] = []
    for _ in range(800):
        if wait_my_turn_or(page, GAME_OVER, timeout=60) == "done":
            break
        phase = felt(page)["phase"]
        hand = shown_hand(page)
        if phase == "play":
            # The hand is shown in the game's card order (rank 3 … A 2, then suit).
            keys = [(PARIS_ORDER.index(c[0]), "CDHS".index(c[1])) for c in hand]
            assert keys == sorted(keys), hand
            # A 7 on top says what may follow; any other top card does not.
            top = page.locator("#p-pile").get_attribute("data-top") or ""
            assert page.locator("#p-seven").count() == (1 if top.startswith("7") else 0), top
        pile = int(page.locator("#p-pile").get_attribute("data-count") or 0)
        picked = "pickup" in sent
        action = take_paris_turn(
            page, swap=phase == "swap", pickup=phase == "play" and pile >= 2 and not picked
        )
        sent.append(action)
        assert page.locator("#reject").is_hidden(), page.locator("#reject").inner_text()
        if action == "pickup" and not picked:
            # The pile went to my hand (the log says so), which grew by its cards.
            mine = page.locator('#p-log li[data-seat="0"]').last.inner_text()
            assert mine == f"Ani picks up the pile ({pile} cards)", mine  # pile >= 2
            assert len(shown_hand(page)) == len(hand) + pile
    else:
        pytest.fail("the game did not end")
    assert any(a.startswith("swap ") for a in sent), sent[:5]
    assert "pickup" in sent
    assert any(a.startswith("play ") for a in sent)

    # The end: finishing order and loser on the felt and in the game-over dialog.
    page.wait_for_selector("#gameover-dialog[open]")
    ranking = page.locator("#gameover-ranking li").evaluate_all(
        "ls => ls.map(l => +l.dataset.seat)"
    )
    assert sorted(ranking) == [0, 1, 2]
    record = server.get(f"/api/tables/{table_id}/record")
    assert record["format"] == "paris-game/1"
    replayed = server.get(f"/api/tables/{table_id}/replay")["summary"]
    assert ranking == replayed["ranking"]
    loser_tag = page.locator("#gameover-ranking li .tag")
    assert loser_tag.count() == 1
    assert int(str(loser_tag.locator("xpath=..").get_attribute("data-seat"))) == replayed["loser"]
    assert felt(page)["phase"] == "over"
    # The log tells every action of the game, one line each.
    page.click("#gameover-close")
    lines = page.locator("#p-log li").count()
    assert lines == min(80, len(record["actions"]))
    table = server.get(f"/api/tables/{table_id}")
    assert table["totals"][replayed["loser"]] == -1


def test_two_people_at_a_paris_table(server: Server, new_page: Any) -> None:
    ani = new_page()
    table_id = create_paris(
        ani, server, ["me", "human", "bot:heuristic"], private=True, speed="fast"
    )
    ani.wait_for_selector('#felt[data-status="waiting"]')
    # Bob comes by the link on a narrow phone screen.
    bob = new_page(width=390, height=844)
    bob.goto(server.base + "/")
    bob.evaluate("localStorage.setItem('paston-speed', 'fast')")
    bob.goto(f"{server.base}/t/{table_id}")
    bob.wait_for_selector("#join-dialog[open]")
    bob.fill("#join-nick", "Bob")
    bob.click("#join-button")
    bob.wait_for_selector('#felt[data-status="playing"][data-seat="1"]')
    ani.wait_for_selector('#felt[data-status="playing"]')
    pages = {"Ani": ani, "Bob": bob}
    # A spectator watches; every message it gets is the public view, without any hand.
    watcher = new_page()
    frames: list[dict[str, Any]] = []
    watcher.on(
        "websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(json.loads(p)))
    )
    watcher.goto(f"{server.base}/t/{table_id}?watch=1")
    watcher.wait_for_selector('#felt[data-seat="spectator"][data-phase]')
    # Nothing sticks out sideways on the phone.
    assert bob.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")

    played: dict[str, list[str]] = {"Ani": [], "Bob": []}
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if all(any(a.startswith(("play ", "blind ")) for a in acts) for acts in played.values()):
            break
        movers = [
            n for n, p in pages.items() if felt(p)["turn"] == "me" and felt(p)["pending"] == "0"
        ]
        if not movers:
            ani.wait_for_timeout(100)
            continue
        name = movers[0]
        page = pages[name]
        other = pages["Bob" if name == "Ani" else "Ani"]
        seat = int(felt(page)["seat"])
        action = take_paris_turn(page, swap=not played[name])
        played[name].append(action)
        seq = int(felt(page)["seq"])
        other.wait_for_function(f"() => +document.querySelector('#felt').dataset.seq >= {seq}")
        # The other person sees the mover's face-up cards and hand size, never the hand.
        ups = page.locator("#p-me .p-up").evaluate_all("cs => cs.map(c => c.dataset.card)")
        theirs = other.locator(f'.p-seat[data-seat="{seat}"] .p-up').evaluate_all(
            "cs => cs.map(c => c.dataset.card)"
        )
        assert sorted(ups) == sorted(theirs), (name, ups, theirs)
        count = other.locator(f'.p-seat[data-seat="{seat}"] .p-count').inner_text()
        assert int(count) == len(shown_hand(page))
        assert (
            other.locator(f'.p-seat[data-seat="{seat}"] .p-handcount .card:not(.back)').count() == 0
        )
    else:
        pytest.fail(f"both people did not play in time: {played}")
    assert any(a.startswith("swap ") for a in played["Ani"] + played["Bob"])
    assert felt(ani)["phase"] == "play" and felt(bob)["phase"] == "play"
    # The spectator saw the same table with no hand, no choice and no face-down card.
    seq = max(int(felt(ani)["seq"]), int(felt(bob)["seq"]))
    watcher.wait_for_function(f"() => +document.querySelector('#felt').dataset.seq >= {seq}")
    assert watcher.locator("#my-hand .card:not(.back), #felt button.card").count() == 0
    assert watcher.locator("#action-panel button").count() == 0
    states = [m for m in frames if m.get("type") == "state" and m.get("view")]
    assert states
    for m in states:
        assert m["you"]["seat"] is None
        assert m["view"]["hand"] == [] and m["view"]["legal"] == []
    # What Bob did is in Ani's log.
    bob_play = next(a for a in played["Bob"] if a.startswith(("play ", "blind ")))
    if bob_play.startswith("play "):
        ani.wait_for_selector("#p-log li:has-text('Bob plays')")


def test_bot_moves_are_paced_and_the_keyboard_plays(server: Server, new_page: Any) -> None:
    page = new_page()
    create_paris(page, server, ["me", "bot:random", "bot:random"], speed="normal")
    # Note each time the felt starts showing a state with more events than the one before.
    page.evaluate(
        """() => {
            window.__shown = [];
            let last = -1;
            new MutationObserver(() => {
                const n = document.querySelectorAll('#p-log li').length;
                if (n === last) return;
                last = n;
                const seat = document.querySelector('#p-log li:last-child')?.dataset.seat;
                window.__shown.push([n, performance.now(), seat]);
            }).observe(document.querySelector('#p-log'), { childList: true });
        }"""
    )
    # The swap phase with the keyboard alone: a hand card (key 1), a face-up card, Enter; R.
    wait_my_turn_or(page, "false")
    assert felt(page)["phase"] == "swap"
    seq = felt(page)["seq"]
    page.keyboard.press("1")
    up_key = page.locator("#p-me button.card.legal kbd").first.inner_text()
    page.keyboard.press(up_key)
    if page.locator("#swap-button").is_enabled():
        page.keyboard.press("Enter")
        wait_answered(page, seq)
        assert "puts" in page.locator("#p-log li").last.inner_text()
        seq = felt(page)["seq"]
    page.keyboard.press("r")
    wait_answered(page, seq)
    for _ in range(6):
        if wait_my_turn_or(page, GAME_OVER, timeout=60) == "done":
            break
        take_paris_turn(page)
    shown = page.evaluate("window.__shown")
    # Each bot move of a burst waited for the bot move before it to be seen. The person's own
    # moves show at once and hold nothing, so a bot's answer to one comes as fast as the server
    # sends it (about 0.1 s on a loaded machine): only gaps between two bot moves measure pacing.
    bots = {str(seat) for seat in (1, 2)}
    gaps = [b[1] - a[1] for a, b in pairwise(shown) if b[0] == a[0] + 1 and {a[2], b[2]} <= bots]
    # Without pacing they would arrive within a few milliseconds of each other; a swap or a
    # "ready" is held briefly, a play or a pick-up longer.
    assert len(gaps) >= 4, shown
    assert min(gaps) >= 150, (gaps, shown)
    assert sorted(gaps)[len(gaps) // 2] >= 300, gaps
