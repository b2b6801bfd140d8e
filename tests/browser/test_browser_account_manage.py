"""The owner's account controls in Chromium: the sessions list marks this browser, the
password form changes the password (a wrong current one is refused on the page), and the
delete form removes the account after the confirmation."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pw_helpers import PageErrors, Server
from test_browser_accounts import PASSWORD, register, unique

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def manage_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("paston-manage"))
    try:
        yield srv
    finally:
        srv.stop()


def _api(page: Any, method: str, url: str, body: Any = None) -> tuple[int, Any]:
    """A request from the page (its cookie) answered as (status, JSON or None)."""
    out = page.evaluate(
        """async ([method, url, body]) => {
            const init = {method, headers: {"Content-Type": "application/json"}};
            if (body !== null) init.body = JSON.stringify(body);
            const r = await fetch(url, init);
            return [r.status, r.status === 204 ? "null" : await r.text()];
        }""",
        [method, url, body],
    )
    return int(out[0]), json.loads(out[1])


def test_password_change_sessions_and_deletion_on_the_players_page(
    manage_server: Server, new_page: Any, tmp_path: Path, page_errors: PageErrors
) -> None:
    page = new_page()
    name = unique("Del")
    # Provoked below: the wrong current password, and the deleted player's page.
    page_errors.expect(r"status of 403 .*/api/account/password\]")
    page_errors.expect(rf"status of 404 .*/api/players/{name}\]")
    register(page, manage_server, name)
    page.wait_for_selector("#session-list li.session")
    sessions = page.locator("#session-list li.session").all_inner_texts()
    assert len(sessions) == 1 and "(this browser)" in sessions[0]
    assert sessions[0].startswith("Chrome on Linux")

    page.fill("#old-password", "not the password")
    page.fill("#new-password", "a brand new password")
    page.click("#change-password")
    page.wait_for_selector("#password-status:has-text('not your current password')")
    page.fill("#old-password", PASSWORD)
    page.click("#change-password")
    page.wait_for_selector("#password-status:has-text('Password changed')")
    assert _api(page, "GET", "/api/account/me")[1]["name"] == name

    page.once("dialog", lambda dialog: dialog.accept())
    page.fill("#delete-password", "a brand new password")
    page.click("#delete-account")
    page.wait_for_url(manage_server.base + "/")
    assert _api(page, "GET", "/api/account/me")[1]["name"] is None
    assert _api(page, "GET", f"/api/players/{name}")[0] == 404
