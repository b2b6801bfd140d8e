"""The accounts HTTP contract on a real SQLite file: registration, log-in, rate limits,
cookies, sessions across a restart, my account, hidden pages, invitations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from accounts_helpers import Site, register
from sqlalchemy import insert

from paston.server.accounts import AccountLimits
from paston.server.accounts.schema import accounts_t
from paston.server.accounts.sessions import COOKIE


def _session_cookie(r: Any) -> str:
    """The session's Set-Cookie header (a log-in also sets the device cookie)."""
    return str(next(h for h in r.headers.get_list("set-cookie") if h.startswith(f"{COOKIE}=")))


def test_register_sets_a_session_cookie_with_the_contract_flags(site: Site) -> None:
    c = site.browser()
    r = register(c, "Ani")
    assert r.json() == {"name": "Ani"}
    cookie = _session_cookie(r)
    parts = [p.strip() for p in cookie.split(";")]
    token = parts[0].split("=", 1)[1]
    assert parts[0].startswith(f"{COOKIE}=") and len(token) >= 43  # 256 bits, base64
    lowered = [p.lower() for p in parts]
    assert "httponly" in lowered and "samesite=lax" in lowered and "path=/" in lowered
    assert f"max-age={30 * 24 * 3600}" in lowered
    assert "secure" not in lowered  # plain http here
    assert c.get("/api/account/me").json() == {"name": "Ani", "hidden": False, "ratings": {}}


def test_cookie_is_secure_over_https(site: Site) -> None:
    # Behind a TLS proxy on 127.0.0.1 (uvicorn believes its X-Forwarded-Proto).
    c = site.browser(**{"X-Forwarded-Proto": "https"})
    r = register(c, "Secure")
    assert "secure" in [p.strip().lower() for p in _session_cookie(r).split(";")]


def test_the_database_holds_the_token_hash_and_a_password_hash_only(site: Site) -> None:
    import sqlite3

    c = site.browser()
    r = register(c, "Hashed", "my very own password")
    token = r.cookies[COOKIE]
    con = sqlite3.connect(site.db)
    try:
        dump = "\n".join(con.iterdump())
    finally:
        con.close()
    assert token not in dump and "my very own password" not in dump
    assert "$argon2id$" in dump


def test_duplicate_names_any_case_and_bad_names(site: Site) -> None:
    c = site.browser()
    register(c, "Ani")
    for name in ("ani", "ANI", " Ani "):
        r = c.post("/api/account/register", json={"name": name, "password": "long enough"})
        assert r.status_code == 400 and r.json()["error"]["code"] == "name_taken", r.text
    for bad, field_word in (("", "name"), ("x" * 25, "name"), ("a\u202eb", "name"), ("a/b", "/")):
        r = c.post("/api/account/register", json={"name": bad, "password": "long enough"})
        assert r.status_code == 400, r.text
        assert field_word in r.json()["error"]["message"]


def test_weak_passwords(site: Site) -> None:
    c = site.browser()
    for pw in ("short", "", 12345678, "x" * 129):
        r = c.post("/api/account/register", json={"name": "Bob", "password": pw})
        assert r.status_code == 400 and r.json()["error"]["code"] == "weak_password", r.text
        assert "8 to 128" in r.json()["error"]["message"] or "text" in r.json()["error"]["message"]
    assert c.get("/api/account/me").json()["name"] is None


def test_login_logout_and_one_message_for_wrong_password_and_unknown_name(site: Site) -> None:
    a = site.browser()
    register(a, "Ani", "password one")
    b = site.browser()
    wrong = b.post("/api/account/login", json={"name": "Ani", "password": "password two"})
    unknown = b.post("/api/account/login", json={"name": "Nobody", "password": "password one"})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert wrong.json()["error"]["code"] == "bad_login"
    assert COOKIE not in wrong.cookies
    ok = b.post("/api/account/login", json={"name": "aNI", "password": "password one"})
    assert ok.status_code == 200 and ok.json() == {"name": "Ani"}
    assert b.get("/api/account/me").json()["name"] == "Ani"
    token = b.cookies[COOKIE]
    out = b.post("/api/account/logout")
    assert out.status_code == 204
    assert (
        "max-age=0" in out.headers["set-cookie"].lower()
        or "expires" in out.headers["set-cookie"].lower()
    )
    assert b.get("/api/account/me").json()["name"] is None
    # The server forgot the session: the old token opens nothing any more.
    b.cookies.set(COOKIE, token)
    assert b.get("/api/account/me").json()["name"] is None
    assert a.get("/api/account/me").json()["name"] == "Ani"  # the other session lives on


