"""The Paskievics ``heuristic`` bot: always legal, blind to hidden cards, and its thumb rules."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from paston.bots import make_bot
from paston.games.paskievics import actions as A
from paston.games.paskievics.bots.heuristic import HeuristicBot
from paston.games.paskievics.cards import (
    CARD_POINTS,
    PAGAT,
    SKIZ,
    T21,
    is_tarokk,
    parse_card,
)
from paston.games.paskievics.rules import _SPEC, PaskievicsRules
from paston.games.paskievics.shuffle import deal_cards
from paston.games.paskievics.state import PaskievicsState

from ..helpers import deal_with, discard_all, run


def random_rules(rng: random.Random, players: int) -> PaskievicsRules:
    """Random values for every boolean and choice flag (the table size fixed)."""
    flags: dict[str, Any] = {"players": players}
    for name, (_default, kind, limits, _help) in _SPEC.items():
        if kind == "bool":
            flags[name] = rng.random() < 0.5
        elif kind == "choice" and name != "players":
            flags[name] = rng.choice(limits)
    return PaskievicsRules.from_dict(flags)


def new_deal(seed: int, players: int, rules: PaskievicsRules | None = None) -> PaskievicsState:
    rng = random.Random(seed)
    rules = rules or PaskievicsRules.from_dict({"players": players})
    hands, talon, dealer = deal_cards(rng, rng.randrange(players), players)
    return PaskievicsState(hands, talon, dealer, rules)


def swap_hidden(state: PaskievicsState, seat: int, rng: random.Random) -> PaskievicsState | None:
    """A copy where two other active seats exchange a card of their current hands (never the
    called card, which decides the partnership), or None when no such pair exists."""
    others = [s for s in state.active if s != seat and state.hands[s]]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    ca = [c for c in state.hands[a] if c != state.called]
    cb = [c for c in state.hands[b] if c != state.called]
    if not ca or not cb:
        return None
    x, y = rng.choice(sorted(ca)), rng.choice(sorted(cb))
    twin = state.copy()
    twin.hands[a] = (twin.hands[a] - {x}) | {y}
    twin.hands[b] = (twin.hands[b] - {y}) | {x}
    return twin


@pytest.mark.parametrize("players", [4, 5])
def test_always_legal_with_random_flags(players: int) -> None:
    """Over many deals and random flags, in company of random bots and of itself, every action
    is legal and ``explain`` ranks every legal action once, best first, led by ``act``."""
    bot = HeuristicBot()
    rng = random.Random(players)
    decisions = 0
    for deal in range(60):
        state = new_deal(1000 * players + deal, players, random_rules(rng, players))
        mixed = deal % 2 == 0
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            if mixed and seat % 2 == 1:
                state.apply(rng.choice(view.legal))
                continue
            action = bot.act(view)
            assert action in view.legal, (A.action_str(action), view.to_json())
            ranked = bot.explain(view)
            assert sorted(c.action for c in ranked) == sorted(view.legal)
            assert all(x.value >= y.value for x, y in itertools.pairwise(ranked))
            assert all(c.reason for c in ranked)
            if len(view.legal) > 1:
                assert ranked[0].action == action
            state.apply(action)
            decisions += 1
    assert decisions > 60 * 20


def test_registered_for_paskievics() -> None:
    assert isinstance(make_bot("heuristic", seed=3, game="paskievics"), HeuristicBot)


@pytest.mark.parametrize("players", [4, 5])
def test_never_reads_hidden_cards(players: int) -> None:
    """Two states differing only in other seats' hidden cards give the same view, and the bot
    the same action (and values)."""
    bot = HeuristicBot()
    rng = random.Random(77 + players)
    compared = 0
    for deal in range(25):
        state = new_deal(5000 + deal, players)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            twin = swap_hidden(state, seat, rng)
            if twin is not None:
                twin_view = twin.view(seat)
                assert twin_view.to_json() == view.to_json()
                assert bot.explain(twin_view) == bot.explain(view)
                compared += 1
            state.apply(bot.act(view))
    assert compared > 500


def first_view(state: PaskievicsState) -> Any:
    assert state.to_act is not None
    return state.view(state.to_act)


def test_strong_hand_bids_weak_hand_passes() -> None:
    strong = deal_with({0: ["SK", "T21", "T20", "T19", "T17", "T16", "T15", "KH", "KD"]}, dealer=3)
    assert A.action_str(HeuristicBot().act(first_view(strong))) != "pass"
    weak = deal_with({0: ["T1", "T3", "KH", "QH", "JH", "AH", "QD", "JC", "TS"]}, dealer=3)
    assert A.action_str(HeuristicBot().act(first_view(weak))) == "pass"


def test_calls_the_highest_tarokk_it_lacks() -> None:
    """Holding the XX and the XIX, not the XVIII: the call is the XVIII, not a self-call (nor a
    lower tarokk the free call may allow)."""
    state = deal_with(
        {
            0: ["SK", "T21", "T20", "T19", "T17", "T16", "T15", "T14", "KH"],
            1: ["T18", "QH", "CH", "JH", "AH", "QD", "CD", "JD", "AD"],
        },
        dealer=3,
    )
    run(state, "solo, pass, pass, pass")
    discard_all(state)
    view = first_view(state)
    assert {"call T20", "call T18"} <= {A.action_str(a) for a in view.legal}
    assert A.action_str(HeuristicBot().act(view)) == "call T18"


def test_announces_trull_with_all_honours_and_nothing_unbacked() -> None:
    state = deal_with({0: ["SK", "T21", "T1", "T20", "T19", "T17", "T16", "T15", "KH"]}, dealer=3)
    run(state, "solo, pass, pass, pass")
    discard_all(state)
    bot = HeuristicBot()
    said = []
    while state.phase == "announce" and state.to_act == 0:
        action = bot.act(first_view(state))
        said.append(A.action_str(action))
        state.apply(action)
        if said[-1] == "pass":
            break
    assert "trull" in said
    assert "ultimo" in said  # the pagát with eight tarokks and both high honours
    assert not {"double", "volat", "catch", "kings"} & set(said)


def play_situations(count: int) -> list[tuple[PaskievicsState, Any, int]]:
    """(state, view, chosen action) at the heuristic's card plays over seeded deals."""
    bot = HeuristicBot()
    out = []
    for deal in range(count):
        state = new_deal(9000 + deal, 4)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            action = bot.act(view)
            if view.data["phase"] == "play":
                out.append((state.copy(), view, action))
            state.apply(action)
    return out


