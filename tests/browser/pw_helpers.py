"""Helpers for the browser tests: a real ``paston serve`` subprocess, Debian's Chromium, and
a player that clicks only the choices the page offers."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def launch_chromium(pw: Any) -> Any:
    """Debian's Chromium, headless, with the flags above (Playwright downloads no browser)."""
    return pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


class PageErrors:
    """What went wrong in the pages it watches: uncaught exceptions (``pageerror``), console
    messages of type ``error`` (among them the browser's own "Failed to load resource" for an
    answer of 4xx/5xx) and requests that failed on the network.

    A request the browser abandons (``net::ERR_ABORTED``: the page navigated away or closed
    while it was under way) is no error of the page. Anything else a test provokes on purpose
    it declares with :meth:`expect` and a pattern matching that entry; nothing is ignored
    wholesale."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.expected: list[re.Pattern[str]] = []
        self._pages: list[Any] = []

    def expect(self, pattern: str) -> None:
        """Allow the entries that ``pattern`` (a regular expression) finds in."""
        self.expected.append(re.compile(pattern))

    def watch_context(self, ctx: Any) -> Any:
        """Watch every page the context has and every page it opens later (popups too)."""
        ctx.on("page", self.watch_page)
        for page in ctx.pages:
            self.watch_page(page)
        return ctx

    def watch_page(self, page: Any) -> None:
        if any(p is page for p in self._pages):
            return
        self._pages.append(page)
        page.on("pageerror", lambda exc: self._page_error(page, exc))
        page.on("console", lambda msg: self._console(page, msg))
        page.on("requestfailed", self._request_failed)

    def _page_error(self, page: Any, exc: Any) -> None:
        stack = str(getattr(exc, "stack", "") or "")
        where = next((ln.strip() for ln in stack.splitlines() if ln.strip().startswith("at ")), "")
        self.seen.append(f"page error on {page.url}: {exc} {where}".rstrip())

    def _console(self, page: Any, msg: Any) -> None:
        if msg.type != "error":
            return
        source = (msg.location or {}).get("url") or ""
        self.seen.append(f"console error on {page.url}: {msg.text} [{source}]")

    def _request_failed(self, request: Any) -> None:
        failure = request.failure or ""
        if "net::ERR_ABORTED" in failure:
            return
        self.seen.append(f"request failed: {request.method} {request.url}: {failure}")

    def flush(self) -> None:
        """Take in the events a page sent before now (the sync API delivers events only while
        it waits on the browser)."""
        for page in self._pages:
            if page.is_closed():
                continue
            # Closed or navigating meanwhile: nothing more to wait for.
            with suppress(Exception):
                page.evaluate("0")

    def unexpected(self) -> list[str]:
        self.flush()
        return [e for e in self.seen if not any(p.search(e) for p in self.expected)]

    def check(self) -> None:
        bad = self.unexpected()
        assert not bad, "errors in the page:\n  " + "\n  ".join(bad)


class CheckedBrowser:
    """A Playwright browser whose every context, and so every page of it, reports to one
    :class:`PageErrors`. Contexts it made and the test left open are closed by :meth:`close`."""

    def __init__(self, browser: Any, errors: PageErrors) -> None:
        self._browser = browser
        self.errors = errors
        self.contexts: list[Any] = []

    def new_context(self, **kwargs: Any) -> Any:
        ctx = self._browser.new_context(**kwargs)
        self.contexts.append(ctx)
        return self.errors.watch_context(ctx)

    def new_page(self, **kwargs: Any) -> Any:
        return self.new_context(**kwargs).new_page()

    def close(self) -> None:
        for ctx in self.contexts:
            with suppress(Exception):  # closed already by the test
                ctx.close()
        self.contexts.clear()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@contextmanager
def checked_chromium() -> Iterator[CheckedBrowser]:
    """Chromium for a test outside the browser fixtures; fails on leaving if a page had an
    error (see :class:`PageErrors`)."""
    from playwright.sync_api import sync_playwright

    errors = PageErrors()
    with sync_playwright() as pw:
        raw = launch_chromium(pw)
        checked = CheckedBrowser(raw, errors)
        try:
            yield checked
            bad = errors.unexpected()
        finally:
            checked.close()
            raw.close()
    assert not bad, "errors in the page:\n  " + "\n  ".join(bad)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``paston serve`` on a free 127.0.0.1 port with its own SQLite file."""

    def __init__(self, workdir: Path, port: int | None = None) -> None:
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = workdir / "server.log"
        db = workdir / "paston.sqlite"
        self._log = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "paston",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--db",
                f"sqlite:///{db}",
            ],
            cwd=workdir,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            # One test session creates many tables from 127.0.0.1: the per-client limits of
            # an internet-facing server would refuse them (they have their own tests).
            # Bots play without pauses unless a test asks for a pace (PASTON_TEST_PACE).
            env={
                **os.environ,
                "PYTHONUNBUFFERED": "1",
                "PASTON_CLIENT_LIMITS": "false",
                "PASTON_TEST_PACE": "1",
                # Bot workers at the server's priority: niced, they starve beside the
                # browsers and other tests of a loaded machine.
                "PASTON_BOT_WORKER_NICE": "0",
            },
        )
        deadline = time.monotonic() + 30
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"paston serve exited early:\n{self.log_path.read_text()}")
            try:
                with urllib.request.urlopen(self.base + "/api/health", timeout=1) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"paston serve did not start:\n{self.log_path.read_text()}")
            time.sleep(0.1)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as r:
            return json.loads(r.read())

    def post(self, path: str, body: dict[str, Any]) -> Any:
        req = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read())

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


