"""What the server shows through the games' table hooks: Paston's spectator view, reveal and timer
defaults, every game's finished hand, the generic fallbacks, outcomes, ratings and fallbacks."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paston.core.hooks import HookSource
from paston.core.hooks.play import PlayHooks
from paston.core.registry import get_game, register_game, unregister_game
from paston.games.paston.cards import parse_card
from paston.games.paston.rules import Rules
from paston.games.paston.shuffle import deal_cards
from paston.games.paston.table_views import default_action, spectator_view
from paston.games.paston.table_views import reveal as deal_reveal
from paston.server.accounts.history import keeps_elo
from paston.server.bots_runner import fallback_spec
from paston.server.views import hand_reveal, public_view, score_row, timeout_action

# The core tests' toy game (a game outside paston.games) lives in tests/core.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from core_toy import GAME as TOY
from core_toy import ToyState


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


# ------------------------------------------------------------ every game through its hooks


def _played_out(game: str, seed: int) -> tuple[Any, Any]:
    """A match of ``game`` played to its end by random moves, and its last state."""
    info = get_game(game)
    match = info.new_match(info.default_seats, info.parse_rules({}), 0)
    rng = random.Random(seed)
    state = None
    while not match.over:
        state = match.next_state(rng)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    return match, state


def test_a_game_without_table_hooks_gets_the_generic_views() -> None:
    register_game(replace(TOY, name="bare", hooks=HookSource()))
    try:
        info = get_game("bare")
        state = ToyState(3, [1, 2, 3])
        assert public_view(info, state) == {
            "seat": None, "phase": state.phase, "to_act": 0, "legal": []
        }  # fmt: skip
        assert timeout_action(info, state) == state.legal_actions()[0]
        assert hand_reveal(info, state, 1) is None
        while not state.is_over:
            state.apply(1)
        assert hand_reveal(info, state, 1) is None  # the game reveals nothing
        row = score_row(info, state, 2, (1.0, -1.0, 0.0))
        assert row == {"deal": 2, "scores": list(state.result()), "totals": [1.0, -1.0, 0.0]}
    finally:
        unregister_game("bare")


def test_a_paris_game_is_won_by_the_first_out() -> None:
    match, last = _played_out("paris", 5)
    ended = get_game("paris").table.outcome(match)  # type: ignore[misc]
    assert ended["winner"] == last.ranking[0] and ended["draw"] is False
    assert ended["loser"] == last.loser == last.ranking[-1]
    assert ended["ranking"] == list(last.ranking)


def test_the_table_hooks_of_each_game_show_a_finished_hand() -> None:
    for game in ("paston", "paris", "paskievics"):
        info = get_game(game)
        match, last = _played_out(game, 3)
        shown = hand_reveal(info, last, 7)
        assert shown is not None and shown["deal"] == 7, game
        row = score_row(info, last, 7, match.totals)
        assert row is None or row["deal"] == 7, game


def test_the_elo_is_kept_where_the_game_asks_for_it() -> None:
    assert keeps_elo("paston") and not keeps_elo("paris") and not keeps_elo("paskievics")
    assert not keeps_elo("a game no longer installed")


def test_a_spent_budget_falls_back_to_the_casual_level_or_the_default_bot() -> None:
    assert fallback_spec("paris") == "casual"
    register_game(replace(TOY, name="rung", hooks=HookSource(play=lambda: PlayHooks((), "first"))))
    try:
        assert fallback_spec("rung") == "first"
    finally:
        unregister_game("rung")
