"""Invariants of random Paskievics deals (hypothesis): cards conserved, 94 card points, zero-sum
scores, every random deal ends, undo restores, records round-trip, views hide what they must."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from paston.games.paskievics.cards import CARD_NAMES, CARD_POINTS, is_tarokk
from paston.games.paskievics.record import deal_record, replay, summary
from paston.games.paskievics.rules import PaskievicsRules
from paston.games.paskievics.shuffle import deal_cards
from paston.games.paskievics.state import PaskievicsState
from paston.games.paskievics.view import view_data

from .helpers import play_randomly

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.sampled_from([4, 5])
FAST = settings(max_examples=40, deadline=None)


def fresh(seed: int, players: int) -> PaskievicsState:
    rng = random.Random(seed)
    rules = PaskievicsRules(players=players)
    hands, talon, dealer = deal_cards(rng, rng.randrange(players), players)
    return PaskievicsState(hands, talon, dealer, rules)


def cards_in_play(state: PaskievicsState) -> list[int]:
    cards = [c for h in state.hands for c in h]
    cards += [c for d in state.discards for c in d]
    cards += [c for _, trick, _ in state.tricks for c in trick] + state.trick
    handed = sum(len(r) for r in state.received) if state.received is not None else 0
    return cards + list(state.talon[handed:])


@FAST
@given(SEEDS, PLAYERS)
def test_random_deals_end_conserve_cards_and_sum_to_zero(seed: int, players: int) -> None:
    state = fresh(seed, players)
    rng = random.Random(seed ^ 0x5A5A)
    while not state.is_over:
        assert sorted(cards_in_play(state)) == list(range(42))
        state.apply(rng.choice(state.legal_actions()))
    assert sorted(cards_in_play(state)) == list(range(42))
    assert state.scores is not None and sum(state.scores) == 0
    assert all(state.scores[s] == 0 for s in range(players) if s not in state.active)
    if state.phase == "scored":
        taken = [c for _, trick, _ in state.tricks for c in trick]
        discarded = [c for d in state.discards for c in d]
        assert sum(CARD_POINTS[c] for c in taken + discarded) == 94
        assert state.facts is not None and 0 <= state.facts.points_d <= 94


@FAST
@given(SEEDS, PLAYERS, st.integers(min_value=0, max_value=80))
def test_undo_restores_every_step(seed: int, players: int, steps: int) -> None:
    state = fresh(seed, players)
    rng = random.Random(seed)
    before: list[dict[str, Any]] = []
    for _ in range(steps):
        if state.is_over:
            break
        before.append(summary(state))
        state.apply(rng.choice(state.legal_actions()))
    while before:
        state.undo()
        assert summary(state) == before.pop()


@FAST
@given(SEEDS, PLAYERS)
def test_records_round_trip(seed: int, players: int) -> None:
    state = fresh(seed, players)
    play_randomly(state, random.Random(seed + 1))
    assert replay(deal_record(state)) == summary(state)


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _hidden_from(state: PaskievicsState, seat: int) -> set[str]:
    """Cards ``seat`` may not know the place of: others' hands and (most) discards."""
    hidden: set[int] = set()
    for other in range(state.seats):
        if other == seat:
            continue
        hidden |= state.hands[other]
        shown_tarokks = other == state.declarer and state.phase in ("announce", "play")
        hidden |= {c for c in state.discards[other] if not (shown_tarokks and is_tarokk(c))}
    if state.called is not None:
        hidden.discard(state.called)
    if state.invitation is not None:
        hidden.discard(state.invitation[0])
    return {CARD_NAMES[c] for c in hidden}


@FAST
@given(SEEDS, PLAYERS)
def test_views_hold_no_hidden_card_or_partnership(seed: int, players: int) -> None:
    state = fresh(seed, players)
    rng = random.Random(seed + 7)
    while not state.is_over:
        for seat in range(players):
            view = state.view(seat).to_json()
            # "call X" options name cards that are by definition not the caller's: no leak.
            texts = [s for s in _strings(view) if not s.startswith("call ")]
            tokens = {t for s in texts for t in s.split()}
            assert not tokens & _hidden_from(state, seat)
            knows = (
                seat == state.partner
                or state.all_revealed
                or (seat == state.declarer and state.alone and state.office is None)
                or seat == state.office
            )
            if state.called is not None and not knows:
                assert view["partner"] is None
                assert set(view["sides"]) <= {str(s) for s in state.revealed} | {
                    str(seat),
                    str(state.declarer),
                }
        spectator = view_data(state, None)
        texts = [s for s in _strings(spectator) if not s.startswith("call ")]
        # seat -1 is nobody: every hand and discard is someone else's
        assert not {t for s in texts for t in s.split()} & _hidden_from(state, -1)
        if not state.all_revealed:
            assert spectator["partner"] is None and spectator["hand"] == []
        state.apply(rng.choice(state.legal_actions()))
