"""Account book-keeping on a real SQLite file, without a server: deleting a player marks
exactly their entry in everybody else's opponents (any table size, any seat), and a session's
last use is written at most once a minute."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, insert, select
from sqlalchemy.engine import Engine

from paston.server.accounts import FinishedGame, SeatResult
from paston.server.accounts.history import game_rows, record_game
from paston.server.accounts.removal import delete_account
from paston.server.accounts.schema import accounts_t, results_t, sessions_t
from paston.server.accounts.sessions import SEEN_EVERY, new_session, session_of
from paston.server.migrations import migrate

_ids = itertools.count(1)


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    db = tmp_path_factory.mktemp("units") / "accounts.sqlite"
    e = create_engine(f"sqlite:///{db}")
    migrate(e)
    return e


def _account(engine: Engine, name: str) -> int:
    with engine.begin() as conn:
        key = f"{name}-{next(_ids)}"
        new = conn.execute(
            insert(accounts_t).values(
                name=name, name_key=key, password_hash="x", created=0.0, hidden=False
            )
        ).inserted_primary_key
    assert new is not None
    return int(new[0])


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), data=st.data())
def test_deleting_a_player_marks_exactly_their_seat_in_the_others_opponents(
    engine: Engine, players: int, data: st.DataObject
) -> None:
    # Some seats are registered players, the others bots; one registered player is deleted.
    registered = data.draw(
        st.lists(st.booleans(), min_size=players, max_size=players).filter(lambda r: sum(r) >= 2)
    )
    seats = []
    for i, reg in enumerate(registered):
        name = f"P{i}" if reg else f"bot{i}"
        account = _account(engine, name) if reg else None
        seats.append(SeatResult(i, name, account, float(i), False, not reg))
    table = f"t{next(_ids)}"
    game = FinishedGame(table, "paston", True, 1.0, tuple(seats), {"meta": {}})
    assert record_game(engine, game)
    gone = data.draw(st.sampled_from([s for s in seats if s.account is not None]))
    assert gone.account is not None
    delete_account(engine, gone.account)
    for s in seats:
        if s.account is None or s is gone:
            continue
        row = game_rows(engine, s.account, 10, 0)[0]
        assert row["opponents"] == [o.name for o in seats if o is not s]
        assert row["deleted_opponents"] == [gone.name]
    with engine.connect() as conn:
        left = conn.execute(select(results_t.c.account_id).where(results_t.c.table_id == table))
        assert gone.account not in set(left.scalars())
        stored = conn.execute(select(results_t.c.opponents).where(results_t.c.table_id == table))
        marks = [json.loads(o) for o in stored.scalars()]
    assert all(sum(isinstance(e, dict) for e in m) == 1 for m in marks)


def test_last_seen_is_written_at_most_once_a_minute(engine: Engine) -> None:
    account = _account(engine, "Seen")
    token = new_session(engine, account, now=1000.0, agent="curl/8.0")

    def seen() -> float:
        with engine.connect() as conn:
            return float(
                conn.execute(
                    select(sessions_t.c.last_seen).where(sessions_t.c.account_id == account)
                ).scalar_one()
            )

    assert seen() == 1000.0
    assert session_of(engine, token, now=1000.0 + SEEN_EVERY - 1) is not None
    assert seen() == 1000.0
    assert session_of(engine, token, now=1000.0 + SEEN_EVERY + 5) is not None
    assert seen() == 1000.0 + SEEN_EVERY + 5


def test_a_session_hash_is_not_the_token(engine: Engine) -> None:
    account = _account(engine, "Hash")
    token = new_session(engine, account)
    session = session_of(engine, token)
    assert session is not None and session.token_hash and token not in session.token_hash
