"""A person's finger or mouse on the table page, for the whole-game tests (issue 19's "done
when"): every choice is pressed at its centre (a tap on a touch screen, a click with a mouse),
and only after checking that nothing covers that centre; a card of a fan, whose centre the next
card covers, is pressed on its uncovered strip. Each game's ``take_*_turn`` makes one move with
it and returns the kind of choice pressed (``phase:what``)."""

from __future__ import annotations

from typing import Any

from pw_helpers import CARD_SPOT, felt, wait_answered

CHOICES = "#action-panel .choices button[data-action]:not([disabled])"

# The element's box, its centre, and whether the element under the centre is (inside) it.
BOX_JS = """(el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return {x: r.left, y: r.top, w: r.width, h: r.height, cx: x, cy: y,
            under: !!hit && (hit === el || el.contains(hit))};
}"""


class Finger:
    """Presses elements of ``page``: taps when ``touch``, else mouse clicks."""

    def __init__(self, page: Any, touch: bool) -> None:
        self.page = page
        self.touch = touch

    def _at(self, x: float, y: float) -> None:
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def press(self, el: Any, what: str) -> None:
        """Press ``el`` at its centre, which nothing may cover."""
        el.scroll_into_view_if_needed()
        box = el.evaluate(BOX_JS)
        assert box["under"], f"{what}: something lies over its centre ({box})"
        self._at(box["cx"], box["cy"])

    def press_card(self, el: Any, what: str) -> None:
        """Press a card at its centre, or on its uncovered strip when it lies in a fan."""
        el.scroll_into_view_if_needed()
        box = el.evaluate(BOX_JS)
        if box["under"]:
            self._at(box["cx"], box["cy"])
            return
        x, y = box["x"] + CARD_SPOT["x"], box["y"] + CARD_SPOT["y"]
        hit = self.page.evaluate(
            "([el, x, y]) => { const h = document.elementFromPoint(x, y);"
            " return !!h && (h === el || el.contains(h)); }",
            [el.element_handle(), x, y],
        )
        assert hit, f"{what}: neither its centre nor its strip is uncovered ({box})"
        self._at(x, y)


