"""Taps on a phone (390×844, touch): nothing moves under a finger, and a tap at the centre of
every kind of choice button makes that move.

Issue 19: touching a button of Paston's declare list showed its consequence line, which pushed
the panel 31 px down, so the tap landed on the prompt; with a mouse resting on it the list
flickered forever. Here every choice button met is touched (a touch start and the pointer on
its centre, which gives it :hover), must stay where it was (within 1 px) and must still be what
lies under its centre; then one choice is tapped at its centre with the touchscreen and the
server must answer (the table's seq advances)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from pw_helpers import (
    CARD_SPOT,
    CheckedBrowser,
    Server,
    felt,
    take_paris_turn,
    wait_answered,
    wait_my_turn_or,
)
from test_browser_paskievics import take_turn as take_paskievics_turn

pytestmark = pytest.mark.browser

BOT = {"kind": "bot", "bot": "random"}
CHOICES = "#action-panel .choices button[data-action]:not([disabled])"
DEAL_OVER = "document.querySelector('#felt').dataset.phase === 'over'"
GAME_OVER = "document.querySelector('#felt').dataset.status === 'over'"

# Where a button is, and whether the element under its centre is (inside) that button.
BOX_JS = """(el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return {x: r.left, y: r.top, w: r.width, h: r.height, cx: x, cy: y,
            under: !!hit && (hit === el || el.contains(hit))};
}"""

# A finger landing on the button: the touch start a browser sends before its tap.
TOUCH_START_JS = """(el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const t = new Touch({identifier: 1, target: el, clientX: x, clientY: y});
    el.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, pointerType: 'touch',
                                                      clientX: x, clientY: y}));
    el.dispatchEvent(new TouchEvent('touchstart', {bubbles: true, cancelable: true,
                                                  touches: [t], targetTouches: [t],
                                                  changedTouches: [t]}));
}"""

TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def phone(browser: CheckedBrowser, server: Server, table: dict[str, Any], token: str) -> Any:
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    ctx.set_default_timeout(60000)  # a hang guard
    page = ctx.new_page()
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{table['id']}', '{token}')")
    page.evaluate("localStorage.setItem('paston-speed', 'instant')")
    page.goto(f"{server.base}/t/{table['id']}")
    page.wait_for_selector("#felt[data-seq]")
    return page


def seated(browser: CheckedBrowser, server: Server, game: str, bots: int, **extra: Any) -> Any:
    body = {"name": f"{game} taps", "game": game, "seats": [{"kind": "human"}] + [BOT] * bots}
    table = server.post("/api/tables", {**body, **extra})
    token = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Ani"})["token"]
    return phone(browser, server, table, token)


def next_deal(page: Any) -> bool:
    """Wait for the next deal after a deal's result; False when the game is over."""
    try:
        page.wait_for_function(f"() => !({DEAL_OVER}) || {GAME_OVER}", timeout=90000)
    except Exception as exc:
        raise AssertionError(f"no next deal after the result: {felt(page)}") from exc
    return felt(page)["status"] != "over"


def box(page: Any, el: Any) -> dict[str, Any]:
    return el.evaluate(BOX_JS)


def assert_stays_under_finger(page: Any, el: Any, what: str) -> dict[str, Any]:
    """Touch ``el`` (touch start, pointer on its centre) and check that it did not move and
    still lies under its centre; returns its box. A button below the screen's edge is scrolled
    to first, as a finger would."""
    el.scroll_into_view_if_needed()
    before = box(page, el)
    assert before["under"], f"{what}: something else lies over its centre ({before})"
    el.evaluate(TOUCH_START_JS)
    page.mouse.move(before["cx"], before["cy"])
    page.evaluate(TWO_FRAMES)
    after = box(page, el)
    assert abs(after["y"] - before["y"]) <= 1 and abs(after["x"] - before["x"]) <= 1, (
        f"{what} moved under the finger: y {before['y']:.0f} -> {after['y']:.0f}, "
        f"x {before['x']:.0f} -> {after['x']:.0f}"
    )
    assert after["under"], f"{what}: touched, something else came over its centre"
    # The pointer resting on it: still in place a while later (no flicker).
    page.wait_for_timeout(150)
    later = box(page, el)
    assert abs(later["y"] - before["y"]) <= 1, f"{what} moves while the pointer rests on it"
    return after


def tap_choice(page: Any, el: Any, what: str) -> None:
    """Tap ``el`` at its centre with the touchscreen; the server must answer."""
    seq = felt(page)["seq"]
    el.scroll_into_view_if_needed()
    b = box(page, el)
    assert b["under"], f"{what}: its centre is covered"
    page.touchscreen.tap(b["cx"], b["cy"])
    try:
        wait_answered(page, seq, timeout=30)
    except Exception as exc:
        raise AssertionError(f"a tap at the centre of {what} made no move") from exc


def touch_all_choices(page: Any, kinds: set[str]) -> list[Any]:
    """Touch every listed choice (each must stay under the finger); returns them."""
    buttons = page.locator(CHOICES).all()
    phase = felt(page)["phase"]
    for b in buttons:
        action = str(b.get_attribute("data-action"))
        what = f"{phase} choice {action!r}"
        assert_stays_under_finger(page, b, what)
        kinds.add(f"{phase}:{action.split(' ')[0]}")
        # The finger lifts elsewhere: the next button starts from no hover.
        page.mouse.move(1, 1)
    return buttons


def uncovered(page: Any, selector: str) -> Any:
    """The last of ``selector`` whose centre nothing covers (a fan covers the others' left)."""
    for el in reversed(page.locator(selector).all()):
        if box(page, el)["under"]:
            return el
    return None


