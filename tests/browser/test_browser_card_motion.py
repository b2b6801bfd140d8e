"""Card movement at the trick-taking tables (issue 19 §2), watched in real Chromium: in Paston and
in Paskievics a played card flies to its place in the trick (Element.animate from a translated
start), a finished trick's cards sweep toward the winner as clones that are all removed again;
with ``prefers-reduced-motion: reduce`` or the instant speed nothing moves; no page error
(conftest.py fails a test on any)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from pw_helpers import Server, take_turn, wait_my_turn_or

pytestmark = pytest.mark.browser

#: Every Element.animate call on a card in the trick or on a sweeping clone, before the page's
#: own scripts run: what moved, from where, and the clones themselves (to see they go away).
RECORD_MOTION = """
window.__flights = [];
window.__ghosts = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  try {
    if (this.classList.contains('card-motion-ghost')) {
      window.__ghosts.push({ el: this, at: performance.now() });
    } else if (this.closest('#trick-area') && this.dataset.card) {
      const first = Array.isArray(frames) ? frames[0] : null;
      window.__flights.push({ card: this.dataset.card, from: String(first?.transform ?? '') });
    }
  } catch (e) {}
  return animate.call(this, frames, options);
};
"""

#: The cards seen in the centre so far (to know that tricks were played whatever moved).
WATCH_TRICKS = """() => {
  window.__seen = new Set();
  const area = document.querySelector('#trick-area');
  const note = () => {
    for (const c of area.querySelectorAll('.card[data-card]')) window.__seen.add(c.dataset.card);
  };
  new MutationObserver(note).observe(area, { childList: true, subtree: true });
  note();
}"""

#: Each game's table: a person who is away (a stand-in plays for them at once) and bots.
TABLES: dict[str, dict[str, Any]] = {
    "paston": {
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 2,
        "rules": {},
    },
    "paskievics": {
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3,
        "rules": {"game_deals": 3},
    },
}


def watch_bots(browser: Any, server: Server, game: str, speed: str, **context: Any) -> Any:
    """A spectator's page at a table of ``game`` where bots (and a stand-in) play."""
    # At the normal pace (the test server's tables are instant unless told): the page sees
    # each move come, as a person at the table does.
    body = {"name": f"Motion {game}", "game": game, "grace": 0, "deal_pause": 0, "pace": "normal"}
    body |= TABLES[game]
    body["join"] = {"nickname": "away"}
    table = server.post("/api/tables", body)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, **context)
    ctx.set_default_timeout(60000)
    ctx.add_init_script(RECORD_MOTION)
    page = ctx.new_page()
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-speed', '{speed}')")
    page.goto(f"{server.base}/t/{table['id']}?watch=1")
    page.wait_for_selector(f'#felt[data-game="{game}"][data-seq]')
    page.evaluate(WATCH_TRICKS)
    return page


@pytest.mark.parametrize("game", sorted(TABLES))
def test_played_cards_fly_in_and_finished_tricks_sweep_away(
    browser: Any, server: Server, game: str
) -> None:
    page = watch_bots(browser, server, game, "normal")
    # Several cards flown in, and at least one finished trick swept away.
    page.wait_for_function(
        "() => window.__flights.length >= 6 && window.__ghosts.length >= 2", timeout=120000
    )
    flights = page.evaluate("() => window.__flights")
    # Each flight starts away from the card's place (a translation), never where it lies.
    assert all(f["from"].startswith("translate(") for f in flights), flights[:5]
    assert not any(f["from"].startswith("translate(0px, 0px)") for f in flights), flights[:5]
    # The speed setting is offered for this game now that it animates.
    assert page.locator("#speed-field").is_hidden() is False
    # Every clone older than its sweep (under 0.6 s at the normal pace) is gone from the page.
    page.wait_for_timeout(1500)
    left = page.evaluate(
        """() => window.__ghosts
                 .filter(g => performance.now() - g.at > 1400 && g.el.isConnected).length"""
    )
    assert left == 0, f"{left} sweeping clones left in the page"
    # A swept trick leaves its slots in place (hidden), and nothing else behind it.
    stray = page.evaluate(
        """() => [...document.querySelectorAll('.card-motion-ghost')]
                 .filter(g => !g.getAnimations().length).length"""
    )
    assert stray == 0


@pytest.mark.parametrize(
    ("game", "speed", "motion"),
    [
        ("paston", "normal", "reduce"),
        ("paskievics", "normal", "reduce"),
        ("paston", "instant", "no-preference"),
    ],
)
def test_nothing_moves_with_reduced_motion_or_the_instant_speed(
    browser: Any, server: Server, game: str, speed: str, motion: str
) -> None:
    page = watch_bots(browser, server, game, speed, reduced_motion=motion)
    # Two tricks and more have been on the table.
    page.wait_for_function("() => window.__seen.size >= 8", timeout=120000)
    assert page.evaluate("() => window.__flights.length") == 0
    assert page.evaluate("() => window.__ghosts.length") == 0
    assert page.locator(".card-motion-ghost").count() == 0


def test_your_card_flies_up_from_your_hand(browser: Any, server: Server) -> None:
    # A person plays Paston against two heuristic bots (they whist often enough for play).
    body = {
        "name": "Motion mine",
        "seats": TABLES["paston"]["seats"],
        "deal_pause": 0,
        "pace": "normal",
        "join": {"nickname": "Ani"},
    }
    table = server.post("/api/tables", body)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(60000)
    ctx.add_init_script(RECORD_MOTION)
    page = ctx.new_page()
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{table['id']}', '{table['token']}')")
    page.goto(f"{server.base}/t/{table['id']}")
    page.wait_for_selector("#felt[data-seq]")
    clicked: list[str] = []
    mine: list[str] = []
    for _ in range(300):
        if len(mine) >= 2:
            break
        wait_my_turn_or(page, "false", timeout=120)
        play = page.evaluate("() => document.querySelector('#felt').dataset.phase") == "play"
        take_turn(page, clicked)
        if play:
            mine.append(clicked[-1])
    assert len(mine) >= 2, clicked
    for card in mine:
        page.wait_for_function(f"() => window.__flights.some(f => f.card === '{card}')")
    flights = {f["card"]: f["from"] for f in page.evaluate("() => window.__flights")}
    for card in mine:
        # The hand lies below the trick: the card starts lower than where it lands.
        m = re.match(r"translate\((-?[\d.e-]+)px, (-?[\d.e-]+)px\)", flights[card])
        assert m and float(m.group(2)) > 20, (card, flights[card])
