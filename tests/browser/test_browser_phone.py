"""The lobby and a table of each game on a phone (portrait and landscape) and on a laptop: no
sideways scrolling, the hand and the decision buttons on screen, controls big enough to touch
(44 px on a phone, 24 px with a mouse: WCAG 2.2's minimum)."""

from __future__ import annotations

from typing import Any

import pytest
from pw_helpers import Server

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (844, 390), (1366, 768)]

# Every control a finger or a pointer aims at, with its size; a check box or a radio button is
# aimed at through its label. Controls off screen to the left (the skip link) are left out.
TARGETS_JS = """() => {
  const sel = 'button:not(.card), a.button, select, summary, '
    + 'input:not([type=radio]):not([type=checkbox]):not([type=hidden]), '
    + 'input[type=radio] + label, input[type=checkbox] + label';
  return [...document.querySelectorAll(sel)]
    .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.right > 0; })
    .map((e) => { const r = e.getBoundingClientRect();
      return {what: `${e.tagName.toLowerCase()}#${e.id} ${e.textContent.trim().slice(0, 24)}`,
              w: r.width, h: r.height}; });
}"""

# The hand's cards and the decision buttons: where they are, and how much of each card is
# uncovered (a fan of cards leaves only a strip of each to touch).
DOCK_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const cards = [...document.querySelectorAll('#my-hand .card')];
  const strips = cards.map((e, i) => {
    const r = e.getBoundingClientRect();
    const next = cards[i + 1]?.getBoundingClientRect();
    const sameRow = next && Math.abs(next.top - r.top) < r.height / 2;
    return sameRow ? Math.min(r.width, next.left - r.left) : r.width;
  });
  const heights = cards.map((e) => e.getBoundingClientRect().height);
  return {cards: cards.map(box), strips, heights,
          buttons: [...document.querySelectorAll('#action-panel button')].map(box)};
}"""


def seated_table(server: Server, game: str, seats: int) -> tuple[str, str]:
    """A table of ``game`` with this person at seat 0 and random bots elsewhere."""
    others = [{"kind": "bot", "bot": "random"}] * (seats - 1)
    table = server.post(
        "/api/tables",
        {
            "name": f"{game} on a phone",
            "game": game,
            "deal_pause": 1,
            "seats": [{"kind": "human"}, *others],
        },
    )
    token = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Ani"})["token"]
    return str(table["id"]), str(token)


def check_fits(page: Any, width: int, where: str) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= page.evaluate("innerWidth"), f"{where} at {width} px: {scroll} px wide"
    least = 44 if width < 900 or page.viewport_size["height"] < 500 else 24
    small = [t for t in page.evaluate(TARGETS_JS) if t["w"] < least - 0.5 or t["h"] < least - 0.5]
    assert not small, f"{where}: targets smaller than {least} px: {small}"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_lobby_fits(server: Server, new_page: Any, width: int, height: int) -> None:
    page = new_page(width, height)
    page.goto(server.base + "/")
    page.wait_for_selector("#seat-0")
    page.click("details summary")  # the rule variants too
    check_fits(page, width, "the lobby")
    # Nickname, Join and Create are reachable without scrolling sideways.
    for sel in ("#join-nick", "#join-form button[type=submit]", "#t-nick", "#create-button"):
        box = page.locator(sel).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, sel


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize(("game", "seats"), [("paston", 3), ("paris", 4)])
def test_table_fits_and_the_hand_is_in_view(
    server: Server, new_page: Any, width: int, height: int, game: str, seats: int
) -> None:
    table_id, token = seated_table(server, game, seats)
    page = new_page(width, height)
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{table_id}', '{token}')")
    page.goto(f"{server.base}/t/{table_id}")
    # The first decision is this seat's in Paris (swap or ready); in Paston it comes once the
    # bots before it have bid, or it is this seat's first.
    page.wait_for_function(
        "() => document.querySelector('#felt').dataset.turn === 'me'"
        " && document.querySelectorAll('#action-panel button').length > 0",
        timeout=20000,
    )
    check_fits(page, width, f"the {game} table")
    dock = page.evaluate(DOCK_JS)
    assert len(dock["cards"]) >= 3 and dock["buttons"], dock
    for what in ("cards", "buttons"):
        for r in dock[what]:
            where = f"{what} off screen at {width}x{height}: {r}"
            assert r["top"] >= 0 and r["bottom"] <= height, where
            assert r["left"] >= 0 and r["right"] <= width, where
    if width < 900 or height < 500:
        assert min(dock["strips"]) >= 44, f"cards too narrow to touch: {dock['strips']}"
        assert min(dock["heights"]) >= 44
