"""Finished games of registered players: ratings updated, history kept, pages and exports read.

:func:`record_game` is the table's game-end hook (run in a worker thread). It stores the
game's record once per table (a second call for the same table changes nothing), each
registered player's result, and, when the game is rated, everyone's new ratings (see
:mod:`.ratings` for the formulas). A rated game needs two registered players: with fewer it
is kept as unrated. A table closed before its end comes here too (``closed``): it is rated
only if a registered player had left (docs/server-protocol.md §7). A seat whose account was
deleted meanwhile counts as a guest's.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from ...bots.registry import play_hooks
from . import ratings as R
from .removal import WRITE_LOCK as _write_lock
from .removal import opponent_name
from .results import FinishedGame
from .schema import accounts_t, finished_t, ratings_t, results_t

__all__ = ["game_rows", "leaderboard", "ratings_of", "record_game", "records_of"]


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def keeps_elo(game: str) -> bool:
    """Whether ``game``'s players keep an Elo rating beside the platform's (its play hooks'
    ``rating_kind``; a game no longer installed keeps none)."""
    play = play_hooks(game)
    return play is not None and play.rating_kind == "elo"


def record_game(engine: Engine, game: FinishedGame) -> bool:
    """Store a finished game (see the module's docstring); False if it was stored already
    or no registered player took part."""
    if not any(s.account is not None for s in game.seats):
        return False
    with _write_lock, engine.begin() as conn:
        try:
            # First a write: it takes SQLite's write lock, so what is read next stays true.
            conn.execute(
                insert(finished_t).values(
                    table_id=game.table_id,
                    game=game.game,
                    finished=game.finished,
                    rated=False,  # settled below, once the players are known
                    record=json.dumps(game.record, ensure_ascii=False, separators=(",", ":")),
                )
            )
        except IntegrityError:
            return False
        # A player whose account was deleted meanwhile counts as a guest.
        game = _without_deleted(conn, game)
        accounts = [s.account for s in game.seats if s.account is not None]
        # One account at two seats (not possible through joins) could not be rated fairly.
        rated = game.rated and len(set(accounts)) >= 2 and len(set(accounts)) == len(accounts)
        if game.closed:
            # Closed before the end: rated only as a loss of registered players who left.
            rated = rated and any(s.left for s in game.seats if s.account is not None)
        if rated:
            conn.execute(
                update(finished_t).where(finished_t.c.table_id == game.table_id).values(rated=True)
            )
        scores = [s.score for s in game.seats]
        places = R.places(scores, [s.left for s in game.seats])
        before = _current(conn, game.game, accounts)
        now_rating = [
            before[s.account][0] if s.account is not None else R.DEFAULT for s in game.seats
        ]
        now_elo = [
            before[s.account][2] if s.account is not None else R.ELO_START for s in game.seats
        ]
        after_rating = R.rate(now_rating, places) if rated else now_rating
        use_elo = rated and keeps_elo(game.game)
        after_elo = R.elo_update(now_elo, places) if use_elo else now_elo
        for i, s in enumerate(game.seats):
            if s.account is None:
                continue
            opponents = [o.name for o in game.seats if o.seat != s.seat]
            conn.execute(
                insert(results_t).values(
                    table_id=game.table_id,
                    account_id=s.account,
                    game=game.game,
                    finished=game.finished,
                    seat=s.seat,
                    place=places[i],
                    score=s.score,
                    left=s.left,
                    rated=rated,
                    opponents=json.dumps(opponents, ensure_ascii=False),
                    rating_before=now_rating[i].value if rated else None,
                    rating_after=after_rating[i].value if rated else None,
                    elo_before=now_elo[i] if use_elo else None,
                    elo_after=after_elo[i] if use_elo else None,
                    closed=game.closed,
                )
            )
            if rated:
                games = before[s.account][1] + 1
                _store_rating(conn, s.account, game.game, after_rating[i], games, after_elo[i])
    return True


def _without_deleted(conn: Connection, game: FinishedGame) -> FinishedGame:
    wanted = {s.account for s in game.seats if s.account is not None}
    alive = set(conn.execute(select(accounts_t.c.id).where(accounts_t.c.id.in_(wanted))).scalars())
    if alive == wanted:
        return game
    seats = tuple(s if s.account in alive else replace(s, account=None) for s in game.seats)
    return replace(game, seats=seats)


def _current(
    conn: Connection, game: str, accounts: list[int]
) -> dict[int, tuple[R.Rating, int, float]]:
    query = (
        select(ratings_t)
        .where(ratings_t.c.game == game, ratings_t.c.account_id.in_(accounts))
        .with_for_update()  # PostgreSQL: two tables of one player finishing at once queue here
    )
    out = {a: (R.DEFAULT, 0, R.ELO_START) for a in accounts}
    for row in conn.execute(query):
        elo = row.elo if row.elo is not None else R.ELO_START
        out[row.account_id] = (R.Rating(row.mu, row.sigma), row.games, elo)
    return out


def _store_rating(
    conn: Connection, account: int, game: str, rating: R.Rating, games: int, elo: float
) -> None:
    values = {"mu": rating.mu, "sigma": rating.sigma, "games": games}
    if keeps_elo(game):
        values["elo"] = elo
    key = (ratings_t.c.account_id == account) & (ratings_t.c.game == game)
    if conn.execute(update(ratings_t).where(key).values(**values)).rowcount == 0:
        conn.execute(insert(ratings_t).values(account_id=account, game=game, **values))


def _rating_json(row: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "rating": R.display(row.mu, row.sigma),
        "mu": row.mu,
        "sigma": row.sigma,
        "games": row.games,
    }
    if keeps_elo(row.game):
        out["elo"] = round(row.elo if row.elo is not None else R.ELO_START, 1)
    return out


def ratings_of(engine: Engine, account_id: int) -> dict[str, dict[str, Any]]:
    """Every game's rating of an account (games it has a rated result in)."""
    with engine.connect() as conn:
        rows = conn.execute(select(ratings_t).where(ratings_t.c.account_id == account_id))
        return {row.game: _rating_json(row) for row in rows}


def game_rows(engine: Engine, account_id: int, limit: int, offset: int) -> list[dict[str, Any]]:
    """An account's finished games, newest first (the player page's ``games``)."""
    query = (
        select(results_t)
        .where(results_t.c.account_id == account_id)
        .order_by(results_t.c.finished.desc(), results_t.c.table_id)
        .limit(limit)
        .offset(offset)
    )
    with engine.connect() as conn:
        rows = list(conn.execute(query))
    return [_game_row(r) for r in rows]


def _game_row(r: Any) -> dict[str, Any]:
    opponents = [opponent_name(o) for o in json.loads(r.opponents)]
    return {
        "table_id": r.table_id,
        "game": r.game,
        "finished": iso(r.finished),
        "seat": r.seat,
        "opponents": [name for name, _ in opponents],
        # Opponents whose accounts were deleted since (their names may be taken again).
        "deleted_opponents": [name for name, gone in opponents if gone],
        # The table was closed before the game's end (the scores are those at the close).
        "closed": bool(r.closed),
        "place": r.place,
        "score": int(r.score) if float(r.score).is_integer() else r.score,
        "left": bool(r.left),
        "rated": bool(r.rated),
        "rating_before": r.rating_before,
        "rating_after": r.rating_after,
        "elo_before": None if r.elo_before is None else round(r.elo_before, 1),
        "elo_after": None if r.elo_after is None else round(r.elo_after, 1),
        "replay": f"/t/{r.table_id}/replay",
    }


def records_of(engine: Engine, account_id: int) -> list[str]:
    """The records (JSON text, each with ``meta``) of an account's finished games, oldest first."""
    query = (
        select(finished_t.c.record)
        .join(results_t, results_t.c.table_id == finished_t.c.table_id)
        .where(results_t.c.account_id == account_id)
        .order_by(finished_t.c.finished, finished_t.c.table_id)
    )
    with engine.connect() as conn:
        return [row.record for row in conn.execute(query)]


def leaderboard(engine: Engine, game: str, limit: int) -> list[dict[str, Any]]:
    """Registered players of ``game`` with a rated game, best first (hidden players left out)."""
    score = ratings_t.c.mu - 3.0 * ratings_t.c.sigma
    query = (
        select(accounts_t.c.name, ratings_t)
        .join(accounts_t, accounts_t.c.id == ratings_t.c.account_id)
        .where(ratings_t.c.game == game, ratings_t.c.games >= 1, accounts_t.c.hidden.is_(False))
        .order_by(score.desc(), ratings_t.c.games.desc(), accounts_t.c.name_key)
        .limit(limit)
    )
    with engine.connect() as conn:
        rows = list(conn.execute(query))
    return [{"rank": i + 1, "name": r.name, **_rating_json(r)} for i, r in enumerate(rows)]
