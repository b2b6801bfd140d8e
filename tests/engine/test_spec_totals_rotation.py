"""Running totals (rules.md §9.6, vectors T1–T7 of §12) through ``paston.games.paston.match.Game``,
and the
dealer rotation of §3.5 (the rotation vector)."""

from __future__ import annotations

import pytest
from engine_helpers import apply_all, fill_hands, game_with_totals, scripted

from paston.games.paston.match import Game
from paston.games.paston.rules import Rules
from paston.games.paston.scoring import apply_totals
from paston.games.paston.state import Deal

# In every T vector the declarer is seat 0, L seat 1 and R seat 2; seat 2 deals the deal and
# it is a first deal (seat 0 holds J♠ and bids first).


def play_scripted(game: Game, name: str) -> Deal:
    rec = scripted()[name]
    deal = game.new_deal(rec["hands"], rec["prikup"])
    assert deal.dealer == 2 and deal.first_bidder == 0
    return apply_all(deal, rec["actions"])


def surrender_deal(game: Game) -> Deal:
    hands, prikup = fill_hands({0: "JS"}, seed=4)
    deal = game.new_deal(hands, prikup)
    apply_all(deal, ["paston", "pass", "pass"])
    deal.apply(deal.legal_action_strs()[0])
    deal.apply("surrender")
    return deal


def test_T1_exactly_minus_121_resets_to_0() -> None:
    game = game_with_totals((0, -112, 5))
    deal = play_scripted(game, "T1")
    assert deal.scores == (10, -9, 0) and deal.tricks_won == [9, 1, 0]
    assert game.totals == (10, 0, 5)
    assert not game.over


def test_T2_declarer_lands_on_minus_121() -> None:
    game = game_with_totals((-111, 30, 40))
    assert surrender_deal(game).scores == (-10, 2, 2)
    assert game.totals == (0, 32, 42)


def test_T3_below_minus_121_is_not_reset_by_default() -> None:
    game = game_with_totals((0, -115, 0))
    deal = play_scripted(game, "T3")
    assert deal.scores == (10, -10, 0)
    assert game.totals == (10, -125, 0)


def test_T3_at_or_below_resets() -> None:
    game = game_with_totals((0, -115, 0), rules=Rules(neg121_reset="at_or_below"))
    play_scripted(game, "T3")
    assert game.totals == (10, 0, 0)


def test_T4_two_players_level_at_121_draw() -> None:
    game = game_with_totals((50, 119, 119))
    surrender_deal(game)
    assert game.totals == (40, 121, 121)
    assert game.over and game.draw and game.winner is None
    assert game.next_dealer is None


def test_T5_two_cross_121_higher_wins() -> None:
    game = game_with_totals((20, 100, 111))
    deal = play_scripted(game, "E6")  # D, W/W, tricks 4/3/3
    assert deal.scores == (-30, 30, 30)
    assert game.totals == (-10, 130, 141)
    assert game.over and game.winner == 2 and not game.draw


def test_T6_no_play_deal_ends_the_game() -> None:
    game = game_with_totals((115, 0, 0))
    hands, prikup = fill_hands({0: "JS"}, seed=9)
    deal = game.new_deal(hands, prikup)
    apply_all(deal, ["paston", "pass", "pass"])
    apply_all(deal, [deal.legal_action_strs()[0], "declare glitch", "pass", "pass"])
    assert deal.scores == (20, 0, 0)
    assert game.totals == (135, 0, 0)
    assert game.over and game.winner == 0


def test_T7_grkha_flat_10_still_wins() -> None:
    game = game_with_totals((118, 0, 0))
    deal = play_scripted(game, "T7")
    assert deal.scores == (10, 0, 0)
    assert game.totals == (128, 0, 0) and game.winner == 0


