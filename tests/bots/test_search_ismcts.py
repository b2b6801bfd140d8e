"""``search:play=ismcts``: the expert's card play by information-set MCTS (bots/ismcts.py).

With one world the search is a minimax tree with double-dummy leaves, so it must find a
card of the best double-dummy value; every legal card gets a Choice; bad options are
refused with a message; the same seed gives the same decision; the CPU budget stops it."""

from __future__ import annotations

import random

import pytest

from paston.bots import make_bot
from paston.games.paston.bots.heuristic import HeuristicBot
from paston.games.paston.bots.ismcts import root_groups
from paston.games.paston.bots.pimc import situation_from_view
from paston.games.paston.bots.search import SearchBot
from paston.games.paston.bots.worlds import World
from paston.games.paston.shuffle import deal_until_playable
from paston.games.paston.state import Deal
from paston.games.paston.view import SeatView

#: Small world counts keep these tests fast; the logic is the same at full size.
LIGHT = dict(worlds=8, bid_worlds=4, exchange_worlds=3, declare_worlds=4, whist_worlds=4)


def _play_decision(start: int, declarer: bool) -> tuple[Deal, int]:
    """A deal driven by heuristics into its play (two whisters), and the first decision of
    the declarer (or of a defender) with a card choice whose double-dummy values differ."""
    for k in range(start, start + 80):
        deal = deal_until_playable(rng=random.Random(k), dealer=k % 3, first_deal=False)[-1]
        heuristic = HeuristicBot()
        while not deal.is_over and deal.phase != "play":
            deal.apply(heuristic.act(deal.view(deal.to_act)))  # type: ignore[arg-type]
        if deal.is_over or len(deal.whisters) != 2:
            continue
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            if (seat == deal.declarer) == declarer and len(deal.legal_actions()) > 1:
                values = {v for v, _ in _dd_outcomes(deal, seat).values()}
                if len(values) > 1:
                    return deal, seat
            deal.apply(heuristic.act(deal.view(seat)))
    raise AssertionError("no suitable deal found")


def _true_world(deal: Deal) -> World:
    return World((deal.hands[0], deal.hands[1], deal.hands[2]), (0, 0, 0), 0, 0)


def _one_world_bot(deal: Deal, **options: int | float | str) -> SearchBot:
    """A bot whose every sample is the deal's true hands (the search is then perfect-info)."""
    bot = SearchBot(seed=5, budget=0, **{**LIGHT, **options})  # type: ignore[arg-type]
    world = _true_world(deal)
    bot.sample = lambda view, n: [(world, 1.0)] * n  # type: ignore[method-assign]
    return bot


def _dd_outcomes(deal: Deal, seat: int) -> dict[int, tuple[float, float]]:
    """The flat PIMC's per-card (value, own tricks) in the true world."""
    view = deal.view(seat)
    bot = SearchBot(seed=1, budget=0, **LIGHT)  # type: ignore[arg-type]
    bot.explain(view)  # sets the decision's objective (rival, game) as a decision would
    return bot._card_outcomes(situation_from_view(view), _true_world(deal).hands)


def test_depth_one_values_are_the_double_dummy_values() -> None:
    deal, seat = _play_decision(3, declarer=True)
    view = deal.view(seat)
    dd = _dd_outcomes(deal, seat)
    bot = _one_world_bot(deal, play="ismcts", ismcts_iterations=64, ismcts_depth=1)
    choices = bot.explain(view)
    assert {c.action for c in choices} == set(view.legal)
    for c in choices:
        assert c.reason.startswith(f"expected {dd[c.action][0]:+.2f}, own tricks")
    assert dd[choices[0].action][0] == max(v for v, _ in dd.values())


def _at(k: int, actions: int) -> tuple[Deal, int]:
    """Deal ``k`` driven by heuristics until ``actions`` actions were taken."""
    deal = deal_until_playable(rng=random.Random(k), dealer=k % 3, first_deal=False)[-1]
    heuristic = HeuristicBot()
    while len(deal.actions) < actions:
        deal.apply(heuristic.act(deal.view(deal.to_act)))  # type: ignore[arg-type]
    assert deal.phase == "play" and deal.to_act is not None
    return deal, deal.to_act


