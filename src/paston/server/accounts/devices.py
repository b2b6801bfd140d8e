"""Device cookies: a browser that logged in to an account before is let in while the name is
throttled for everybody else (OWASP, "Slow Down Online Guessing Attacks with Device Cookies").

A successful log-in (or registration) sets ``paston_device``: for each account this browser
logged in to (the newest :data:`MAX_ENTRIES`), an entry naming the account (its case-folded
name), a random id for this browser and the time it was issued, signed with HMAC-SHA256 under
the server's key (:func:`paston.server.server_keys.server_key`). Nobody can make one for an
account without logging in to it, so an attacker guessing passwords never holds one, and their
failures, counted per name and per address prefix, never slow down the owner's own browser.
The cookie is sent to the log-in route only (its ``Path``), HttpOnly.

An entry is not a session and opens nothing: the password is still checked. Failures made
with a valid entry count against that entry (its random id), so a stolen browser is slowed
down like a name would be.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass

__all__ = ["COOKIE", "DEVICE_PATH", "MAX_ENTRIES", "Device", "add_entry", "find_entry"]

COOKIE = "paston_device"
DEVICE_PATH = "/api/account/login"
#: Accounts remembered per browser (a family computer); the oldest is dropped beyond.
MAX_ENTRIES = 5
_VERSION = "d1"
_SIG_CHARS = 43  # the whole HMAC-SHA256, base64url without padding


@dataclass(frozen=True, slots=True)
class Device:
    """One valid entry of a device cookie."""

    name_key: str
    #: The browser's random id for this account: the key its own failures count under.
    device_id: str
    issued: int


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _sign(key: bytes, body: str) -> str:
    return _b64(hmac.new(key, body.encode("ascii"), hashlib.sha256).digest())


def _entry(key: bytes, name_key: str, device_id: str, issued: int) -> str:
    body = f"{_VERSION}.{_b64(name_key.encode('utf-8'))}.{device_id}.{issued}"
    return f"{body}.{_sign(key, body)}"


def _entries(cookie: str | None) -> list[str]:
    if not cookie or len(cookie) > 4096:
        return []
    return [e for e in cookie.split("~")[: MAX_ENTRIES * 2] if e]


def _parse(key: bytes, entry: str, now: float, max_age: float) -> Device | None:
    """The entry's device if its signature is the server's and it is not too old."""
    parts = entry.split(".")
    if len(parts) != 5 or parts[0] != _VERSION or len(parts[4]) != _SIG_CHARS:
        return None
    body = ".".join(parts[:4])
    try:
        body.encode("ascii")
        if not hmac.compare_digest(_sign(key, body), parts[4]):
            return None
        name_key = _unb64(parts[1]).decode("utf-8")
        issued = int(parts[3])
    except (UnicodeError, ValueError):
        return None
    if not 0 <= now - issued <= max_age:
        return None
    return Device(name_key, parts[2], issued)


def find_entry(
    key: bytes, cookie: str | None, name_key: str, max_age: float, now: float | None = None
) -> Device | None:
    """The valid entry of ``cookie`` for the account ``name_key``, or None."""
    now = time.time() if now is None else now
    for entry in _entries(cookie):
        device = _parse(key, entry, now, max_age)
        if device is not None and hmac.compare_digest(
            device.name_key.encode("utf-8"), name_key.encode("utf-8")
        ):
            return device
    return None


def add_entry(
    key: bytes, cookie: str | None, name_key: str, max_age: float, now: float | None = None
) -> str:
    """The cookie's new value after a log-in to ``name_key``: that account's entry first
    (fresh, keeping its device id if it had one), the other valid entries after it."""
    now = time.time() if now is None else now
    kept: list[str] = []
    device_id = secrets.token_urlsafe(16)
    for entry in _entries(cookie):
        device = _parse(key, entry, now, max_age)
        if device is None:
            continue
        if device.name_key == name_key:
            device_id = device.device_id
        else:
            kept.append(entry)
    fresh = _entry(key, name_key, device_id, int(now))
    return "~".join([fresh, *kept][:MAX_ENTRIES])
