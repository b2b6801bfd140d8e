"""Bidding vectors of paskievics.md §4.10 (B1–B15 and the illegal bids), the call cascade
§7.2 (C1–C6) and the play vectors of §9, one named test each."""

from __future__ import annotations

import pytest

from paston.core.errors import IllegalAction
from paston.games.paskievics.cards import T19, parse_card
from paston.games.paskievics.rules import DEFAULT_RULES, PaskievicsRules
from paston.games.paskievics.state import PaskievicsState

from .helpers import deal_with, discard_all, legal, names, run


def split(state: PaskievicsState) -> list[int]:
    assert state.received is not None
    return [len(r) for r in state.received]


def must_call(state: PaskievicsState) -> list[str]:
    discard_all(state)
    return names(state.callable_cards())


def test_b1_held_solo_ends_the_auction() -> None:
    s = run(deal_with({0: ["SK"], 1: ["T21"], 3: ["T1"]}),
            "three, two, pass, one, hold, pass, solo, hold")  # fmt: skip
    assert (s.declarer, s.contract, s.phase, s.to_act) == (0, 3, "discard", 1)
    assert split(s) == [0, 2, 2, 2]


def test_b2_sole_bidder_raises() -> None:
    s = run(deal_with({0: ["SK"]}), "three, pass, pass, pass")
    assert s.phase == "raise" and legal(s) == {"three", "two", "one", "solo"}
    run(s, "two")
    assert (s.declarer, s.contract) == (0, 1) and split(s) == [2, 2, 1, 1]


def test_b3_yield_with_xx_and_high_honour() -> None:
    s = run(deal_with({0: ["T20", "SK"], 1: ["T21"]}), "three, two, pass, pass")
    assert legal(s) == {"pass", "hold"}
    run(s, "pass")
    assert s.invitation == (parse_card("T20"), 0, "yield")
    assert (s.declarer, s.contract) == (1, 1) and split(s) == [1, 2, 2, 1]
    assert must_call(s) == ["T20"]


def test_b4_yield_position_without_xx() -> None:
    s = run(deal_with({0: ["SK", "T19"], 1: ["T21"]}), "three, two, pass, pass")
    assert legal(s) == {"hold", "one"}
    with pytest.raises(IllegalAction):
        s.apply("pass")


def test_b5_pagat_only_inviter_owes_ultimo() -> None:
    s = run(deal_with({0: ["T1", "T19"], 1: ["SK"]}), "two, one, pass, pass, pass")
    assert s.invitation == (T19, 0, "jump")
    assert (s.declarer, s.contract) == (1, 2) and split(s) == [1, 1, 2, 2]
    assert must_call(s) == ["T19"]
    run(s, "call T19, pass")  # declarer B; then C, D, A
    while s.to_act != 0:
        s.apply("pass")
    assert "pass" not in legal(s) and "ultimo" in legal(s)
    run(s, "ultimo")
    assert "pass" in legal(s)


def test_b6_double_jump_to_solo_shows_xviii() -> None:
    s = run(deal_with({1: ["T21"], 3: ["SK", "T18"]}), "pass, three, pass, solo, hold")
    assert s.invitation == (parse_card("T18"), 3, "jump")
    assert (s.declarer, s.contract) == (1, 3) and split(s) == [2, 0, 2, 2]
    assert must_call(s) == ["T18"]


def test_b7_solo_that_others_could_hold_is_an_invitation() -> None:
    holdings = {0: ["SK", "T19"], 1: ["T21"], 3: ["T1"]}
    s = run(deal_with(holdings), "three, two, pass, one, solo, pass, hold")
    assert (s.declarer, s.contract) == (3, 3) and split(s) == [2, 2, 2, 0]
    assert must_call(s) == ["T19"]
    elder = deal_with(holdings, rules=PaskievicsRules(hold_rule="elder_only"))
    run(elder, "three, two, pass, one, solo")
    assert elder.invitation is None
    assert legal(elder) == {"pass"}
    run(elder, "pass, pass")
    assert (elder.declarer, elder.contract) == (0, 3) and split(elder) == [0, 2, 2, 2]


