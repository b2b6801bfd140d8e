"""The auction as evidence (``search:bid_infer``): worlds weighted by how likely the others'
bids, contract and whists were under the ``heuristic`` bot's own policy."""

from __future__ import annotations

import random

import pytest

from paston.bots import make_bot
from paston.bots.registry import BotSpecError
from paston.games.paston.arena import deal_of_set
from paston.games.paston.bots.auction_evidence import AuctionEvidence
from paston.games.paston.bots.oracle import world_of_deal
from paston.games.paston.bots.search import SearchBot
from paston.games.paston.bots.worlds import WorldSampler
from paston.games.paston.rules import Rules
from paston.games.paston.state import PLAY, Deal
from paston.games.paston.view import SeatView


def _heuristic_deal_to_the_play(index: int) -> Deal | None:
    """Deal ``index`` of seed 7 played by three ``heuristic`` bots up to the first card."""
    deal = deal_of_set(Rules(), 7, index)
    bots = [make_bot("heuristic", seed=s) for s in range(3)]
    while not deal.is_over and deal.phase_id < PLAY:
        seat = deal.seat_to_act
        deal.apply(bots[seat].act(deal.view(seat)))
    return None if deal.is_over else deal


def _others_decisions(view: SeatView) -> int:
    """How many public decisions the other seats took before the card play."""
    return sum(1 for seat, text in view.history if seat != view.seat and "discard" not in text)


@pytest.mark.parametrize("index", [1, 2, 8, 11])
def test_the_true_world_of_heuristic_seats_matches_every_decision(index: int) -> None:
    deal = _heuristic_deal_to_the_play(index)
    assert deal is not None
    view = deal.view(deal.seat_to_act)
    evidence = AuctionEvidence(view, 0.2)
    true = evidence.likelihood(world_of_deal(deal))
    # Every decision of the others is the heuristic's own: each scores 1 - eps + eps / n, so
    # the product is at least 0.8 ** decisions and no sampled world scores more.
    assert true >= 0.8 ** _others_decisions(view)
    worlds = WorldSampler(view).sample_many(200, random.Random(index))
    scores = [evidence.likelihood(w) for w in worlds]
    assert max(scores) <= true + 1e-12
    assert sorted(scores)[len(scores) // 2] < true / 5  # most worlds contradict some bid


def test_no_decision_rules_a_world_out() -> None:
    deal = _heuristic_deal_to_the_play(2)
    assert deal is not None
    view = deal.view(deal.seat_to_act)
    evidence = AuctionEvidence(view, 0.2)
    for world in WorldSampler(view).sample_many(100, random.Random(0)):
        assert evidence.likelihood(world) > 0.0


def test_the_softness_is_checked() -> None:
    deal = _heuristic_deal_to_the_play(2)
    assert deal is not None
    with pytest.raises(ValueError, match=r"eps must be a number in \(0, 1\]"):
        AuctionEvidence(deal.view(0), 0.0)
    with pytest.raises((BotSpecError, ValueError), match="bid_infer must be a number from 0 to 1"):
        make_bot("search:bid_infer=2")


def test_off_by_default_and_on_it_weights_the_worlds_by_the_heuristic() -> None:
    deal = _heuristic_deal_to_the_play(8)
    assert deal is not None
    view = deal.view(deal.seat_to_act)
    worlds = WorldSampler(view).sample_many(40, random.Random(3))
    plain = make_bot("search", seed=1)
    on = make_bot("search:bid_infer=0.2", seed=1)
    assert isinstance(plain, SearchBot) and isinstance(on, SearchBot)
    evidence = AuctionEvidence(view, 0.2)
    assert on.likelihoods(view, worlds) == [evidence.likelihood(w) for w in worlds]
    assert plain.likelihoods(view, worlds) != on.likelihoods(view, worlds)
