"""Cross-site requests (issue 17 §4): a change from another site's page, or from a sibling
origin, is refused with 403; JSON must be sent as ``application/json`` (415); the server's own
pages, and tools that send no ``Origin`` (curl, the tests, the CLI), go on working; WebSocket
handshakes from a foreign origin are refused too."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets
from server_helpers import ThreadServer

from paston.server.csrf import CsrfMiddleware, origin_of
from paston.server.edge import EdgeSettingError, EdgeSettings

TABLE = {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot"}]}
ACCOUNT = {"name": "Csrf", "password": "long enough"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    with ThreadServer(tmp_path_factory.mktemp("csrf") / "paston.sqlite") as s:
        yield s


def _own(server: ThreadServer) -> str:
    return server.url  # http://127.0.0.1:port: the Host the client sends


def test_a_foreign_origin_is_refused(server: ThreadServer) -> None:
    with httpx.Client(base_url=server.url, timeout=20) as c:
        for origin in ("https://evil.example", "http://127.0.0.1:1", "null"):
            r = c.post("/api/tables", json=TABLE, headers={"Origin": origin})
            assert r.status_code == 403, (origin, r.text)
            error = r.json()["error"]
            assert error["code"] == "foreign_origin"
            assert repr(origin) in error["message"] and "allowed_origins" in error["message"]
        assert c.get("/api/tables").json() == []  # nothing was created


def test_a_sibling_or_cross_site_fetch_is_refused(server: ThreadServer) -> None:
    with httpx.Client(base_url=server.url, timeout=20) as c:
        c.post("/api/account/register", json=ACCOUNT)
        for site in ("same-site", "cross-site"):
            # What a page of a sibling origin sends: the cookie would go with it.
            r = c.post("/api/account/logout", headers={"Sec-Fetch-Site": site})
            assert r.status_code == 403 and r.json()["error"]["code"] == "cross_site_request"
            assert site in r.json()["error"]["message"]
            r = c.post(
                "/api/invitations",
                json={"table_id": "x", "to": "y"},
                headers={"Sec-Fetch-Site": site, "Origin": _own(server)},
            )
            assert r.status_code == 403
        assert c.get("/api/account/me").json()["name"] == "Csrf"  # still logged in


def test_json_sent_as_text_is_refused(server: ThreadServer) -> None:
    with httpx.Client(base_url=server.url, timeout=20) as c:
        body = json.dumps(TABLE)
        for ctype in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
            r = c.post("/api/tables", content=body, headers={"Content-Type": ctype})
            assert r.status_code == 415, (ctype, r.text)
            error = r.json()["error"]
            assert error["code"] == "unsupported_media_type" and ctype in error["message"]
        r = c.post("/api/tables", content=body)  # no Content-Type at all
        assert r.status_code == 415 and "got none" in r.json()["error"]["message"]
        r = c.post(
            "/api/account/login",
            content=json.dumps({"name": "a", "password": "b"}),
            headers={"Content-Type": "text/plain;charset=UTF-8"},
        )
        assert r.status_code == 415


def test_the_servers_own_pages_and_tools_without_origin_are_accepted(
    server: ThreadServer,
) -> None:
    with httpx.Client(base_url=server.url, timeout=20) as c:
        own = {"Origin": _own(server), "Sec-Fetch-Site": "same-origin"}
        r = c.post(
            "/api/tables",
            json=TABLE,
            headers={**own, "Content-Type": "application/json; charset=utf-8"},
        )
        assert r.status_code == 201, r.text
        assert c.post("/api/tables", json=TABLE).status_code == 201  # curl-like: no Origin
        # A body-less change needs no Content-Type (the browser's log-out sends none).
        assert c.post("/api/account/logout", headers=own).status_code == 204
        # Behind a TLS proxy the page is https while the server sees http: the same host.
        https = {"Origin": "https://" + server.url.removeprefix("http://")}
        assert c.post("/api/tables", json=TABLE, headers=https).status_code == 201
        # Reading is never refused, whatever the origin.
        assert c.get("/api/tables", headers={"Origin": "https://evil.example"}).status_code == 200


def test_an_operator_allows_another_origin(tmp_path: Path) -> None:
    middleware = CsrfMiddleware(lambda *_: None, allowed_origins=["https://play.example.org/"])  # type: ignore[arg-type]
    scope = {
        "type": "http",
        "method": "POST",
        "scheme": "http",
        "headers": [(b"host", b"10.0.0.5:8000"), (b"origin", b"https://PLAY.example.org:443")],
    }
    assert middleware.refusal(scope) is None
    scope["headers"] = [(b"host", b"10.0.0.5:8000"), (b"origin", b"https://example.org")]
    refusal = middleware.refusal(scope)
    assert refusal is not None and refusal[:2] == (403, "foreign_origin")
    assert "https://play.example.org" in refusal[2]
    assert EdgeSettings.from_values({"allowed_origins": "https://a.example, http://b:81"})
    with pytest.raises(EdgeSettingError, match="allowed_origins"):
        EdgeSettings.from_values({"allowed_origins": "play.example.org"})
    assert origin_of("https://a.example/path") is None
    assert origin_of("http://[::1]:80") == "http://[::1]"


def test_a_cross_site_websocket_is_refused(server: ThreadServer) -> None:
    with httpx.Client(base_url=server.url, timeout=20) as c:
        table = c.post("/api/tables", json=TABLE).json()["id"]

    async def scenario() -> None:
        url = f"{server.ws}/ws/tables/{table}"
        async with websockets.connect(url, origin="https://evil.example") as ws:  # type: ignore[arg-type]
            error = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert error["type"] == "error" and error["code"] == "foreign_origin"
            with pytest.raises(websockets.ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 10)
            assert ws.close_code == 4403
        async with websockets.connect(url, origin=server.url) as ws:  # type: ignore[arg-type]
            first = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert first["type"] == "state"
        async with websockets.connect(url) as ws:  # a tool: no Origin
            first = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert first["type"] == "state"

    asyncio.run(scenario())