def choice_actions(page: Any) -> list[str]:
    buttons = page.locator(CHOICES)
    return [str(a) for a in buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")]


def press_choice(finger: Finger, action: str, phase: str) -> str:
    finger.press(finger.page.locator(f'{CHOICES}[data-action="{action}"]'), f"{phase} {action!r}")
    return f"{phase}:{action.split(' ')[0]}"


def take_paston_turn(finger: Finger) -> str:
    """Paston: the last legal card; two cards to discard and the confirm; else whist, a
    paston, the first declaration offered, or a pass (so that cards get played)."""
    page = finger.page
    f = felt(page)
    phase, seq = f["phase"], f["seq"]
    if phase == "play":
        cards = page.locator("#felt button.card.legal")
        assert cards.count() >= 1, "no legal card highlighted on my turn"
        finger.press_card(cards.nth(cards.count() - 1), "a legal card")
        kind = "play:card"
    elif phase == "exchange":
        cards = page.locator("#my-hand button.card.legal")
        assert cards.count() == 12
        finger.press_card(cards.nth(11), "a card to discard")
        finger.press_card(page.locator("#my-hand button.card.legal").nth(10), "a card to discard")
        assert page.locator("#my-hand button.card.selected").count() == 2
        finger.press(page.locator("#confirm-discard"), "the discard's confirm")
        kind = "exchange:confirm"
    else:
        actions = choice_actions(page)
        assert actions, f"no choice offered in phase {phase}"
        pick = next((a for a in ("whist", "paston") if a in actions), None)
        if pick is None:
            declares = [a for a in actions if a.startswith("declare")]
            pick = declares[0] if declares else "pass"
        if pick not in actions:
            pick = actions[0]
        kind = press_choice(finger, pick, phase)
    wait_answered(page, seq)
    return kind


def take_paris_turn(finger: Finger, *, swap: bool) -> str:
    """Paris: in the swap phase one swap when ``swap`` (a hand card, a face-up card, Swap),
    else Ready; in the play a face-down card, the lowest playable card (more of its rank
    until Play takes them) and Play, or Pick up when nothing else is possible."""
    page = finger.page
    f = felt(page)
    phase, seq = f["phase"], f["seq"]
    if phase == "swap":
        hand = page.locator("#my-hand button.card.legal").all()
        up = page.locator("#p-me button.card.legal").all()
        pair = next(
            (
                (h, u)
                for u in up
                for h in hand
                if h.get_attribute("data-card") != u.get_attribute("data-card")
            ),
            None,
        )
        if swap and pair:
            finger.press_card(pair[0], "a hand card to swap")
            finger.press_card(pair[1], "a face-up card to swap")
            button = page.locator("#swap-button")
            assert button.is_enabled(), "a hand card and a face-up card selected, but no swap"
            finger.press(button, "Swap")
            kind = "swap:swap"
        else:
            finger.press(page.locator("#ready-button"), "Ready")
            kind = "swap:ready"
        wait_answered(page, seq)
        return kind
    blind = page.locator("#p-me button.p-blind")
    pick = page.locator("#pickup-button")
    cards = page.locator("#my-hand button.card.legal, #p-me button.card.legal:not(.back)")
    if blind.count():
        finger.press(blind.first, "a face-down card")
        kind = "play:blind"
    elif cards.count() == 0:
        assert pick.count(), "my turn, but nothing to play, pick up or turn over"
        finger.press(pick, "Pick up")
        kind = "play:pickup"
    else:
        first = cards.first
        rank = str(first.get_attribute("data-card"))[0]
        finger.press_card(first, "a card to play")
        button = page.locator("#play-button")
        if not button.is_enabled():
            # A play that must hold every card of the rank (the opening with some rules).
            more = (
                "#my-hand button.card.legal:not(.selected), #p-me button.card.legal:not(.selected)"
            )
            for el in page.locator(more).all():
                if str(el.get_attribute("data-card"))[0] == rank:
                    finger.press_card(el, "another card of the rank")
                    if button.is_enabled():
                        break
        assert button.is_enabled(), "no legal play among the highlighted cards"
        finger.press(button, "Play")
        kind = "play:play"
    wait_answered(page, seq)
    return kind


# Paskievics's cards in the order its hand shows them; plain cards are discarded first.
_PLAIN = {"H": "KQCJA", "D": "KQCJA", "C": "KQCJT", "S": "KQCJT"}
_ORDER = (
    ["SK"]
    + [f"T{n}" for n in range(21, 0, -1)]
    + [rank + suit for suit, ranks in _PLAIN.items() for rank in ranks]
)


def take_paskievics_turn(finger: Finger) -> str:
    """Paskievics: the first legal card; a discard (plain cards selected until the confirm
    allows it); else a bid that gets a deal played, a pass in the announcements, or the
    first choice (a call)."""
    page = finger.page
    f = felt(page)
    phase, seq = f["phase"], f["seq"]
    if phase == "play":
        cards = page.locator("#my-hand button.card.legal")
        assert cards.count() >= 1, "no legal card highlighted on my turn"
        finger.press_card(cards.first, "a legal card")
        kind = "play:card"
    elif phase == "discard":
        legal = page.locator("#my-hand button.card.legal")
        names = [str(c) for c in legal.evaluate_all("cs => cs.map(c => c.dataset.card)")]
        names.sort(key=lambda c: (c[0] == "T" and c[1:].isdigit(), _ORDER.index(c)))
        confirm = page.locator("#confirm-discard")
        for card in names:
            el = page.locator(f'#my-hand button.card.legal[data-card="{card}"]')
            finger.press_card(el, "a card to discard")
            if confirm.is_enabled():
                break
        assert confirm.is_enabled(), "the selected cards make no legal discard"
        finger.press(confirm, "the discard's confirm")
        kind = "discard:confirm"
    else:
        actions = choice_actions(page)
        assert actions, f"my turn in {phase}, but no choice offered"
        bids = [a for a in actions if a in ("three", "two", "one", "solo")]
        if phase == "announce" and "pass" in actions:
            pick = "pass"
        elif phase == "bidding" and bids:
            pick = bids[0]
        else:
            pick = actions[0]
        kind = press_choice(finger, pick, phase)
    wait_answered(page, seq)
    return kind