def felt(page: Any) -> dict[str, str]:
    """The table page's state attributes (phase, turn, seq, deal, status, pending, seat)."""
    return page.eval_on_selector("#felt", "el => ({...el.dataset})")


# The waits below are hang guards (90 s): two make tests side by side on two cores keep a
# page and its server's bots waiting far longer than an idle machine ever does.
def wait_my_turn_or(page: Any, predicate_js: str, timeout: float = 90.0) -> str:
    """Wait until it is this page's turn (``"turn"``) or ``predicate_js`` holds (``"done"``)."""
    page.wait_for_function(
        f"""() => {{
            const f = document.querySelector('#felt');
            if (!f || !f.dataset.seq) return false;
            if ({predicate_js}) return true;
            return f.dataset.turn === 'me' && f.dataset.pending === '0';
        }}""",
        timeout=timeout * 1000,
    )
    return "done" if page.evaluate(f"() => {predicate_js}") else "turn"


def take_turn(page: Any, clicked: list[str]) -> None:
    """Make one move by clicking what the page offers: a highlighted card, two cards to
    discard, or a listed choice. Prefers whist and low bids so that cards get played."""
    f = felt(page)
    phase = f["phase"]
    seq = f["seq"]
    if phase == "play":
        cards = page.locator("#felt button.card.legal")
        assert cards.count() >= 1, "no legal card highlighted on my turn"
        # Every card of mine that is not highlighted is disabled (legal choices only).
        for el in page.locator("#my-hand button.card:not(.legal)").all():
            assert el.is_disabled()
        card = cards.nth(cards.count() - 1)
        clicked.append(str(card.get_attribute("data-card")))
        card.click()
    elif phase == "exchange":
        cards = page.locator("#my-hand button.card.legal")
        assert cards.count() == 12
        # The two last cards shown: the lowest of the last suit, a plausible discard.
        cards.nth(11).click()
        page.locator("#my-hand button.card.legal").nth(10).click()
        assert page.locator("#my-hand button.card.selected").count() == 2
        clicked.append("discard")
        page.locator("#confirm-discard").click()
    else:
        buttons = page.locator("#action-panel .choices button[data-action]")
        assert buttons.count() >= 1, f"no choice offered in phase {phase}"
        actions = [b.get_attribute("data-action") for b in buttons.all()]
        pick = None
        for want in ("whist", "paston"):
            if want in actions:
                pick = want
                break
        if pick is None:
            declares = [a for a in actions if a and a.startswith("declare")]
            pick = declares[0] if declares else "pass"
        if pick not in actions:
            pick = actions[0]
        clicked.append(str(pick))
        page.locator(f'#action-panel .choices button[data-action="{pick}"]').click()
    # The move is answered by a new state (or a reject, which the tests check for).
    page.wait_for_function(
        f"""() => {{
            const f = document.querySelector('#felt');
            return f.dataset.seq !== '{seq}' && f.dataset.pending === '0';
        }}""",
        timeout=60000,
    )


