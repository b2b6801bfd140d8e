"""The score sheet's rows, per game (the table hook ``score_row``): each row adds up to the
running totals and tells, in the game's own units, what the hand was (Paston: contract,
declarer, whisters, tricks; Paskievics: the game bid, declarer, partner, card points of 94 and
the deal's value; Paris: the finishing places). Nothing in a row is hidden information: every
field is public once the hand is over."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paston.core.registry import get_game
from paston.server.views import score_row


def _rows(game: str, seed: int, seats: int | None = None) -> list[tuple[Any, dict[str, Any]]]:
    """A match of ``game`` played out by random moves: every finished hand with its row."""
    info = get_game(game)
    match = info.new_match(seats or info.default_seats, info.parse_rules({}), 0)
    rng = random.Random(seed)
    out: list[tuple[Any, dict[str, Any]]] = []
    while not match.over:
        state = match.next_state(rng)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        row = score_row(info, state, len(out) + 1, match.totals)
        if row is not None:
            out.append((state, row))
    return out


@pytest.mark.parametrize("game", ["paston", "paris", "paskievics"])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_each_row_adds_its_scores_to_the_running_totals(game: str, seed: int) -> None:
    rows = [row for _state, row in _rows(game, seed)]
    assert rows, game
    totals = [0.0] * len(rows[0]["scores"])
    for number, row in enumerate(rows, start=1):
        assert row["deal"] == number
        totals = [t + s for t, s in zip(totals, row["scores"], strict=True)]
        assert row["totals"] == pytest.approx(totals)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_paston_row_names_the_contract_the_whisters_and_the_tricks(seed: int) -> None:
    for deal, row in _rows("paston", seed):
        if row["contract"] in (None, "surrender"):
            assert row["tricks"] is None or sum(row["tricks"]) in (0, 10)
            continue
        assert row["declarer"] == deal.declarer
        assert row["whisters"] == list(deal.whisters)
        if deal.tricks:
            assert sum(row["tricks"]) == 10


@pytest.mark.parametrize("seats", [4, 5])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_paskievics_row_tells_the_game_in_its_own_units(seats: int, seed: int) -> None:
    for state, row in _rows("paskievics", seed, seats):
        if state.thrown_in is not None:
            assert row["thrown_in"] == state.thrown_in
            assert row["contract"] is None and row["card_points"] is None
            continue
        assert row["contract"] in ("three", "two", "one", "solo")
        assert row["declarer"] == state.declarer
        assert row["alone"] == bool(state.alone)
        assert row["partner"] == (None if state.alone else state.partner)
        assert row["value"] == state.value
        if row["card_points"] is not None:
            assert 0 <= row["card_points"] <= 94 and 0 <= row["tricks"] <= 9


def test_a_paskievics_row_is_refused_before_the_deal_ends() -> None:
    info = get_game("paskievics")
    match = info.new_match(4, info.parse_rules({}), 0)
    state = match.next_state(random.Random(1))
    with pytest.raises(ValueError, match="only once it is over"):
        info.table.score_row(state, 1, (0, 0, 0, 0))  # type: ignore[misc]


def test_a_paris_row_gives_every_finishing_place() -> None:
    for state, row in _rows("paris", 3, 4):
        assert sorted(row["ranking"]) == list(range(4))
        assert row["loser"] == state.loser == row["ranking"][-1]