SITUATIONS = play_situations(40)


def test_smears_points_on_a_partners_sure_trick() -> None:
    """Last to play, a known partner winning and no card of ours able to change that: the bot
    gives the partner the most points it may."""
    found = 0
    for state, view, action in SITUATIONS:
        trick = state.trick
        if len(trick) != 3 or len(view.legal) < 2:
            continue
        sides = view.data["sides"]
        me = sides.get(str(view.seat))
        assert state.leader is not None
        winner = state.trick_seats(state.leader)[_best(trick)]
        if sides.get(str(winner)) != me or winner == view.seat:
            continue
        cards = [a - A.PLAY for a in view.legal]
        if any(_beats_all(c, trick) for c in cards):
            continue
        found += 1
        assert CARD_POINTS[action - A.PLAY] == max(CARD_POINTS[c] for c in cards)
    assert found >= 5


def test_keeps_the_xxi_from_the_skiz() -> None:
    """The XXI is never led while the Skíz is out in another hand, unless nothing else may go."""
    for state, view, action in SITUATIONS:
        if state.trick or action - A.PLAY != T21 or len(view.legal) == 1:
            continue
        played = {c for _, cards, _ in state.tricks for c in cards}
        assert SKIZ in played or SKIZ in state.hands[view.seat]


def test_discards_keep_tarokks_when_plain_cards_can_go() -> None:
    bot = HeuristicBot()
    checked = 0
    for deal in range(80):
        state = new_deal(3000 + deal, 4)
        while not state.is_over and state.phase != "announce":
            view = first_view(state)
            action = bot.act(view)
            if view.data["phase"] == "discard" and action != A.ANNUL:
                sets = [A.DISCARD_SETS[a - A.DISCARD] for a in view.legal if a >= A.DISCARD]
                if any(not any(is_tarokk(c) for c in s) for s in sets):
                    checked += 1
                    assert not any(is_tarokk(c) for c in A.DISCARD_SETS[action - A.DISCARD])
            state.apply(action)
    assert checked > 40


def test_pagat_not_thrown_away() -> None:
    """With another card to play, the pagát follows only to a trick it wins or that a known
    partner wins (else its 5 points go to the other side)."""
    for state, view, action in SITUATIONS:
        if action - A.PLAY != PAGAT or not state.trick or len(view.legal) == 1:
            continue
        assert state.leader is not None
        winner = state.trick_seats(state.leader)[_best(state.trick)]
        sides = view.data["sides"]
        friend = sides.get(str(winner)) == sides.get(str(view.seat))
        assert friend or _beats_all(PAGAT, state.trick)


def _best(trick: list[int]) -> int:
    led = trick[0]
    best = 0
    for i, c in enumerate(trick[1:], 1):
        if _over(c, trick[best], led):
            best = i
    return best


def _over(card: int, best: int, led: int) -> bool:
    if is_tarokk(card):
        return not is_tarokk(best) or card < best
    if is_tarokk(best) or is_tarokk(led):
        return False
    return (card - 22) // 5 == (led - 22) // 5 == (best - 22) // 5 and card < best


def _beats_all(card: int, trick: list[int]) -> bool:
    return _over(card, trick[_best(trick)], trick[0])


def test_parse_card_sanity() -> None:
    assert parse_card("T21") == T21
