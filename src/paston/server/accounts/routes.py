"""The accounts' HTTP routes (an APIRouter that ``create_app`` includes): registration,
log-in and -out, my account, player pages and exports, leaderboards, invitations, and the
pages that show them. The contract is in docs/server-protocol.md, "Accounts".

Everything that touches the database runs in a worker thread (password hashing too: it is
slow on purpose), so the event loop keeps serving tables meanwhile.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from ...core.registry import UnknownGame, get_game
from ..clientlimits import RateLimited
from ..errors import BadRequest
from ..safejson import JSONRejected, parse_json
from . import devices, history, identity, invitations, removal, sessions
from .history import iso
from .passwords import check_password
from .service import Accounts
from .sessions import COOKIE, SESSION_SECONDS, Session, end_session, new_session
from .throttle import prefix_key

__all__ = ["router"]

router = APIRouter()

#: The one answer to a failed log-in: it does not tell a wrong password from an unknown name.
BAD_LOGIN = "wrong name or password"
PAGE_LIMIT = 100


def _accounts(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


def _client(request: Request) -> str:
    return str(request.app.state.limits.client_of(request.scope))


async def _json_body(request: Request, keys: tuple[str, ...]) -> dict[str, Any]:
    edge = request.app.state.edge
    raw = await request.body()
    try:
        body = parse_json(raw, max_depth=edge.max_json_depth, max_int_digits=edge.max_int_digits)
    except JSONRejected as exc:
        raise BadRequest(f"the request body is not acceptable JSON: {exc}") from None
    wanted = ", ".join(repr(k) for k in keys)
    if not isinstance(body, dict):
        raise BadRequest(f"the body must be a JSON object with {wanted}")
    unknown = sorted(set(body) - set(keys))
    if unknown:
        raise BadRequest(f"unknown key {str(unknown[0])[:40]!r} (known keys: {wanted})")
    return body


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _set_cookie(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=SESSION_SECONDS,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


async def _me(request: Request) -> Session:
    session = await _accounts(request).session(request.cookies)
    if session is None:
        raise BadRequest("log in first (POST /api/account/login)", "not_logged_in", 401)
    return session


def _agent(request: Request) -> str | None:
    return request.headers.get("user-agent")


def _limited(what: str, wait: float) -> RateLimited:
    seconds = max(1, int(wait + 0.999))
    return RateLimited(f"too many {what}; try again in {seconds} s", retry_after=wait)


def _int_param(request: Request, name: str, default: int, low: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if not raw.isdigit() or not low <= int(raw) <= high:
        raise BadRequest(f"'{name}' must be a whole number from {low} to {high}")
    return int(raw)


# ----------------------------------------------------------------------------- account


@router.post("/api/account/register", status_code=201)
async def register(request: Request) -> Response:
    accounts = _accounts(request)
    who = _client(request)
    wait = accounts.register_by_address.retry_after(who)
    if wait > 0:
        raise _limited("registrations from your address", wait)
    body = await _json_body(request, ("name", "password"))
    name = identity.check_name(body.get("name"))
    password = check_password(body.get("password"))
    accounts.register_by_address.fail(who)  # every registration counts against the address
    account = await asyncio.to_thread(identity.register, accounts.engine, name, password)
    token = await asyncio.to_thread(new_session, accounts.engine, account.id, None, _agent(request))
    response = JSONResponse({"name": account.name}, status_code=201)
    _set_cookie(request, response, token)
    _set_device_cookie(request, response, account.name)
    return response


def _set_device_cookie(request: Request, response: Response, name: str) -> None:
    """Remember this browser as one that logged in to ``name`` (see :mod:`.devices`)."""
    accounts = _accounts(request)
    max_age = accounts.device_max_age
    value = devices.add_entry(
        accounts.device_key, request.cookies.get(devices.COOKIE), identity.name_key(name), max_age
    )
    response.set_cookie(
        devices.COOKIE,
        value,
        max_age=int(max_age),
        path=devices.DEVICE_PATH,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )


@router.post("/api/account/login")
async def login(request: Request) -> Response:
    """Log in. Failures slow down further tries (exponential back-off, never a lock): per
    name and per address prefix for browsers that never logged in to the name, per browser
    for one that did (its device cookie), so nobody else's failures keep the owner out."""
    accounts = _accounts(request)
    body = await _json_body(request, ("name", "password"))
    name, password = body.get("name"), body.get("password")
    if not isinstance(name, str) or not isinstance(password, str):
        raise BadRequest("'name' and 'password' must be texts")
    key = identity.name_key(name[:200])
    device = devices.find_entry(
        accounts.device_key, request.cookies.get(devices.COOKIE), key, accounts.device_max_age
    )
    # Which counters this try is judged by, and charged to if it fails.
    if device is not None:
        throttles = [(accounts.login_by_device, device.device_id)]
    else:
        prefix = prefix_key(_client(request))
        throttles = [(accounts.login_by_name, key), (accounts.login_by_prefix, prefix)]
    wait = max(limiter.retry_after(k) for limiter, k in throttles)
    if wait > 0:
        raise _limited("failed log-ins", wait)
    account = None
    if len(name) <= 200 and len(password) <= 1024:
        # Constant work for an unknown name too (a dummy hash is checked): see passwords.py.
        account = await asyncio.to_thread(identity.authenticate, accounts.engine, name, password)
    if account is None:
        for limiter, k in throttles:
            limiter.fail(k)
        return _error(401, "bad_login", BAD_LOGIN)
    if device is not None:
        accounts.login_by_device.clear(throttles[0][1])
    token = await asyncio.to_thread(new_session, accounts.engine, account.id, None, _agent(request))
    response = JSONResponse({"name": account.name})
    _set_cookie(request, response, token)
    _set_device_cookie(request, response, account.name)
    return response