def play_game_over_websocket(
    server: Server, table_id: str, token: str, max_seconds: float = 90
) -> dict[str, Any]:
    """Play one human seat to the end of the game straight over the WebSocket (the first
    legal action each time), for tests that need a finished game quickly. Returns the last
    state."""
    import random

    from websockets.sync.client import connect

    rng = random.Random(7)
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}?token={token}"
    deadline = time.monotonic() + max_seconds
    acted_on: int | None = None
    n = 0
    last_state: dict[str, Any] | None = None
    rejects: dict[str, int] = {}
    with connect(url, max_size=2**22) as ws:
        while time.monotonic() < deadline:
            msg = json.loads(ws.recv(timeout=30))
            if msg.get("type") == "reject":
                rejects[msg.get("code", "?")] = rejects.get(msg.get("code", "?"), 0) + 1
            if msg.get("type") == "reject" and last_state is not None:
                # e.g. rate_limited (20 messages a second): decide again on the last state.
                time.sleep(0.2)
                acted_on = None
                msg = last_state
            if msg.get("type") != "state":
                continue
            last_state = msg
            if msg["table"]["status"] == "over":
                return msg
            view = msg.get("view")
            if not view or msg.get("deal_over") or not view["legal"] or msg["seq"] == acted_on:
                continue
            acted_on = msg["seq"]
            n += 1
            time.sleep(0.06)  # stay under the server's 20 messages a second
            ws.send(
                json.dumps(
                    {
                        "type": "action",
                        "command_id": f"py-{n}",
                        "expected_seq": msg["seq"],
                        "action": rng.choice(view["legal"]),
                    }
                )
            )
    last = last_state or {}
    table = last.get("table", {})
    view = last.get("view") or {}
    raise AssertionError(
        f"the game did not end in {max_seconds} s; last state: seq {last.get('seq')}, "
        f"table {table.get('status')} deal {table.get('deal_number')}, "
        f"view {view.get('phase')} to_act {view.get('to_act')}, "
        f"{n} actions sent, rejects {rejects}"
    )


def take_turn_keyboard(page: Any) -> str:
    """Make one move with the keyboard only: the first listed choice's key, then Enter (in
    the exchange: the keys of two cards, then Enter). Returns what was chosen."""
    f = felt(page)
    seq = f["seq"]
    if f["phase"] == "exchange":
        page.keyboard.press("1")
        page.keyboard.press("2")
        assert page.locator("#my-hand button.card.selected").count() == 2
        chosen = "discard"
    else:
        first = page.locator('#felt [aria-keyshortcuts="1"]')
        assert first.count() == 1, "no choice listed with the key 1"
        chosen = str(first.get_attribute("data-action") or first.get_attribute("data-card"))
        page.keyboard.press("1")
        assert page.evaluate("document.activeElement.getAttribute('aria-keyshortcuts')") == "1"
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"""() => {{
            const f = document.querySelector('#felt');
            return f.dataset.seq !== '{seq}' && f.dataset.pending === '0';
        }}""",
        timeout=60000,
    )
    return chosen


def wait_answered(page: Any, seq: str, timeout: float = 90.0) -> None:
    """Wait until the page shows a state after ``seq`` and has no command in flight."""
    page.wait_for_function(
        f"""() => {{
            const f = document.querySelector('#felt');
            return f.dataset.seq !== '{seq}' && f.dataset.pending === '0';
        }}""",
        timeout=timeout * 1000,
    )


# Where to click a card: its visible left strip (a big hand overlaps its cards, as a fan).
CARD_SPOT = {"x": 6, "y": 30}


