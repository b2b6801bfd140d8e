"""Fixtures for the browser tests: one ``paston serve`` and one headless Debian Chromium per
test session (each xdist worker gets its own, on its own port and database)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pw_helpers import CHROMIUM, CHROMIUM_ARGS, Server


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("paston-serve"))
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        reason = f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)"
        # `make test` installs it, so in CI a missing browser is a failure, not a skip.
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """Open pages in fresh browser contexts (separate localStorage = separate people).

    Page errors (uncaught exceptions in the client) fail the test.
    """
    contexts: list[Any] = []
    errors: list[str] = []

    def make(width: int = 1280, height: int = 800) -> Any:
        ctx = browser.new_context(viewport={"width": width, "height": height})
        ctx.set_default_timeout(15000)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture
def screenshots_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "docs" / "screenshots"
