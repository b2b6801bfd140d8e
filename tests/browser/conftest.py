"""Fixtures for the browser tests: one ``paston serve`` and one headless Debian Chromium per
test session (each xdist worker gets its own, on its own port and database).

Every page of every context a test opens through ``browser`` or ``new_page`` (popups
included) is watched: an uncaught page error, a console error or a failed request fails the
test at teardown, listed. A test that provokes one on purpose declares it with
``page_errors.expect(pattern)``."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pw_helpers import CHROMIUM, CheckedBrowser, PageErrors, Server, launch_chromium


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("paston-serve"))
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        reason = f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)"
        # `make test` installs it, so in CI a missing browser is a failure, not a skip.
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = launch_chromium(pw)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page_errors() -> PageErrors:
    """This test's page errors; ``page_errors.expect(pattern)`` allows one it provokes."""
    return PageErrors()


@pytest.fixture
def browser(chromium: Any, page_errors: PageErrors) -> Iterator[CheckedBrowser]:
    """The session's Chromium for one test: its contexts report to ``page_errors`` and are
    closed after the test, which fails if any page had an error it did not expect."""
    checked = CheckedBrowser(chromium, page_errors)
    try:
        yield checked
        # Before closing: closing pages aborts their requests, which is no error of theirs.
        bad = page_errors.unexpected()
    finally:
        checked.close()
    assert not bad, "errors in the page:\n  " + "\n  ".join(bad)


@pytest.fixture
def new_page(browser: CheckedBrowser) -> Any:
    """Open pages in fresh browser contexts (separate localStorage = separate people)."""

    def make(width: int = 1280, height: int = 800) -> Any:
        ctx = browser.new_context(viewport={"width": width, "height": height})
        ctx.set_default_timeout(60000)  # a hang guard: a loaded CI machine is slow, not broken
        return ctx.new_page()

    return make


@pytest.fixture
def screenshots_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "docs" / "screenshots"
