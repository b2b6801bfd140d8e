"""Scoring vectors of paskievics.md §14.1 (S1–S30) and pagat's table §14.2, one test each."""

from __future__ import annotations

import pytest

from paston.games.paskievics.rules import PaskievicsRules
from paston.games.paskievics.scoring import D, DealFacts, O, deal_value, settle

RULES = PaskievicsRules()


def facts(
    pd: int,
    td: int,
    *,
    trull: int | None = None,
    kings: int | None = None,
    pagat: tuple[int, bool] | None = None,
    catch: int | None = None,
) -> DealFacts:
    """Facts with the Pagát (side, won) played to trick 9 when ``pagat`` is given."""
    side, won = pagat if pagat is not None else (None, False)
    return DealFacts(pd, td, trull, kings, side, pagat is not None, won, catch)


def two_v_two(value: int, counts: list[tuple[int, int]] = (), m: int = 1) -> list[int]:  # type: ignore[assignment]
    return settle(
        value, seats=4, active=(0, 1, 2, 3), declarer=0, partner=1, alone=False,
        counts=counts, multiplier=m,
    )  # fmt: skip


def alone(value: int) -> list[int]:
    return settle(
        value, seats=4, active=(0, 1, 2, 3), declarer=0, partner=0, alone=True,
        counts=(), multiplier=1,
    )  # fmt: skip


# (id, g, facts, announced, game kontra level, V)
VECTORS = [
    ("S1", 1, facts(61, 6), {}, 0, 1),
    ("S2", 2, facts(47, 4), {}, 0, -2),
    ("S3", 3, facts(75, 7, kings=D), {}, 0, 7),
    ("S4", 2, facts(94, 9, trull=D, kings=D), {}, 0, 6),
    ("S5", 2, facts(76, 8), {(D, "double"): 1}, 0, 16),
    ("S6", 1, facts(55, 5), {(D, "double"): 0}, 0, -4),
    ("S6b", 1, facts(40, 4), {(D, "double"): 0}, 0, -5),
    ("S7", 3, facts(80, 8), {(D, "volat"): 0}, 0, -18),
    ("S8", 2, facts(68, 6, trull=D), {(D, "trull"): 2}, 0, 10),
    ("S9", 1, facts(20, 2), {}, 1, -4),
    ("S10", 1, facts(50, 5, pagat=(D, True)), {(D, "ultimo"): 1}, 0, 21),
    ("S11", 1, facts(60, 6, pagat=(D, False)), {(D, "ultimo"): 0}, 0, -9),
    ("S12", 2, facts(52, 5, pagat=(D, True)), {}, 0, 7),
    ("S13", 3, facts(58, 5, pagat=(O, False)), {}, 0, 8),
    ("S14", 2, facts(60, 6, catch=D), {(D, "catch"): 0}, 0, 44),
    ("S15", 1, facts(49, 5, catch=O), {}, 0, -20),
    ("S16", 1, facts(50, 5, kings=O), {(D, "kings"): 0}, 0, -2),
    ("S22", 4, facts(80, 8), {(D, "double"): 0, (D, "volat"): 0}, 0, -8),
    ("S23", 2, facts(30, 3), {(O, "double"): 0}, 1, 4),
    ("S24", 1, facts(94, 9, trull=D), {(D, "volat"): 0, (D, "trull"): 0}, 0, 8),
    ("S25", 1, facts(60, 6, trull=O), {(D, "trull"): 3}, 0, -16),
    ("S27", 2, facts(0, 0), {}, 0, -6),
    ("S28", 3, facts(94, 9), {(D, "double"): 0}, 0, 21),
    ("S29", 1, facts(55, 5, trull=O), {(D, "trull"): 0, (O, "trull"): 1}, 0, -5),
    ("S30", 2, facts(70, 7, trull=D, pagat=(D, True), catch=D), {(D, "ultimo"): 0}, 0, 34),
]