def test_b8_jump_after_an_invitation_is_free() -> None:
    s = run(deal_with({0: ["SK"], 3: ["T21", "T19"]}), "three, pass, pass, one, solo, pass")
    assert s.invitation == (T19, 3, "jump")
    assert (s.declarer, s.contract) == (0, 3) and split(s) == [0, 2, 2, 2]
    assert must_call(s) == ["T19"]


def test_b9_no_yield_without_xx() -> None:
    s = run(deal_with({2: ["SK"], 3: ["T21"]}), "pass, pass, three, two")
    assert "pass" not in legal(s)
    run(s, "hold, pass")
    assert (s.declarer, s.contract) == (2, 1) and split(s) == [1, 1, 2, 2]


def test_b10_pass_out() -> None:
    s = run(deal_with({}), "pass, pass, pass, pass")
    assert (s.phase, s.thrown_in, s.scores) == ("thrown-in", "pass-out", [0, 0, 0, 0])


def test_b11_trial_bid_fails_without_honour() -> None:
    s = deal_with({0: ["SK"], 1: ["T21"], 2: ["T1"]})
    s.multiplier = 2
    run(s, "pass, pass, pass")
    assert legal(s) == {"pass", "three"}
    run(s, "three")
    assert (s.phase, s.thrown_in) == ("thrown-in", "trial-failed")
    assert s.scores == [2, 2, 2, -6]  # S19: penalty 1 x m 2


def test_b11_trial_bid_survives_with_an_honour_from_the_talon() -> None:
    s = deal_with({0: ["SK"], 1: ["T21"]}, talon_first=["T1"])
    run(s, "pass, pass, pass, three")
    assert s.phase == "discard" and split(s) == [1, 1, 1, 3]


def test_b12_opening_solo_is_free() -> None:
    s = run(deal_with({0: ["SK"], 1: ["T21"], 2: ["T1"]}), "solo")
    assert s.invitation is None
    for _ in range(3):
        assert legal(s) == {"pass"}
        s.apply("pass")
    assert (s.declarer, s.contract) == (0, 3) and split(s) == [0, 2, 2, 2]


def test_b13_fourth_hand_jump_is_free() -> None:
    s = run(deal_with({3: ["SK"]}), "pass, pass, pass, one")
    assert s.invitation is None
    assert (s.declarer, s.contract) == (3, 2) and split(s) == [2, 2, 1, 1]


def test_b14_inviter_rebids() -> None:
    s = run(deal_with({0: ["SK", "T19"], 1: ["T21"]}), "two, one, pass, pass, solo, hold")
    assert s.invitation == (T19, 0, "jump")
    assert (s.declarer, s.contract) == (1, 3) and split(s) == [2, 0, 2, 2]
    assert must_call(s) == ["T19"]


def test_b15_free_jump_to_solo_after_invitation() -> None:
    s = run(deal_with({0: ["SK", "T19"], 1: ["T21"]}), "two, solo, pass, pass, pass")
    assert (s.declarer, s.contract) == (1, 3) and split(s) == [2, 0, 2, 2]
    assert must_call(s) == ["T19"]


@pytest.mark.parametrize(
    ("holdings", "before", "bad"),
    [
        ({1: ["SK"]}, "", "three"),
        ({0: ["SK"]}, "", "two"),
        ({0: ["SK"], 1: ["T21"]}, "three", "hold"),
        ({0: ["SK"], 1: ["T21"]}, "three, two, pass, pass, hold", "hold"),
    ],
    ids=["no_honour", "two_without_t19", "hold_before_bidding", "hold_a_held_bid"],
)
def test_illegal_bids(holdings: dict[int, list[str]], before: str, bad: str) -> None:
    s = deal_with(holdings)
    if before:
        run(s, before)
    with pytest.raises(IllegalAction):
        s.apply(bad)


# ---------------------------------------------------------------- the call (§7.2)
PLAIN_TALON = ["JC", "QC", "CC", "TC", "JS", "TS"]


def declarer_after(
    holdings: dict[int, list[str]],
    discards: dict[int, str] | None = None,
    rules: PaskievicsRules = DEFAULT_RULES,
) -> PaskievicsState:
    """Seat 0 declares Three alone; the talon holds plain cards only, and every discarder
    throws back what he received unless ``discards`` says otherwise."""
    s = deal_with(holdings, talon_first=PLAIN_TALON, rules=rules)
    run(s, "three, pass, pass, pass, three")
    while s.phase == "discard":
        seat = s.to_act
        assert seat is not None and s.received is not None
        s.apply((discards or {}).get(seat) or "discard " + " ".join(names(s.received[seat])))
    return s


