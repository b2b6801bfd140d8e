"""Take the phone screenshots of the table features of issue 19 for the README, each on a
390x844 touch phone (the install picture held sideways, 844x390), into ``docs/screenshots/``:

- ``feature_score_sheet_phone.png``: the score sheet (the pulka) of a Paston game four hands in;
- ``feature_claim_phone.png``: an opponent's claim, with the claimer's cards, Accept and Reject;
- ``feature_reaction_phone.png``: reaction bubbles beside two seats, the reaction buttons and
  the mute switch;
- ``feature_leave_phone.png``: Leave table asked once more, beside Concede and the reactions;
- ``feature_menu_phone.png``: the header's menu open (Copy link, Score sheet, the
  abbreviations key "?", Replay, Export record);
- ``feature_install_phone.png``: a table held sideways (the installed app's landscape layout),
  and ``feature_icon.png``, the app's 192 px icon;
- ``feature_levels_phone.png``: the lobby's seats with the bots by strength in plain words.

A real ``paston serve`` and Debian's Chromium, as make_phone_screenshots.py; any page or
console error fails the run (non-zero exit).

    .venv/bin/python tests/browser/make_feature_screenshots.py
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from finger import BOX_JS
from make_phone_screenshots import save, shoot
from pw_helpers import CheckedBrowser, Server, checked_chromium
from seat_driver import Seat, drive

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "screenshots"
ICON = ROOT / "src" / "paston" / "web" / "static" / "icons" / "icon-192.png"
PHONE = (390, 844)
BOT = {"kind": "bot", "bot": "random"}


def phone(browser: CheckedBrowser, size: tuple[int, int] = PHONE) -> Any:
    ctx = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True
    )
    ctx.set_default_timeout(60000)  # a hang guard
    return ctx.new_page()


def seated(browser: CheckedBrowser, server: Server, table_id: str, token: str) -> Any:
    """A phone page at the seat of ``token``."""
    page = phone(browser)
    page.goto(server.base + "/")
    page.evaluate(f"localStorage.setItem('paston-token-{table_id}', '{token}')")
    page.evaluate("localStorage.setItem('paston-speed', 'instant')")
    page.goto(f"{server.base}/t/{table_id}")
    page.wait_for_selector("#felt[data-seq]")
    return page


def tap(page: Any, selector: str) -> None:
    """A finger's tap on the centre of ``selector`` (scrolled into view first)."""
    page.locator(selector).scroll_into_view_if_needed()
    b = page.locator(selector).evaluate(BOX_JS)
    assert b["under"], f"{selector}: its centre is covered"
    page.touchscreen.tap(b["cx"], b["cy"])


def people_table(server: Server, **extra: Any) -> tuple[str, list[str]]:
    """A Paston table of three people A, B, C (nobody moves unless driven): id and tokens."""
    body = {"name": "Friday Paston", "seats": [{"kind": "human"}] * 3, **extra}
    tid = str(server.post("/api/tables", body)["id"])
    tokens = [server.post(f"/api/tables/{tid}/join", {"nickname": n})["token"] for n in "ABC"]
    return tid, tokens


def score_sheet(server: Server, browser: CheckedBrowser, path: Path) -> None:
    """The sheet of a Paston game four hands in (the person's seat played over the socket)."""
    body = {
        "name": "Friday Paston",
        "game": "paston",
        "seed": 5,
        "deal_pause": 0,
        "seats": [{"kind": "human"}, BOT, BOT],
    }
    tid = str(server.post("/api/tables", body)["id"])
    token = server.post(f"/api/tables/{tid}/join", {"nickname": "Ani"})["token"]
    me = Seat(server, tid, token)
    try:
        drive([me], lambda: bool(me.state and me.state["table"]["deal_number"] >= 5), limit=240)
    finally:
        me.close()
    page = seated(browser, server, tid, token)
    tap(page, "#header-menu-button")
    tap(page, "#sheet-button")
    page.wait_for_selector("#sheet-dialog[open] .score-sheet-table")
    # A phone's screen is narrower than the sheet: scrolled (as a finger would) to the
    # players' columns, each hand's score and running total.
    page.eval_on_selector(
        "#sheet-dialog .score-sheet-wrap",
        """wrap => {
            const first = wrap.querySelector('th.sheet-player');
            const deal = wrap.querySelector('thead th');  // the Deal column stays on screen
            wrap.scrollLeft = first.offsetLeft - deal.offsetWidth;
        }""",
    )
    page.wait_for_timeout(300)
    save(page, path)
    page.context.close()


