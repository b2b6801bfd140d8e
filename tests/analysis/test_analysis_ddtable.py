"""The double-dummy table (like DDS calc_dd_table) against the solver on a few deals."""

from __future__ import annotations

import pytest
from helpers import HANDS, PRIKUP

from paston.games.paston.analysis.ddtable import dd_table
from paston.games.paston.cards import parse_card, parse_cards
from paston.games.paston.rules import Rules
from paston.games.paston.shuffle import deal_until_playable
from paston.games.paston.solver import Position, Solver

HEARTS = 3


def mask(text: str) -> int:
    return sum(1 << c for c in parse_cards(text))


def solve(hands: tuple[int, int, int], trump: int, seat: int, rules: Rules) -> int:
    pos = Position(hands, trump, seat, (0, 1, 2), seat, (), rules.must_overtrump)
    return Solver().solve(pos)


@pytest.mark.parametrize("seed", [0, 7, 21])
def test_table_matches_the_solver(seed: int) -> None:
    deal = deal_until_playable(seed=seed)[-1]
    dealt = (deal.dealt[0], deal.dealt[1], deal.dealt[2])
    table = dd_table(dealt, deal.prikup, deal.rules)
    for seat in range(3):
        for trump in range(4):
            assert table.out[seat][trump] == solve(dealt, trump, seat, deal.rules)
            # Taking the prikup can only help: keeping the dealt ten is one of the choices.
            assert table.into[seat][trump] >= table.out[seat][trump]
            pair = table.discards[seat][trump]
            assert pair.bit_count() == 2 and pair & ~(dealt[seat] | deal.prikup) == 0
            kept = list(dealt)
            kept[seat] = (dealt[seat] | deal.prikup) & ~pair
            got = solve((kept[0], kept[1], kept[2]), trump, seat, deal.rules)
            assert table.into[seat][trump] == got


def test_the_gupa_hand_takes_six_in_hearts() -> None:
    # Four top hearts against four small ones split 2-2, then A♣ K♣: six tricks.
    dealt = tuple(mask(h) for h in HANDS)
    table = dd_table((dealt[0], dealt[1], dealt[2]), mask(PRIKUP), Rules())
    assert table.out[0][HEARTS] == 6
    data = table.to_json()
    assert data["symbols"] == ["♠", "♣", "♦", "♥"]
    assert data["prikup_in"][0][HEARTS] >= 6
    assert all(len(p) == 2 for row in data["discards"] for p in row)
    assert parse_card(data["discards"][0][HEARTS][0]) >= 0
