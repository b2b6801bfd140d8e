"""Dealing (rules.md §3): the 2-2-2-prikup-then-4×(2-2-2) order, the bottom-7♠ reshuffle,
the spade-run redeal, the first bidder and the both-markers-in-the-prikup redeal."""

from __future__ import annotations

import random

import pytest
from engine_helpers import fill_hands, make_deal, names

from paston.games.paston.cards import SEVEN_SPADES, card_name, parse_card
from paston.games.paston.match import Game
from paston.games.paston.rules import Rules
from paston.games.paston.shuffle import (
    deal_cards,
    deal_from_deck,
    deal_until_playable,
    shuffled_deck,
)
from paston.games.paston.state import Deal

# §3.2 written out: which deck indices each receiver gets.
LEFT_IDX = [0, 1, 8, 9, 14, 15, 20, 21, 26, 27]
RIGHT_IDX = [2, 3, 10, 11, 16, 17, 22, 23, 28, 29]
DEALER_IDX = [4, 5, 12, 13, 18, 19, 24, 25, 30, 31]
PRIKUP_IDX = [6, 7]


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_deal_order_of_section_3_2(dealer: int) -> None:
    deck = list(range(32))
    random.Random(dealer + 11).shuffle(deck)
    deal = deal_from_deck(deck, dealer, first_deal=False)
    left, right = (dealer + 1) % 3, (dealer + 2) % 3

    def want(idx: list[int]) -> set[str]:
        return {card_name(deck[i]) for i in idx}

    assert names(deal.dealt[left]) == want(LEFT_IDX)
    assert names(deal.dealt[right]) == want(RIGHT_IDX)
    assert names(deal.dealt[dealer]) == want(DEALER_IDX)
    assert names(deal.prikup) == want(PRIKUP_IDX)
    # The test vector: the bottom card is the dealer's, deck[6] and deck[7] are the prikup.
    assert deal.dealt[dealer] >> deck[31] & 1
    assert deal.prikup == (1 << deck[6]) | (1 << deck[7])


def test_deal_from_deck_rejects_a_bad_deck() -> None:
    with pytest.raises(ValueError):
        deal_from_deck([0] * 32, 0)


class RiggedRandom(random.Random):
    """A random source whose shuffles give scripted decks (the cut is undone in advance)."""

    def __init__(self, decks: list[list[int]]) -> None:
        super().__init__(0)
        self.decks = list(decks)
        self.shuffles = 0

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        self.shuffles += 1
        # shuffled_deck cuts by rotating by randrange(1, 32); pre-rotate so the cut undoes it.
        deck = self.decks.pop(0)
        x[:] = deck[-1:] + deck[:-1]

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        return 1


def bottom_seven_deck() -> list[int]:
    deck = [c for c in range(32) if c != SEVEN_SPADES] + [SEVEN_SPADES]
    return deck


def test_bottom_7s_is_reshuffled() -> None:
    other = list(range(32))  # bottom card AH
    rng = RiggedRandom([bottom_seven_deck(), other])
    deck = shuffled_deck(rng)
    assert rng.shuffles == 2
    assert deck == other
    assert deck[31] != SEVEN_SPADES


def test_bottom_7s_never_at_the_bottom_with_real_shuffles() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        assert shuffled_deck(rng)[31] != SEVEN_SPADES


def test_bottom_7s_reshuffle_off_keeps_the_deck() -> None:
    rules = Rules(bottom_7s_reshuffle=False)
    rng = RiggedRandom([bottom_seven_deck()])
    deck = shuffled_deck(rng, rules)
    assert rng.shuffles == 1 and deck[31] == SEVEN_SPADES
    # ... and the dealer gets 7S as the last card.
    deal = deal_from_deck(deck, 1, first_deal=False, rules=rules)
    assert deal.dealt[1] >> SEVEN_SPADES & 1


# ----------------------------------------------------------------- spade run (§3.3)

RUN = "7S 8S 9S TS JS QS"


@pytest.mark.parametrize("first_deal", [True, False])
def test_spade_run_redeals(first_deal: bool) -> None:
    deal = make_deal({1: RUN, 2: "KS AS"}, dealer=0, first_deal=first_deal)
    assert deal.phase == "redeal" and deal.redeal_reason == "spade-run"
    assert deal.to_act is None and deal.legal_actions() == []
    # The hand is shown to everybody.
    for seat in range(3):
        shown = deal.view(seat).open_hands
        assert set(shown) == {1}
        assert {card_name(c) for c in shown[1]} == names(deal.dealt[1])