def test_login_is_rate_limited_per_name_and_per_address(site: Site) -> None:
    register(site.browser(), "Ani", "the right one")
    limits = AccountLimits(login_failures=3, prefix_failures=5, login_backoff=60)
    site.app.state.accounts.set_limits(limits)
    c = site.browser()  # never logged in to "Ani": no device cookie
    for _ in range(3):
        r = c.post("/api/account/login", json={"name": "Ani", "password": "the wrong one"})
        assert r.status_code == 401
    r = c.post("/api/account/login", json={"name": "Ani", "password": "the right one"})
    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
    assert 1 <= int(r.headers["Retry-After"]) <= 60
    # Per address (its prefix): failures spread over many names slow the address down.
    site.app.state.accounts.set_limits(limits)
    for i in range(5):
        r = c.post("/api/account/login", json={"name": f"guess{i}", "password": "whatever1"})
        assert r.status_code == 401
    r = c.post("/api/account/login", json={"name": "Ani", "password": "the right one"})
    assert r.status_code == 429 and "Retry-After" in r.headers
    # (tests/server/accounts/test_accounts_lockout.py: other addresses, known browsers.)


def test_registration_is_rate_limited_per_address(site: Site) -> None:
    c = site.browser()
    site.app.state.accounts.set_limits(AccountLimits(registrations=2, register_window=60))
    register(c, "One")
    register(c, "Two")
    r = c.post("/api/account/register", json={"name": "Three", "password": "long enough"})
    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
    assert int(r.headers["Retry-After"]) >= 1


def test_a_session_survives_a_server_restart(tmp_path: Path) -> None:
    first = Site(tmp_path / "paston.sqlite")
    c = first.browser()
    register(c, "Ani")
    token = c.cookies[COOKIE]
    first.close()
    second = Site(tmp_path / "paston.sqlite")
    try:
        d = second.browser()
        d.cookies.set(COOKIE, token)
        assert d.get("/api/account/me").json()["name"] == "Ani"
    finally:
        second.close()


