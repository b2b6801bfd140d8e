"""Take the README screenshots: ``docs/screenshots/lobby.png``, ``table.png``, ``replay.png``.

Starts a real ``paston serve`` on a free port with a temporary database, drives Debian's
Chromium through the lobby and a few deals, and stops at a moment mid-deal.

    .venv/bin/python tests/browser/make_screenshots.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pw_helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    Server,
    felt,
    play_game_over_websocket,
    take_turn,
    wait_my_turn_or,
)

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        try:
            shoot(server)
        finally:
            server.stop()
    print(f"wrote lobby.png, table.png and replay.png in {OUT}")


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

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        page.goto(server.base + "/")
        page.fill("#t-nick", "Ani")
        page.fill("#t-name", "Yerevan club")
        page.wait_for_selector("#tables li")
        page.evaluate("document.activeElement.blur()")
        page.screenshot(path=str(OUT / "lobby.png"))
        page.fill("#t-pause", "0.5")

        page.click("#create-button")
        page.wait_for_url("**/t/*")
        clicked: list[str] = []
        # Play two scored deals, then stop mid-deal at this seat's turn with cards on the table.
        rows = "document.querySelectorAll('#score-sheet tbody tr').length"
        for _ in range(600):
            wait_my_turn_or(page, "false", timeout=30)
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
        browser.close()


if __name__ == "__main__":
    main()
