"""Paskievics in the browser against a real server: a person and three ``random`` bots play a
whole one-deal game by clicking (bids, the discard by selecting cards, the call, the
announcements, the cards) to the game-over dialog, and the page shows what the view holds."""

from __future__ import annotations

from typing import Any

import pytest
from pw_helpers import Server, felt, wait_answered, wait_my_turn_or

pytestmark = pytest.mark.browser

GAME_OVER = "document.querySelector('#felt').dataset.status === 'over'"
PLAIN = {"H": "KQCJA", "D": "KQCJA", "C": "KQCJT", "S": "KQCJT"}
CARD_ORDER = (
    ["SK"]
    + [f"T{n}" for n in range(21, 0, -1)]
    + [rank + suit for suit, ranks in PLAIN.items() for rank in ranks]
)


def create_paskievics(page: Any, server: Server, seats: list[str], rules: dict[str, Any]) -> str:
    """Create a Paskievics table in the lobby (``seats``: "me", "human" or "bot:NAME")."""
    page.goto(server.base + "/")
    page.evaluate("localStorage.setItem('paston-speed', 'instant')")
    page.check("#game-paskievics")
    page.fill("#t-nick", "Ani")
    page.fill("#t-name", "Paskievics test")
    page.select_option("#t-seat-count", str(len(seats)))
    for seat, choice in enumerate(seats):
        page.select_option(f"#seat-{seat}", choice)
    page.click("details summary")
    # No pause between deals: a thrown-in deal is dealt again at once.
    page.fill("#t-pause", "0")
    for name, value in rules.items():
        page.fill(f'[data-rule="{name}"]', str(value))
    page.click("#create-button")
    try:
        page.wait_for_url("**/t/*")
    except Exception:
        raise AssertionError(page.locator("#create-error").inner_text()) from None
    page.wait_for_selector('#felt[data-game="paskievics"][data-seq]')
    return str(page.url.rsplit("/", 1)[-1].split("?")[0])


def shown_hand(page: Any) -> list[str]:
    return list(page.locator("#my-hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)"))


def discard_by_clicking(page: Any) -> str:
    """Select as many cards as the talon gave (plain cards first), then confirm."""
    legal = page.locator("#my-hand button.card.legal")
    assert legal.count() >= 1, "my discard, but no card to select"
    cards = [str(c) for c in legal.evaluate_all("cs => cs.map(c => c.dataset.card)")]
    # Plain cards before tarokks (a discarded tarokk is announced to the table).
    cards.sort(key=lambda c: (c[0] == "T" and c[1:].isdigit(), CARD_ORDER.index(c)))
    confirm = page.locator("#confirm-discard")
    for card in cards:
        page.locator(f'#my-hand button.card.legal[data-card="{card}"]').click(
            position={"x": 6, "y": 30}
        )
        if confirm.is_enabled():
            break
    assert confirm.is_enabled(), "the selected cards make no legal discard"
    sent = str(confirm.get_attribute("data-action"))
    chosen = sent.split()[1:]
    assert sorted(chosen) == sorted(
        page.locator("#my-hand button.card.selected").evaluate_all(
            "cs => cs.map(c => c.dataset.card)"
        )
    )
    confirm.click()
    return sent


