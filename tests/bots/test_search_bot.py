"""The ``search`` bot: legal, deterministic for a seed, blind to what its view does not show,
within its time budget; its whist and contract values model the defence's answers."""

from __future__ import annotations

import random

import pytest

from paston.bots import make_bot
from paston.games.paston.actions import PASS, WHIST
from paston.games.paston.bots.heuristic import HeuristicBot
from paston.games.paston.bots.search import SearchBot, standing_value
from paston.games.paston.shuffle import deal_until_playable
from paston.games.paston.state import Deal
from paston.games.paston.view import SeatView

#: Small world counts keep these tests fast; the logic is the same at full size.
LIGHT = dict(worlds=6, bid_worlds=8, exchange_worlds=3, declare_worlds=4, whist_worlds=4)


def _deal(seed: int) -> Deal:
    rng = random.Random(seed)
    return deal_until_playable(rng=rng, dealer=seed % 3, first_deal=False)[-1]


def _play(seed: int, bot_seed: int) -> list[int]:
    """A deal with ``search`` in seat 0 and the heuristic elsewhere; the actions taken."""
    deal = _deal(seed)
    bots = [SearchBot(seed=bot_seed, **LIGHT), HeuristicBot(), HeuristicBot()]
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        action = bots[seat].act(view)
        assert action in view.legal, (seat, view.phase, action)
        deal.apply(action)
    return list(deal.actions)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_plays_legal_actions_and_is_deterministic_for_a_seed(seed: int) -> None:
    assert _play(seed, bot_seed=7) == _play(seed, bot_seed=7)


def test_registered_by_name_with_options() -> None:
    bot = make_bot("search:worlds=4,rival=0.5", seed=1)
    assert isinstance(bot, SearchBot) and bot.rival == 0.5 and bot.worlds == 4


@pytest.mark.parametrize("bad", ["search:rival=3", "search:budget=-1"])
def test_bad_options_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        make_bot(bad)


def _first_play_decision(seed: int) -> tuple[Deal, int]:
    """A deal driven by heuristics into its play, and a seat with a real choice there that
    is not the declarer's (so two other hands are hidden from it)."""
    for k in range(seed, seed + 50):
        deal = _deal(k)
        heuristic = HeuristicBot()
        while not deal.is_over and deal.phase != "play":
            deal.apply(heuristic.act(deal.view(deal.to_act)))  # type: ignore[arg-type]
        if deal.is_over or len(deal.whisters) != 2:
            continue
        # Play on until a defender is to play with more than one legal card.
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            if seat != deal.declarer and len(deal.legal_actions()) > 1 and deal.trick:
                return deal, seat
            deal.apply(heuristic.act(deal.view(seat)))
    raise AssertionError("no suitable deal found")


def _swap_hidden(deal: Deal, seat: int) -> Deal:
    """The same deal with two unseen cards of one suit swapped between the other two seats'
    current hands, replayed: every view of ``seat`` is unchanged."""
    others = [s for s in range(3) if s != seat]
    a_hand, b_hand = deal.hands[others[0]], deal.hands[others[1]]
    for suit in range(4):
        a = [c for c in range(32) if a_hand >> c & 1 and c >> 3 == suit]
        b = [c for c in range(32) if b_hand >> c & 1 and c >> 3 == suit]
        if a and b:
            x, y = a[0], b[0]
            break
    else:
        raise AssertionError("no suit held by both other seats")
    swap = (1 << x) | (1 << y)
    dealt = [h ^ swap if h & swap and (h & swap) != swap else h for h in deal.dealt]
    prikup = (
        deal.prikup ^ swap if deal.prikup & swap and (deal.prikup & swap) != swap else (deal.prikup)
    )
    twin = Deal(dealt, prikup, dealer=deal.dealer, first_deal=deal.first_deal, rules=deal.rules)
    for action in deal.actions:
        twin.apply(action)
    return twin


def test_decisions_depend_only_on_the_view() -> None:
    deal, seat = _first_play_decision(11)
    twin = _swap_hidden(deal, seat)
    assert twin.hands != deal.hands  # the hidden cards really differ
    view, twin_view = deal.view(seat), twin.view(seat)
    assert view == twin_view
    for bot_seed in range(4):
        a = SearchBot(seed=bot_seed, **LIGHT).explain(view)
        b = SearchBot(seed=bot_seed, **LIGHT).explain(twin_view)
        assert [(c.action, round(c.value, 9)) for c in a] == [
            (c.action, round(c.value, 9)) for c in b
        ]


def test_time_budget_bounds_the_worlds_valued() -> None:
    deal, seat = _first_play_decision(11)
    view = deal.view(seat)
    unbounded = SearchBot(seed=3, worlds=64, budget=0)
    unbounded.explain(view)
    assert unbounded.last_worlds == 64
    # A budget already spent: the bot values one chunk of worlds and decides on it.
    bounded = SearchBot(seed=3, worlds=64, budget=1e-9)
    assert bounded.act(view) in view.legal
    assert 0 < bounded.last_worlds < 64


def test_whist_values_model_the_partner_and_the_standings() -> None:
    deal, _ = _first_play_decision(11)
    # Rewind to the first defender's decision.
    fresh = Deal(list(deal.dealt), deal.prikup, dealer=deal.dealer, first_deal=False)
    for action in deal.actions:
        if fresh.phase == "defence":
            break
        fresh.apply(action)
    view: SeatView = fresh.view(fresh.to_act)  # type: ignore[arg-type]
    choices = {c.action: c.value for c in SearchBot(seed=1, **LIGHT).explain(view)}
    assert set(choices) == {WHIST, PASS}
    # Passing is not simply 0 any more: the declarer's score counts against this seat.
    assert choices[PASS] != 0.0


def test_standing_value_counts_the_others_mean() -> None:
    assert standing_value([10, -4, 2], 0, 1.0) == 10 - (-4 + 2) / 2
    assert standing_value([10, -4, 2], 1, 0.0) == -4