def _logged_out(request: Request) -> Response:
    """A 204 that clears the session cookie."""
    response = Response(status_code=204)
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
    )
    return response


@router.post("/api/account/logout", status_code=204)
async def logout(request: Request) -> Response:
    await asyncio.to_thread(end_session, _accounts(request).engine, request.cookies.get(COOKIE))
    return _logged_out(request)


async def _confirm_password(request: Request, session: Session, password: Any) -> None:
    """Raise unless ``password`` is the logged-in player's password. The session is a known
    browser: its own failures slow it down (like a device cookie's), others' do not; each
    failure counts against the name too, so a stolen session gains no extra guesses."""
    accounts = _accounts(request)
    key = identity.name_key(session.name)
    mine = f"session:{session.token_hash}"
    wait = accounts.login_by_device.retry_after(mine)
    if wait > 0:
        raise _limited("wrong passwords", wait)
    ok = isinstance(password, str) and len(password) <= 1024
    if ok:
        ok = await asyncio.to_thread(
            identity.password_matches, accounts.engine, session.account_id, password
        )
    if not ok:
        accounts.login_by_device.fail(mine)
        accounts.login_by_name.fail(key)
        raise BadRequest(
            "the password you gave is not your current password", "wrong_password", 403
        )


@router.post("/api/account/password")
async def change_password(request: Request) -> dict[str, Any]:
    """A new password; every other session of the account ends (this one goes on)."""
    accounts = _accounts(request)
    session = await _me(request)
    body = await _json_body(request, ("old", "new"))
    new = check_password(body.get("new"), "new")
    await _confirm_password(request, session, body.get("old"))
    await asyncio.to_thread(identity.set_password, accounts.engine, session.account_id, new)
    ended = await asyncio.to_thread(
        sessions.end_sessions, accounts.engine, session.account_id, session.token_hash
    )
    return {"name": session.name, "sessions_ended": ended}


@router.delete("/api/account/me", status_code=204)
async def delete_me(request: Request) -> Response:
    """Delete the account (its password confirms it): see :mod:`.removal`."""
    accounts = _accounts(request)
    session = await _me(request)
    body = await _json_body(request, ("password",))
    await _confirm_password(request, session, body.get("password"))
    await asyncio.to_thread(removal.delete_account, accounts.engine, session.account_id)
    return _logged_out(request)


@router.get("/api/account/sessions")
async def my_sessions(request: Request) -> list[dict[str, Any]]:
    """My live sessions, the most recently used first (``current``: this browser's)."""
    session = await _me(request)
    rows = await asyncio.to_thread(
        sessions.list_sessions, _accounts(request).engine, session.account_id
    )
    return [
        {
            "id": token_hash[: sessions.ID_CHARS],
            "created": iso(created),
            "last_seen": iso(seen if seen is not None else created),
            "agent": agent,
            "current": token_hash == session.token_hash,
        }
        for token_hash, created, seen, agent in rows
    ]


@router.delete("/api/account/sessions", status_code=204)
async def logout_everywhere(request: Request) -> Response:
    """Log out everywhere: every session of the account ends, this one too."""
    session = await _me(request)
    await asyncio.to_thread(sessions.end_sessions, _accounts(request).engine, session.account_id)
    return _logged_out(request)


@router.get("/api/account/me")
async def me(request: Request) -> dict[str, Any]:
    accounts = _accounts(request)
    session = await accounts.session(request.cookies)
    if session is None:
        return {"name": None, "hidden": False, "ratings": {}}
    ratings = await asyncio.to_thread(history.ratings_of, accounts.engine, session.account_id)
    return {"name": session.name, "hidden": session.hidden, "ratings": ratings}


@router.patch("/api/account/me")
async def change_me(request: Request) -> dict[str, Any]:
    accounts = _accounts(request)
    session = await _me(request)
    body = await _json_body(request, ("hidden",))
    hidden = body.get("hidden")
    if not isinstance(hidden, bool):
        raise BadRequest("'hidden' must be true or false")
    await asyncio.to_thread(identity.set_hidden, accounts.engine, session.account_id, hidden)
    ratings = await asyncio.to_thread(history.ratings_of, accounts.engine, session.account_id)
    return {"name": session.name, "hidden": hidden, "ratings": ratings}


# ----------------------------------------------------------------------------- players


