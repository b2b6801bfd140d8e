"""Hypothesis properties of the engine: random legal play always finishes with the cards
conserved, ``undo`` restores the exact earlier state, records replay exactly (deals and whole
games, through JSON), action strings parse back, and no view leaks a hidden card."""

from __future__ import annotations

import json
import random
from typing import Any

from engine_helpers import cards_mentioned, names, play_random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paston import deal_from_record, replay
from paston.games.paston.actions import NUM_ACTIONS, action_str, parse_action
from paston.games.paston.cards import ALL_CARDS
from paston.games.paston.match import Game
from paston.games.paston.record import deal_record, deal_summary, game_from_record, game_record
from paston.games.paston.rules import Rules
from paston.games.paston.shuffle import deal_cards
from paston.games.paston.state import Deal, spade_run

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

rules_st = st.builds(
    Rules,
    allow_jump_bids=st.booleans(),
    spade_run_redeal=st.sampled_from(["neither_k_nor_a", "missing_k_or_a", "off"]),
    bottom_7s_reshuffle=st.booleans(),
    deal2_dealer=st.sampled_from(["deal1_first_bidder", "rotate_left"]),
    marker_rule_each_game=st.booleans(),
    all_pass_contracts=st.sampled_from(["any_but_pg", "paston_only"]),
    lone_whist_mode=st.sampled_from(["two_handed", "whister_plays_both_open"]),
    multiply_defender_scores=st.booleans(),
    no_whist_multiplied=st.booleans(),
    surrender_multiplied=st.booleans(),
    must_overtrump=st.booleans(),
    neg121_reset=st.sampled_from(["exact", "at_or_below", "off"]),
    target=st.integers(20, 60),
    target_tie=st.sampled_from(["draw", "play_on"]),
)


@st.composite
def deals(draw: st.DrawFn) -> tuple[Deal, random.Random]:
    rules = draw(rules_st)
    seed = draw(st.integers(0, 2**32 - 1))
    deal = deal_cards(
        seed=seed,
        dealer=draw(st.integers(0, 2)),
        first_deal=draw(st.booleans()),
        rules=rules,
    )
    return deal, random.Random(draw(st.integers(0, 2**32 - 1)))


def step(deal: Deal, rng: random.Random) -> int:
    action = rng.choice(deal.legal_actions())
    deal.apply(action)
    return action


def conserved(deal: Deal) -> None:
    """The 32 cards are all somewhere, once: hands, cards played, and the prikup before the
    exchange or the discards after it."""
    parts = [deal.hands[0], deal.hands[1], deal.hands[2], deal.played]
    parts.append(deal.discards if deal.declarer >= 0 else deal.prikup)
    assert sum(p.bit_count() for p in parts) == 32
    union = 0
    for p in parts:
        union |= p
    assert union == ALL_CARDS


@SETTINGS
@given(deals())
def test_random_play_ends_scored_or_redeal(arg: tuple[Deal, random.Random]) -> None:
    deal, rng = arg
    n = 0
    while deal.to_act is not None:
        conserved(deal)
        step(deal, rng)
        n += 1
        assert n < 80
    conserved(deal)
    assert deal.phase in ("scored", "redeal")
    assert deal.legal_actions() == []
    played_tricks = sum(deal.tricks_won)
    if deal.phase == "redeal":
        assert deal.scores is None
        assert deal.redeal_reason in ("spade-run", "no-first-bidder", "all-pass")
        assert played_tricks == 0
        return
    assert deal.scores is not None
    if deal.whisters:
        assert played_tricks == 10 and len(deal.tricks) == 10
        assert deal.played == ALL_CARDS & ~deal.discards & ~(
            deal.dealt[3 - deal.declarer - deal.whisters[0]]
            if len(deal.whisters) == 1 and deal.rules.lone_whist_mode == "two_handed"
            else 0
        )
    else:
        assert played_tricks == 0 and deal.played == 0


def snapshot(deal: Deal) -> dict[str, Any]:
    return {
        "record": deal_record(deal),
        "legal": deal.legal_actions(),
        "phase": deal.phase,
        "to_act": deal.to_act,
        "hand_to_play": deal.hand_to_play,
        "views": [deal.view(s).to_json() for s in range(3)],
        "summary": deal_summary(deal),
        "tricks": list(deal.tricks),
        "scores": deal.scores,
    }