@pytest.mark.parametrize(
    ("name", "g", "deal_facts", "announced", "kg", "value"), VECTORS, ids=[v[0] for v in VECTORS]
)
def test_value_vectors(
    name: str, g: int, deal_facts: DealFacts, announced: dict[tuple[int, str], int], kg: int,
    value: int,
) -> None:  # fmt: skip
    assert deal_value(RULES, g, deal_facts, announced, kg) == value
    assert two_v_two(value) == [value, value, -value, -value]


def test_s17_lone_declarer_self_call() -> None:
    value = deal_value(RULES, 4, facts(50, 5), {}, 0)
    assert value == 4 and alone(value) == [12, -4, -4, -4]


def test_s18_called_card_discarded_kontra_by_office() -> None:
    assert alone(deal_value(RULES, 2, facts(52, 5), {}, 1)) == [12, -4, -4, -4]
    assert alone(deal_value(RULES, 2, facts(45, 5), {}, 1)) == [-12, 4, 4, 4]


def test_s20_nine_tarokks_declared_by_a_defender() -> None:
    value = deal_value(RULES, 1, facts(50, 5), {}, 0)
    assert two_v_two(value, [(2, 9)]) == [-1, -1, 5, -3]


def test_s21_doubled_round() -> None:
    assert two_v_two(deal_value(RULES, 1, facts(61, 6), {}, 0), m=2) == [2, 2, -2, -2]


def test_s26_47_47_with_kontra_under_defenders_48_after_kontra() -> None:
    flagged = PaskievicsRules(kontra_threshold="defenders_48_after_kontra")
    assert deal_value(flagged, 2, facts(47, 4), {}, 1) == 4
    assert deal_value(RULES, 2, facts(47, 4), {}, 1) == -4


def test_s30_tarokk_count_by_the_declarer() -> None:
    value = deal_value(
        RULES, 2, facts(70, 7, trull=D, pagat=(D, True), catch=D), {(D, "ultimo"): 0}, 0
    )
    assert settle(
        value, seats=4, active=(0, 1, 2, 3), declarer=0, partner=2, alone=False,
        counts=[(0, 8)], multiplier=1,
    ) == [37, -35, 33, -35]  # fmt: skip


# §14.2: columns (pD, tD); rows (announced, game level); cells are multiples of g.
COLUMNS = [(0, 0), (20, 2), (40, 4), (60, 6), (80, 8), (94, 9)]
TABLE = [
    ("nothing", {}, 0, [-3, -2, -1, 1, 2, 3]),
    ("D double", {(D, "double"): 0}, 0, [-7, -6, -5, -4, 4, 7]),
    ("D volat", {(D, "volat"): 0}, 0, [-9, -8, -7, -6, -6, 6]),
    ("D double volat", {(D, "double"): 0, (D, "volat"): 0}, 0, [-13, -12, -11, -10, -2, 10]),
    ("game kontra", {}, 1, [-5, -4, -2, 2, 4, 5]),
    ("game kontra O double", {(O, "double"): 0}, 1, [-9, -6, 2, 6, 8, 9]),
    ("D double kontra", {(D, "double"): 1}, 0, [-11, -10, -9, -8, 8, 11]),
    ("D double kontra and game", {(D, "double"): 1}, 1, [-13, -12, -10, -6, 10, 13]),
]


@pytest.mark.parametrize(("name", "announced", "kg", "row"), TABLE, ids=[t[0] for t in TABLE])
@pytest.mark.parametrize("g", [1, 3])
def test_pagat_game_double_volat_table(
    name: str, announced: dict[tuple[int, str], int], kg: int, row: list[int], g: int
) -> None:
    got = [deal_value(RULES, g, facts(pd, td), announced, kg) for pd, td in COLUMNS]
    assert got == [g * cell for cell in row]


def test_silent_kings_beside_a_silent_double_under_kegl() -> None:
    kegl = PaskievicsRules(silent_kings_with_silent_double=False)
    assert deal_value(kegl, 3, facts(75, 7, kings=D), {}, 0) == 6
    assert deal_value(kegl, 3, facts(60, 7, kings=D), {}, 0) == 4  # no double: kings count
