"""Take the README screenshots: ``docs/screenshots/lobby.png``, ``table.png``, ``replay.png``
(Paston), ``paris_swap.png``, ``paris_table.png`` (Paris) and ``paskievics_table.png``.

Starts a real ``paston serve`` on a free port with a temporary database, drives Debian's
Chromium through the lobby, a few Paston deals and a Paris game, and stops at moments mid-game.

    .venv/bin/python tests/browser/make_screenshots.py [paskievics]

With ``paskievics`` only the Paskievics screenshot is taken.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pw_helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    Server,
    felt,
    play_game_over_websocket,
    take_paris_turn,
    take_turn,
    wait_my_turn_or,
)

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    only = sys.argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        try:
            if only == ["paskievics"]:
                with sync_playwright() as pw:
                    browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
                    shoot_paskievics(server, ctx.new_page())
                    browser.close()
                print(f"wrote paskievics_table.png in {OUT}")
                return
            shoot(server)
        finally:
            server.stop()
    print(
        "wrote lobby.png, table.png, replay.png, paris_swap.png, paris_table.png and "
        f"paskievics_table.png in {OUT}"
    )


def shoot(server: Server) -> None:
    # Some tables for the lobby list: a finished game, a game waiting for a player.
    done = server.post(
        "/api/tables",
        {
            "name": "Gyumri evening",
            "deal_pause": 0,
            "seats": [
                {"kind": "human"},
                {"kind": "bot", "bot": "random"},
                {"kind": "bot", "bot": "random"},
            ],
        },
    )
    token = server.post(f"/api/tables/{done['id']}/join", {"nickname": "Aram"})["token"]
    play_game_over_websocket(server, done["id"], token)
    waiting = server.post(
        "/api/tables",
        {
            "name": "Friday game",
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
        },
    )
    server.post(f"/api/tables/{waiting['id']}/join", {"nickname": "Lilit"})
    paris = server.post(
        "/api/tables",
        {
            "game": "paris",
            "name": "Café Paris",
            "seats": [
                {"kind": "human"},
                {"kind": "human"},
                {"kind": "bot", "bot": "heuristic"},
                {"kind": "bot", "bot": "heuristic"},
                {"kind": "bot", "bot": "random"},
            ],
        },
    )
    server.post(f"/api/tables/{paris['id']}/join", {"nickname": "Marie"})

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        page.goto(server.base + "/")
        page.fill("#t-nick", "Ani")
        page.wait_for_selector("#tables li")
        # The lobby with the game choice: Paris chosen, its seat count and bots shown.
        page.check("#game-paris")
        page.select_option("#t-seat-count", "4")
        page.fill("#t-name", "Sunday shedding")
        page.click("details summary")  # the game's variant flags, each with its help line
        page.evaluate("document.activeElement.blur()")
        page.screenshot(path=str(OUT / "lobby.png"), full_page=True)
        page.check("#game-paston")
        # A long game, so that it cannot end before the moment the picture wants.
        page.fill('[data-rule="target"]', "500")
        page.click("details summary")
        page.fill("#t-name", "Yerevan club")
        page.fill("#t-pause", "0.5")

        page.click("#create-button")
        page.wait_for_url("**/t/*")
        clicked: list[str] = []
        # Play two scored deals, then stop mid-deal at this seat's turn with cards on the table.
        rows = "document.querySelectorAll('#score-sheet tbody tr').length"
        for _ in range(600):
            try:
                wait_my_turn_or(page, "false", timeout=60)
            except Exception:
                page.screenshot(path="/tmp/screenshot-failure.png")
                raise
            f = felt(page)
            scored = page.evaluate(rows)
            if (
                scored >= 2
                and f["phase"] == "play"
                and page.locator("#trick-area .trick-slot").count() == 1
                and page.locator("#my-hand .card").count() >= 7 >= 1
            ):
                break
            take_turn(page, clicked)
        page.fill("#chat-input", "Good luck everyone!")
        page.press("#chat-input", "Enter")
        page.wait_for_selector("#chat-log li")
        page.locator("body").click(position={"x": 5, "y": 790})
        page.keyboard.press("h")
        page.wait_for_selector("#hints li[data-action]")
        page.evaluate("document.querySelector('.sidebar').scrollTop = 0")
        page.wait_for_timeout(300)
        page.screenshot(path=str(OUT / "table.png"))

        # The replay viewer, some way into the finished game's second deal.
        page.goto(f"{server.base}/t/{done['id']}/replay")
        page.wait_for_selector("#felt[data-step]")
        page.keyboard.press("PageDown")
        for _ in range(12):
            page.keyboard.press("ArrowRight")
        page.wait_for_timeout(200)
        page.screenshot(path=str(OUT / "replay.png"))
        shoot_paris(server, ctx.new_page())
        shoot_paskievics(server, ctx.new_page())
        browser.close()


def shoot_paris(server: Server, page: Any) -> None:
    """A Paris game of four (you and three bots): the swap phase, then a moment mid-game."""
    page.goto(server.base + "/")
    page.evaluate("localStorage.setItem('paston-speed', 'instant')")
    page.check("#game-paris")
    page.fill("#t-nick", "Ani")
    page.fill("#t-name", "Paris after dinner")
    page.select_option("#t-seat-count", "4")
    for seat, bot in ((1, "heuristic"), (2, "heuristic"), (3, "random")):
        page.select_option(f"#seat-{seat}", f"bot:{bot}")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    wait_my_turn_or(page, "false", timeout=30)
    # The swap phase with a hand card and a face-up card chosen.
    hand = page.locator("#my-hand button.card.legal")
    hand.nth(hand.count() - 1).click()
    page.locator("#p-me button.card.legal").first.click()
    page.locator("body").click(position={"x": 5, "y": 790})
    page.wait_for_timeout(200)
    page.screenshot(path=str(OUT / "paris_swap.png"))
    page.keyboard.press("Escape")  # clear the selection; the helper chooses its own swap
    take_paris_turn(page, swap=True)
    # Mid-game: the deck half used, a few cards on the pile (a 7 on top if one comes).
    best = None
    over = "document.querySelector('#felt').dataset.status === 'over'"
    for turn in range(200):
        if wait_my_turn_or(page, over, timeout=60) == "done":
            break
        pile = int(page.locator("#p-pile").get_attribute("data-count") or 0)
        deck = int(page.locator("#p-deck").get_attribute("data-count") or 0)
        top = page.locator("#p-pile").get_attribute("data-top") or ""
        hand = page.locator("#my-hand .card").count()
        if felt(page)["phase"] == "play" and pile >= 3 and 0 < deck < 40 and hand <= 8:
            best = turn
            if top.startswith("7") or turn > 25:
                break
        take_paris_turn(page)
    assert best is not None, "no mid-game moment with a pile"
    page.keyboard.press("h")
    page.wait_for_timeout(600)
    page.evaluate("document.querySelector('.sidebar').scrollTop = 0; window.scrollTo(0, 0)")
    page.screenshot(path=str(OUT / "paris_table.png"))


def shoot_paskievics(server: Server, page: Any) -> None:
    """A Paskievics deal (you and three random bots) mid-play, on your turn to play a card."""
    from test_browser_paskievics import create_paskievics
    from test_browser_paskievics import take_turn as take_paskievics_turn

    create_paskievics(
        page, server, ["me", "bot:random", "bot:random", "bot:random"], {"game_deals": 2}
    )
    over = "document.querySelector('#felt').dataset.status === 'over'"
    for _ in range(300):
        if wait_my_turn_or(page, over, timeout=60) == "done":
            break
        tricks = page.evaluate("document.querySelectorAll('#pk-last .pk-slot').length")
        on_table = page.locator("#trick-area .pk-slot").count()
        if felt(page)["phase"] == "play" and tricks and 0 < on_table < 4:
            played = int(
                page.evaluate(
                    "document.querySelector('#trick-area .pk-caption').textContent.match(/\\d+/)[0]"
                )
            )
            if played >= 4:
                break
        take_paskievics_turn(page)
    assert felt(page)["phase"] == "play", "no mid-deal moment on my turn"
    page.evaluate("document.querySelector('.sidebar').scrollTop = 0; window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    page.screenshot(path=str(OUT / "paskievics_table.png"))


if __name__ == "__main__":
    main()