#: Decisions (deal, actions before it) where a tree whose opponents helped this seat (the
#: sign of their values flipped) picks a card of a worse double-dummy value: two of the
#: declarer, one of a defender.
MISLEADING = [(6, 11), (28, 12), (3, 25)]


@pytest.mark.parametrize(("k", "actions"), MISLEADING)
def test_one_world_picks_a_double_dummy_best_card(k: int, actions: int) -> None:
    deal, seat = _at(k, actions)
    view = deal.view(seat)
    dd = _dd_outcomes(deal, seat)
    bot = _one_world_bot(deal, play="ismcts", ismcts_iterations=1500, ismcts_depth=4)
    best = bot.act(view)
    assert dd[best][0] == pytest.approx(max(v for v, _ in dd.values()))


def test_every_legal_card_gets_a_choice_and_a_visit() -> None:
    deal, seat = _play_decision(5, declarer=False)
    view = deal.view(seat)
    bot = SearchBot(seed=2, play="ismcts", ismcts_iterations=48, **LIGHT)  # type: ignore[arg-type]
    choices = bot.explain(view)
    assert sorted(c.action for c in choices) == sorted(view.legal)
    assert all("visits)" in c.reason and "(0 visits)" not in c.reason for c in choices)
    assert bot.last_iterations == 48


def test_registered_by_name_with_options() -> None:
    bot = make_bot("search:play=ismcts,ismcts_iterations=32,ismcts_depth=3", seed=1)
    assert isinstance(bot, SearchBot)
    assert (bot.play, bot.ismcts_iterations, bot.ismcts_depth) == ("ismcts", 32, 3)
    assert make_bot("search", seed=1).play == "pimc"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("search:play=mcts", "play must be 'pimc' (flat PIMC, the default) or 'ismcts'"),
        ("search:play=3", "play must be 'pimc'"),
        ("search:ismcts_iterations=0", "ismcts_iterations must be a whole number from 1 to"),
        ("search:ismcts_iterations=2.5", "ismcts_iterations must be a whole number from 1 to"),
        ("search:ismcts_depth=31", "ismcts_depth must be a whole number from 1 to 30, not 31"),
        ("search:ismcts_depth=true", "ismcts_depth must be a whole number"),
    ],
)
def test_bad_options_are_refused_with_a_message(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make_bot(spec)


def _explained(view: SeatView, seed: int) -> list[tuple[int, float, str]]:
    bot = SearchBot(seed=seed, play="ismcts", ismcts_iterations=64, **LIGHT)  # type: ignore[arg-type]
    return [(c.action, c.value, c.reason) for c in bot.explain(view)]


def test_the_same_seed_gives_the_same_decision() -> None:
    deal, seat = _play_decision(5, declarer=False)
    view = deal.view(seat)
    assert _explained(view, 4) == _explained(view, 4)
    assert any(_explained(view, s) != _explained(view, 4) for s in (5, 6, 7))


def test_a_spent_budget_still_values_every_card_once() -> None:
    deal, seat = _play_decision(5, declarer=False)
    view = deal.view(seat)
    bounded = SearchBot(seed=3, play="ismcts", budget=1e-9, **LIGHT)  # type: ignore[arg-type]
    assert bounded.act(view) in view.legal
    hand = sum(1 << c for c in view.hand) if view.hand_to_play == seat else None
    assert hand is not None
    legal = sum(1 << c for c in view.legal)
    distinct = len(set(root_groups(hand, legal, situation_from_view(view).gone).values()))
    assert bounded.last_iterations == distinct < bounded.ismcts_iterations
    unbounded = SearchBot(seed=3, play="ismcts", budget=0, **LIGHT)  # type: ignore[arg-type]
    unbounded.explain(view)
    assert unbounded.last_iterations == unbounded.ismcts_iterations


def test_root_groups_join_neighbours_with_nothing_unseen_between() -> None:
    # 7♠ 8♠ in hand: one run; T♠ with 9♠ gone joins it; Q♠ with J♠ unseen stays apart.
    hand = 0b10101011
    gone = 0b00000100
    assert root_groups(hand, hand, gone) == {0: 0, 1: 0, 3: 0, 5: 5, 7: 7}
