"""Accounts in the browser against a real server: register, a wrong password, log out and in,
the rate-limit message; and the done-when test of issue 13: three registered players play a
rated Paston game to its end by clicking, then each sees the rating change and the game on
their page, the leaderboard lists them, and an invitation sent from the lobby reaches the
invitee's lobby and its Join opens the table. The account pages also fit phones and pass axe."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from pw_helpers import PageErrors, Server, felt, take_turn
from test_browser_axe import assert_accessible
from test_browser_phone import check_fits

pytestmark = pytest.mark.browser

PASSWORD = "correct horse 7"


@pytest.fixture(scope="module")
def acct_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of this module's own: its registration and log-in limits (per client address,
    all of these tests come from 127.0.0.1) are not shared with the other browser tests."""
    with pytest.MonkeyPatch.context() as env:
        # Failed log-ins wait a minute once throttled (exponential back-off from 60 s): the
        # throttling test sees the refusal however slowly the browser types.
        env.setenv("PASTON_LOGIN_BACKOFF", "60")
        srv = Server(tmp_path_factory.mktemp("paston-accounts"))
    try:
        yield srv
    finally:
        srv.stop()


def register(page: Any, server: Server, name: str, password: str = PASSWORD) -> None:
    page.goto(server.base + "/login#register")
    page.wait_for_selector("#register-button:enabled")  # the page's script is ready
    page.fill("#register-name", name)
    page.fill("#register-password", password)
    page.fill("#register-confirm", password)
    page.click("#register-button")
    try:
        page.wait_for_url(f"**/players/{name}")
    except Exception as exc:  # say what the page showed instead
        errors = page.locator(".field-error:visible, .message.error:visible").all_inner_texts()
        raise AssertionError(f"registering {name} failed: {errors}") from exc
    page.wait_for_selector(f"#account-box .account-name:text-is('{name}')")


def log_in(page: Any, name: str, password: str) -> None:
    page.wait_for_selector("#login-button:enabled")
    page.fill("#login-name", name)
    page.fill("#login-password", password)
    page.click("#login-button")


def unique(prefix: str) -> str:
    return f"{prefix}{int(time.time() * 1000) % 10**7}"


def test_register_wrong_password_log_out_and_in(
    acct_server: Server, new_page: Any, page_errors: PageErrors
) -> None:
    page = new_page()
    name = unique("Ani")
    # Provoked below: a name taken, a hidden player's page, a wrong password.
    page_errors.expect(r"status of 400 .*/api/account/register\]")
    page_errors.expect(rf"status of 404 .*/api/players/{name}(\?[^/]*)?\]")
    page_errors.expect(r"status of 401 .*/api/account/login\]")
    # Mistakes caught in the page, each beside its field.
    page.goto(acct_server.base + "/login#register")
    page.wait_for_selector("#register-button:enabled")
    page.fill("#register-name", name)
    page.fill("#register-password", "short")
    page.fill("#register-confirm", "short")
    page.click("#register-button")
    error = page.locator("#register-password-error")
    assert error.is_visible() and "8 to 128" in error.inner_text() and "5" in error.inner_text()
    assert page.get_attribute("#register-password", "aria-invalid") == "true"
    page.fill("#register-password", PASSWORD)
    page.fill("#register-confirm", PASSWORD + "x")
    page.click("#register-button")
    assert "differ" in page.locator("#register-confirm-error").inner_text()
    assert page.locator("#register-password-error").is_hidden()
    # Registered: the player's own page, and the header names them.
    register(page, acct_server, name)
    page.wait_for_selector("#owner-tools:not([hidden])")
    assert page.locator("#player-name").inner_text() == name
    # The same name again (any case) is refused by the server, shown beside the name.
    other = new_page()
    other.goto(acct_server.base + "/login#register")
    other.wait_for_selector("#register-button:enabled")
    other.fill("#register-name", name.upper())
    other.fill("#register-password", PASSWORD)
    other.fill("#register-confirm", PASSWORD)
    other.click("#register-button")
    other.wait_for_selector("#register-name-error:not([hidden])")
    assert other.get_attribute("#register-name", "aria-invalid") == "true"
    assert "/login" in other.url
    # Hide my page: another visitor is told there is no such page; shown again, it is back.
    page.click("#hide-switch")
    page.wait_for_selector("#hide-status:text('hidden')")
    other.goto(f"{acct_server.base}/players/{name}")
    other.wait_for_selector("#player-error:not([hidden])")
    assert "no player named" in other.locator("#player-error").inner_text()
    page.click("#hide-switch")
    page.wait_for_selector("#hide-status:text('public')")
    other.goto(f"{acct_server.base}/players/{name}")
    other.wait_for_selector("#player-body:not([hidden])")
    assert other.locator("#owner-tools").is_hidden()
    # Log out: the header offers Log in and Register again.
    page.click("#logout-button")
    page.wait_for_selector("#account-box[data-state='guest']")
    assert page.locator("#account-box").inner_text().split() == ["Log", "in", "·", "Register"]
    # A wrong password: the server's one message for a wrong name or password.
    page.click("#account-box a:text-is('Log in')")
    page.wait_for_url("**/login?next=*")
    log_in(page, name, PASSWORD + "!")
    page.wait_for_selector("#login-error:not([hidden])")
    assert page.locator("#login-error").inner_text().strip()
    assert "/login" in page.url
    # The right one: back to the page the player came from, logged in.
    log_in(page, name, PASSWORD)
    page.wait_for_url(f"**/players/{name}")
    page.wait_for_selector(f"#account-box .account-name:text-is('{name}')")


