"""Take the phone and laptop screenshots of a table of each game, each at this seat's turn a
few cards into the play: ``docs/screenshots/<game>_phone.png`` (390x844, a phone held upright,
touch), ``<game>_landscape_phone.png`` (844x390, held sideways) and ``<game>_1366.png``
(1366x768), for Paston, Paris and Paskievics; and ``paskievics_phone_result.png``, the end of a
Paskievics deal of five on a phone.

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
from test_browser_paskievics import take_turn as take_paskievics_turn

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
GAMES = ("paston", "paris", "paskievics")
BOT = {"kind": "bot", "bot": "random"}
SIZES = (((390, 844), "phone"), ((844, 390), "landscape_phone"), ((1366, 768), "1366"))
SHOTS = {game: [(size, f"{game}_{name}") for size, name in SIZES] for game in GAMES}
DEAL_OVER = "document.querySelector('#felt').dataset.phase === 'over'"


def save(page: Any, path: Path) -> None:
    """The viewport as a PNG in a palette of 128 colours when Pillow is there (the pictures
    live in the repository: a quarter of the size, same look; as test_browser_whole_games)."""
    page.screenshot(path=str(path))
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as img:
        small = img.convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)


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
                shoot_result(server, browser, OUT / "paskievics_phone_result.png")
                browser.close()
        finally:
            server.stop()
    print(f"wrote the phone and laptop table screenshots in {OUT}")


def seat(server: Server, browser: Any, body: dict[str, Any], size: tuple[int, int]) -> Any:
    """A page at seat 0 of a new table (``body``), on a touch screen unless a laptop's."""
    table = server.post("/api/tables", body)
    token = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Ani"})["token"]
    touch = size[0] < 900 or size[1] < 500
    ctx = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, has_touch=touch, is_mobile=touch
    )
    page = ctx.new_page()
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{table['id']}', '{token}')")
    page.evaluate("localStorage.setItem('paston-speed', 'instant')")
    page.goto(f"{server.base}/t/{table['id']}")
    page.wait_for_selector("#felt[data-seq]")
    return page


def shoot(server: Server, browser: Any, game: str, size: tuple[int, int], path: Path) -> None:
    others = {"paston": [BOT, BOT], "paris": [BOT, BOT, BOT], "paskievics": [BOT, BOT, BOT]}
    body = {
        "name": f"{game.title()} evening",
        "game": game,
        "move_timer": 60,
        "seats": [{"kind": "human"}, *others[game]],
    }
    page = seat(server, browser, body, size)
    clicked: list[str] = []
    # Play on until it is this seat's turn a few cards into the play.
    for _ in range(60):
        wait_my_turn_or(page, "false", timeout=60)
        f = felt(page)
        if f["phase"] == "play" and len(clicked) >= (4 if game == "paston" else 2):
            break
        if game == "paston":
            take_turn(page, clicked)
        elif game == "paris":
            clicked.append(take_paris_turn(page))
        else:
            clicked.append(take_paskievics_turn(page))
    page.wait_for_timeout(400)
    save(page, path)
    page.context.close()


def shoot_result(server: Server, browser: Any, path: Path) -> None:
    """The end of a Paskievics deal of five on a phone: the result scrolled into view."""
    body = {
        "name": "Paskievics of five",
        "game": "paskievics",
        "deal_pause": 30,
        "rules": {"game_deals": 2},
        "seats": [{"kind": "human"}, BOT, BOT, BOT, BOT],
    }
    page = seat(server, browser, body, (390, 844))
    for _ in range(60):
        if wait_my_turn_or(page, DEAL_OVER, timeout=60) == "done":
            break
        take_paskievics_turn(page)
    page.wait_for_selector("#deal-result")
    page.locator("#deal-result").scroll_into_view_if_needed()
    page.wait_for_timeout(400)
    save(page, path)
    page.context.close()


if __name__ == "__main__":
    main()
