"""Managing an account over the real API on a real SQLite file: changing the password (the
other sessions end; rate-limited like log-in), deleting the account (its games stay in the
other players' histories, marked deleted), and the sessions list with "log out everywhere"."""

from __future__ import annotations

import time

import httpx
from accounts_helpers import Site, register

from paston.server.accounts import AccountLimits, FinishedGame, SeatResult, identity
from paston.server.accounts.history import record_game
from paston.server.accounts.sessions import COOKIE, agent_summary

FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"
CHROME_ANDROID = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/120.0.0.0 Mobile Safari/537.36"
)


def _login(site: Site, name: str, password: str = "correct horse", **headers: str) -> httpx.Client:
    b = site.browser(**headers)
    r = b.post("/api/account/login", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return b


def test_a_password_change_needs_the_old_one_and_ends_the_other_sessions(site: Site) -> None:
    a = site.browser()
    register(a, "Ani", "first password")
    other = _login(site, "Ani", "first password")
    wrong = a.post("/api/account/password", json={"old": "not it at all", "new": "second password"})
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "wrong_password"
    weak = a.post("/api/account/password", json={"old": "first password", "new": "short"})
    assert weak.status_code == 400 and weak.json()["error"]["code"] == "weak_password"
    assert "'new'" in weak.json()["error"]["message"]
    unknown = a.post("/api/account/password", json={"old": "first password", "newer": "x"})
    assert unknown.status_code == 400 and "'newer'" in unknown.json()["error"]["message"]
    ok = a.post("/api/account/password", json={"old": "first password", "new": "second password"})
    assert ok.status_code == 200 and ok.json() == {"name": "Ani", "sessions_ended": 1}
    assert a.get("/api/account/me").json()["name"] == "Ani"  # this session goes on
    assert other.get("/api/account/me").json()["name"] is None
    b = site.browser()
    old = b.post("/api/account/login", json={"name": "Ani", "password": "first password"})
    assert old.status_code == 401
    new = b.post("/api/account/login", json={"name": "Ani", "password": "second password"})
    assert new.status_code == 200
    guest = site.browser().post("/api/account/password", json={"old": "a" * 8, "new": "b" * 8})
    assert guest.status_code == 401 and guest.json()["error"]["code"] == "not_logged_in"


def test_wrong_old_passwords_are_rate_limited_like_log_ins(site: Site) -> None:
    a = site.browser()
    register(a, "Bob", "the right one")
    site.app.state.accounts.set_limits(AccountLimits(login_failures=2, login_backoff=60))
    for _ in range(2):
        r = a.post("/api/account/password", json={"old": "the wrong one", "new": "another one"})
        assert r.status_code == 403
    r = a.post("/api/account/password", json={"old": "the right one", "new": "another one"})
    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
    assert 1 <= int(r.headers["Retry-After"]) <= 60
    # Deleting the account asks for the password too: the same limit holds.
    r = a.request("DELETE", "/api/account/me", json={"password": "the right one"})
    assert r.status_code == 429
    # And the name is slowed down at log-in too (the failures counted for it), for browsers
    # that never logged in to it.
    r = site.browser().post("/api/account/login", json={"name": "Bob", "password": "the right one"})
    assert r.status_code == 429


def _game(table_id: str, seats: list[tuple[str, int | None, float]]) -> FinishedGame:
    return FinishedGame(
        table_id=table_id,
        game="paston",
        rated=True,
        finished=time.time(),
        seats=tuple(
            SeatResult(seat=i, name=n, account=a, score=s, left=False, bot=a is None and n == "bot")
            for i, (n, a, s) in enumerate(seats)
        ),
        record={"meta": {"players": [n for n, _a, _s in seats]}},
    )


def test_deleting_an_account_keeps_its_games_in_the_others_histories_marked(site: Site) -> None:
    engine = site.app.state.accounts.engine
    browsers = {n: site.browser() for n in ("Ani", "Bob", "Cat")}
    for n, b in browsers.items():
        register(b, n)
    ids = {n: identity.find(engine, n).id for n in browsers}  # type: ignore[union-attr]
    # Ani sits at seat 1 between Bob and Cat; a rated game all three finished.
    record_game(
        engine,
        _game("T1", [("Bob", ids["Bob"], 3), ("Ani", ids["Ani"], 5), ("Cat", ids["Cat"], 1)]),
    )
    ani, bob = browsers["Ani"], browsers["Bob"]
    second = _login(site, "Ani")
    table = bob.post("/api/tables", json={"seats": [{"kind": "human"}] * 3}).json()["id"]
    assert bob.post("/api/invitations", json={"table_id": table, "to": "Ani"}).status_code == 201
    assert len(ani.get("/api/invitations").json()) == 1
    assert bob.get("/api/leaderboard/paston").json()[0]["name"] == "Ani"

    wrong = ani.request("DELETE", "/api/account/me", json={"password": "not my password"})
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "wrong_password"
    assert ani.get("/api/account/me").json()["name"] == "Ani"
    gone = ani.request("DELETE", "/api/account/me", json={"password": "correct horse"})
    assert gone.status_code == 204
    assert "max-age=0" in gone.headers["set-cookie"].lower()
    assert ani.get("/api/account/me").json()["name"] is None
    assert second.get("/api/account/me").json()["name"] is None
    assert bob.get("/api/players/Ani").status_code == 404
    assert "Ani" not in [r["name"] for r in bob.get("/api/leaderboard/paston").json()]
    for n, other_seat_names in (("Bob", ["Ani", "Cat"]), ("Cat", ["Bob", "Ani"])):
        game = bob.get(f"/api/players/{n}").json()["games"][0]
        assert game["opponents"] == other_seat_names
        assert game["deleted_opponents"] == ["Ani"]
    # The shared record still names her (it is what was played).
    assert '"Ani"' in bob.get("/api/players/Bob/records").text
    login = site.browser().post(
        "/api/account/login", json={"name": "Ani", "password": "correct horse"}
    )
    assert login.status_code == 401
    # A game that ends after the deletion treats her seat as a guest's: no error, no rating.
    assert record_game(
        engine,
        _game("T2", [("Ani", ids["Ani"], 9), ("Bob", ids["Bob"], 1), ("Cat", ids["Cat"], 0)]),
    )
    assert bob.get("/api/players/Bob").json()["games"][0]["table_id"] == "T2"
    # The name is free again; the new Ani has none of the old one's games.
    fresh = site.browser()
    register(fresh, "Ani")
    page = fresh.get("/api/players/Ani").json()
    assert page["games"] == [] and page["ratings"] == {}
    assert fresh.get("/api/invitations").json() == []
    # Cat (who did not delete) still sees the old Ani as deleted, not as the new player.
    assert bob.get("/api/players/Cat").json()["games"][1]["deleted_opponents"] == ["Ani"]


def test_the_sessions_list_and_logging_out_everywhere(site: Site) -> None:
    a = site.browser(**{"User-Agent": FIREFOX_LINUX})
    register(a, "Dan")
    b = _login(site, "Dan", **{"User-Agent": CHROME_ANDROID})
    stranger = site.browser()
    register(stranger, "Eve")
    listed = a.get("/api/account/sessions")
    assert listed.status_code == 200
    rows = listed.json()
    assert len(rows) == 2  # Eve's session is not Dan's
    assert {r["agent"] for r in rows} == {"Firefox on Linux", "Chrome on Android"}
    mine = [r for r in rows if r["current"]]
    assert len(mine) == 1 and mine[0]["agent"] == "Firefox on Linux"
    for r in rows:
        assert r["created"].endswith("Z") and r["last_seen"] >= r["created"]
        assert len(r["id"]) == 16 and r["id"] not in a.cookies[COOKIE]
    assert site.browser().get("/api/account/sessions").status_code == 401
    out = b.request("DELETE", "/api/account/sessions")
    assert out.status_code == 204
    assert a.get("/api/account/me").json()["name"] is None
    assert b.get("/api/account/me").json()["name"] is None
    assert stranger.get("/api/account/me").json()["name"] == "Eve"


def test_agent_summaries_name_the_browser_and_system_only() -> None:
    assert agent_summary(FIREFOX_LINUX) == "Firefox on Linux"
    assert agent_summary(CHROME_ANDROID) == "Chrome on Android"
    edge = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36 Edg/120.0"
    assert agent_summary(edge) == "Edge on Windows"
    iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Safari/604.1"
    assert agent_summary(iphone) == "Safari on iOS"
    assert agent_summary("python-httpx/0.27") == "httpx"
    assert agent_summary("") is None and agent_summary("???") is None
