"""Card plays as evidence (:mod:`paston.games.paston.bots.play_evidence`) and the ``search``
bot's ``infer`` option: the likelihoods are bounded, rule out only worlds that could not have
played the cards, reproduce the heuristic's play in the real deal, depend only on the view,
and the resampled worlds stay a distribution over consistent worlds."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paston.bots import make_bot
from paston.games.paston.bots.heuristic import HeuristicBot
from paston.games.paston.bots.play_evidence import PlayEvidence, public_plays
from paston.games.paston.bots.search import SearchBot
from paston.games.paston.bots.worlds import World, WorldSampler, replay_world
from paston.games.paston.shuffle import deal_until_playable
from paston.games.paston.state import Deal
from paston.games.paston.view import SeatView

LIGHT = dict(worlds=6, bid_worlds=8, exchange_worlds=3, declare_worlds=4, whist_worlds=4)


def _play_views(seed: int) -> list[tuple[Deal, SeatView]]:
    """A deal played by heuristics; each card-play view after the first card, with the
    deal as it stood then (copied)."""
    deal = deal_until_playable(rng=random.Random(seed), dealer=seed % 3, first_deal=False)[-1]
    bot = HeuristicBot()
    out: list[tuple[Deal, SeatView]] = []
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        if view.phase == "play" and (view.tricks or view.trick):
            out.append((deal.copy(), view))
        deal.apply(bot.act(view))
    return out


def _true_world(deal: Deal) -> World:
    hands = (deal.hands[0], deal.hands[1], deal.hands[2])
    return World(hands, hands, deal.prikup, deal.discards)


def _views(seeds: range) -> list[tuple[Deal, SeatView]]:
    return [pair for s in seeds for pair in _play_views(s)]


def test_public_plays_list_every_card_in_order() -> None:
    _deal, view = _views(range(3))[-1]
    plays = public_plays(view)
    cards = [c for t in view.tricks for c in t.cards] + [c for _, c in view.trick]
    assert [p[2] for p in plays] == cards
    assert [p[0] for p in plays] == list(range(len(cards)))


def test_the_real_deal_played_by_heuristics_gets_the_model_card_at_every_play() -> None:
    """The others are heuristic bots here: every hidden card they played is the model's."""
    eps = 0.2
    checked = 0
    for deal, view in _views(range(12)):
        evidence = PlayEvidence(view, eps)
        if evidence.likelihood(_true_world(deal)) == 0:
            raise AssertionError("the real deal ruled out")
        for p in evidence._memo.values():
            assert p > 1 - eps  # the model's own card, never an eps / n card
            checked += 1
    assert checked > 50


def test_a_world_where_a_card_was_not_legal_is_ruled_out() -> None:
    """A hidden hand that failed to follow suit cannot have held that suit then."""
    for deal, view in _views(range(20)):
        evidence = PlayEvidence(view)
        for _k, seat, card, _n, before in evidence.scored:
            if not before or card >> 3 == before[0][1] >> 3:
                continue
            led = before[0][1] >> 3
            # Give ``seat`` a card of the led suit from the other hidden hand, if it has one.
            other = 3 - seat - view.seat
            theirs = [c for c in range(32) if deal.hands[other] >> c & 1 and c >> 3 == led]
            mine = [c for c in range(32) if deal.hands[seat] >> c & 1]
            if not theirs or not mine or other == seat:
                continue
            swap_in, swap_out = 1 << theirs[0], 1 << mine[0]
            hands = list(deal.hands)
            hands[seat] = hands[seat] & ~swap_out | swap_in
            hands[other] = hands[other] & ~swap_in | swap_out
            world = World((hands[0], hands[1], hands[2]), (0, 0, 0), 0, deal.discards)
            assert evidence.likelihood(world) == 0.0
            assert evidence.likelihood(_true_world(deal)) > 0.0
            return
    raise AssertionError("no revoke-shaped case found")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), pick=st.integers(0, 1000), eps=st.floats(0.01, 1.0))
def test_likelihoods_are_bounded_and_only_consistent_worlds_count(
    seed: int, pick: int, eps: float
) -> None:
    views = _play_views(seed)
    if not views:
        return
    _, view = views[pick % len(views)]
    evidence = PlayEvidence(view, eps)
    rng = random.Random(seed)
    for world in WorldSampler(view).sample_many(8, rng):
        like = evidence.likelihood(world)
        # Each hidden card: at least eps / (its legal cards, at most 10), at most 1.
        assert (eps / 10.0) ** len(evidence.scored) * (1 - 1e-12) <= like <= 1.0
        # A sampled world is consistent: the history replays in it.
        replay_world(view, world)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), pick=st.integers(0, 1000))
def test_search_with_inference_samples_a_distribution_of_consistent_worlds(
    seed: int, pick: int
) -> None:
    views = _play_views(seed)
    if not views:
        return
    _, view = views[pick % len(views)]
    bot = SearchBot(seed=seed, infer=0.2, play_oversample=6, **LIGHT)
    worlds = bot.sample(view, 6)
    weights = [w for _, w in worlds]
    assert all(w > 0 for w in weights)
    assert sum(weights) == pytest.approx(6.0)
    for world, _ in worlds:
        replay_world(view, world)  # raises if the world contradicts the history


def test_evidence_depends_only_on_the_view() -> None:
    """Two deals that look the same to a seat give the same likelihoods to the same worlds."""
    for deal, view in _views(range(4))[::5]:
        seat = view.seat
        twin_view = deal.view(seat)
        assert view == twin_view
        worlds = WorldSampler(view).sample_many(6, random.Random(1))
        a = [PlayEvidence(view).likelihood(w) for w in worlds]
        b = [PlayEvidence(twin_view).likelihood(w) for w in worlds]
        assert a == b


def test_inference_sharpens_the_worlds_towards_the_real_hands() -> None:
    """Over many late decisions, the worlds kept with inference share more cards with the
    real hidden hands than those kept without it (the others play as the model)."""
    share = {0.0: 0.0, 0.2: 0.0}
    for deal, view in _views(range(6)):
        hidden = [s for s in range(3) if s != view.seat and deal.hands[s]]
        if len(view.tricks) < 4 or not hidden:
            continue
        for infer in share:
            bot = SearchBot(seed=5, infer=infer, **LIGHT)
            hit = total = 0.0
            for world, wt in bot.sample(view, 16):
                for s in hidden:
                    hit += wt * (world.hands[s] & deal.hands[s]).bit_count()
                    total += wt * deal.hands[s].bit_count()
            share[infer] += hit / total
    assert share[0.2] > share[0.0] > 0


def test_options_are_registered_and_checked() -> None:
    bot = make_bot("search:infer=0.3,play_oversample=8", seed=1)
    assert isinstance(bot, SearchBot) and bot.infer == 0.3 and bot.play_oversample == 8
    for bad in ("search:infer=2", "search:infer=-0.1", "search:play_oversample=100"):
        with pytest.raises(ValueError):
            make_bot(bad)
    with pytest.raises(ValueError):
        PlayEvidence(_views(range(1))[0][1], eps=0.0)


@pytest.mark.parametrize("seed", [1, 2])
def test_search_with_inference_plays_legally_and_deterministically(seed: int) -> None:
    def play(bot_seed: int) -> list[int]:
        deal = deal_until_playable(rng=random.Random(seed), dealer=seed % 3, first_deal=False)[-1]
        bots = [SearchBot(seed=bot_seed, infer=0.2, **LIGHT), HeuristicBot(), HeuristicBot()]
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            action = bots[seat].act(view)
            assert action in view.legal
            deal.apply(action)
        return list(deal.actions)

    assert play(3) == play(3)
