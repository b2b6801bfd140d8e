"""Scoring (rules.md §9, vectors E1–E18 of §12): through ``paston.games.paston.scoring`` and
through real
deals that reach exactly the vector's tricks (records in ``data/scripted_deals.json``), plus
the no-play cases dealt and bid for real. The expected numbers are the spec's table."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import apply_all, make_deal, ref_play_tricks, scripted

from paston import replay
from paston.games.paston.rules import Rules
from paston.games.paston.scoring import deal_scores, defender_base, surrender_scores

LEVEL = {"P": 1, "G": 2, "D": 3, "U": 4, "PG": 5}
# id: contract, whist (L, R), tricks (D, L, R; None = did not play), deltas (D, L, R).
# Copied from the table of rules.md §12. The declarer is seat 0, L seat 1, R seat 2.
E_TABLE: dict[str, tuple[str, str, tuple[int, int | None, int | None], tuple[int, int, int]]] = {
    "E1": ("P", "WW", (6, 2, 2), (10, 0, 0)),
    "E2": ("G", "WW", (5, 4, 1), (-20, 40, -18)),
    "E3": ("D", "WW", (7, 3, 0), (30, 30, -30)),
    "E4": ("U", "WW", (7, 0, 3), (40, -40, 40)),
    "E5": ("P", "WW", (4, 5, 1), (-10, 30, -9)),
    "E6": ("D", "WW", (4, 3, 3), (-30, 30, 30)),
    "E7": ("U", "WP", (6, 4, None), (40, 0, 0)),
    "E8": ("U", "WP", (3, 7, None), (-40, 120, 0)),
    "E9": ("P", "WP", (8, 2, None), (10, -8, 0)),
    "E10": ("G", "WP", (10, 0, None), (20, -20, 0)),
    "E11": ("G", "PW", (6, None, 4), (20, 0, 0)),
    "E12": ("PG", "WW", (6, 3, 1), (10, 40, -36)),
    "E13": ("PG", "WW", (4, 5, 1), (-40, 120, -36)),
    "E14": ("PG", "PW", (5, None, 5), (-40, 0, 40)),
}


def via_scoring(vid: str) -> tuple[int, int, int]:
    contract, whist, tricks, _ = E_TABLE[vid]
    whisters = tuple(s for s, w in zip((1, 2), whist, strict=True) if w == "W")
    return deal_scores(
        Rules(), 0, LEVEL[contract], whisters, (tricks[0], tricks[1] or 0, tricks[2] or 0)
    )


def check_played(vid: str) -> dict[str, Any]:
    """Replay the scripted deal of ``vid`` and check it against the table and the reference."""
    contract, whist, tricks, deltas = E_TABLE[vid]
    assert via_scoring(vid) == deltas
    record = scripted()[vid]
    out = replay(record)
    assert out["phase"] == "scored"
    assert out["declarer"] == 0
    names = {"P": "paston", "G": "glitch", "D": "dineri", "U": "gupa", "PG": "grkha"}
    assert out["contract"] == names[contract]
    assert out["whisters"] == [s for s, w in zip((1, 2), whist, strict=True) if w == "W"]
    want_tricks = [t or 0 for t in tricks]
    assert out["tricks"] == want_tricks
    assert ref_play_tricks(record) == want_tricks  # independent re-count
    assert out["scores"] == list(deltas)
    return out


def test_E1_both_whist_exact_quotas() -> None:
    check_played("E1")


def test_E2_declarer_fails_times_2() -> None:
    check_played("E2")


def test_E3_times_3_defender_on_3_and_on_0() -> None:
    check_played("E3")


def test_E4_times_4_defender_with_0_while_declarer_makes() -> None:
    check_played("E4")


def test_E5_two_whister_row_5() -> None:
    check_played("E5")


def test_E6_both_defenders_on_3() -> None:
    check_played("E6")


def test_E7_lone_whister_on_exactly_4() -> None:
    check_played("E7")


def test_E8_lone_whister_7() -> None:
    check_played("E8")


def test_E9_lone_whister_2() -> None:
    check_played("E9")


def test_E10_lone_whister_0() -> None:
    check_played("E10")


def test_E11_lone_whister_is_right_hand_seat() -> None:
    check_played("E11")


def test_E12_grkha_success_flat_10() -> None:
    check_played("E12")


def test_E13_grkha_failure_two_whisters() -> None:
    check_played("E13")


def test_E14_grkha_failure_lone_whister() -> None:
    check_played("E14")


def no_play_deal(auction: list[str], declare: str, defence: list[str]) -> dict[str, Any]:
    deal = make_deal({}, dealer=2, first_deal=False, seed=7)
    apply_all(deal, auction)
    assert deal.declarer == 0
    apply_all(deal, [deal.legal_action_strs()[0], declare, *defence])
    from paston.games.paston.record import deal_record

    return replay(deal_record(deal))


PG_AUCTION = ["paston", "glitch", "pass", "dineri", "gupa", "grkha"]


def test_E15_no_whist_under_dineri_multiplied() -> None:
    assert deal_scores(Rules(), 0, 3, (), (0, 0, 0)) == (30, 0, 0)
    out = no_play_deal(["paston", "pass", "pass"], "declare dineri", ["pass", "pass"])
    assert out["scores"] == [30, 0, 0] and out["whisters"] == [] and out["tricks"] == [0, 0, 0]


def test_E16_no_whist_under_grkha_flat() -> None:
    assert deal_scores(Rules(), 0, 5, (), (0, 0, 0)) == (10, 0, 0)
    out = no_play_deal(PG_AUCTION, "declare grkha", ["pass", "pass"])
    assert out["scores"] == [10, 0, 0] and out["contract"] == "grkha"


def test_E17_surrender_after_gupa_bid_not_multiplied() -> None:
    assert surrender_scores(Rules(), 0, 4) == (-10, 2, 2)
    out = no_play_deal(["paston", "glitch", "dineri", "gupa", "pass", "pass"], "surrender", [])
    assert out["contract"] == "surrender" and out["scores"] == [-10, 2, 2]


def test_E18_surrender_after_all_pass() -> None:
    assert surrender_scores(Rules(), 0, 0) == (-10, 2, 2)
    deal = make_deal({0: "JS"}, dealer=2, first_deal=False, seed=7)
    apply_all(deal, ["pass", "pass", "pass"])
    assert deal.all_pass and deal.declarer == 0
    apply_all(deal, [deal.legal_action_strs()[0], "surrender"])
    assert deal.scores == (-10, 2, 2)


@pytest.mark.parametrize("declarer", [0, 1, 2])
def test_surrender_scores_follow_the_declarer_seat(declarer: int) -> None:
    want = [2, 2, 2]
    want[declarer] = -10
    assert list(surrender_scores(Rules(), declarer, 2)) == want


def test_defender_tables_of_9_2() -> None:
    two = {0: -10, 1: -9, 2: 0, 3: 10, 4: 20, 5: 30, 6: 40}
    lone = {0: -10, 1: -9, 2: -8, 3: -7, 4: 0, 5: 10, 6: 20}
    for t in range(11):
        assert defender_base(t, False) == two.get(t, 10 * (t - 2))
        assert defender_base(t, True) == lone.get(t, 10 * (t - 4))


def reference_scores(
    contract: int, decl: int, wl: bool, wr: bool, tl: int, tr: int
) -> tuple[int, int, int]:
    """rules.md §9.5, transcribed."""
    mult = {1: 1, 2: 2, 3: 3, 4: 4, 5: 4}[contract]

    def base(t: int, lone: bool) -> int:
        if lone:
            return {0: -10, 1: -9, 2: -8, 3: -7}.get(t, 10 * (t - 4))
        return {0: -10, 1: -9}.get(t, 10 * (t - 2))

    win = 10 if contract == 5 else 10 * mult
    if not wl and not wr:
        return win, 0, 0
    d = win if decl >= 6 else -10 * mult
    lone = wl != wr
    return d, base(tl, lone) * mult if wl else 0, base(tr, lone) * mult if wr else 0


def test_every_score_matches_the_reference_function() -> None:
    for contract in range(1, 6):
        for wl in (False, True):
            for wr in (False, True):
                for decl in range(11):
                    for tl in range(11 - decl):
                        tr = 10 - decl - tl
                        if (not wl and tl) or (not wr and tr):
                            continue
                        whisters = tuple(s for s, w in ((1, wl), (2, wr)) if w)
                        got = deal_scores(Rules(), 0, contract, whisters, (decl, tl, tr))
                        assert got == reference_scores(contract, decl, wl, wr, tl, tr)
