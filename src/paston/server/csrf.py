"""Cross-site request forgery: requests that change something must come from the server's own
pages (or a tool that is no browser), and carry JSON as JSON.

An ASGI middleware, for every ``POST``, ``PUT``, ``PATCH`` and ``DELETE``:

* ``Sec-Fetch-Site: cross-site`` or ``same-site`` (a page of another site, or of a sibling
  origin such as another subdomain or port) is refused: 403 ``cross_site_request``;
* an ``Origin`` other than the server's own is refused: 403 ``foreign_origin``. The server's own
  origin is the ``Host`` the request was sent to, with the request's scheme (``https`` too when
  the server sees plain HTTP: a TLS proxy in front); an operator names any other origin allowed
  (a proxy that rewrites ``Host``, a second domain) in the ``allowed_origins`` setting.
  ``Origin: null`` (sandboxed frames, some redirects) is foreign;
* a body whose ``Content-Type`` is not ``application/json`` is refused: 415
  ``unsupported_media_type`` (an HTML form or a ``text/plain`` fetch from another site can
  send only form types and text, never JSON without a preflight).

A request with neither ``Origin`` nor ``Sec-Fetch-Site`` is let through: browsers send
``Origin`` with every cross-origin ``POST``/``PUT``/``PATCH``/``DELETE`` (and with every
same-origin one but ``GET``/``HEAD``), so a request without it comes from a tool (curl, the
tests, a bot) that holds no victim's cookie. A very old browser that sends neither can still
send only form types or text (refused above, whenever there is a body), and its cookies are
``SameSite=Lax``: not sent with a cross-site ``POST``.

WebSocket handshakes carry ``Origin`` too; a foreign one is refused the same way (the socket is
accepted only to say why, then closed with 4403). Play sockets authenticate by the seat token
in their URL, not by the cookie; the check keeps another site's page from opening sockets from
its visitors' browsers and addresses all the same.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

__all__ = ["CsrfMiddleware", "origin_of"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def origin_of(text: str) -> str | None:
    """``text`` as a normalized origin (``scheme://host[:port]``, the default port left out,
    lower case), or None if it is not one (no scheme or host, a path, user info)."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.hostname or parts.username is not None:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"  # an IPv6 literal keeps its brackets
    if port is None or port == _DEFAULT_PORTS[scheme]:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _own_origins(scope: Scope) -> set[str]:
    """The origins the request's own page may have: the ``Host`` it was sent to, under the
    scheme it came with, and under ``https`` (a TLS proxy in front that did not say so)."""
    host = _header(scope, b"host")
    if not host:
        return set()
    scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
    found = {origin_of(f"{s}://{host}") for s in {scheme, "https"}}
    return {o for o in found if o is not None}


def _has_body(scope: Scope) -> bool:
    length = _header(scope, b"content-length")
    if length is not None:
        return length.strip() not in ("", "0")
    return _header(scope, b"transfer-encoding") is not None


def _is_json(content_type: str | None) -> bool:
    if content_type is None:
        return False
    return content_type.split(";", 1)[0].strip().lower() == "application/json"


class CsrfMiddleware:
    """Refuse state-changing requests from other sites and JSON sent as anything else."""

    def __init__(self, app: ASGIApp, *, allowed_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = {o for o in map(origin_of, allowed_origins) if o is not None}

    def refusal(self, scope: Scope) -> tuple[int, str, str] | None:
        """Why this request is refused (status, code, message), or None."""
        websocket = scope["type"] == "websocket"
        if not websocket and scope.get("method") not in CHANGING:
            return None
        site = (_header(scope, b"sec-fetch-site") or "").strip().lower()
        if site in ("cross-site", "same-site"):
            return (
                403,
                "cross_site_request",
                f"this request came from another site's page (Sec-Fetch-Site: {site}); "
                "changes are accepted only from this server's own pages",
            )
        origin = _header(scope, b"origin")
        if origin is not None:
            normal = origin_of(origin)
            if normal is None or normal not in self.allowed | _own_origins(scope):
                own = ", ".join(sorted(_own_origins(scope) | self.allowed))
                return (
                    403,
                    "foreign_origin",
                    f"requests from pages of {origin[:100]!r} are not accepted here (allowed: "
                    f"{own or 'none'}; an operator adds others "
                    "with the allowed_origins setting)",
                )
        if not websocket and _has_body(scope):
            content_type = _header(scope, b"content-type")
            if not _is_json(content_type):
                got = "none" if content_type is None else repr(content_type[:100])
                return (
                    415,
                    "unsupported_media_type",
                    f"the body must be JSON sent with Content-Type: application/json (got {got})",
                )
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "http":
            await _send_http(send, *refusal, close=_has_body(scope))
        else:
            await _send_ws(receive, send, *refusal)


async def _send_http(send: Send, status: int, code: str, message: str, *, close: bool) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))  # the body is never read
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _send_ws(receive: Receive, send: Send, status: int, code: str, message: str) -> None:
    """Accept only to say why, then close with 44xx (the app's way of refusing a socket)."""
    first = await receive()
    if first.get("type") != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    text = json.dumps({"type": "error", "code": code, "message": message})
    await send({"type": "websocket.send", "text": text})
    await send({"type": "websocket.close", "code": 4000 + status})