def test_c1_declarer_lacks_xx() -> None:
    assert names(declarer_after({0: ["SK"]}).callable_cards()) == ["T20"]


def test_c2_holds_xx_and_xix_calls_xviii() -> None:
    s = declarer_after({0: ["SK", "T20", "T19"], 2: ["T18"]})
    assert names(s.callable_cards()) == ["T20", "T18"]


def test_c3_own_discard_is_skipped() -> None:
    s = declarer_after({0: ["SK", "T20", "T19", "T18"], 2: ["T17"]}, {0: "discard T18 JC QC"})
    assert names(s.callable_cards()) == ["T20", "T17"]


def test_c4_free_call_after_another_tarokk_discard() -> None:
    s = declarer_after({0: ["SK", "T20"], 1: ["T7"]}, {1: "discard T7"})
    mine = s.hands[0] | set(s.discards[0])
    expected = ["T20"] + [f"T{n}" for n in range(19, 1, -1) if parse_card(f"T{n}") not in mine]
    assert names(s.callable_cards()) == expected
    never = declarer_after(
        {0: ["SK", "T20"], 1: ["T7"]}, {1: "discard T7"}, PaskievicsRules(free_call="never")
    )
    assert len(never.callable_cards()) == 2


def test_c5_lacking_xx_free_call_only_under_always() -> None:
    plain = declarer_after({0: ["SK"], 1: ["T7"]}, {1: "discard T7"})
    assert names(plain.callable_cards()) == ["T20"]
    always = declarer_after(
        {0: ["SK"], 1: ["T7"]}, {1: "discard T7"}, PaskievicsRules(free_call="always")
    )
    called = names(always.callable_cards())
    assert called[0] == "T20" and "T7" in called and len(called) > 2


def test_c6_accepted_invitation_forces_the_shown_card() -> None:
    s = run(deal_with({0: ["SK", "T19"], 1: ["T21", "T20"]}), "two, one, pass, pass, pass")
    assert must_call(s) == ["T19"]


# ---------------------------------------------------------------- play (§9)
def playing(hands: dict[int, list[str]]) -> PaskievicsState:
    """Seat 0 plays Solo with the given cards; the talon (given back) holds plain cards."""
    talon = [c for c in ["JC", "QC", "CC", "TC", "JS", "TS", "CD", "JD", "AD"]
             if all(c not in h for h in hands.values())][:6]  # fmt: skip
    s = deal_with({0: ["SK"], **hands}, talon_first=talon)
    run(s, "solo, pass, pass, pass")
    discard_all(s)
    s.apply(s.legal_actions()[0])  # the call
    while s.phase == "announce":
        s.apply("pass")
    return s


def test_play_follow_suit_then_tarokk_then_any() -> None:
    s = playing({0: ["SK", "KH"], 1: ["QH", "T5", "T4", "KS", "QS", "CS", "KD", "QD", "CD"]})
    s.apply("KH")
    assert legal(s) == {"QH"}


def test_play_trump_when_void() -> None:
    s = playing({0: ["SK", "KH"], 1: ["T5", "KS", "T4", "T3", "T2", "KD", "KC", "QS", "JS"]})
    s.apply("KH")
    assert legal(s) == {"T5", "T4", "T3", "T2"}


def test_play_tarokk_led_and_trick_winners() -> None:
    s = playing({0: ["SK", "T10"], 1: ["T3", "KS", "KH", "QH", "CH", "JH", "AH", "KD", "QD"]})
    s.apply("T10")
    assert legal(s) == {"T3"}
    s2 = playing({0: ["SK", "KH"], 1: ["T2"], 2: ["QH"], 3: ["AH"]})
    s2.apply("KH")
    for seat, card in ((1, "T2"), (2, "QH"), (3, "AH")):
        assert s2.to_act == seat
        s2.apply(card)
    assert s2.tricks[0][2] == 1


def test_play_skiz_beats_xxi() -> None:
    s = playing({0: ["SK"], 1: ["T21"]})
    s.apply("SK")
    s.apply("T21")
    while len(s.trick) != 0:
        s.apply(s.legal_actions()[0])
    assert s.tricks[0][2] == 0
