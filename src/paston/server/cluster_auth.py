"""Cluster mode: the processes of a cluster prove to each other that a request is theirs.

A request one process sends another (a relayed request or socket, a lobby listing, a
spectator snapshot, a remote spectator's chat line) carries ``X-Paston-Forwarded:
v1:<unix time>:<HMAC-SHA256>``. The HMAC covers the method (``WS`` for a socket), the path,
the query (its parameters sorted, so re-encoding on the way does not matter), the time and the
SHA-256 of the body, under the cluster's key: 256 random bits made by the first process and
kept in the shared database (:func:`paston.server.server_keys.server_key`), which every
``--cluster`` process reads. The receiving process checks it in constant time, and refuses a
signature older or newer than :data:`MAX_SKEW` seconds (a copied header is good for no more
than that, for the same request only).

A client that sends the header itself cannot sign it: :class:`~.cluster_proxy.ClusterRouter`
refuses its request (403 ``forged_forward``) before any route sees it, and marks a verified one
in its scope (:data:`PEER_KEY`), which the internal routes require.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from urllib.parse import parse_qsl

__all__ = ["HEADER", "MAX_SKEW", "PEER_KEY", "sign", "verify"]

HEADER = "X-Paston-Forwarded"
#: The ASGI scope key a verified peer request carries (True).
PEER_KEY = "paston.peer"
#: Seconds a signature is accepted before or after its time (the processes' clocks may differ
#: by a little: they run NTP, or on one machine).
MAX_SKEW = 120.0
_VERSION = "v1"


def _message(method: str, path: str, query: str | bytes, stamp: str, body: bytes) -> bytes:
    if isinstance(query, bytes):
        query = query.decode("latin-1")
    params = sorted(parse_qsl(query, keep_blank_values=True))
    canonical = "&".join(f"{k}={v}" for k, v in params)
    digest = hashlib.sha256(body).hexdigest()
    return "\n".join([_VERSION, method.upper(), path, canonical, stamp, digest]).encode(
        "utf-8", "surrogatepass"
    )


def sign(
    key: bytes,
    method: str,
    path: str,
    query: str | bytes = "",
    body: bytes = b"",
    now: float | None = None,
) -> str:
    """The header's value for this request (``method`` ``WS`` for a socket)."""
    stamp = str(int(time.time() if now is None else now))
    mac = hmac.new(key, _message(method, path, query, stamp, body), hashlib.sha256).hexdigest()
    return f"{_VERSION}:{stamp}:{mac}"


def verify(
    key: bytes,
    value: str,
    method: str,
    path: str,
    query: str | bytes = "",
    body: bytes = b"",
    now: float | None = None,
) -> str | None:
    """None if ``value`` signs this request now; else why not (a sentence)."""
    parts = value.strip().split(":")
    if len(parts) != 3 or parts[0] != _VERSION or not parts[1].isdigit() or len(parts[1]) > 12:
        return "it is not a cluster process's signature (v1:<time>:<hmac>)"
    now = time.time() if now is None else now
    if abs(now - int(parts[1])) > MAX_SKEW:
        return f"its time is over {MAX_SKEW:g} s away from this process's clock"
    wanted = hmac.new(key, _message(method, path, query, parts[1], body), hashlib.sha256)
    if not hmac.compare_digest(wanted.hexdigest().encode(), parts[2].encode("latin-1")):
        return "its signature does not match the cluster's key"
    return None
