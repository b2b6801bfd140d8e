"""Issue 10's "done when": a person plays a whole game of each game (Paston, Paris,
Paskievics) against bots at the fast pace, by clicking, on a phone (390×844) and on a laptop
(1366×768). At every phase the hand is on screen and nothing scrolls sideways; the key phases
are saved as screenshots in docs/screenshots/ (the README shows the phone ones). A second test
switches the interface to Armenian and to Russian and reads translated lobby and table texts.

Games are kept short by their own rules: Paston to a target of 2 points, Paris to a turn
limit, Paskievics one scored deal.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from pw_helpers import Server, felt, take_paris_turn, take_turn, wait_my_turn_or
from test_browser_paskievics import take_turn as take_paskievics_turn

pytestmark = pytest.mark.browser

GAME_OVER = "document.querySelector('#felt').dataset.status === 'over'"
SIZES = {"phone": (390, 844), "laptop": (1366, 768)}
GAMES: dict[str, dict[str, Any]] = {
    "paston": {"seats": 3, "rules": {"target": 2}, "bot": "heuristic", "seed": 1},
    "paris": {"seats": 3, "rules": {"max_turns": 30}, "bot": "heuristic"},
    "paskievics": {"seats": 4, "rules": {"game_deals": 1}, "bot": "heuristic"},
}
# The phases worth a picture, per game (the first time each is reached).
SHOTS = {
    "paston": ("bidding", "play"),
    "paris": ("swap", "play"),
    "paskievics": ("bidding", "play"),
}

# Where the hand's cards are, and whether the page scrolls sideways.
LAYOUT_JS = """() => {
  const cards = [...document.querySelectorAll('#my-hand .card')].map((e) => {
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  });
  const wide = [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5)
    .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`
      + ` ${Math.round(e.getBoundingClientRect().right)}`)
    .slice(0, 6);
  return {cards, scroll: document.documentElement.scrollWidth, width: innerWidth,
          height: innerHeight, wide};
}"""


def seated_table(server: Server, game: str) -> tuple[str, str]:
    """A table of ``game`` at the fast pace: this person at seat 0, bots elsewhere."""
    spec = GAMES[game]
    others = [{"kind": "bot", "bot": spec["bot"]}] * (spec["seats"] - 1)
    table = server.post(
        "/api/tables",
        {
            "name": f"Whole {game} game",
            "game": game,
            "pace": "fast",
            "deal_pause": 0.5,
            "hints": False,
            "seed": spec.get("seed", 2026),
            "rules": spec["rules"],
            "seats": [{"kind": "human"}, *others],
        },
    )
    token = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Ani"})["token"]
    return str(table["id"]), str(token)


def check_layout(page: Any, where: str, hand: bool = True) -> None:
    """No sideways scrolling; every card of the hand on screen (``hand``): wholly across, and
    at least its upper half down (where its rank and suit are, and where a click lands) -
    a long list of Paskievics announcements can push the hand's lower edge below the fold."""
    box = page.evaluate(LAYOUT_JS)
    wide = box["wide"]
    assert box["scroll"] <= box["width"], f"{where}: the page is {box['scroll']} px wide: {wide}"
    for r in box["cards"] if hand else []:
        middle = (r["top"] + r["bottom"]) / 2
        inside = r["top"] >= 0 and middle <= box["height"] + 0.5
        inside = inside and r["left"] >= -0.5 and r["right"] <= box["width"] + 0.5
        assert inside, f"{where}: a card of the hand is off screen: {r}"


#: Where the screenshots go: docs/screenshots only when asked for (``PASTON_SCREENSHOTS=docs``,
#: to refresh the README's pictures), else a scratch folder, so a test run leaves the tracked
#: pictures alone (every run would otherwise rewrite them with new pixels).
SHOT_DIR = (
    Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    if os.environ.get("PASTON_SCREENSHOTS") == "docs"
    else Path(tempfile.gettempdir()) / "paston-screenshots"
)


def shot(page: Any, name: str) -> None:
    """Save the viewport as NAME.png in :data:`SHOT_DIR`, in a palette of 128 colours when Pillow
    is there (the pictures live in the repository: a quarter of the size, same look)."""
    path = SHOT_DIR / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), scale="css")
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as img:
        small = img.convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)


def play_whole_game(page: Any, game: str, size: str) -> set[str]:
    """Click through the game to its end; returns the phases seen on this seat's turns."""
    seen: set[str] = set()
    wanted = list(SHOTS[game])
    for _ in range(300):
        if wait_my_turn_or(page, GAME_OVER, timeout=30) == "done":
            break
        phase = felt(page)["phase"]
        check_layout(page, f"{game} {size} {phase}")
        assert page.locator("#my-hand .card").count() > 0, f"{game} {size}: no hand in {phase}"
        if phase in wanted:
            wanted.remove(phase)
            shot(page, f"whole_{game}_{size}_{phase}")
        seen.add(phase)
        if game == "paston":
            take_turn(page, [])
        elif game == "paris":
            take_paris_turn(page, swap=phase == "swap" and "swap" not in seen)
        else:
            take_paskievics_turn(page)
    else:
        pytest.fail(f"{game} at {size}: the game did not end in 300 moves")
    page.locator("#gameover-dialog").wait_for(state="visible")
    # The game-over dialog covers the table: what matters is that it fits the width.
    check_layout(page, f"{game} {size} game over", hand=False)
    shot(page, f"whole_{game}_{size}_over")
    return seen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_clicking_fits_the_screen(
    server: Server, new_page: Any, game: str, size: str
) -> None:
    width, height = SIZES[size]
    table_id, token = seated_table(server, game)
    page = new_page(width, height)
    page.goto(server.base + "/")
    check_layout(page, f"lobby {size}")
    page.evaluate(f"localStorage.setItem('paston-token-{table_id}', '{token}')")
    # No card animation: the bots' pace is the server's (fast), the pictures are still.
    page.evaluate("localStorage.setItem('paston-speed', 'instant')")
    page.goto(f"{server.base}/t/{table_id}")
    page.wait_for_selector("#felt[data-seq]")
    started = time.monotonic()
    seen = play_whole_game(page, game, size)
    assert time.monotonic() - started < 45, f"{game} took too long for the suite"
    assert "play" in seen, f"{game} at {size}: no card played by the person ({seen})"
    assert server.get(f"/api/tables/{table_id}")["status"] == "over"


@pytest.mark.parametrize(
    ("code", "lobby_text", "table_text"),
    [
        ("hy", "Բաց սեղաններ", "Միավորների աղյուսակ"),
        ("ru", "Открытые столы", "Запись очков"),
    ],
)
def test_the_language_switch_translates_lobby_and_table(
    server: Server, new_page: Any, code: str, lobby_text: str, table_text: str
) -> None:
    table_id, token = seated_table(server, "paston")
    page = new_page(390, 844)
    page.goto(server.base + "/")
    page.wait_for_selector("#seat-0")
    assert page.locator("#tables-title").inner_text() == "Open tables"
    switch = page.locator(".site-header select.language-select")
    assert switch.count() == 1
    with page.expect_navigation():
        switch.select_option(code)
    page.wait_for_selector("#seat-0")
    assert page.evaluate("document.documentElement.lang") == code
    assert page.locator("#tables-title").inner_text() == lobby_text
    # Texts built by the script are translated too: the seat rows and a variant's label.
    seat_label = page.locator('label[for="seat-0"]').inner_text()
    assert seat_label == {"hy": "Տեղ 0", "ru": "Место 0"}[code]
    page.click("details summary")
    assert {"hy": "Խաղի նպատակը", "ru": "Цель игры"}[code] in page.locator(
        "#rules-grid"
    ).inner_text()
    # Longer words still fit a phone.
    check_layout(page, f"the lobby in {code}", hand=False)
    # The choice is remembered: the table page opens in the same language.
    page.evaluate(f"localStorage.setItem('paston-token-{table_id}', '{token}')")
    page.goto(f"{server.base}/t/{table_id}")
    page.wait_for_selector("#felt[data-seq]")
    assert page.locator("#scores-title").inner_text() == table_text
    assert page.locator("select.language-select").input_value() == code
    check_layout(page, f"the table in {code}")
    shot(page, f"language_{code}_table")
    # The rules page follows the language as well.
    page.goto(f"{server.base}/rules/paston")
    page.wait_for_selector("#rules h3")
    heading = page.locator("#rules h2").inner_text()
    assert heading == {"hy": "Պաստոն", "ru": "Пастон"}[code]


def test_the_browser_language_is_the_first_choice(server: Server, browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU")
    try:
        page = ctx.new_page()
        page.goto(server.base + "/")
        page.wait_for_selector("#seat-0")
        assert page.locator("#create-title").inner_text() == "Создать стол"
    finally:
        ctx.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_explains_the_game_and_every_option(
    server: Server, new_page: Any, game: str
) -> None:
    from test_browser_axe import assert_accessible

    flags = {g["name"]: g for g in server.get("/api/games")}[game]["flags"]
    page = new_page(390, 844)
    page.goto(f"{server.base}/rules/{game}")
    page.wait_for_selector("#rules h3")
    assert page.locator("#rules h3").count() >= 6
    # Every option has its plain label and one line; no raw flag or choice name shows.
    assert page.locator("#options dt").count() == len(flags)
    text = page.locator("main").inner_text()
    raw = [f["name"] for f in flags] + [c for f in flags for c in f.get("choices") or []]
    for name in raw:
        # Identifiers ("neg121_reset", "any_but_pg"); plain words such as "target" may show.
        if isinstance(name, str) and "_" in name:
            assert name not in text, name
    check_layout(page, f"the {game} rules page", hand=False)
    assert_accessible(page, f"the {game} rules page")
    # The lobby links to it.
    page.goto(server.base + "/")
    page.wait_for_selector(f'a.rules-link[href="/rules/{game}"]')
