"""Issue 21: a deal of a game carries the game's public standing (the running totals before
it, the target, the deals scored) into every seat's view and the spectator's; a deal played
alone carries none. The standing is the score sheet's: nothing hidden enters with it."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from paston.games.paston.bots.heuristic import HeuristicBot
from paston.games.paston.match import Game
from paston.games.paston.record import game_from_record
from paston.games.paston.shuffle import deal_until_playable
from paston.games.paston.table_views import spectator_view
from paston.games.paston.view import MatchStanding


def _play_deals(game: Game, rng: random.Random, deals: int) -> None:
    bot = HeuristicBot()
    for _ in range(deals):
        if game.over:
            return
        deal = game.next_state(rng)
        while not deal.is_over:
            deal.apply(bot.act(deal.view(deal.to_act)))  # type: ignore[arg-type]


def test_a_deal_of_a_game_shows_the_totals_before_it_to_every_seat() -> None:
    game = Game(rng=random.Random(3), totals=(40, -10, 95))
    _play_deals(game, random.Random(4), 3)
    before, scored = game.totals, len(game.total_history)
    deal = game.next_state(random.Random(5))
    standing = MatchStanding(before, 121, scored)
    for seat in range(3):
        view = deal.view(seat)
        assert view.match == standing
        assert view.to_json()["match"] == {
            "totals": list(before),
            "target": 121,
            "deals": scored,
        }
    assert spectator_view(deal)["match"] == {"totals": list(before), "target": 121, "deals": scored}


def test_the_standing_stays_the_same_through_the_deal_and_its_copies() -> None:
    game = Game(rng=random.Random(1), totals=(100, 0, 20))
    deal = game.next_state(random.Random(2))
    first = deal.view(0).match
    bot = HeuristicBot()
    while not deal.is_over:
        deal.apply(bot.act(deal.view(deal.to_act)))  # type: ignore[arg-type]
        assert deal.view(0).match == first and deal.copy().view(1).match == first
    assert first is not None and first.totals == (100, 0, 20)


def test_a_deal_played_alone_has_no_standing() -> None:
    deal = deal_until_playable(rng=random.Random(7), dealer=1, first_deal=False)[-1]
    assert deal.view(0).match is None and deal.view(0).to_json()["match"] is None


def test_a_game_read_from_its_record_gives_its_deal_in_progress_the_standing() -> None:
    game = Game(rng=random.Random(8))
    _play_deals(game, random.Random(9), 2)
    game.next_state(random.Random(10))  # left in progress
    again = game_from_record(game.record())
    assert again.current is not None and again.totals == game.totals
    assert again.current.view(2).match == MatchStanding(game.totals, 121, len(game.total_history))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**31), st.integers(0, 2))
def test_the_standing_is_the_score_sheet_and_nothing_more(seed: int, viewer: int) -> None:
    """Whatever the cards, every seat's standing is the public score sheet (the totals the
    finished deals add up to, the target, their number) and has no other key."""
    game = Game(rng=random.Random(seed))
    _play_deals(game, random.Random(seed + 1), 2)
    assume(not game.over)
    deal = game.next_state(random.Random(seed + 2))
    match = deal.view(viewer).to_json()["match"]
    assert match == {
        "totals": list(game.totals),
        "target": game.rules.target,
        "deals": len(game.total_history),
    }
    assert set(match) == {"totals", "target", "deals"}
