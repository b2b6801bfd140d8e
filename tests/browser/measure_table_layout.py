"""Measure the table page's layout on a screen size, for the figures of issue 19: the header's
height, the felt's height, and where the trick (Paris: the pile) and the hand lie at the
first turn of this seat in each phase, and whether both are on screen then. A person at seat
0 plays against heuristic bots (one Paskievics deal; Paston to 2 points; Paris to 30 turns),
in headless Chromium on a touch screen (below 900 px wide or 500 px high) or with a mouse.

    .venv/bin/python tests/browser/measure_table_layout.py paskievics 390x844 4

Heights are CSS pixels from getBoundingClientRect at the top of the page (not scrolled).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pw_helpers import CHROMIUM, CHROMIUM_ARGS, Server, felt, wait_my_turn_or

BOT = {"kind": "bot", "bot": "heuristic"}
RULES = {"paston": {"target": 2}, "paris": {"max_turns": 30}, "paskievics": {"game_deals": 1}}
DEAL_OVER = "document.querySelector('#felt').dataset.phase === 'over'"

MEASURE_JS = """() => {
  const at = (sel) => {
    const e = document.querySelector(sel);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    // On screen: inside the window, and the element itself lies under its centre (the sticky
    // dock of a phone held upright covers what scrolls behind it).
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const seen = r.top >= 0 && r.bottom <= innerHeight && !!hit && (hit === e || e.contains(hit));
    return {top: Math.round(r.top), bottom: Math.round(r.bottom), height: Math.round(r.height),
            seen};
  };
  return {header: at('.site-header'), felt: at('#felt'),
          trick: at('#p-pile') || at('#trick-area'), hand: at('#my-hand')};
}"""


def take_turn(page: Any, game: str) -> None:
    from finger import Finger, take_paris_turn, take_paskievics_turn, take_paston_turn

    finger = Finger(page, touch=False)
    if game == "paston":
        take_paston_turn(finger)
    elif game == "paris":
        take_paris_turn(finger, swap=False)
    else:
        take_paskievics_turn(finger)


def row(phase: str, m: dict[str, Any]) -> str:
    def span(b: dict[str, Any] | None) -> str:
        return f"{b['top']}-{b['bottom']}" if b else "-"

    hand, trick = m["hand"], m["trick"]
    both = bool(hand and trick and hand["seen"] and trick["seen"])
    return (
        f"{phase:<10} header {m['header']['height']:>4}  felt {m['felt']['height']:>5}"
        f"  trick {span(trick):>9}  hand {span(hand):>9}  both on screen: {'yes' if both else 'no'}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=sorted(RULES))
    ap.add_argument("size", help="WIDTHxHEIGHT, e.g. 390x844")
    ap.add_argument("seats", type=int)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    touch = width < 900 or height < 500
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(
                    executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
                )
                body = {
                    "name": "Measured",
                    "game": args.game,
                    "seed": args.seed,
                    "deal_pause": 30,
                    "rules": RULES[args.game],
                    "seats": [{"kind": "human"}] + [BOT] * (args.seats - 1),
                }
                table = server.post("/api/tables", body)
                token = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Ani"})
                ctx = browser.new_context(
                    viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
                )
                page = ctx.new_page()
                page.goto(server.base + "/")
                page.evaluate(
                    f"localStorage.setItem('paston-token-{table['id']}', '{token['token']}')"
                )
                page.evaluate("localStorage.setItem('paston-speed', 'instant')")
                page.goto(f"{server.base}/t/{table['id']}")
                page.wait_for_selector("#felt[data-seq]")
                print(f"{args.game} at {width}x{height}, {args.seats} seats")
                seen: set[str] = set()
                for _ in range(200):
                    done = wait_my_turn_or(page, DEAL_OVER, timeout=90) == "done"
                    phase = "over" if done else felt(page)["phase"]
                    if phase not in seen:
                        seen.add(phase)
                        print(row(phase, page.evaluate(MEASURE_JS)))
                    if done:
                        break
                    take_turn(page, args.game)
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
