"""The player page leads with what visitors come for (issue 19 §2): the ratings, then the
games; the owner's account settings (hiding the page, password, sessions, deletion) come
after them, under their own heading."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pw_helpers import Server
from test_browser_accounts import register, unique
from test_browser_axe import assert_accessible

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def player_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of this module's own (registration limits per client address)."""
    srv = Server(tmp_path_factory.mktemp("paston-player-page"))
    try:
        yield srv
    finally:
        srv.stop()


def test_ratings_and_games_come_before_the_account_settings(
    player_server: Server, new_page: Any
) -> None:
    page = new_page(1280, 800)
    name = unique("Lead")
    register(page, player_server, name)
    page.wait_for_selector("#player-body:not([hidden])")
    page.wait_for_selector("#owner-tools:not([hidden])")
    order = page.evaluate(
        "[...document.querySelectorAll('#player-body > section')]"
        ".map(s => s.id || s.getAttribute('aria-labelledby'))"
    )
    assert order == ["ratings-title", "games-title", "owner-tools"], order
    assert page.locator("#owner-title").inner_text() == "Account settings"
    # The ratings open the page: their heading is on the first screen.
    top = page.locator("#ratings-title").bounding_box()
    assert top is not None and top["y"] < 800
    ratings = page.locator("#ratings-title").bounding_box()
    settings = page.locator("#owner-title").bounding_box()
    assert ratings is not None and settings is not None and ratings["y"] < settings["y"]
    assert_accessible(page, "the player's own page")
