"""The auction (rules.md §4): the bidding vectors B1–B11, one test each.

A is the first bidder and B, C follow clockwise: with seat 2 dealing a later deal, A = seat 0,
B = seat 1, C = seat 2.
"""

from __future__ import annotations

import pytest
from engine_helpers import apply_all, make_deal

from paston.core.errors import IllegalAction
from paston.games.paston.rules import Rules
from paston.games.paston.state import Deal

A, B, C = 0, 1, 2
LEVEL = {"paston": 1, "glitch": 2, "dineri": 3, "gupa": 4, "grkha": 5}
ALL_DECLARES = ["declare paston", "declare glitch", "declare dineri", "declare gupa"]


def auction(seq: list[str], rules: Rules | None = None, **fixed: str) -> Deal:
    places: dict[int | str, str] = {}
    for k, v in fixed.items():
        places["prikup" if k == "prikup" else int(k[1:])] = v
    deal = make_deal(places, dealer=2, first_deal=False, rules=rules)
    assert deal.to_act == A
    return apply_all(deal, seq)


def declared_by(deal: Deal, seat: int, final_bid: str) -> None:
    """The auction is over: ``seat`` declares with final bid ``final_bid``."""
    assert deal.phase == "exchange"
    assert deal.declarer == seat and deal.to_act == seat
    assert deal.bid == LEVEL[final_bid]
    assert not deal.all_pass
    deal.apply(deal.legal_action_strs()[0])
    allowed = ALL_DECLARES[LEVEL[final_bid] - 1 :] if final_bid != "grkha" else ["declare grkha"]
    assert sorted(deal.legal_action_strs()) == sorted([*allowed, "surrender"])


def test_B1_paston_then_two_passes() -> None:
    declared_by(auction(["paston", "pass", "pass"]), A, "paston")


def test_B2_two_passes_then_paston_ends_at_once() -> None:
    deal = auction(["pass", "pass"])
    assert deal.to_act == C and sorted(deal.legal_action_strs()) == ["pass", "paston"]
    deal.apply("paston")
    declared_by(deal, C, "paston")


@pytest.mark.parametrize(
    ("where", "declarer"),
    [({"s1": "JS"}, B), ({"prikup": "JS", "s2": "7S"}, C), ({"s0": "JS", "s1": "7S"}, A)],
)
def test_B3_all_pass_marker_holder_declares(where: dict[str, str], declarer: int) -> None:
    deal = auction(["pass", "pass", "pass"], None, **where)
    assert deal.phase == "exchange" and deal.declarer == declarer and deal.all_pass
    assert deal.bid == 0
    deal.apply(deal.legal_action_strs()[0])
    assert sorted(deal.legal_action_strs()) == sorted([*ALL_DECLARES, "surrender"])


def test_B3_all_pass_both_markers_in_prikup_redeals() -> None:
    deal = auction(["pass", "pass", "pass"], prikup="JS 7S")
    assert deal.phase == "redeal" and deal.redeal_reason == "all-pass"
    assert deal.declarer == -1 and deal.to_act is None


def test_B4_grkha_ends_the_auction_at_once() -> None:
    deal = auction(["paston", "glitch", "dineri", "gupa", "grkha"])
    declared_by(deal, B, "grkha")
    # C and A got no reply: five actions, all of them bids.
    assert [s for s, _ in deal.action_history()[:5]] == [A, B, C, A, B]


def test_B5() -> None:
    declared_by(auction(["paston", "glitch", "pass", "dineri", "pass"]), A, "dineri")


def test_B6() -> None:
    declared_by(auction(["paston", "pass", "glitch", "pass"]), C, "glitch")


def test_B7() -> None:
    declared_by(auction(["paston", "glitch", "dineri", "pass", "pass"]), C, "dineri")


def test_B8() -> None:
    declared_by(auction(["pass", "paston", "pass"]), B, "paston")


def test_B9() -> None:
    deal = auction(["paston", "pass", "glitch", "dineri", "gupa"])
    # B passed and is skipped: A and C alternate.
    assert [s for s, _ in deal.action_history()] == [A, B, C, A, C]
    deal.apply("grkha")
    declared_by(deal, A, "grkha")


def test_B10_opening_with_glitch_is_illegal_by_default() -> None:
    deal = auction([])
    assert sorted(deal.legal_action_strs()) == ["pass", "paston"]
    with pytest.raises(IllegalAction) as exc:
        deal.apply("glitch")
    assert str(exc.value) == '"glitch": the first bid must be paston; legal: pass, paston'
    assert deal.actions == []


def test_B10_opening_with_glitch_is_legal_with_jump_bids() -> None:
    deal = auction([], rules=Rules(allow_jump_bids=True))
    assert sorted(deal.legal_action_strs()) == sorted(
        ["pass", "paston", "glitch", "dineri", "gupa", "grkha"]
    )
    deal.apply("glitch")
    assert sorted(deal.legal_action_strs()) == ["dineri", "grkha", "gupa", "pass"]


def test_B11_no_bid_after_the_auction_ended() -> None:
    deal = auction(["paston", "pass", "pass"])
    for late in ("glitch", "pass", "paston"):
        with pytest.raises(IllegalAction) as exc:
            deal.apply(late)
        assert "must first discard two cards" in exc.value.reason
    assert deal.phase == "exchange" and len(deal.actions) == 3


def test_only_a_one_step_raise_or_pass_is_ever_legal() -> None:
    deal = auction([])
    expected = ["paston", "glitch", "dineri", "gupa", "grkha"]
    for i, bid in enumerate(expected):
        assert sorted(deal.legal_action_strs()) == sorted(["pass", bid])
        if i < 4:
            deal.apply(bid)
    with pytest.raises(IllegalAction) as exc:
        auction(["paston"]).apply("paston")
    assert "bids go one step at a time: after paston the only bid is glitch" in str(exc.value)


def test_a_passed_player_is_skipped() -> None:
    deal = auction(["paston", "pass"])
    assert deal.to_act == C
    deal.apply("glitch")
    assert deal.to_act == A
