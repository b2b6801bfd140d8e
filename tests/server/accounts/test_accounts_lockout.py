"""Nobody can lock an account out (issue 17 §4): failed log-ins slow guesses down per name and
per address prefix with exponential back-off, and a browser that logged in to the account
before (its signed device cookie) is never slowed down by anybody else's failures.

Clients at other addresses are simulated with ``X-Forwarded-For`` (the test server believes it
from 127.0.0.1, as behind a proxy).
"""

from __future__ import annotations

import httpx
import pytest
from accounts_helpers import Site, register

from paston.server.accounts import AccountLimits
from paston.server.accounts.devices import COOKIE as DEVICE_COOKIE
from paston.server.accounts.devices import add_entry, find_entry
from paston.server.accounts.sessions import COOKIE
from paston.server.accounts.throttle import BackoffLimiter, backoff_wait, prefix_key
from paston.server.edge import EdgeSettings

#: Waits long enough that no test depends on how fast the machine answers.
SLOW = AccountLimits(login_failures=3, prefix_failures=6, login_backoff=600, login_window=3600)


def _behind_proxy(site: Site) -> None:
    site.app.state.limits.trusted = EdgeSettings(trusted_proxies=("127.0.0.1",)).trusted_networks()
    site.app.state.accounts.set_limits(SLOW)


def _login(c: httpx.Client, name: str, password: str, at: str) -> httpx.Response:
    return c.post(
        "/api/account/login",
        json={"name": name, "password": password},
        headers={"X-Forwarded-For": at},
    )


def test_an_attackers_failures_do_not_keep_the_owners_browser_out(site: Site) -> None:
    owner = site.browser()
    register(owner, "Ani", "the right one")
    assert owner.post("/api/account/logout").status_code == 204
    _behind_proxy(site)
    attacker = site.browser()
    codes = [_login(attacker, "Ani", f"guess {i}", "203.0.113.7").status_code for i in range(12)]
    assert codes[:3] == [401] * 3 and set(codes[3:]) == {429}
    # The name is slowed down for every browser that never logged in to it...
    stranger = _login(site.browser(), "Ani", "the right one", "198.51.100.20")
    assert stranger.status_code == 429 and int(stranger.headers["Retry-After"]) >= 1
    # ... but the owner's browser, from any address, gets in with the right password.
    for at in ("192.0.2.1", "203.0.113.9"):
        ok = _login(owner, "Ani", "the right one", at)
        assert ok.status_code == 200, ok.text
        assert ok.json() == {"name": "Ani"} and owner.cookies.get(COOKIE)
        owner.post("/api/account/logout")
    # The device cookie is HttpOnly, sent to the log-in route only.
    cookie = next(h for h in ok.headers.get_list("set-cookie") if h.startswith(DEVICE_COOKIE))
    flags = [p.strip().lower() for p in cookie.split(";")]
    assert "httponly" in flags and "path=/api/account/login" in flags


def test_a_known_browser_is_slowed_down_by_its_own_failures_only(site: Site) -> None:
    owner = site.browser()
    register(owner, "Bob", "the right one")
    owner.post("/api/account/logout")
    _behind_proxy(site)
    codes = [_login(owner, "Bob", f"typo {i}", "192.0.2.5").status_code for i in range(4)]
    assert codes == [401, 401, 401, 429]
    # Its failures did not slow the name down for others (a stranger is not refused: 401).
    assert _login(site.browser(), "Bob", "a guess", "198.51.100.3").status_code == 401


def test_guesses_are_throttled_per_name_across_addresses(site: Site) -> None:
    register(site.browser(), "Cleo", "the right one")
    _behind_proxy(site)
    c = site.browser()
    # Each guess from another /24: only the name's own count can stop them.
    codes = [
        _login(c, "Cleo", f"guess {i}", f"10.{i}.0.1").status_code
        for i in range(SLOW.login_failures + 2)
    ]
    assert codes == [401] * SLOW.login_failures + [429, 429]
    # An unknown name is throttled the same way (429 says nothing about whether it exists).
    codes = [
        _login(c, "Nobody", f"guess {i}", f"10.{i}.1.1").status_code
        for i in range(SLOW.login_failures + 1)
    ]
    assert codes == [401] * SLOW.login_failures + [429]


