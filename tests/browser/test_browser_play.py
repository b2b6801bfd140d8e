"""The browser client against a real server: lobby, a full deal by clicking, a private table
shared by link, reload-resume, spectators and the replay viewer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from pw_helpers import (
    PageErrors,
    Server,
    felt,
    play_game_over_websocket,
    take_turn,
    take_turn_keyboard,
    wait_my_turn_or,
)

pytestmark = pytest.mark.browser

SCORED_ROWS = "document.querySelectorAll('#score-sheet tbody tr').length"
GAME_OVER = "document.querySelector('#felt').dataset.status === 'over'"


BID_LABEL = {
    "pass": "Pass",
    "paston": "Paston",
    "glitch": "Glitch",
    "dineri": "Dineri",
    "gupa": "Gupa",
    "grkha": "Grkha",
}


def is_card(action: str) -> bool:
    return len(action) == 2 and action[0] in "AKQJT987" and action[1] in "SCDH"


def create_in_lobby(page: Any, server: Server, **opts: Any) -> str:
    """Fill the lobby's create form and return the new table's id."""
    page.goto(server.base + "/")
    # The form is drawn once the games and the server's limits arrive: fill it after that, so
    # that nothing filled here is redrawn under the test (a busy machine answers late).
    page.wait_for_selector("#create-form[data-ready]", state="attached")
    page.fill("#t-nick", opts.get("nickname", "Ani"))
    page.fill("#t-name", opts.get("name", "Test table"))
    if opts.get("private"):
        page.check("#vis-private")
    for seat, choice in enumerate(opts.get("seats", ["me", "bot:random", "bot:random"])):
        page.select_option(f"#seat-{seat}", choice)
    rules = opts.get("rules", {})
    if rules:
        page.click("details summary")  # the variants are folded away by default
    for name, value in rules.items():
        page.fill(f'[data-rule="{name}"]', str(value))
    page.fill("#t-pause", str(opts.get("pause", 1)))
    page.click("#create-button")
    # Either the table page opens or the form says why not: a refusal fails at once, with
    # the server's words, instead of a wait for a page that will never come.
    for _ in range(60):
        try:
            page.wait_for_url("**/t/*", timeout=2_000)
            return page.url.rsplit("/", 1)[-1]
        except PlaywrightTimeout:
            error = page.locator("#create-error:not([hidden])")
            if error.count():
                raise AssertionError(
                    f"the lobby did not create the table: {error.inner_text()}"
                ) from None
    raise AssertionError("the lobby neither opened the table nor said why within 120 s")


def test_lobby_create_and_play_a_full_deal(server: Server, new_page: Any) -> None:
    page = new_page()
    page.goto(server.base + "/")
    # (The games may take a moment on a fresh server: the form is built once they arrive.)
    page.wait_for_selector("#rules-grid [data-rule]", state="attached")
    # The create form offers every rule flag and every bot of the server.
    flags = [r["name"] for r in server.get("/api/rules")]
    for name in flags:
        assert page.locator(f'[data-rule="{name}"]').count() == 1
    bots = [b["name"] for b in server.get("/api/bots")]
    options = page.locator("#seat-1 option").evaluate_all("os => os.map(o => o.value)")
    assert [f"bot:{b}" for b in bots] == [o for o in options if o.startswith("bot:")]

    table_id = create_in_lobby(page, server, name="Full deal")
    page.wait_for_selector("#felt[data-seq]")
    assert page.locator("#table-name").inner_text().startswith("Full deal")
    # The public table is listed in the lobby.
    assert any(t["id"] == table_id for t in server.get("/api/tables"))

    # The hint button (hints are allowed by default) shows the bot's valued choices, all of
    # them among the choices offered.
    wait_my_turn_or(page, "false")
    page.click("#hint-button")
    page.wait_for_selector("#hints li[data-action]")
    hinted = page.locator("#hints li[data-action]").evaluate_all(
        "ls => ls.map(l => l.dataset.action)"
    )
    offered = page.locator("#action-panel [data-action], #my-hand button.card.legal").evaluate_all(
        "es => es.map(e => e.dataset.action || e.dataset.card)"
    )
    if felt(page)["phase"] != "exchange":
        assert set(hinted) <= set(offered), (hinted, offered)

    clicked: list[str] = []
    rows = page.evaluate(SCORED_ROWS)
    deal_start = 0
    for _ in range(400):
        result = wait_my_turn_or(page, f"{SCORED_ROWS} > {rows} || {GAME_OVER}")
        if result == "done":
            rows = page.evaluate(SCORED_ROWS)
            if any(is_card(a) for a in clicked[deal_start:]):
                break
            # A deal without card play for this seat (no whist, surrender): play the next one.
            assert not page.evaluate(GAME_OVER), "the game ended before a deal with card play"
            deal_start = len(clicked)
            continue
        before = len(clicked)
        take_turn(page, clicked)
        assert len(clicked) == before + 1
        assert page.locator("#reject").is_hidden(), page.locator("#reject").inner_text()
    else:
        pytest.fail("no deal with card play was finished")
    # The deal's scores are on the score sheet and equal to the server's record.
    row = page.locator("#score-sheet tbody tr").last
    assert row.is_visible()
    summary = server.get(f"/api/tables/{table_id}/replay")["summary"]
    scored = [d for d in summary["deals"] if d["scores"] is not None]
    totals = page.locator("#score-sheet tfoot td").all_inner_texts()[1:]
    table = server.get(f"/api/tables/{table_id}")
    assert [int(t) for t in totals] == table["totals"]
    assert scored, "the server recorded no scored deal"


def test_private_table_shared_by_link(server: Server, new_page: Any) -> None:
    ani = new_page()
    table_id = create_in_lobby(
        ani, server, name="Private", private=True, seats=["me", "human", "bot:random"], pause=4
    )
    # Private: not listed, and the table waits for the invited person.
    assert all(t["id"] != table_id for t in server.get("/api/tables"))
    ani.wait_for_selector('#felt[data-status="waiting"]')

    bob = new_page()
    bob.goto(f"{server.base}/t/{table_id}")
    bob.wait_for_selector("#join-dialog[open]")
    bob.fill("#join-nick", "Bob")
    bob.click("#join-button")
    bob.wait_for_selector('#felt[data-status="playing"][data-seat="1"]')
    ani.wait_for_selector('#felt[data-status="playing"]')
    assert "Bob" in ani.locator("#seat-left").inner_text()  # seat 1 sits on seat 0's left
    assert "Ani" in bob.locator("#seat-right").inner_text()

    pages = {"Ani": ani, "Bob": bob}
    seen: set[str] = set()
    clicked: list[str] = []
    for _ in range(900):
        movers = [
            n for n, p in pages.items() if felt(p)["turn"] == "me" and felt(p)["pending"] == "0"
        ]
        if not movers:
            ani.wait_for_timeout(100)
            continue
        mover = movers[0]
        page = pages[mover]
        other = pages["Bob" if mover == "Ani" else "Ani"]
        phase = felt(page)["phase"]
        take_turn(page, clicked)
        action = clicked[-1]
        seq = int(felt(page)["seq"])
        # The other player's page shows the move (it got the state with that move or later).
        other.wait_for_function(f"() => +document.querySelector('#felt').dataset.seq >= {seq}")
        if phase == "play":
            shown = other.locator(
                f'#trick-area [data-card="{action}"], #last-trick [data-card="{action}"], '
                f'#deal-result, .opp-hand [data-card="{action}"]'
            )
            assert shown.count() >= 1, f"{action} by {mover} is not shown to the other player"
        elif phase == "bidding":
            mine = other.locator(f'#auction li:has-text("{mover}:")').all_inner_texts()
            assert mine and BID_LABEL[action] in mine[-1], (mover, action, mine)
        elif phase == "defence":
            tag = "no whist" if action == "pass" else "whist"
            box = other.locator(f'.seat-box:has-text("{mover}")')
            assert tag in box.inner_text() or felt(other)["phase"] == "over"
        seen.add(phase)
        if "play" in seen and len(clicked) >= 8:
            break
    assert "bidding" in seen and "play" in seen, seen
    # Chat goes both ways.
    ani.fill("#chat-input", "hello Bob")
    ani.press("#chat-input", "Enter")
    bob.wait_for_selector("#chat-log li:has-text('hello Bob')")


def test_reload_mid_deal_resumes_the_seat(server: Server, new_page: Any) -> None:
    page = new_page()
    table_id = create_in_lobby(page, server, name="Reload")
    clicked: list[str] = []
    for _ in range(3):
        wait_my_turn_or(page, "false")
        take_turn(page, clicked)
    wait_my_turn_or(page, "false")
    before = felt(page)
    hand = page.locator("#my-hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert len(hand) >= 8
    page.reload()
    page.wait_for_selector(f'#felt[data-seq="{before["seq"]}"]')
    after = felt(page)
    assert after["seat"] == before["seat"] == "0"
    assert after["turn"] == "me"
    assert page.locator("#join-dialog[open]").count() == 0
    again = page.locator("#my-hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert sorted(again) == sorted(hand)
    token = page.evaluate(f"localStorage.getItem('paston-token-{table_id}')")
    assert token
    # The seat still plays after the reload, here with the keyboard alone.
    take_turn_keyboard(page)
    assert page.locator("#reject").is_hidden()


def test_spectator_sees_no_hidden_cards(server: Server, new_page: Any) -> None:
    player = new_page()
    table_id = create_in_lobby(player, server, name="Watched")
    watcher = new_page()
    frames: list[dict[str, Any]] = []

    def on_ws(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    watcher.on("websocket", on_ws)
    watcher.goto(f"{server.base}/t/{table_id}?watch=1")
    watcher.wait_for_selector('#felt[data-seat="spectator"]')
    assert watcher.locator("#join-dialog[open]").count() == 0

    clicked: list[str] = []
    checked = 0
    for _ in range(300):
        if wait_my_turn_or(player, GAME_OVER) == "done":
            break
        f = felt(player)
        if f["phase"] == "play":
            seq = f["seq"]
            watcher.wait_for_selector(f'#felt[data-seq="{seq}"]')
            hidden = set(
                player.locator("#my-hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
            )
            shown = set(
                watcher.locator("[data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
            )
            assert not hidden & shown, f"the spectator sees {hidden & shown}"
            assert watcher.locator("#my-hand .card:not(.back)").count() == 0
            assert watcher.locator(".opp-hand .card:not(.back)").count() == 0
            assert watcher.locator("#my-hand button").count() == 0
            checked += 1
            if checked >= 3:
                break
        take_turn(player, clicked)
    assert checked >= 3 or felt(player)["status"] == "over"
    # Nothing hidden ever reached the spectator's socket during a deal.
    states = [m for m in frames if m.get("type") == "state"]
    assert states
    for m in states:
        assert m["you"]["seat"] is None
        if m.get("view") and not m.get("deal_over"):
            assert m["view"]["hand"] is None
            assert m["view"]["prikup"] is None
            assert m["view"]["discards"] is None
            assert all(a == "discard" for _, a in m["view"]["history"] if a.startswith("discard"))


def test_a_whole_game_by_clicking_then_its_replay(server: Server, new_page: Any) -> None:
    # A whole game against two bots, every move a click, to a target of 40 (a rule variant
    # pinned to the table), then the game-over summary and the replay of the same game.
    page = new_page()
    table_id = create_in_lobby(page, server, name="Short game", rules={"target": 40}, pause=0)
    page.wait_for_selector("#felt[data-seq]")
    assert server.get(f"/api/tables/{table_id}")["rules"] == {"target": 40}
    clicked: list[str] = []
    for _ in range(1500):
        if wait_my_turn_or(page, GAME_OVER, timeout=60) == "done":
            break
        take_turn(page, clicked)
        assert page.locator("#reject").is_hidden(), page.locator("#reject").inner_text()
    else:
        pytest.fail("the game did not end")
    table = server.get(f"/api/tables/{table_id}")
    assert table["status"] == "over" and max(table["totals"]) >= 40
    page.wait_for_selector("#gameover-dialog[open]")
    # The totals table comes first; the score sheet follows it in the same dialog.
    totals = page.locator("#gameover-body table.scores").first.locator("tbody td").all_inner_texts()
    assert [int(t) for t in totals] == table["totals"]
    assert any(is_card(a) for a in clicked), "no card was ever played by the person"
    # The replay of the finished game (in a new tab) ends at the same totals.
    with page.context.expect_page() as opened:
        page.click("#gameover-replay")
    page = opened.value
    page.wait_for_selector('#felt[data-step="0"]')
    record = server.get(f"/api/tables/{table_id}/record")
    page.click("#last")
    page.wait_for_selector(f'#felt[data-deal="{len(record["deals"])}"]')
    shown = page.locator("#score-sheet tfoot td").all_inner_texts()[1:]
    assert [int(t) for t in shown] == table["totals"]


def test_replay_viewer_steps_through_a_finished_game(server: Server, new_page: Any) -> None:
    created = server.post(
        "/api/tables",
        {
            "name": "Finished game",
            "deal_pause": 0,
            "seats": [
                {"kind": "human"},
                {"kind": "bot", "bot": "random"},
                {"kind": "bot", "bot": "random"},
            ],
        },
    )
    table_id = created["id"]
    joined = server.post(f"/api/tables/{table_id}/join", {"nickname": "Ani"})
    final = play_game_over_websocket(server, table_id, joined["token"])
    assert final["table"]["status"] == "over"
    replay = server.get(f"/api/tables/{table_id}/replay")
    record = replay["record"]

    page = new_page()
    # The finished game has left the lobby's list (issue 10); its replay is at its link.
    assert table_id not in {t["id"] for t in server.get("/api/tables")}
    page.goto(f"{server.base}/static/replay.html?t={table_id}")
    page.wait_for_selector('#felt[data-step="0"]')
    assert page.locator("#deal-select option").count() == len(record["deals"])
    # All three hands are face up: 30 cards at the start of deal 1.
    first = record["deals"][0]
    faces = page.locator("#felt .opp-hand .card:not(.back), #my-hand .card:not(.back)")
    assert faces.count() == 30
    shown = set(faces.evaluate_all("cs => cs.map(c => c.dataset.card)"))
    assert shown == {c for hand in first["hands"] for c in hand}
    # Step forward through deal 1 with the button and the keyboard, then back.
    page.click("#forward")
    page.wait_for_selector('#felt[data-step="1"]')
    assert page.locator("#auction li").count() == 1
    for _ in range(len(first["actions"]) - 1):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(f'#felt[data-step="{len(first["actions"])}"]')
    if replay["summary"]["deals"][0]["scores"]:
        result = page.locator("#deal-result").inner_text()
        for v in replay["summary"]["deals"][0]["scores"]:
            assert (f"+{v}" if v > 0 else str(v)) in result
    page.click("#back")
    page.wait_for_selector(f'#felt[data-step="{len(first["actions"]) - 1}"]')
    # The end of the game: the score sheet's totals are the server's.
    page.click("#last")
    page.wait_for_selector(f'#felt[data-deal="{len(record["deals"])}"]')
    totals = page.locator("#score-sheet tfoot td").all_inner_texts()[1:]
    assert [int(t) for t in totals] == replay["summary"]["totals"] == final["table"]["totals"]
    # Export downloads the paston-game/1 record.
    with page.expect_download() as dl:
        page.click("#export-button")
    exported = json.loads(Path(dl.value.path()).read_text())
    assert exported == record
    assert exported["format"] == "paston-game/1"


def test_rejected_command_shows_the_servers_message(server: Server, new_page: Any) -> None:
    page = new_page()
    from_server: list[dict[str, Any]] = []
    tampered: list[str] = []

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()

        def to_server(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("type") == "action" and not tampered:
                # Turn the first move into one the server must refuse.
                tampered.append(msg["action"])
                msg["action"] = "declare grkha"
            upstream.send(json.dumps(msg))

        def to_page(message: str | bytes) -> None:
            from_server.append(json.loads(message))
            ws.send(message)

        ws.on_message(to_server)
        upstream.on_message(to_page)

    page.route_web_socket("**/ws/tables/**", route)
    create_in_lobby(page, server, name="Rejects")
    wait_my_turn_or(page, "false")
    seq = felt(page)["seq"]
    page.locator("#action-panel .choices button[data-action]").first.click()
    page.wait_for_selector("#reject:not([hidden])")
    rejects = [m for m in from_server if m.get("type") == "reject"]
    assert rejects and rejects[0]["code"] == "illegal"
    assert rejects[0]["message"] in page.locator("#reject").inner_text()
    # Nothing happened at the table; the choices are offered again and the next one works.
    assert felt(page)["seq"] == seq and felt(page)["turn"] == "me"
    clicked: list[str] = []
    take_turn(page, clicked)


def test_reconnects_after_the_server_restarts(
    new_page: Any, tmp_path_factory: pytest.TempPathFactory, page_errors: PageErrors
) -> None:
    workdir = tmp_path_factory.mktemp("restart")
    srv = Server(workdir)
    # Provoked below: while the server is down the page's reconnects are refused.
    page_errors.expect(
        rf"WebSocket connection to 'ws://127\.0\.0\.1:{srv.port}/ws/tables/.*ERR_CONNECTION_REFUSED"
    )
    try:
        page = new_page()
        create_in_lobby(page, srv, name="Restart")
        clicked: list[str] = []
        wait_my_turn_or(page, "false")
        take_turn(page, clicked)
        wait_my_turn_or(page, "false")
        seq = felt(page)["seq"]
        page.wait_for_selector('#conn[data-state="open"]')
        srv.stop()
        page.wait_for_selector('#conn[data-state="reconnecting"]')
        # The same database on the same port: the table is rebuilt from its event log.
        srv = Server(workdir, port=srv.port)
        page.wait_for_selector('#conn[data-state="open"]', timeout=20000)
        page.wait_for_selector(f'#felt[data-seq="{seq}"][data-turn="me"]')
        take_turn(page, clicked)
        assert page.locator("#reject").is_hidden()
    finally:
        srv.stop()