def finish_game(pages: list[Any], max_seconds: float = 120) -> list[str]:
    """Each page makes its moves by clicking (the page whose turn it is) until the game is over."""
    clicked: list[str] = []
    deadline = time.monotonic() + max_seconds
    while time.monotonic() < deadline:
        moved = False
        for page in pages:
            f = felt(page)
            if f.get("status") == "over":
                return clicked
            if f.get("turn") == "me" and f.get("pending") == "0" and f.get("phase") != "over":
                take_turn(page, clicked)
                assert page.locator("#reject").is_hidden(), page.locator("#reject").inner_text()
                moved = True
        if not moved:
            time.sleep(0.05)
    raise AssertionError(f"the game did not end in {max_seconds} s ({len(clicked)} moves)")


def assert_change(shown: str, change: float) -> None:
    """The player page's rating change: a sign (a true minus), one decimal, the right value."""
    sign = {"+": 1, "−": -1, "±": 0}[shown[0]]
    assert sign == (change > 0) - (change < 0) or abs(change) < 0.05, (shown, change)
    assert abs(sign * float(shown[1:]) - change) <= 0.05 + 1e-9, (shown, change)


def test_three_registered_players_play_a_rated_paston_game(
    acct_server: Server, new_page: Any
) -> None:
    names = [unique("Ani"), unique("Bab"), unique("Cor")]
    pages = []
    for name in names:
        page = new_page()
        register(page, acct_server, name)
        page.evaluate("localStorage.setItem('paston-speed', 'instant')")
        pages.append(page)
    a, b, c = pages
    # The first creates a rated table in the lobby (one deal ends it: target 1); the nickname
    # field shows the account name, read-only.
    a.goto(acct_server.base + "/")
    a.wait_for_selector("#seat-0")
    assert a.input_value("#t-nick") == names[0]
    assert a.evaluate("document.querySelector('#t-nick').readOnly")
    assert a.is_checked("#t-rated")
    a.fill("#t-name", "Rated game")
    a.select_option("#seat-1", "human")
    a.select_option("#seat-2", "human")
    a.click("details summary")
    a.fill('[data-rule="target"]', "1")
    a.fill("#t-pause", "0")
    a.click("#create-button")
    a.wait_for_url("**/t/*")
    table_id = a.url.rsplit("/", 1)[-1]
    # The lobby marks it rated (a registered player sits there).
    c.goto(acct_server.base + "/")
    c.wait_for_selector(f'#tables li[data-table="{table_id}"] .badge.rated')
    # The others open the link: the join dialog seats them under their account names.
    for page, name in ((b, names[1]), (c, names[2])):
        page.goto(f"{acct_server.base}/t/{table_id}")
        page.wait_for_selector("#join-dialog[open]")
        assert page.input_value("#join-nick") == name
        assert page.evaluate("document.querySelector('#join-nick').readOnly")
        page.click("#join-button")
        page.wait_for_selector("#join-dialog:not([open])", state="attached")
    summary = acct_server.get(f"/api/tables/{table_id}")
    assert summary["rated"] is True
    assert [s["nickname"] for s in summary["seats"]] == names
    assert all(s.get("registered") for s in summary["seats"])
    for page in pages:
        page.wait_for_selector("#felt[data-seq]")
    clicked = finish_game(pages)
    assert any(len(m) == 2 for m in clicked), "no card was played"
    # The game-over dialog leads a registered player to their page.
    a.wait_for_selector("#gameover-dialog[open]")
    a.click("#gameover-my-page")
    a.wait_for_url(f"**/players/{names[0]}")
    # Each player's page: the rating changed, the game is in the history with its change.
    for page, name in zip(pages, names, strict=True):
        data = acct_server.get(f"/api/players/{name}")
        game = next(g for g in data["games"] if g["table_id"] == table_id)
        assert game["rated"] and game["rating_after"] != game["rating_before"]
        page.goto(f"{acct_server.base}/players/{name}")
        row = page.locator(f'#games tbody tr[data-table="{table_id}"]')
        row.wait_for()
        shown = row.locator(".change .delta").first.inner_text()
        assert_change(shown, game["rating_after"] - game["rating_before"])
        assert sorted(row.locator(".opponents").inner_text().split(", ")) == sorted(
            n for n in names if n != name
        )
        assert row.locator(".score").inner_text() == str(game["score"])
        assert row.locator(".replay a").get_attribute("href") == f"/t/{table_id}/replay"
        card = page.locator('.rating-card[data-game="paston"]')
        rating = float(card.locator(".openskill b").inner_text())
        assert abs(rating - data["ratings"]["paston"]["rating"]) <= 0.05 + 1e-9
        assert card.locator(".elo").count() == 1  # Paston: the three-player Elo beside it
        assert card.locator("svg.rating-chart").count() >= 1
    # "Download all my records": one line per finished game, each record with its meta.
    link = a.locator("#download-records")
    assert link.inner_text() == "Download all my records"
    response = a.request.get(acct_server.base + str(link.get_attribute("href")))
    assert response.ok and "ndjson" in response.headers["content-type"]
    lines = [json.loads(x) for x in response.text().splitlines() if x.strip()]
    assert len(lines) == 1 and "meta" in lines[0]
    # The leaderboard lists the three.
    a.goto(acct_server.base + "/leaderboard?game=paston")
    a.wait_for_selector("#board tbody tr")
    listed = a.locator("#board tbody tr").evaluate_all("rows => rows.map(r => r.dataset.player)")
    assert set(names) <= set(listed)
    # An invitation from the lobby reaches the invitee's lobby; its Join opens the table.
    a.goto(acct_server.base + "/")
    a.wait_for_selector("#seat-0")
    a.check("#vis-private")
    a.fill("#t-invite", f"{names[1]}, {names[2]}")
    a.select_option("#seat-1", "human")
    a.fill("#t-name", "Private game")
    a.click("#create-button")
    a.wait_for_url("**/t/*")
    private_id = a.url.rsplit("/", 1)[-1]
    b.goto(acct_server.base + "/")
    invite = b.locator(f'#invitations li[data-table="{private_id}"]')
    invite.wait_for()
    assert names[0] in invite.inner_text() and "Private game" in invite.inner_text()
    invite.locator('[data-role="join"]').click()
    b.wait_for_url(f"**/t/{private_id}")
    b.wait_for_selector("#join-dialog[open]")
    assert b.input_value("#join-nick") == names[1]
    # The other invitee declines: the invitation leaves their lobby (and the server's list).
    c.goto(acct_server.base + "/")
    declined = c.locator(f'#invitations li[data-table="{private_id}"]')
    declined.locator('[data-role="decline"]').click()
    declined.wait_for(state="detached")
    assert c.locator("#invitations-panel .invite-status").inner_text() == "Invitation declined."
    assert not c.request.get(acct_server.base + "/api/invitations").json()
    # The three account pages on phones: no sideways scroll, big targets, no axe violation.
    for path in ("/login", f"/players/{names[0]}", "/leaderboard?game=paston"):
        for width, height in ((360, 740), (430, 900)):
            a.set_viewport_size({"width": width, "height": height})
            a.goto(acct_server.base + path)
            a.wait_for_selector("#account-box[data-state]")
            a.wait_for_load_state("networkidle")
            check_fits(a, width, path)
        assert_accessible(a, path)


def test_rate_limited_login_says_how_long_to_wait(
    acct_server: Server, new_page: Any, page_errors: PageErrors
) -> None:
    # Last in this module: it uses up 127.0.0.1's failed log-ins on this module's server.
    page_errors.expect(r"status of (401|429) .*/api/account/login\]")
    page = new_page()
    page.goto(acct_server.base + "/login")
    error = page.locator("#login-error")
    for attempt in range(8):
        log_in(page, "Nobody", f"wrong password {attempt}")
        page.wait_for_selector("#login-error:not([hidden])")
        if "Try again in" in error.inner_text():
            break
        page.evaluate("document.querySelector('#login-error').hidden = true")
    else:
        pytest.fail("eight wrong passwords in a row were never rate-limited")
    seconds = int(error.inner_text().split("Try again in ")[1].split(" s")[0])
    assert 0 < seconds <= 300
    assert page.locator("#login-button").is_disabled()
