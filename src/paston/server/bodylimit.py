"""ASGI middleware: request bodies are bounded in size and time while they are read.

A declared ``Content-Length`` over the limit is refused before a byte of the body is read; a
body sent in chunks (or lying about its length) is counted as it arrives and refused as soon
as it goes over. A body that trickles in slower than ``body_timeout`` seconds for the whole of
it is refused too. Refusals are the protocol's JSON errors (413 ``too_large``, 408
``request_timeout``); the connection is then closed, so the rest of the body is never read.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from .errors import BadRequest

__all__ = ["BodyLimitMiddleware", "BodyRefused", "send_error"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyRefused(BadRequest):
    """The body is too large or too slow (raised from ``receive`` inside a handler)."""


class BodyLimitMiddleware:
    def __init__(self, app: ASGIApp, *, max_body: int, body_timeout: float) -> None:
        self.app = app
        self.max_body = max_body
        self.body_timeout = body_timeout

    def _too_large(self) -> BodyRefused:
        return BodyRefused(
            f"the request body is over {self.max_body} bytes ({self.max_body // 1024} KiB)",
            "too_large",
            413,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_body:
            await send_error(send, self._too_large())
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_timeout
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            left = deadline - loop.time()
            try:
                if left <= 0:
                    raise TimeoutError
                message = await asyncio.wait_for(receive(), left)
            except TimeoutError:
                raise BodyRefused(
                    f"the request body took over {self.body_timeout:g} s to arrive",
                    "request_timeout",
                    408,
                ) from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise self._too_large()
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyRefused as exc:
            # Raised where no handler turned it into a response (e.g. outside the routes).
            if not started:
                await send_error(send, exc)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def send_error(send: Send, exc: BadRequest, headers: dict[str, str] | None = None) -> None:
    """Answer a request with the protocol's JSON error for ``exc`` (outside any route)."""
    body = json.dumps({"error": {"code": exc.code, "message": str(exc)}}).encode()
    extra = [(k.encode(), v.encode()) for k, v in (headers or {}).items()]
    if exc.status in (408, 413):
        extra.append((b"connection", b"close"))  # the rest of the body is never read
    await send(
        {
            "type": "http.response.start",
            "status": exc.status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *extra,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
