"""Issue 21: the expert plays for the game to 121 where it is close. With a rival a gupa away
from 121 it climbs over that gupa (a spoiling raise: a −10 surrender beats the rival's game),
far from 121 it bids for its own score as in a deal played alone; the game's value is a
model of each seat's chance to finish first."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from paston.bots import make_bot
from paston.games.paston.actions import BID_BASE, GRKHA, PASS
from paston.games.paston.bots.game_value import GameValue, win_chances
from paston.games.paston.bots.search import SearchBot
from paston.games.paston.shuffle import deal_until_playable
from paston.games.paston.view import MatchStanding, SeatView


def _gupa_auction() -> SeatView:
    """Issue 21's position: seat 2 (no ace) may pass or climb to grkha over seat 1's gupa."""
    deal = deal_until_playable(rng=random.Random(45), dealer=0, first_deal=False)[-1]
    for action in (BID_BASE + 1, BID_BASE + 2, BID_BASE + 3, BID_BASE + 4):
        deal.apply(action)
    view = deal.view(2)
    assert set(view.legal) == {PASS, BID_BASE + GRKHA} and view.match is None
    return view


def _at(view: SeatView, totals: tuple[int, int, int]) -> SeatView:
    return replace(view, match=MatchStanding(totals, 121, 9))


@pytest.mark.parametrize("seed", [0, 1, 3])
def test_a_rival_a_gupa_from_121_is_stopped_by_a_spoiling_raise(seed: int) -> None:
    """Seat 1 at 100: its gupa (+40) would end the game. The expert bids grkha, though it
    would surrender it; the same bot far from 121 passes (its own score, as alone)."""
    view = _gupa_auction()
    assert SearchBot(seed=seed, budget=0).act(_at(view, (60, 100, 60))) == BID_BASE + GRKHA
    assert SearchBot(seed=seed, budget=0).act(_at(view, (10, 20, 15))) == PASS
    assert SearchBot(seed=seed, budget=0).act(view) == PASS


def test_the_reasons_say_when_the_values_are_for_the_game() -> None:
    view = _gupa_auction()
    near = SearchBot(seed=0, budget=0).explain(_at(view, (60, 100, 60)))
    assert all("for the game, win chance now" in c.reason for c in near)
    far = SearchBot(seed=0, budget=0).explain(_at(view, (10, 20, 15)))
    assert not any("for the game" in c.reason for c in far)


def test_far_from_121_the_values_are_those_of_a_deal_played_alone() -> None:
    view = _gupa_auction()
    alone = SearchBot(seed=1, budget=0).explain(view)
    far = SearchBot(seed=1, budget=0).explain(_at(view, (30, 40, 20)))
    assert [(c.action, c.value) for c in far] == [(c.action, c.value) for c in alone]


def test_game_near_zero_never_plays_for_the_game() -> None:
    view = _at(_gupa_auction(), (60, 100, 60))
    bot = make_bot("search:game_near=0,budget=0", seed=0)
    assert isinstance(bot, SearchBot) and bot.act(view) == PASS


@pytest.mark.parametrize("bad", ["search:game_near=-1", "search:game_near=5000"])
def test_bad_game_near_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        make_bot(bad)


def test_win_chances_add_up_and_favour_the_leader() -> None:
    even = win_chances((0, 0, 0), 121)
    assert even.sum() == pytest.approx(1.0, abs=1e-6)
    assert even[0] == pytest.approx(1 / 3, abs=1e-6)
    lead = win_chances((110, 30, 30), 121)
    assert lead.sum() == pytest.approx(1.0, abs=1e-3) and lead[0] > 0.6 > lead[1]
    assert list(win_chances((130, 30, 30), 121)) == [1.0, 0.0, 0.0]
    assert list(win_chances((130, 130, 30), 121)) == pytest.approx([1 / 3] * 3)


def test_the_game_value_counts_a_rivals_game_against_a_surrender() -> None:
    """At (60, 100, 60) seat 0's −10 surrender costs far less than seat 1's made gupa;
    far from 121 a point is worth about a point."""
    near = GameValue(MatchStanding((60, 100, 60), 121, 9), 0)
    assert near.value((-10, 2, 2)) > near.value((0, 40, 0)) + 40
    start = GameValue(MatchStanding((0, 0, 0), 121, 0), 0)
    assert start.value((10, 0, 0)) == pytest.approx(10.0, rel=0.3)
    assert start.value((0, 0, 0)) == 0.0
