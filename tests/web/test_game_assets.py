"""Each game's browser assets, served from its own package (server/game_assets.py), and what
GET /api/games tells the pages about them: every listed script and style is served, nothing
outside a game's web folder is, and a refusal names the file asked for."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paston.core.registry import games
from paston.server.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    # A database of its own: the default one (./paston-data) is locked by any other server
    # started in the same folder (seen: a test beside it on the other xdist worker).
    db = tmp_path_factory.mktemp("assets") / "paston.sqlite"
    with TestClient(create_app(f"sqlite:///{db}")) as c:
        yield c


@pytest.fixture(scope="module")
def listed(client: TestClient) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = client.get("/api/games").json()
    return out


def test_every_game_lists_its_own_scripts_styles_words_and_rules(
    listed: list[dict[str, Any]],
) -> None:
    assert [g["name"] for g in listed] == [info.name for info in games()]
    for g in listed:
        assert g["scripts"], g["name"]
        for url in g["scripts"] + g["styles"]:
            assert url.startswith(f"/static/games/{g['name']}/"), url
        assert len(g["hand_noun"]) == 2 and len(g["match_noun"]) == 2
        assert g["rules"] and all(r["key"] and r["heading"] and r["text"] for r in g["rules"])
        offered = {b["name"] for b in g["bots"]}
        assert g["lobby_bot"] in offered and g["default_bot"] in offered
        assert [lv["name"] for lv in g["levels"]] == ["beginner", "casual", "strong", "expert"]
        assert g["hint_value"] in ("points", "rating")


def test_the_listed_assets_are_served(client: TestClient, listed: list[dict[str, Any]]) -> None:
    for g in listed:
        for url in g["scripts"]:
            r = client.get(url)
            assert r.status_code == 200, url
            assert "javascript" in r.headers["content-type"]
            assert "registerGame(" in r.text or "import" in r.text
        for url in g["styles"]:
            r = client.get(url)
            assert r.status_code == 200 and "text/css" in r.headers["content-type"], url


@pytest.mark.parametrize(
    "path",
    [
        "/static/games/paston/__init__.py",  # the package's code is no asset
        "/static/games/paston/%2e%2e/platform.py",  # out of the folder
        "/static/games/paston/..%2f..%2f__init__.py",
        "/static/games/paston/.hidden",
        "/static/games/paris/missing.js",
        "/static/games/no-such-game/renderer.js",
    ],
)
def test_nothing_else_is_served_and_the_refusal_names_the_file(
    client: TestClient, path: str
) -> None:
    r = client.get(path)
    assert r.status_code == 404
    body = r.json()["error"]
    assert body["code"] == "no_asset"
    asked = path.split("/", 4)[4].replace("%2e", ".").replace("%2f", "/")
    assert repr(asked) in body["message"], body["message"]


def test_the_generic_static_files_are_still_served(client: TestClient) -> None:
    for name in ("replay.js", "table.js", "game_registry.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200, name