async def _visible(request: Request, name: str) -> identity.Account:
    """The player ``name`` if the asker may see their page (404 otherwise)."""
    accounts = _accounts(request)
    account = await asyncio.to_thread(identity.find, accounts.engine, name)
    if account is not None and account.hidden:
        session = await accounts.session(request.cookies)
        if session is None or session.account_id != account.id:
            account = None
    if account is None:
        raise BadRequest(f"there is no player page {name[:40]!r}", "no_such_player", 404)
    return account


@router.get("/api/players/{name}")
async def player(name: str, request: Request) -> dict[str, Any]:
    limit = _int_param(request, "limit", 50, 1, PAGE_LIMIT)
    offset = _int_param(request, "offset", 0, 0, 10**9)
    account = await _visible(request, name)
    engine = _accounts(request).engine
    ratings = await asyncio.to_thread(history.ratings_of, engine, account.id)
    games = await asyncio.to_thread(history.game_rows, engine, account.id, limit, offset)
    return {"name": account.name, "hidden": account.hidden, "ratings": ratings, "games": games}


@router.get("/api/players/{name}/records")
async def player_records(name: str, request: Request) -> Response:
    account = await _visible(request, name)
    records = await asyncio.to_thread(history.records_of, _accounts(request).engine, account.id)
    body = "".join(r + "\n" for r in records).encode("utf-8")
    # The file name from the public name, reduced to what every browser keeps in a header.
    safe = "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in account.name)
    return Response(
        body,
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="paston-{safe}.jsonl"'},
    )


@router.get("/api/leaderboard/{game}")
async def leaderboard(game: str, request: Request) -> Any:
    limit = _int_param(request, "limit", 50, 1, PAGE_LIMIT)
    try:
        get_game(game)
    except UnknownGame as exc:
        raise BadRequest(str(exc), "no_such_game", 404) from None
    return await asyncio.to_thread(history.leaderboard, _accounts(request).engine, game, limit)


# ----------------------------------------------------------------------------- invitations


def _open_table(request: Request, table_id: str) -> Any:
    table = request.app.state.registry.tables.get(table_id)
    if table is None or table.status not in ("waiting", "playing"):
        return None
    return table


@router.post("/api/invitations", status_code=201)
async def invite(request: Request) -> dict[str, Any]:
    accounts = _accounts(request)
    session = await _me(request)
    body = await _json_body(request, ("table_id", "to"))
    table_id, to = body.get("table_id"), body.get("to")
    if not isinstance(table_id, str) or not isinstance(to, str):
        raise BadRequest("'table_id' and 'to' must be texts (a table's id, a player's name)")
    if request.app.state.registry.get(table_id[:64]) is None:
        raise BadRequest(f"there is no table {table_id[:40]!r}", "no_such_table", 404)
    if _open_table(request, table_id) is None:
        raise BadRequest("that table is closed or its game is over", "table_closed", 409)
    invitee = await asyncio.to_thread(identity.find, accounts.engine, to[:200])
    if invitee is None:
        raise BadRequest(f"no registered player is named {to[:40]!r}", "no_such_player", 404)

    def still_open(tid: str) -> bool:
        return _open_table(request, tid) is not None

    invitation = await asyncio.to_thread(
        invitations.create, accounts.engine, table_id, session.account_id, invitee.id, still_open
    )
    return {"id": invitation}


@router.get("/api/invitations")
async def my_invitations(request: Request) -> list[dict[str, Any]]:
    accounts = _accounts(request)
    session = await _me(request)

    def still_open(tid: str) -> bool:
        return _open_table(request, tid) is not None

    pending = await asyncio.to_thread(
        invitations.pending_for, accounts.engine, session.account_id, still_open
    )
    out = []
    for invitation, table_id, sender, created in pending:
        table = _open_table(request, table_id)
        if table is None:
            continue
        out.append(
            {
                "id": invitation,
                "table_id": table_id,
                "game": table.settings.game,
                "table_name": table.settings.name,
                "from": sender,
                "created": iso(created),
                "link": f"/t/{table_id}",
            }
        )
    return out


@router.delete("/api/invitations/{invitation}", status_code=204)
async def decline(invitation: str, request: Request) -> Response:
    accounts = _accounts(request)
    session = await _me(request)
    gone = await asyncio.to_thread(
        invitations.decline, accounts.engine, invitation[:64], session.account_id
    )
    if not gone:
        raise BadRequest("you have no such invitation", "no_such_invitation", 404)
    return Response(status_code=204)


# ----------------------------------------------------------------------------- pages


def _page(name: str) -> Response:
    from ...web import static_dir

    path = static_dir() / name
    if path.is_file():
        return FileResponse(path, headers={"Cache-Control": "no-cache"})
    return _error(404, "no_page", f"the web client's {name} is not installed")


@router.api_route("/login", methods=["GET", "HEAD"], include_in_schema=False)
async def login_page() -> Response:
    return _page("login.html")


@router.api_route("/players/{name}", methods=["GET", "HEAD"], include_in_schema=False)
async def player_page(name: str) -> Response:
    return _page("player.html")


@router.api_route("/leaderboard", methods=["GET", "HEAD"], include_in_schema=False)
async def leaderboard_page() -> Response:
    return _page("leaderboard.html")