def test_join_as_account_marks_the_seat_registered_and_shows_nothing_else(site: Site) -> None:
    ani, guest = site.browser(), site.browser()
    register(ani, "Ani")
    body = {"seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}], "rated": False}
    t = ani.post("/api/tables", json=body).json()["id"]
    r = ani.post(f"/api/tables/{t}/join", json={"nickname": "Typed Name"})
    assert r.status_code == 200, r.text
    again = ani.post(f"/api/tables/{t}/join", json={"nickname": "Typed Name"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "already_seated"
    assert guest.post(f"/api/tables/{t}/join", json={"nickname": "Guest"}).status_code == 200
    summary = guest.get(f"/api/tables/{t}").json()
    assert summary["rated"] is False
    seats = summary["seats"]
    assert (seats[0]["nickname"], seats[0]["registered"]) == ("Ani", True)
    assert (seats[1]["nickname"], seats[1]["registered"]) == ("Guest", False)
    assert seats[2]["registered"] is False
    text = guest.get(f"/api/tables/{t}").text
    assert "account" not in text and "hidden" not in text
    assert guest.post("/api/tables", json={"rated": "yes"}).status_code == 400


def test_hidden_page_is_404_for_others_and_left_off_the_leaderboard(site: Site) -> None:
    ani, other = site.browser(), site.browser()
    register(ani, "Ani")
    assert other.get("/api/players/Ani").status_code == 200
    assert other.get("/api/players/Ani/records").status_code == 200
    assert other.patch("/api/account/me", json={"hidden": True}).status_code == 401
    r = ani.patch("/api/account/me", json={"hidden": True})
    assert r.status_code == 200 and r.json()["hidden"] is True
    assert ani.patch("/api/account/me", json={"hidden": "yes"}).status_code == 400
    for path in ("/api/players/Ani", "/api/players/ani/records", "/api/players/Nobody"):
        r = other.get(path)
        assert r.status_code == 404 and r.json()["error"]["code"] == "no_such_player", path
    assert ani.get("/api/players/Ani").status_code == 200  # the owner still sees it
    assert ani.get("/api/account/me").json()["hidden"] is True


def test_paging_and_leaderboard_parameters(site: Site) -> None:
    c = site.browser()
    register(c, "Ani")
    assert c.get("/api/players/Ani?limit=101").status_code == 400
    assert c.get("/api/players/Ani?limit=0").status_code == 400
    assert c.get("/api/players/Ani?offset=-1").status_code == 400
    assert c.get("/api/players/Ani?limit=100&offset=5").json()["games"] == []
    assert c.get("/api/leaderboard/paston?limit=500").status_code == 400
    r = c.get("/api/leaderboard/nothing")
    assert r.status_code == 404 and "paston" in r.json()["error"]["message"]
    assert c.get("/api/leaderboard/paris").json() == []


def test_invitations_create_list_decline_and_only_open_tables(site: Site) -> None:
    ani, bob, guest = site.browser(), site.browser(), site.browser()
    register(ani, "Ani")
    register(bob, "Bob")
    body = {"name": "Private one", "public": False, "seats": [{"kind": "human"}] * 3}
    t = ani.post("/api/tables", json=body).json()["id"]
    invite = {"table_id": t, "to": "bob"}
    assert guest.post("/api/invitations", json=invite).status_code == 401
    assert guest.get("/api/invitations").status_code == 401
    r = ani.post("/api/invitations", json={"table_id": t, "to": "Nobody"})
    assert r.status_code == 404
    r = ani.post("/api/invitations", json={"table_id": "nosuchtable", "to": "Bob"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_such_table"
    assert ani.post("/api/invitations", json={"table_id": t, "to": "Ani"}).status_code == 400
    r = ani.post("/api/invitations", json=invite)
    assert r.status_code == 201, r.text
    inv = r.json()["id"]
    assert ani.post("/api/invitations", json=invite).json()["id"] == inv  # once per player
    assert ani.get("/api/invitations").json() == []  # mine are those sent to me
    listed = bob.get("/api/invitations").json()
    assert len(listed) == 1
    got = listed[0]
    assert (got["id"], got["table_id"], got["game"], got["from"]) == (inv, t, "paston", "Ani")
    assert got["table_name"] == "Private one" and got["created"].endswith("Z")
    # The invited player joins the private table by its link.
    assert bob.post(f"/api/tables/{t}/join", json={}).json()["seat"] == 0
    assert ani.delete(f"/api/invitations/{inv}").status_code == 404  # only the invitee
    assert bob.delete(f"/api/invitations/{inv}").status_code == 204
    assert bob.get("/api/invitations").json() == []
    assert bob.delete(f"/api/invitations/{inv}").status_code == 404
    # A table that is no longer open takes no invitations, and its pending ones disappear.
    ani.post("/api/invitations", json=invite)
    table = site.app.state.registry.tables[t]
    table.closed_reason = "idle"  # as the sweeper leaves an idle table
    assert bob.get("/api/invitations").json() == []
    r = ani.post("/api/invitations", json=invite)
    assert r.status_code == 409 and r.json()["error"]["code"] == "table_closed"


def test_at_most_twenty_pending_invitations_per_sender(site: Site) -> None:
    ani = site.browser()
    register(ani, "Ani")
    others = [f"P{i}" for i in range(21)]
    # Registered straight in the database: 21 password hashes would only cost time here.
    engine = site.app.state.accounts.engine
    with engine.begin() as conn:
        conn.execute(
            insert(accounts_t),
            [
                {
                    "name": n,
                    "name_key": n.lower(),
                    "password_hash": "-",
                    "created": 0.0,
                    "hidden": False,
                }
                for n in others
            ],
        )
    t = ani.post("/api/tables", json={"public": False}).json()["id"]
    for name in others[:20]:
        assert ani.post("/api/invitations", json={"table_id": t, "to": name}).status_code == 201
    r = ani.post("/api/invitations", json={"table_id": t, "to": others[20]})
    assert r.status_code == 429 and "20" in r.json()["error"]["message"]


def test_pages_are_served(site: Site) -> None:
    c = site.browser()
    for path in ("/login", "/players/Ani", "/leaderboard"):
        r = c.get(path)
        assert r.status_code in (200, 404), path
        if r.status_code == 200:
            assert "<html" in r.text.lower()
