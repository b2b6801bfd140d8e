"""Rating arithmetic and the game-end record, without a server: places, OpenSkill's
direction, the pairwise Elo (zero-sum, K=16), idempotence, unrated games, the failure counter."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import create_engine, select

from paston.server.accounts import FinishedGame, SeatResult
from paston.server.accounts import ratings as R
from paston.server.accounts.history import game_rows, ratings_of, record_game
from paston.server.accounts.identity import register
from paston.server.accounts.schema import finished_t
from paston.server.accounts.throttle import FailureLimiter
from paston.server.migrations import migrate

scores = st.lists(st.integers(-200, 200), min_size=2, max_size=4)


@given(scores, st.data())
def test_places_rank_by_score_with_ties_and_leavers_last(
    totals: list[int], data: st.DataObject
) -> None:
    left = data.draw(st.lists(st.booleans(), min_size=len(totals), max_size=len(totals)))
    places = R.places([float(t) for t in totals], left)
    stayed = [i for i in range(len(totals)) if not left[i]]
    for i in stayed:
        for j in stayed:
            assert (places[i] < places[j]) == (totals[i] > totals[j])
            assert (places[i] == places[j]) == (totals[i] == totals[j])
    for i in range(len(totals)):
        if left[i]:
            assert all(places[i] > places[j] for j in stayed)
            assert places[i] == len(stayed) + 1


@given(st.lists(st.floats(1000, 2000), min_size=3, max_size=3), st.permutations([1, 2, 3]))
def test_elo_is_zero_sum_and_rewards_the_better_place(elos: list[float], ranks: list[int]) -> None:
    after = R.elo_update(elos, list(ranks))
    assert abs(sum(after) - sum(elos)) < 1e-6
    first, last = ranks.index(1), ranks.index(3)
    assert after[first] > elos[first] and after[last] < elos[last]
    assert all(abs(a - b) <= 2 * R.ELO_K for a, b in zip(after, elos, strict=True))


def test_elo_worked_example() -> None:
    # Three equal players: the winner takes 16 * (1 - 1/2) twice = +16, the last -16.
    assert R.elo_update([1500.0] * 3, [1, 2, 3]) == [1516.0, 1500.0, 1484.0]
    # A tie for first between equals: each gets +8 from the last, 0 from the other.
    assert R.elo_update([1500.0] * 3, [1, 1, 3]) == [1508.0, 1508.0, 1484.0]


def test_openskill_winner_up_last_down() -> None:
    after = R.rate([R.DEFAULT] * 3, [1, 2, 3])
    assert after[0].mu > R.DEFAULT.mu > after[2].mu
    assert after[0].value > R.DEFAULT.value == 0.0 > after[2].value
    assert all(a.sigma < R.DEFAULT.sigma for a in after)


def _game(
    table: str,
    accounts: list[int | None],
    totals: list[float],
    rated: bool = True,
    left: tuple[bool, ...] = (False, False, False),
) -> FinishedGame:
    seats = tuple(
        SeatResult(i, f"p{i}", a, totals[i], left[i], a is None) for i, a in enumerate(accounts)
    )
    record = {"format": "x", "meta": {"players": [s.name for s in seats]}}
    return FinishedGame(table, "paston", rated, 1_700_000_000.0 + int(table[1:]), seats, record)


def test_record_game_is_idempotent_and_needs_two_registered_players(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'r.sqlite'}")
    migrate(engine)
    a, b = register(engine, "Ann", "password1").id, register(engine, "Ben", "password2").id
    assert record_game(engine, _game("t1", [a, b, None], [30, -10, 0]))
    before = ratings_of(engine, a)
    assert before["paston"]["games"] == 1 and before["paston"]["elo"] > 1500
    assert not record_game(engine, _game("t1", [a, b, None], [30, -10, 0]))  # the same table
    assert ratings_of(engine, a) == before
    # One registered player with a guest and a bot: kept, but unrated.
    assert record_game(engine, _game("t2", [a, None, None], [-50, 10, 0]))
    assert ratings_of(engine, a) == before
    rows = game_rows(engine, a, 10, 0)
    assert [(r["table_id"], r["rated"]) for r in rows] == [("t2", False), ("t1", True)]
    # Nobody registered: nothing stored.
    assert not record_game(engine, _game("t3", [None, None, None], [1, 2, 3]))
    with engine.connect() as conn:
        assert [r.table_id for r in conn.execute(select(finished_t.c.table_id))] == ["t1", "t2"]


def test_a_leaver_is_last_even_with_the_best_score(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'r.sqlite'}")
    migrate(engine)
    ids = [register(engine, n, "password1").id for n in ("Ann", "Ben", "Cid")]
    record_game(engine, _game("t1", list(ids), [90, 0, -5], left=(True, False, False)))
    places = {r["seat"]: r["place"] for i in ids for r in game_rows(engine, i, 1, 0)}
    assert places == {0: 3, 1: 1, 2: 2}
    assert ratings_of(engine, ids[0])["paston"]["mu"] < R.DEFAULT.mu


def test_failure_limiter_window() -> None:
    now = [0.0]
    limiter = FailureLimiter(3, 60.0, max_keys=2, clock=lambda: now[0])
    for t in (0.0, 10.0, 20.0):
        now[0] = t
        assert limiter.retry_after("a") == 0.0
        limiter.fail("a")
    assert limiter.retry_after("a") == 40.0  # the first failure leaves the window at 60
    now[0] = 60.0
    assert limiter.retry_after("a") == 0.0
    limiter.fail("b")
    limiter.fail("c")  # a third key: the least recent ("a") is forgotten
    assert "a" not in limiter._seen and len(limiter._seen) == 2
