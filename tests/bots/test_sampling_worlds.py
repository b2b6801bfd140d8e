"""World sampling from a seat's view: every sampled deal must be one the view allows.

The check is the strongest available: the sampled deal is rebuilt as a real ``Deal`` and the
view's whole history is replayed in it (the engine checks every action, so a card shown by a
seat that the world gives elsewhere, a broken void or a wrong marker holder fails), and the
replayed deal must give the very same view back.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from paston.games.paston.bots.random_bot import RandomBot
from paston.games.paston.bots.worlds import (
    WorldSampler,
    marker_holder,
    replay_world,
    sample_worlds,
)
from paston.games.paston.cards import JACK_SPADES, SEVEN_SPADES, parse_cards
from paston.games.paston.shuffle import deal_until_playable
from paston.games.paston.state import Deal


def _random_position(seed: int, steps: int, first_deal: bool) -> Deal:
    deal = deal_until_playable(seed=seed, dealer=seed % 3, first_deal=first_deal)[-1]
    bot = RandomBot(seed=seed)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.apply(bot.act(deal.view(deal.to_act)))
    return deal


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 45),
    first_deal=st.booleans(),
    sample_seed=st.integers(0, 1000),
)
def test_every_world_reproduces_the_view(
    seed: int, steps: int, first_deal: bool, sample_seed: int
) -> None:
    deal = _random_position(seed, steps, first_deal)
    if deal.is_over:
        return
    for seat in range(3):
        view = deal.view(seat)
        own = set(view.hand)
        for world in sample_worlds(view, 4, sample_seed):
            # Nothing the view places elsewhere lands in another seat's hand.
            for other in range(3):
                if other != seat:
                    held = {c for c in range(32) if world.hands[other] >> c & 1}
                    assert not held & own
                    assert not held & set(view.played)
            assert world.hands[seat] == sum(1 << c for c in view.hand)
            replayed = replay_world(view, world)
            assert replayed.view(seat) == view
            assert tuple(replayed.hands) == world.hands


def test_sampling_is_deterministic_with_a_seed() -> None:
    view = _random_position(11, 20, True).view(1)
    assert sample_worlds(view, 5, 42) == sample_worlds(view, 5, 42)
    assert sample_worlds(view, 5, 42) != sample_worlds(view, 5, 43)


def test_first_deal_marker_fact_holds_in_every_world() -> None:
    for seed in range(40):
        deal = deal_until_playable(seed=seed, dealer=0, first_deal=True)[-1]
        fb = deal.first_bidder
        for seat in range(3):
            for world in sample_worlds(deal.view(seat), 10, seed):
                assert marker_holder(world.dealt) == fb
                jack_with_fb = world.dealt[fb] >> JACK_SPADES & 1
                seven_case = world.prikup >> JACK_SPADES & 1 and world.dealt[fb] >> SEVEN_SPADES & 1
                assert jack_with_fb or seven_case


def test_voids_are_respected_and_sampling_is_uniform() -> None:
    # Two-handed gupa: declarer seat 0, lone whister seat 1 (seat 2 passed, hand unseen).
    hands = [
        parse_cards("AH KH QH JH AC KC 7S 8S 9S 7D"),
        parse_cards("9H 8H KS QS JS TS AD KD QD JD"),
        parse_cards("TH 7H QC JC TC 9C AS TD 9D 8D"),
    ]
    deal = Deal(hands, parse_cards("7C 8C"), dealer=2, first_deal=False)
    for a in ("paston", "glitch", "pass", "dineri", "pass", "discard 7C 8C", "declare gupa",
              "whist", "pass", "AC", "8H"):  # fmt: skip
        deal.apply(a)
    # Seat 1 ruffed the club lead: void in clubs; the declarer sees 19 unknown cards for
    # seat 1's 9 and seat 2's 10, with every unseen club forced into seat 2's hand.
    view = deal.view(0)
    sampler = WorldSampler(view)
    rng = random.Random(5)
    clubs = {8 + r for r in range(8)}
    counts: Counter[int] = Counter()
    n = 3000
    for world in sampler.sample_many(n, rng):
        held = {c for c in range(32) if world.hands[1] >> c & 1}
        assert not held & clubs
        for c in held:
            counts[c] += 1
    # Seat 1 holds 9 of the 15 non-club unknown cards: each with probability 9/15.
    non_clubs = [c for c in range(32) if sampler.unknown >> c & 1 and c not in clubs]
    assert len(non_clubs) == 15
    for c in non_clubs:
        assert abs(counts[c] / n - 9 / 15) < 0.04, (c, counts[c] / n)
