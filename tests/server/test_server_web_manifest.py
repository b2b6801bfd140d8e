"""The web app is installable (issue 19): ``GET /manifest.webmanifest`` answers the manifest
with its media type; it names the app, a standalone display, a theme colour, the start URL and
icons in several sizes, maskable ones among them, each of which the server serves as a PNG of
the size it claims; every page links the manifest, the theme colour and the Apple touch icon."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from paston.server import create_app

PAGES = (
    "/",
    "/t/abc",
    "/t/abc/replay",
    "/rules/paston",
    "/static/login.html",
    "/static/player.html",
    "/static/leaderboard.html",
)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("manifest") / "paston.sqlite"
    with TestClient(create_app(f"sqlite:///{db}", test_pace=True)) as c:
        yield c


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def test_the_manifest_is_served_with_its_media_type(client: TestClient) -> None:
    r = client.get("/manifest.webmanifest")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/manifest+json")
    m = r.json()
    assert m["name"] and m["short_name"]
    assert m["start_url"] == "/" and m["scope"] == "/"
    assert m["display"] in ("standalone", "fullscreen")
    assert m["theme_color"].startswith("#") and m["background_color"].startswith("#")
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in m["icons"]}
    assert {("192x192", "any"), ("512x512", "any")} <= sizes
    assert {("192x192", "maskable"), ("512x512", "maskable")} <= sizes


def test_every_icon_is_a_png_of_its_size(client: TestClient) -> None:
    icons = client.get("/manifest.webmanifest").json()["icons"]
    for icon in icons:
        r = client.get(icon["src"])
        assert r.status_code == 200, icon["src"]
        assert r.headers["content-type"] == "image/png"
        w, h = (int(x) for x in icon["sizes"].split("x"))
        assert png_size(r.content) == (w, h), icon["src"]
    apple = client.get("/static/icons/apple-touch-icon.png")
    assert png_size(apple.content) == (180, 180)


@pytest.mark.parametrize("path", PAGES)
def test_every_page_links_the_manifest_and_the_theme_colour(client: TestClient, path: str) -> None:
    html = client.get(path).text
    theme = client.get("/manifest.webmanifest").json()["theme_color"]
    assert '<link rel="manifest" href="/manifest.webmanifest" />' in html
    assert f'<meta name="theme-color" content="{theme}" />' in html
    assert '<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png" />' in html


def test_every_icon_the_script_draws_is_committed_at_its_size() -> None:
    """paston.web.make_icons's list of icons and the committed PNGs agree."""
    from paston.web import make_icons

    folder = Path(make_icons.__file__).parent / "static" / "icons"
    for name, size, _maskable in make_icons.ICONS:
        assert png_size((folder / name).read_bytes()) == (size, size), name
