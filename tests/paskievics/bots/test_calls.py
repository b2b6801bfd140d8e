"""Calls by search (issue 21): worlds at the auction, discards and announcements agree with
the seat's view and replay the public actions; the search names every legal call and
chooses a legal one, the same one for the same seed."""

from __future__ import annotations

import random

import pytest

from paston.games.paskievics.bots.calls import CALL_PHASES, CallSearch, world
from paston.games.paskievics.bots.heuristic import HeuristicBot
from paston.games.paskievics.bots.pimc import PimcBot
from paston.games.paskievics.cards import parse_card
from paston.games.paskievics.state import PaskievicsState
from paston.games.paskievics.view import build_view

from .test_heuristic import new_deal


def call_decisions(deals: int, players: int) -> list[tuple[PaskievicsState, int]]:
    """Every call decision with a choice in heuristic deals: (state, seat to act)."""
    out = []
    bot = HeuristicBot()
    for seed in range(deals):
        state = new_deal(seed, players)
        while not state.is_over and state.phase in CALL_PHASES:
            seat = state.to_act
            assert seat is not None
            view = build_view(state, seat)
            if len(view.legal) > 1:
                out.append((state.copy(), seat))
            state.apply(bot.act(view))
    return out


@pytest.mark.parametrize("players", [4, 5])
def test_worlds_replay_the_public_actions_and_keep_what_the_seat_knows(players: int) -> None:
    policy = HeuristicBot()
    decisions = call_decisions(8, players)
    assert {s.phase for s, _ in decisions} >= {"bidding", "discard", "announce"}
    fitted = {"bidding": 0, "raise": 0, "discard": 0, "announce": 0}
    asked = dict.fromkeys(fitted, 0)
    for state, seat in decisions:
        asked[state.phase] += 1
        view = build_view(state, seat)
        mine = {parse_card(c) for c in view.data["hand"]}
        for k in range(10):
            drawn = world(view, random.Random(k), policy)
            if drawn is None:
                continue
            fitted[state.phase] += 1
            sample, _matched = drawn
            assert sample.to_act == seat and sample.phase == state.phase
            assert sample.hands[seat] == mine
            assert sorted(sample.legal_actions()) == sorted(view.legal)
            assert build_view(sample, seat).data["actions"] == view.data["actions"]
            every = set().union(*sample.hands, *map(set, sample.discards), sample.talon)
            assert len(every) == 42
            break
    # Before the announcements every decision finds a world within ten draws; a declared
    # tarokk count or a call the drawn hands cannot back makes most announcement draws
    # fail (the search then keeps the heuristic's call), but not all.
    for phase in ("bidding", "raise", "discard"):
        assert fitted[phase] == asked[phase], (phase, fitted, asked)
    assert fitted["announce"] >= 0.5 * asked["announce"], (fitted, asked)


def test_the_search_ranks_every_legal_call_and_repeats_itself() -> None:
    for state, seat in call_decisions(3, 4)[:6]:
        view = build_view(state, seat)
        first = CallSearch(random.Random(5), budget=100.0, worlds=4, min_worlds=4).explain(view)
        again = CallSearch(random.Random(5), budget=100.0, worlds=4, min_worlds=4).explain(view)
        assert sorted(c.action for c in first) == sorted(view.legal)
        assert [c.action for c in first] == [c.action for c in again]
        assert first[0].action in view.legal


def test_pimc_plays_whole_deals_with_searched_calls() -> None:
    bot = PimcBot(seed=3, worlds=2, min_worlds=2, time_budget=0.01, call_budget=0.01,
                  call_worlds=2)  # fmt: skip
    for players in (4, 5):
        for seed in range(2):
            state = new_deal(seed, players)
            while not state.is_over:
                view = build_view(state, state.to_act)
                action = bot.act(view)
                assert action in view.legal
                state.apply(action)