@SETTINGS
@given(deals(), st.integers(0, 45), st.integers(1, 40))
def test_undo_restores_the_exact_state(
    arg: tuple[Deal, random.Random], before: int, ahead: int
) -> None:
    deal, rng = arg
    for _ in range(before):
        if deal.to_act is None:
            break
        step(deal, rng)
    saved = snapshot(deal)
    twin = deal.copy()
    taken = []
    for _ in range(ahead):
        if deal.to_act is None:
            break
        taken.append(step(deal, rng))
    assert snapshot(twin) == saved  # the copy is independent
    for action in reversed(taken):
        assert deal.undo() == action
    assert snapshot(deal) == saved
    # Playing on from the restored state works like playing on from the copy.
    if deal.to_act is not None:
        a = deal.legal_actions()[0]
        deal.apply(a)
        twin.apply(a)
        assert snapshot(deal) == snapshot(twin)


@SETTINGS
@given(deals(), st.integers(0, 60))
def test_replay_of_record_reproduces_the_deal(arg: tuple[Deal, random.Random], n: int) -> None:
    deal, rng = arg
    for _ in range(n):
        if deal.to_act is None:
            break
        step(deal, rng)
    record = json.loads(json.dumps(deal_record(deal)))
    assert replay(record) == deal_summary(deal)
    again = deal_from_record(record)
    assert snapshot(again) == snapshot(deal)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_st, st.integers(0, 2**32 - 1), st.integers(0, 2), st.booleans())
def test_replay_of_game_record_reproduces_the_game(
    rules: Rules, seed: int, first_dealer: int, stop_early: bool
) -> None:
    game = Game(rules, first_dealer=first_dealer, rng=random.Random(seed))
    rng = random.Random(seed + 1)
    play_random_game(game, rng, max_deals=6 if stop_early else 400)
    record = json.loads(json.dumps(game_record(game)))
    out = replay(record)
    assert out["totals"] == list(game.totals)
    assert (out["over"], out["winner"], out["draw"]) == (game.over, game.winner, game.draw)
    assert out["next_dealer"] == game.next_dealer
    assert out["deals"] == [deal_summary(d) for d in game.deals]
    rebuilt = game_from_record(record)
    assert game_record(rebuilt) == game_record(game)
    assert rebuilt.total_history == game.total_history
    if game.over:
        top = max(game.totals)
        assert top >= rules.target
        leaders = [s for s in range(3) if game.totals[s] == top]
        assert (game.winner is None) == (len(leaders) > 1) == game.draw


@SETTINGS
@given(deals())
def test_every_legal_action_string_parses_back(arg: tuple[Deal, random.Random]) -> None:
    deal, rng = arg
    while deal.to_act is not None:
        ids = deal.legal_actions()
        strs = deal.legal_action_strs()
        assert len(set(ids)) == len(ids)
        assert [parse_action(s) for s in strs] == ids
        assert [action_str(i) for i in ids] == strs
        step(deal, rng)


def test_all_action_ids_round_trip() -> None:
    for action in range(NUM_ACTIONS):
        text = action_str(action)
        assert parse_action(text) == action
        assert parse_action(text.upper()) == action
        assert text == " ".join(text.split())


def known_cards(deal: Deal, seat: int) -> set[str]:
    """Every card ``seat`` may know of now (rules.md §10)."""
    known = names(deal.dealt[seat]) | names(deal.played)
    if deal.declarer == seat:
        known |= names(deal.prikup) | names(deal.discards)
    if deal.redeal_reason == "spade-run":
        for s in range(3):
            if spade_run(deal.dealt[s], deal.rules):
                known |= names(deal.dealt[s])
    if len(deal.whisters) == 1 and deal.rules.lone_whist_mode == "whister_plays_both_open":
        for s in range(3):
            if s != deal.declarer:
                known |= names(deal.dealt[s])
    return known


@SETTINGS
@given(deals())
def test_views_never_leak(arg: tuple[Deal, random.Random]) -> None:
    deal, rng = arg
    while True:
        for seat in range(3):
            view = deal.view(seat)
            js = view.to_json()
            assert cards_mentioned(js) <= known_cards(deal, seat), (seat, deal.phase)
            assert set(js["hand"]) <= set(js["dealt_hand"]) | set(js["prikup"] or [])
            if deal.declarer >= 0 and seat != deal.declarer:
                assert js["prikup"] is None and js["discards"] is None
        if deal.to_act is None:
            break
        step(deal, rng)
