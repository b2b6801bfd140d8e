"""Card play (rules.md §8): the legal-card and trick-winner vectors, the lead, the order of
play, and all ten tricks being played."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import apply_all, cs, make_deal, ref_legal, ref_winner

from paston.games.paston.cards import card_name
from paston.games.paston.rules import Rules
from paston.games.paston.state import Deal

# Seat 2 deals a later deal, so seat 0 bids first and is the declarer below.


def to_play(
    fixed: dict[int | str, str],
    contract: str,
    defence: tuple[str, str] = ("whist", "whist"),
    rules: Rules | None = None,
) -> Deal:
    """A deal at trick 1: seat 0 bid paston, took the prikup, discarded it, declared."""
    deal = make_deal(fixed, dealer=2, first_deal=False, rules=rules)
    apply_all(deal, ["paston", "pass", "pass"])
    prikup = [card_name(c) for c in range(32) if deal.prikup >> c & 1]
    apply_all(deal, [f"discard {prikup[0]} {prikup[1]}", f"declare {contract}", *defence])
    assert deal.phase == "play"
    return deal


def legal(deal: Deal) -> set[str]:
    return set(deal.legal_action_strs())


def test_declarer_leads_trick_1_anything() -> None:
    deal = to_play({0: "KC"}, "gupa")
    assert deal.to_act == 0 and deal.hand_to_play == 0
    assert legal(deal) == {card_name(c) for c in range(32) if deal.hands[0] >> c & 1}


def test_vector_must_follow_suit() -> None:
    # ♣K led, you hold ♣7 and ♥A: you must play ♣7.
    deal = to_play({0: "KC", 1: "7C AH 8S 9S TS AD KD QD JD TD"}, "gupa")
    deal.apply("KC")
    assert deal.to_act == 1 and legal(deal) == {"7C"}


def test_vector_must_trump_when_void() -> None:
    # ♣K led, no clubs, you hold ♥8 and ♦A: you must play ♥8; ♦A is illegal.
    deal = to_play({0: "KC", 1: "8H AD KD QD JD TD 8S 9S TS AS"}, "gupa")
    deal.apply("KC")
    assert legal(deal) == {"8H"}


def test_vector_any_card_without_suit_or_trump() -> None:
    hand = "AD KD QD JD TD 8S 9S TS AS 9D"
    deal = to_play({0: "KC", 1: hand}, "gupa")
    deal.apply("KC")
    assert legal(deal) == set(cs(hand))


def test_vector_trump_wins() -> None:
    # ♣K, ♥7, ♣A: ♥7 wins.
    deal = to_play({0: "KC", 1: "7H AD KD QD JD TD 8S 9S TS AS", 2: "AC"}, "gupa")
    apply_all(deal, ["KC", "7H", "AC"])
    assert deal.tricks[-1][3] == 1 and deal.tricks_won == [0, 1, 0]
    assert deal.to_act == 1  # the winner leads


def test_vector_off_suit_never_wins() -> None:
    # ♦9, ♦A, ♠A under Gupa: ♦A wins; spades are not trumps.
    deal = to_play({0: "9D", 1: "AD", 2: "AS KS QS JS TS 8C 7C 9C TC JC"}, "gupa")
    apply_all(deal, ["9D", "AD", "AS"])
    assert deal.tricks[-1][3] == 1


@pytest.mark.parametrize(("ruff", "winner"), [("TS", 2), ("8S", 1), ("7S", 1)])
def test_spades_trump_under_paston_ranked_a_to_7(ruff: str, winner: int) -> None:
    # ♥A led; seat 1 (void in hearts) must ruff with its only spade, ♠9; seat 2 too.
    deal = to_play(
        {0: "AH", 1: "9S AD KD QD JD TD 9D 8D 7D AC", 2: "TS KC QC JC TC 9C 8C 7C 8S 7S"},
        "paston",
    )
    apply_all(deal, ["AH", "9S"])
    assert legal(deal) == {"TS", "8S", "7S"}
    deal.apply(ruff)
    assert deal.tricks[-1][3] == winner


def test_reference_trump_order() -> None:
    order = "789TJQKA"
    for low in range(8):
        for high in range(low + 1, 8):
            trick = [order[low] + "S", "AH", order[high] + "S"]
            assert ref_winner(trick, "S") == 2
            assert ref_winner(trick, "H") == 1


def test_grkha_plays_like_paston() -> None:
    hands: dict[int | str, str] = {
        0: "KH",
        1: "9S AD KD QD JD TD 9D 8D 7D AC",
        2: "TS KC QC JC TC 9C 8C 7C 8S 7S",
    }
    results: list[Any] = []
    for contract in ("paston", "grkha"):
        deal = make_deal(hands, dealer=2, first_deal=False)
        bids = (
            ["paston", "pass", "pass"]
            if contract == "paston"
            else ["paston", "glitch", "pass", "dineri", "gupa", "grkha"]
        )
        apply_all(deal, bids)
        assert deal.declarer == 0
        p = [card_name(c) for c in range(32) if deal.prikup >> c & 1]
        apply_all(deal, [f"discard {p[0]} {p[1]}", f"declare {contract}", "whist", "whist"])
        deal.apply("KH")
        results.append((legal(deal), deal.to_act))
        apply_all(deal, ["9S"])
        results.append((legal(deal), deal.to_act))
        deal.apply("TS")
        results.append((deal.tricks[-1][3], deal.to_act))
    assert results[:3] == results[3:]
    assert results[0][0] == {"9S"} and results[1][0] == {"TS", "8S", "7S"}


def test_no_duty_to_overtrump_by_default() -> None:
    # Declarer leads ♣7, left ruffs with ♥9, right (no clubs) may play any heart.
    deal = to_play(
        {0: "7C", 1: "9H AD KD QD JD TD 9D 8D 7D AS", 2: "7H KH QH JH KS QS TS 9S 8S 7S"},
        "gupa",
    )
    apply_all(deal, ["7C", "9H"])
    assert legal(deal) == {"7H", "KH", "QH", "JH"}


def test_must_trump_even_when_partner_is_winning() -> None:
    # AMBIG-19: declarer leads ♣7, left wins it with ♣A, right has no clubs: must trump.
    deal = to_play(
        {0: "7C", 1: "AC AD KD QD JD TD 9D 8D 7D AS", 2: "8H AH KS QS TS 9S 8S 7S QH JH"},
        "gupa",
    )
    apply_all(deal, ["7C", "AC"])
    assert legal(deal) == {"8H", "AH", "QH", "JH"}


def test_two_handed_play_has_two_card_tricks() -> None:
    deal = to_play({}, "paston", ("pass", "whist"))
    seats = []
    while deal.phase == "play":
        seats.append(deal.hand_to_play)
        deal.apply(deal.legal_actions()[0])
    assert len(seats) == 20 and set(seats) == {0, 2}
    assert all(len(t[2]) == 2 for t in deal.tricks)
    assert sum(deal.tricks_won) == 10 and deal.tricks_won[1] == 0
    assert deal.hands[1] == deal.dealt[1]  # the passer's cards take no part


def test_play_clockwise_and_winner_leads_all_ten_tricks() -> None:
    deal = to_play({}, "dineri")
    while deal.phase == "play":
        if not deal.trick:
            leader = deal.hand_to_play
        trick_before = [card_name(c) for c in deal.trick]
        seat = deal.hand_to_play
        assert seat == (leader + len(trick_before)) % 3
        hand = [card_name(c) for c in range(32) if deal.hands[seat] >> c & 1]
        assert legal(deal) == ref_legal(hand, trick_before, "D")
        n = len(deal.tricks)
        card = deal.legal_action_strs()[-1]
        deal.apply(card)
        if len(deal.tricks) > n:
            cards = [card_name(c) for c in deal.tricks[-1][2]]
            assert deal.tricks[-1][3] == (leader + ref_winner(cards, "D")) % 3
    assert len(deal.tricks) == 10 and sum(deal.tricks_won) == 10
    assert deal.phase == "scored"
