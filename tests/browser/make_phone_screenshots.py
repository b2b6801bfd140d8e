"""Take the phone and laptop screenshots of a table of each game:
``docs/screenshots/paston_phone.png`` and ``paris_phone.png`` (390x844, a phone held upright),
``paston_landscape_phone.png`` (844x390) and ``paston_1366.png``, ``paris_1366.png``
(1366x768), each at this seat's turn in the play.

    .venv/bin/python tests/browser/make_phone_screenshots.py
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
    take_paris_turn,
    take_turn,
    wait_my_turn_or,
)

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
BOT = {"kind": "bot", "bot": "random"}
SHOTS = {
    "paston": [
        ((390, 844), "paston_phone"),
        ((844, 390), "paston_landscape_phone"),
        ((1366, 768), "paston_1366"),
    ],
    "paris": [((390, 844), "paris_phone"), ((1366, 768), "paris_1366")],
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(
                    executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
                )
                for game, shots in SHOTS.items():
                    for size, name in shots:
                        shoot(server, browser, game, size, OUT / f"{name}.png")
                browser.close()
        finally:
            server.stop()
    print(f"wrote the phone and laptop table screenshots in {OUT}")


def shoot(server: Server, browser: Any, game: str, size: tuple[int, int], path: Path) -> None:
    others = [BOT, BOT] if game == "paston" else [BOT, BOT, BOT]
    table = server.post(
        "/api/tables",
        {"name": f"{game.title()} evening", "game": game, "seats": [{"kind": "human"}, *others]},
    )
    token = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Ani"})["token"]
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{table['id']}', '{token}')")
    page.evaluate("localStorage.setItem('paston-speed', 'instant')")
    page.goto(f"{server.base}/t/{table['id']}")
    page.wait_for_selector("#felt[data-seq]")
    clicked: list[str] = []
    # Play on until it is this seat's turn a few cards into the play.
    for _ in range(60):
        wait_my_turn_or(page, "false", timeout=60)
        f = felt(page)
        if f["phase"] == "play" and len(clicked) >= (4 if game == "paston" else 2):
            break
        if game == "paston":
            take_turn(page, clicked)
        else:
            clicked.append(take_paris_turn(page))
    page.wait_for_timeout(400)
    page.screenshot(path=str(path))
    ctx.close()


if __name__ == "__main__":
    main()