def take_turn(page: Any) -> str:
    """One move by clicking: a card; a discard; else a bid (to get a deal played), a call,
    or a pass in the announcements."""
    f = felt(page)
    seq = f["seq"]
    phase = f["phase"]
    if phase == "play":
        cards = page.locator("#my-hand button.card.legal")
        assert cards.count() >= 1, "no legal card highlighted on my turn"
        # Cards that are not highlighted are disabled: only legal cards can be clicked.
        assert page.locator("#my-hand button.card:not(.legal):not(:disabled)").count() == 0
        sent = str(cards.first.get_attribute("data-card"))
        cards.first.click(position={"x": 6, "y": 30})
    elif phase == "discard":
        sent = discard_by_clicking(page)
    else:
        buttons = page.locator("#action-panel .choices button[data-action]")
        assert buttons.count() >= 1, f"my turn in {phase}, but no choice offered"
        actions = [str(a) for a in buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")]
        labels = buttons.all_inner_texts()
        # Every choice has a plain-language label, not the bare notation.
        assert all(
            len(label) > len(action) or "Pass" in label
            for action, label in zip(actions, labels, strict=True)
        )
        if phase == "announce" and "pass" in actions:
            sent = "pass"
        elif phase == "bidding" and any(a in ("three", "two", "one", "solo") for a in actions):
            sent = next(a for a in actions if a in ("three", "two", "one", "solo"))
        else:
            sent = actions[0]
        page.locator(f'#action-panel .choices button[data-action="{sent}"]').click()
    wait_answered(page, seq)
    return sent


def check_view_on_screen(page: Any) -> None:
    """What a seat may not see stays hidden; the hand is in the game's order; a dealer who
    sits out (five at the table) shows no cards."""
    state = page.evaluate("() => document.querySelector('#felt').dataset.phase")
    if state in ("over", "none"):
        return
    for box in page.locator("#pk-seats .pk-seat.out").all():
        assert box.locator(".card").count() == 0
        assert "sits out" in box.inner_text()
    # Nobody else's cards face up during a deal.
    assert page.locator(".pk-opp-hand .card:not(.back)").count() == 0
    hand = shown_hand(page)
    assert hand == sorted(hand, key=CARD_ORDER.index), hand


@pytest.mark.parametrize("seats", [4, 5])
def test_a_whole_paskievics_game_by_clicking(server: Server, new_page: Any, seats: int) -> None:
    """Four at the table, or five with the dealer sitting out each deal."""
    page = new_page(1366, 900)
    # The shortest game the flags allow: one scored deal.
    flags = {g["name"]: g for g in server.get("/api/games")}["paskievics"]["flags"]
    least = next(f for f in flags if f["name"] == "game_deals")["min"]
    # Five at the table: two deals, so that the person sits out one and plays the other (the
    # dealer moves on after a scored deal).
    deals = least if seats == 4 else max(least, 2)
    table_id = create_paskievics(
        page, server, ["me"] + ["bot:random"] * (seats - 1), {"game_deals": deals}
    )
    # Every seat of the table is shown: the others in a row, mine by my hand.
    page.wait_for_selector(".pk-seat[data-seat]")
    assert page.locator("#pk-seats .pk-seat").count() == seats - 1
    # A spectator watches the same table (no hand, no hidden card) without a page error.
    watcher = new_page()
    watcher.goto(f"{server.base}/t/{table_id}?watch=1")
    watcher.wait_for_selector('#felt[data-seat="spectator"][data-seq]')
    sent: list[str] = []
    seen_phases: set[str] = set()
    sat_out = 0
    for _ in range(400):
        if wait_my_turn_or(page, GAME_OVER, timeout=30) == "done":
            break
        phase = felt(page)["phase"]
        seen_phases.add(phase)
        check_view_on_screen(page)
        sat_out += page.locator(".pk-seat.out").count()
        sent.append(take_turn(page))
    else:
        pytest.fail("the game did not end in 400 moves")

    # The game-over dialog names the winner and the totals, which are the server's.
    dialog = page.locator("#gameover-dialog")
    dialog.wait_for(state="visible")
    summary = server.get(f"/api/tables/{table_id}")
    assert summary["status"] == "over"
    cells = page.locator("#gameover-totals tbody td").all_inner_texts()
    assert [float(x) for x in cells] == [float(x) for x in summary["totals"]]
    assert page.locator("#gameover-result").inner_text()

    watcher.wait_for_function(GAME_OVER)
    assert watcher.locator("#my-hand .card").count() == 0
    # The replay viewer draws Paskievics records (the server's replay steps): the link shows.
    assert page.locator("#replay-link").is_visible()

    # The game ends on a scored deal, which is played (no flag here scores one unplayed): its
    # result shows the card points and scoring lines that add up to the engine's value (the
    # page shows the lines only then), and the deal's scores are the sheet's last row.
    page.locator("#gameover-close").click()
    result = page.locator("#deal-result")
    result.wait_for()
    assert result.get_attribute("data-breakdown") == "ok"
    assert page.locator("#pk-lines tr").count() >= 2
    points = page.locator("#pk-points").inner_text()
    assert "card points" in points
    row = summary.get("score_sheet") or server.get(f"/api/tables/{table_id}")["score_sheet"]
    shown = result.locator('table[aria-label="Deal scores"] td').all_inner_texts()
    assert [float(x) for x in shown] == [float(x) for x in row[-1]["scores"]]
    # The auction and the call are listed one readable line per action.
    assert page.locator("#pk-auction li[data-seat]").count() >= 1
    calls = page.locator("#pk-announce li[data-seat]").all_inner_texts()
    assert any(" calls " in line for line in calls), calls
    # I bid, discarded if the talon gave me cards, and played cards by clicking.
    assert "play" in seen_phases
    # At five, each of my turns shows one seat sitting out; at four, none.
    assert (sat_out > 0) == (seats == 5)
    assert any(a.startswith("T") or a[-1] in "HDCS" for a in sent if " " not in a)