def test_guesses_are_throttled_per_address_prefix_across_names(site: Site) -> None:
    register(site.browser(), "Dan", "the right one")
    _behind_proxy(site)
    c = site.browser()
    # Many names, each guessed once, from many hosts of one /24: the prefix counts them all.
    codes = [
        _login(c, f"name{i}", "a guess at it", f"203.0.113.{i + 1}").status_code
        for i in range(SLOW.prefix_failures + 1)
    ]
    assert codes == [401] * SLOW.prefix_failures + [429]
    assert _login(site.browser(), "Dan", "the right one", "203.0.113.200").status_code == 429
    # The next /24 is another prefix: a right password gets in from there.
    assert _login(site.browser(), "Dan", "the right one", "203.0.114.1").status_code == 200
    # IPv6: a /64 is one prefix (fresh browsers: the one that got in is a known one now).
    for i in range(SLOW.prefix_failures):
        assert (
            _login(c, f"v6name{i}", "a guess at it", f"2001:db8:0:1::{i + 1:x}").status_code == 401
        )
    assert _login(site.browser(), "Dan", "the right one", "2001:db8:0:1::ffff").status_code == 429
    assert _login(site.browser(), "Dan", "the right one", "2001:db8:0:2::1").status_code == 200


def test_one_answer_for_unknown_name_and_wrong_password_while_throttling(site: Site) -> None:
    register(site.browser(), "Eve", "the right one")
    _behind_proxy(site)
    c = site.browser()
    wrong = _login(c, "Eve", "the wrong one", "192.0.2.50")
    unknown = _login(c, "Zed", "the wrong one", "192.0.2.51")
    assert wrong.status_code == unknown.status_code == 401
    assert (
        wrong.json()
        == unknown.json()
        == {"error": {"code": "bad_login", "message": "wrong name or password"}}
    )


def test_backoff_doubles_and_is_capped() -> None:
    now = [0.0]
    limiter = BackoffLimiter(3, 2.0, 60.0, 3600.0, clock=lambda: now[0])
    waits = []
    for _ in range(10):
        limiter.fail("k")
        waits.append(limiter.retry_after("k"))
    assert waits == [0, 0, 2, 4, 8, 16, 32, 60, 60, 60]
    now[0] += 59.5
    assert limiter.retry_after("k") == pytest.approx(0.5)
    now[0] += 0.5
    assert limiter.retry_after("k") == 0  # never a lock: at most 60 s after the last failure
    now[0] += 3600.0
    limiter.fail("k")
    assert limiter.retry_after("k") == 0  # failures older than the window are forgotten
    assert backoff_wait([5.0, 1.0], 1, 2.0, 60.0) == pytest.approx(3.0)


def test_prefixes() -> None:
    assert prefix_key("203.0.113.77") == "203.0.113.0/24"
    assert prefix_key("2001:db8:1:2::/64") == "2001:db8:1:2::/64"
    assert prefix_key("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64"
    assert prefix_key("::ffff:198.51.100.9") == "198.51.100.0/24"
    assert prefix_key("unknown") == "unknown"


def test_device_cookie_entries_are_signed_and_per_account() -> None:
    key, other = b"k" * 32, b"o" * 32
    cookie = add_entry(key, None, "ani", 1000, now=10_000)
    cookie = add_entry(key, cookie, "bob", 1000, now=10_000)
    assert find_entry(key, cookie, "ani", 1000, now=10_500) is not None
    assert find_entry(key, cookie, "bob", 1000, now=10_500) is not None
    assert find_entry(key, cookie, "cleo", 1000, now=10_500) is None
    assert find_entry(other, cookie, "ani", 1000, now=10_500) is None  # another server's key
    assert find_entry(key, cookie, "ani", 1000, now=11_001) is None  # too old
    ani = add_entry(key, None, "ani", 1000, now=10_000)
    parts = ani.split(".")
    forged = ".".join([parts[0], "Ym9i", *parts[2:]])  # the same entry, renamed "bob"
    assert find_entry(key, forged, "bob", 1000, now=10_500) is None
    assert find_entry(key, "garbage~d1.x.y.z.w", "ani", 1000) is None