@pytest.mark.parametrize(
    ("before", "delta", "mode", "after"),
    [
        ((0, -112, 5), (10, -9, 0), "exact", (10, 0, 5)),
        ((-111, 30, 40), (-10, 2, 2), "exact", (0, 32, 42)),
        ((0, -115, 0), (10, -10, 0), "exact", (10, -125, 0)),
        ((0, -115, 0), (10, -10, 0), "at_or_below", (10, 0, 0)),
        ((0, -112, 5), (10, -9, 0), "off", (10, -121, 5)),
        ((0, -111, 0), (0, -10, 0), "at_or_below", (0, 0, 0)),
        ((0, -110, 0), (0, -10, 0), "at_or_below", (0, -120, 0)),
    ],
)
def test_apply_totals(
    before: tuple[int, int, int], delta: tuple[int, int, int], mode: str, after: tuple[int, ...]
) -> None:
    assert apply_totals(Rules(neg121_reset=mode), before, delta) == after


def test_game_ends_only_at_the_target() -> None:
    game = game_with_totals((110, 0, 0))
    surrender_deal(game)  # seat 0: 100
    assert not game.over and game.totals == (100, 2, 2)


# ----------------------------------------------------------------- rotation (§3.5)


def finish_quickly(deal: Deal) -> None:
    """Bid paston, pass, pass; discard; declare paston; both defenders pass."""
    apply_all(deal, ["paston", "pass", "pass"])
    deal.apply(deal.legal_action_strs()[0])
    apply_all(deal, ["declare paston", "pass", "pass"])
    assert deal.phase == "scored"


def test_rotation_vector() -> None:
    game = Game(first_dealer=0)
    hands, prikup = fill_hands({2: "JS", 0: "7S"}, seed=1)
    d1 = game.new_deal(hands, prikup)
    assert d1.dealer == 0 and d1.first_deal and d1.first_bidder == 2
    finish_quickly(d1)
    assert game.next_deal_setup() == (2, False)
    d2 = game.new_deal(*fill_hands({}, seed=2))
    assert d2.dealer == 2 and d2.first_bidder == 0
    finish_quickly(d2)
    assert game.next_dealer == 0 and game.deal_number == 3
    # A spade-run redeal in deal 3 keeps seat 0 as dealer and the deal number at 3.
    redeal = game.new_deal(*fill_hands({1: "7S 8S 9S TS JS QS", 0: "KS AS"}, seed=3))
    assert redeal.phase == "redeal" and redeal.dealer == 0
    assert game.next_dealer == 0 and game.deal_number == 3
    d3 = game.new_deal(*fill_hands({}, seed=4))
    assert d3.dealer == 0 and d3.first_bidder == 1
    finish_quickly(d3)
    assert game.next_dealer == 1 and game.deal_number == 4
    d4 = game.new_deal(*fill_hands({}, seed=5))
    assert d4.dealer == 1 and d4.first_bidder == 2


def test_deal2_dealer_follows_the_played_deal_1_not_a_redealt_one() -> None:
    game = Game(first_dealer=1)
    # Deal 1 is thrown in (both markers in the prikup), then dealt again with J♠ at seat 0.
    r = game.new_deal(*fill_hands({"prikup": "JS 7S"}))
    assert r.redeal_reason == "no-first-bidder"
    d1 = game.new_deal(*fill_hands({0: "JS"}, seed=6))
    assert d1.first_bidder == 0 and d1.first_deal
    finish_quickly(d1)
    assert game.next_deal_setup() == (0, False)


def test_new_deal_refused_while_a_deal_is_running_or_after_the_end() -> None:
    from paston.core.errors import RecordError

    game = Game(first_dealer=0)
    game.new_deal(*fill_hands({0: "JS"}))
    with pytest.raises(RecordError, match="still in progress"):
        game.new_deal()
    game = game_with_totals((0, 120, 0))
    surrender_deal(game)
    assert game.over and game.winner == 1
    with pytest.raises(RecordError, match="the game is over"):
        game.new_deal()