@pytest.mark.parametrize("holder", ["K", "A", "KA"])
def test_spade_run_with_king_or_ace_is_played_by_default(holder: str) -> None:
    extra = " ".join(r + "S" for r in holder)
    deal = make_deal({1: f"{RUN} {extra}"}, dealer=0)
    assert deal.phase == "bidding"


def test_spade_run_is_checked_only_in_hands_not_the_prikup() -> None:
    # 7S..QS split between a hand and the prikup is no run.
    deal = make_deal({1: "7S 8S 9S TS", "prikup": "JS QS", 0: "7H"}, dealer=0)
    assert deal.phase == "bidding"


def test_redeal_by_the_same_dealer_same_deal_number() -> None:
    game = Game(first_dealer=1)
    hands, prikup = fill_hands({2: RUN, 0: "KS AS"})
    deal = game.new_deal(hands, prikup)
    assert deal.phase == "redeal"
    assert game.deal_number == 1
    assert game.next_deal_setup() == (1, True)
    assert game.totals == (0, 0, 0)


def test_deal_until_playable_keeps_the_dealer() -> None:
    for seed in range(200):
        deals = deal_until_playable(seed=seed, dealer=2)
        assert all(d.dealer == 2 for d in deals)
        assert all(d.phase == "redeal" for d in deals[:-1])
        assert deals[-1].phase == "bidding"


def test_deal_cards_is_reproducible() -> None:
    a, b = deal_cards(seed=42, dealer=1), deal_cards(seed=42, dealer=1)
    assert a.dealt == b.dealt and a.prikup == b.prikup


# ----------------------------------------------------------------- first bidder (§3.4)


@pytest.mark.parametrize("holder", [0, 1, 2])
def test_first_deal_jack_of_spades_holder_bids_first(holder: int) -> None:
    deal = make_deal({holder: "JS", (holder + 1) % 3: "7S"}, dealer=0, first_deal=True)
    assert deal.first_bidder == holder and deal.to_act == holder


@pytest.mark.parametrize("holder", [0, 1, 2])
def test_first_deal_jack_in_prikup_seven_holder_bids_first(holder: int) -> None:
    deal = make_deal({"prikup": "JS", holder: "7S"}, dealer=1, first_deal=True)
    assert deal.first_bidder == holder and deal.to_act == holder


def test_first_deal_both_markers_in_prikup_is_redealt() -> None:
    deal = make_deal({"prikup": "JS 7S"}, dealer=1, first_deal=True)
    assert deal.phase == "redeal" and deal.redeal_reason == "no-first-bidder"
    assert deal.to_act is None


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_later_deal_dealers_left_bids_first(dealer: int) -> None:
    # Even with J♠ elsewhere, and even with both markers in the prikup.
    deal = make_deal({(dealer + 2) % 3: "JS"}, dealer=dealer, first_deal=False)
    assert deal.first_bidder == (dealer + 1) % 3
    deal = make_deal({"prikup": "JS 7S"}, dealer=dealer, first_deal=False)
    assert deal.phase == "bidding" and deal.to_act == (dealer + 1) % 3


def test_all_pass_with_both_markers_in_prikup_is_redealt_by_the_same_dealer() -> None:
    game = Game(first_dealer=0)
    hands, prikup = fill_hands({0: "JS"})
    d1 = game.new_deal(hands, prikup)
    for a in ["paston", "pass", "pass"]:
        d1.apply(a)
    d1.apply(d1.legal_action_strs()[0])  # any discard
    d1.apply("surrender")
    assert game.next_deal_setup() == (0, False)  # deal 2: seat 0 bid first in deal 1
    hands, prikup = fill_hands({"prikup": "JS 7S"}, seed=3)
    d2 = game.new_deal(hands, prikup)
    for _ in range(3):
        d2.apply("pass")
    assert d2.phase == "redeal" and d2.redeal_reason == "all-pass"
    assert game.deal_number == 2 and game.next_deal_setup() == (0, False)


def test_a_deal_needs_the_32_cards() -> None:
    hands, prikup = fill_hands({})
    assert len({c for h in hands for c in h} | set(prikup)) == 32
    Deal(hands, prikup)  # fine
    assert parse_card("10♦") == parse_card("TD")
