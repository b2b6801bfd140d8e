"""Plain words for newcomers (issue 19 §2): the lobby offers each game's strength levels
("Casual bot" …) and lists the engines under them only behind "More bots (advanced)"; a table
names a level's seat "Casual bot"; the table's "?" opens the key to the game's abbreviations,
whose words come from the game's own rules (its rules.json section ``*.abbreviations``)."""

from __future__ import annotations

from typing import Any

import pytest
from pw_helpers import Server
from test_browser_axe import assert_accessible

pytestmark = pytest.mark.browser

#: Abbreviations each game's key must explain (as its table and score sheet show them).
KEY_ENTRIES = {
    "paston": ["P♠", "G♣", "D♦", "U♥", "PG♠", "surr."],
    "paris": ["10", "7", "2"],
    "paskievics": ["Skíz (SK)", "XXI (T21)", "I (T1)", "Three, Two, One, Solo"],
}
SHOWN_OPTIONS = "os => os.filter(o => !o.closest('optgroup')?.hidden).map(o => o.value)"


def games(server: Server) -> dict[str, Any]:
    return {g["name"]: g for g in server.get("/api/games")}


@pytest.mark.parametrize("game", ["paston", "paris", "paskievics"])
def test_the_lobby_offers_levels_and_hides_the_engines_until_asked(
    server: Server, new_page: Any, game: str
) -> None:
    info = games(server)[game]
    levels = [lv["name"] for lv in info["levels"]]
    engines = [b["name"] for b in info["bots"] if b["name"] not in levels]
    assert levels == ["beginner", "casual", "strong", "expert"] and engines
    page = new_page()
    page.goto(server.base + "/")
    page.check(f"#game-{game}")
    seat = page.locator("#seat-1")
    shown = seat.locator("option").evaluate_all(SHOWN_OPTIONS)
    assert shown == ["me", "human"] + [f"bot:{lv}" for lv in levels]
    # A newcomer's opponent by default: the casual level, named in plain words.
    assert seat.input_value() == "bot:casual"
    texts = seat.locator("optgroup:not([hidden]) option").all_inner_texts()
    assert texts == [f"{lv.capitalize()} bot" for lv in levels]
    # The engines' own names are there for those who ask.
    page.check("#more-bots")
    shown = seat.locator("option").evaluate_all(SHOWN_OPTIONS)
    assert shown[-len(engines) :] == [f"bot:{b}" for b in engines]
    page.uncheck("#more-bots")
    assert seat.locator("option").evaluate_all(SHOWN_OPTIONS)[-1] == "bot:expert"
    # "Hints from" names the levels the same way, the engines in a group of their own.
    groups = page.locator("#t-hintbot optgroup")
    assert groups.count() == 2
    assert groups.nth(0).locator("option").all_inner_texts() == texts
    assert groups.nth(1).locator("option").evaluate_all("os => os.map(o => o.value)") == engines
    if game == "paston":
        assert_accessible(page, "the lobby with its levels")


@pytest.mark.parametrize("game", ["paston", "paris", "paskievics"])
def test_a_table_names_level_bots_plainly_and_keys_its_abbreviations(
    server: Server, new_page: Any, game: str
) -> None:
    info = games(server)[game]
    seats = info["default_seats"]
    bots = [{"kind": "bot", "bot": "casual"}] + [{"kind": "bot", "bot": "random"}] * (seats - 2)
    table = server.post(
        "/api/tables", {"game": game, "seats": [{"kind": "human"}, *bots], "public": False}
    )
    page = new_page(1280, 900)
    page.goto(f"{server.base}/t/{table['id']}?watch=1")
    page.wait_for_selector("#felt[data-seq]")
    text = page.locator("#felt").inner_text()
    assert "Casual bot 1" in text and "Random 2" in text
    # "?" opens the key, with the game's own abbreviations and a link to its rules.
    page.click("#key-button")
    page.wait_for_selector("#key-dialog[open]")
    terms = page.locator("#key-dialog dt").all_inner_texts()
    for entry in KEY_ENTRIES[game]:
        assert entry in terms, (game, entry, terms)
    assert all(d.strip() for d in page.locator("#key-dialog dd").all_inner_texts())
    assert page.locator("#key-rules").get_attribute("href") == f"/rules/{game}"
    if game == "paskievics":
        assert_accessible(page, "the abbreviations key")
    page.click("#key-dialog-close")
    # The rules page shows the same key as one of the game's sections.
    page.goto(f"{server.base}/rules/{game}")
    page.wait_for_selector("#rules h3")
    assert "Abbreviations" in page.locator("#rules h3").all_inner_texts()


def test_the_key_speaks_the_readers_language(server: Server, new_page: Any) -> None:
    table = server.post(
        "/api/tables",
        {"game": "paston", "seats": [{"kind": "human"}] * 3, "public": False},
    )
    page = new_page()
    page.goto(server.base + "/")
    page.evaluate("localStorage.setItem('paston-language', 'ru')")
    page.goto(f"{server.base}/t/{table['id']}?watch=1")
    page.wait_for_selector("#felt[data-seq]")
    page.click("#key-button")
    page.wait_for_selector("#key-dialog[open]")
    assert page.locator("#key-dialog-title").inner_text() == "Сокращения"
    assert "Гупа" in page.locator("#key-dialog").inner_text()