def take_paris_turn(page: Any, *, swap: bool = False, pickup: bool = False) -> str:
    """One Paris move by clicking what the page offers; returns the action sent.

    Swap phase: one swap (the first selectable hand card with the first selectable face-up
    card) when ``swap`` is asked and allowed, else Ready. Play phase: a face-down card when
    that is the stage; Pick up when it is offered and either the only choice or ``pickup`` is
    asked; else the lowest selectable card, with more of its rank until the Play button takes
    the selection.
    """
    f = felt(page)
    seq = f["seq"]
    sent: str
    if f["phase"] == "swap":
        hand = page.locator("#my-hand button.card.legal")
        up = page.locator("#p-me button.card.legal")
        # Two different cards (swapping a card for its own twin is no swap).
        pair = next(
            (
                (h, u)
                for u in up.all()
                for h in hand.all()
                if h.get_attribute("data-card") != u.get_attribute("data-card")
            ),
            None,
        )
        if swap and pair:
            pair[0].click(position=CARD_SPOT)
            pair[1].click(position=CARD_SPOT)
            button = page.locator("#swap-button")
            assert button.is_enabled(), "a hand card and a face-up card selected, but no swap"
            sent = str(button.get_attribute("data-action"))
            button.click()
        else:
            sent = "ready"
            page.locator("#ready-button").click()
        wait_answered(page, seq)
        return sent
    blind = page.locator("#p-me button.p-blind")
    pick = page.locator("#pickup-button")
    cards = page.locator("#my-hand button.card.legal, #p-me button.card.legal:not(.back)")
    if blind.count():
        sent = str(blind.first.get_attribute("data-action"))
        blind.first.click()
    elif pick.count() and (pickup or cards.count() == 0):
        sent = "pickup"
        pick.click()
    else:
        assert cards.count() >= 1, "my turn, but nothing to play, pick up or turn over"
        first = cards.first
        rank = str(first.get_attribute("data-card"))[0]
        first.click(position=CARD_SPOT)
        button = page.locator("#play-button")
        if not button.is_enabled():
            # A play that must hold every card of the rank (the opening with some rules).
            for el in page.locator(
                "#my-hand button.card.legal:not(.selected), #p-me button.card.legal:not(.selected)"
            ).all():
                if str(el.get_attribute("data-card"))[0] == rank:
                    el.click(position=CARD_SPOT)
                    if button.is_enabled():
                        break
        assert button.is_enabled(), "no legal play among the highlighted cards"
        sent = str(button.get_attribute("data-action"))
        button.click()
    wait_answered(page, seq)
    return sent


def play_to_deal_end(server: Server, table_id: str, token: str, max_seconds: float = 60) -> Any:
    """Play one human seat straight over the WebSocket (a random legal action each time) until
    the first deal is over; returns that state message (with its ``deal_over``)."""
    import random

    from websockets.sync.client import connect

    rng = random.Random(3)
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}?token={token}"
    deadline = time.monotonic() + max_seconds
    n = 0
    last: Any = None
    with connect(url, max_size=2**22) as ws:
        while time.monotonic() < deadline:
            msg = json.loads(ws.recv(timeout=30))
            if msg.get("type") == "reject" and last is not None:
                # A move decided on a state already replaced (the page shares the seat), or
                # too fast: decide again on the newest state.
                time.sleep(0.2)
                msg = last
            if msg.get("type") != "state":
                continue
            last = msg
            if msg.get("deal_over"):
                return msg
            view = msg.get("view")
            if view and view["legal"] and view["to_act"] == msg["you"]["seat"]:
                n += 1
                time.sleep(0.06)  # under the server's 20 messages a second
                action = rng.choice(view["legal"])
                ws.send(
                    json.dumps(
                        {
                            "type": "action",
                            "command_id": f"end-{n}",
                            "expected_seq": msg["seq"],
                            "action": action,
                        }
                    )
                )
    raise AssertionError(f"the deal did not end in {max_seconds} s ({n} actions sent)")
