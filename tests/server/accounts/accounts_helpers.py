"""Helpers of the accounts tests: the app under uvicorn on 127.0.0.1 with a real SQLite file,
and browsers (httpx clients, each with its own cookie jar) to talk to it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import ThreadServer


class Site:
    """One server on one database file, with as many browsers as asked for."""

    def __init__(self, db: Path | str) -> None:
        self.db = db
        self.server = ThreadServer(db).__enter__()
        self.app = self.server.app
        self.clients: list[httpx.Client] = []

    @property
    def url(self) -> str:
        return self.server.url

    def browser(self, **headers: str) -> httpx.Client:
        client = httpx.Client(base_url=self.server.url, timeout=20, headers=headers)
        self.clients.append(client)
        return client

    def close(self) -> None:
        for c in self.clients:
            c.close()
        self.clients.clear()
        self.server.__exit__(None, None, None)


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    s = Site(tmp_path / "paston.sqlite")
    try:
        yield s
    finally:
        s.close()


def register(client: Any, name: str, password: str = "correct horse") -> Any:
    r = client.post("/api/account/register", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return r
