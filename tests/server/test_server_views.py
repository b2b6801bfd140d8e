"""Unit tests of Paston's table hooks the server shows: spectator view, reveal, timer defaults."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paston.games.paston.cards import parse_card
from paston.games.paston.rules import Rules
from paston.games.paston.shuffle import deal_cards
from paston.games.paston.table_views import default_action, spectator_view
from paston.games.paston.table_views import reveal as deal_reveal


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 40),
    lone=st.sampled_from(["two_handed", "whister_plays_both_open"]),
)
def test_spectator_view_holds_only_public_cards(seed: int, steps: int, lone: str) -> None:
    deal = deal_cards(seed=seed, rules=Rules(lone_whist_mode=lone))
    rng = random.Random(seed)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
        view = spectator_view(deal)
        assert view["seat"] is None and view["hand"] is None and view["dealt_hand"] is None
        assert view["prikup"] is None and view["discards"] is None and view["legal"] == []
        assert all(a == "discard" for _s, a in view["history"] if a.startswith("discard"))
        public = set(deal.trick) | {c for c in range(32) if deal.played >> c & 1}
        for hand in view["open_hands"].values():
            public |= {parse_card(c) for c in hand}
        named = {parse_card(c) for _s, c in view["trick"]}
        for t in view["tricks"]:
            named |= {parse_card(c) for _s, c in t["cards"]}
        assert named <= public
        if not deal.is_over:
            with pytest.raises(ValueError):
                deal_reveal(deal, 1)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_default_actions_are_legal_and_lowest(seed: int) -> None:
    deal = deal_cards(seed=seed)
    while not deal.is_over:
        action = default_action(deal)
        legal = deal.legal_actions()
        assert action in legal
        if deal.phase == "play":
            assert action & 7 == min(a & 7 for a in legal)
        if deal.phase in ("bidding", "defence"):
            assert action == 32
        if deal.phase == "declare":
            assert action != 43
        deal.apply(action)
    reveal = deal_reveal(deal, 1)
    shown = [c for hand in reveal["hands"] for c in hand] + reveal["prikup"]
    assert len(set(shown)) == 32 and len(shown) == 32
    assert reveal["actions"] == [a for a in reveal["actions"] if a]