def tap_card(page: Any, card: Any) -> None:
    """Tap a card (a selection, no move) where a finger would: its uncovered strip."""
    b = box(page, card)
    x = b["x"] + CARD_SPOT["x"] if not b["under"] else b["cx"]
    page.touchscreen.tap(x, b["y"] + CARD_SPOT["y"])


def test_paston_taps_on_a_phone(browser: CheckedBrowser, server: Server) -> None:
    page = seated(browser, server, "paston", 2, deal_pause=1)
    seen: set[str] = set()
    deadline = time.monotonic() + 400  # a hang guard
    want = {"bidding", "declare", "defence", "play"}
    while not want <= {k.split(":")[0] for k in seen}:
        assert time.monotonic() < deadline, f"choices met: {sorted(seen)}"
        if wait_my_turn_or(page, DEAL_OVER, timeout=90) == "done":
            if not next_deal(page):
                page.context.close()
                page = seated(browser, server, "paston", 2, deal_pause=1)
            continue
        phase = felt(page)["phase"]
        if phase == "exchange":
            cards = page.locator("#my-hand button.card.legal")
            for i in (0, 1):
                tap_card(page, cards.nth(i))
            page.wait_for_selector("#confirm-discard:not([disabled])", timeout=10000)
            confirm = page.locator("#confirm-discard")
            assert_stays_under_finger(page, confirm, "the discard's confirm")
            tap_choice(page, confirm, "the discard's confirm")
            seen.add("exchange:confirm")
            continue
        if phase == "play":
            # A legal card of this hand, or of the open hand played from.
            card = uncovered(page, "#my-hand button.card.legal") or uncovered(
                page, "#felt button.card.legal"
            )
            assert card is not None, "no legal card with its centre uncovered"
            assert_stays_under_finger(page, card, "a legal card")
            tap_choice(page, card, "a legal card")
            seen.add("play:card")
            continue
        buttons = touch_all_choices(page, seen)
        actions = [str(b.get_attribute("data-action")) for b in buttons]
        if phase == "bidding":
            # The lowest raise, to win the auction and reach the declare list; once the
            # declare list was met, pass (a bot declares, this seat is asked to whist).
            raises = [a for a in actions if a != "pass"]
            met = {k.split(":")[0] for k in seen}
            pick = raises[0] if raises and "declare" not in met else "pass"
        elif phase == "defence":
            pick = "whist" if "whist" in actions else actions[0]
        else:
            declares = [a for a in actions if a.startswith("declare")]
            # The middle of the list: the tap of the issue.
            pick = declares[len(declares) // 2] if declares else actions[0]
        tap_choice(page, page.locator(f'{CHOICES}[data-action="{pick}"]'), f"{phase} {pick!r}")


def test_paris_taps_on_a_phone(browser: CheckedBrowser, server: Server) -> None:
    page = seated(browser, server, "paris", 2, deal_pause=0, rules={"max_turns": 30})
    seen: set[str] = set()
    deadline = time.monotonic() + 300  # a hang guard
    while not {"swap:ready", "play:play"} <= seen or len(seen) < 3:
        assert time.monotonic() < deadline, f"choices met: {sorted(seen)}"
        if wait_my_turn_or(page, GAME_OVER, timeout=90) == "done":
            assert {"swap:ready", "play:play"} <= seen, f"the game ended; met: {sorted(seen)}"
            break
        phase = felt(page)["phase"]
        for b in page.locator(CHOICES).all():
            assert_stays_under_finger(page, b, f"{phase} {b.get_attribute('data-action')!r}")
            page.mouse.move(1, 1)
        if phase == "swap":
            tap_choice(page, page.locator("#ready-button"), "Ready")
            seen.add("swap:ready")
            continue
        blind = page.locator("#p-me button.p-blind")
        pickup = page.locator("#pickup-button")
        cards = page.locator("#my-hand button.card.legal, #p-me button.card.legal:not(.back)")
        if blind.count():
            tap_choice(page, blind.first, "a face-down card")
            seen.add("play:blind")
        elif cards.count():
            tap_card(page, cards.first)
            play = page.locator("#play-button")
            try:
                page.wait_for_selector("#play-button:not([disabled])", timeout=3000)
            except Exception:
                take_paris_turn(page)  # a play that needs more cards of the rank
                continue
            assert_stays_under_finger(page, play, "Play")
            tap_choice(page, play, "Play")
            seen.add("play:play")
        else:
            assert pickup.count(), "my turn, but nothing to play, pick up or turn over"
            tap_choice(page, pickup, "Pick up")
            seen.add("play:pickup")


def test_paskievics_taps_on_a_phone(browser: CheckedBrowser, server: Server) -> None:
    page = seated(browser, server, "paskievics", 3, deal_pause=1)
    seen: set[str] = set()
    deadline = time.monotonic() + 300  # a hang guard
    tapped = 0
    while tapped < 4 or "play:card" not in seen:
        assert time.monotonic() < deadline, f"choices met: {sorted(seen)}"
        if wait_my_turn_or(page, DEAL_OVER, timeout=90) == "done":
            assert next_deal(page), f"the game ended; choices met: {sorted(seen)}"
            continue
        phase = felt(page)["phase"]
        buttons = [
            b
            for b in touch_all_choices(page, seen)
            if b.get_attribute("data-action") != "surrender"
        ]
        if buttons:
            pick = buttons[len(buttons) // 2]
            tap_choice(page, pick, f"{phase} {pick.get_attribute('data-action')!r}")
            tapped += 1
            continue
        card = uncovered(page, "#my-hand button.card.legal") if phase == "play" else None
        if card is not None:
            assert_stays_under_finger(page, card, "a legal card")
            tap_choice(page, card, "a legal card")
            seen.add("play:card")
            continue
        take_paskievics_turn(page)