def claim(server: Server, browser: CheckedBrowser, path: Path) -> None:
    tid, tokens = people_table(server, seed=11, first_dealer=0, deal_pause=0)
    seats = [Seat(server, tid, tok) for tok in tokens]
    try:
        page = seated(browser, server, tid, tokens[0])
        _me, b, c = seats
        drive(seats, lambda: b.in_play() or c.in_play())
        claimer = b if b.in_play() else c
        assert claimer.state is not None
        claimer.send({"type": "claim", "tricks": claimer.state["offers"]["claim_max"]})
        page.wait_for_selector("#claim-reject")
        page.locator("#claim-box").evaluate("el => el.scrollIntoView({block: 'center'})")
        page.wait_for_timeout(300)
        save(page, path)
        page.click("#claim-reject")
        page.wait_for_selector("#claim-box", state="hidden")
        page.context.close()
    finally:
        for s in seats:
            s.close()


def reaction(server: Server, browser: CheckedBrowser, path: Path) -> None:
    tid, tokens = people_table(server)
    seats = [Seat(server, tid, tok) for tok in tokens[1:]]
    try:
        page = seated(browser, server, tid, tokens[0])
        page.wait_for_selector("#react-box:not([hidden]) [data-reaction='good_luck']")
        # The reaction buttons at the foot of the screen, the seats above them.
        page.locator("#react-box").evaluate("el => el.scrollIntoView({block: 'end'})")
        page.wait_for_timeout(200)
        b = page.locator("[data-reaction='good_luck']").evaluate(BOX_JS)
        page.touchscreen.tap(b["cx"], b["cy"])
        seats[0].send({"type": "reaction", "code": "well_played"})
        seats[1].send({"type": "reaction", "code": "thanks"})
        for code in ("good_luck", "well_played", "thanks"):
            page.wait_for_selector(f".reaction-bubble[data-code='{code}']")
        page.wait_for_timeout(400)  # the bubbles' pop-in animation
        save(page, path)
        page.context.close()
    finally:
        for s in seats:
            s.close()


def leave(server: Server, browser: CheckedBrowser, path: Path) -> None:
    """Leave table asked once more, beside Concede and the reactions (the sidebar under the
    table on a phone)."""
    tid, tokens = people_table(server)
    page = seated(browser, server, tid, tokens[0])
    tap(page, "#leave-button")
    page.wait_for_selector("#leave-confirm:not([hidden])")
    page.locator("#table-features").evaluate("el => el.scrollIntoView({block: 'center'})")
    page.wait_for_timeout(300)
    save(page, path)
    page.context.close()


def menu(server: Server, browser: CheckedBrowser, path: Path) -> None:
    """The header's menu open on a phone: Copy link, Score sheet, the key "?", Replay."""
    tid, tokens = people_table(server)
    page = seated(browser, server, tid, tokens[0])
    page.wait_for_selector("#key-button:not([hidden])", state="attached")
    tap(page, "#header-menu-button")
    page.wait_for_selector("#sheet-button", state="visible")
    page.wait_for_timeout(300)
    save(page, path)
    page.context.close()


def install(server: Server, browser: CheckedBrowser, path: Path) -> None:
    manifest = server.get("/manifest.webmanifest")
    assert manifest["display"] == "standalone", manifest
    shoot(server, browser, "paston", (844, 390), path)
    shutil.copyfile(ICON, OUT / "feature_icon.png")


def levels(server: Server, browser: CheckedBrowser, path: Path) -> None:
    page = phone(browser)
    page.goto(server.base + "/")
    page.check("#game-paston")
    page.wait_for_selector("#seat-2")
    page.select_option("#seat-1", "bot:beginner")
    page.select_option("#seat-2", "bot:expert")
    # The seat's choices shown as the phone's picker lists them (a listbox instead of the
    # system's sheet, which a screenshot does not catch).
    page.eval_on_selector("#seat-2", SHOW_CHOICES)
    page.locator("#seat-rows").evaluate(
        "el => (el.closest('fieldset') ?? el).scrollIntoView({block: 'start'})"
    )
    page.wait_for_timeout(300)
    save(page, path)
    page.context.close()


#: The seat's choices as a listbox, one row each: the options and the groups' labels shown.
SHOW_CHOICES = """el => {
    const shown = 'option:not(optgroup option), optgroup:not([hidden]), '
        + 'optgroup:not([hidden]) option';
    el.size = el.querySelectorAll(shown).length;
}"""

SHOTS: dict[str, Callable[[Server, CheckedBrowser, Path], None]] = {
    "feature_score_sheet_phone": score_sheet,
    "feature_claim_phone": claim,
    "feature_reaction_phone": reaction,
    "feature_leave_phone": leave,
    "feature_menu_phone": menu,
    "feature_install_phone": install,
    "feature_levels_phone": levels,
}


def main(names: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    unknown = [n for n in names if n not in SHOTS]
    if unknown:
        raise SystemExit(f"no such picture: {unknown}; known: {sorted(SHOTS)}")
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        try:
            with checked_chromium() as browser:
                for name in names or list(SHOTS):
                    SHOTS[name](server, browser, OUT / f"{name}.png")
                    print(f"wrote {OUT / name}.png")
        finally:
            server.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
