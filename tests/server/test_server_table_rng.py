"""Deal randomness is logged and replayed exactly, for every game: a hand dealt from a
:class:`RecordingRandom` is dealt again, card for card, from its numbers after a JSON round
trip; numbers that do not fit how the game deals are refused, never silently reused."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paston.core.errors import RecordError
from paston.core.registry import get_game
from paston.server.hand_rng import RecordingRandom, ReplayRandom

GAMES = st.sampled_from([("paston", 3), *(("paris", n) for n in range(2, 10))])


def _views(state: object, players: int) -> list[object]:
    return [state.view(s).to_json() for s in range(players)]  # type: ignore[attr-defined]


@settings(max_examples=40, deadline=None)
@given(game=GAMES, seed=st.integers(0, 2**64 - 1), hands=st.integers(1, 3))
def test_logged_draws_deal_the_same_hands(game: tuple[str, int], seed: int, hands: int) -> None:
    name, players = game
    info = get_game(name)
    live = info.new_match(players, info.parse_rules({}), 0)
    again = info.new_match(players, info.parse_rules({}), 0)
    source = random.Random(seed)
    for _ in range(hands):
        rng = RecordingRandom(source)
        state = live.next_state(rng)
        draws = json.loads(json.dumps(rng.draws))
        replayed = ReplayRandom(draws)
        state2 = again.next_state(replayed)
        assert replayed.exhausted
        assert _views(state, players) == _views(state2, players)
        # Finish the hand the same way in both matches, so the next one may be dealt.
        moves = random.Random(seed ^ 1)
        while not state.is_over:
            action = moves.choice(state.legal_actions())
            state.apply(action)
            state2.apply(action)
        if live.over:
            break


def test_draws_that_do_not_fit_are_refused() -> None:
    info = get_game("paston")
    rng = RecordingRandom(random.Random(5))
    info.new_match(3, info.parse_rules({}), 0).next_state(rng)
    with pytest.raises(RecordError):
        info.new_match(3, info.parse_rules({}), 0).next_state(ReplayRandom(rng.draws[:-3]))
    wrong = [float(x) if isinstance(x, int) else x for x in rng.draws]
    with pytest.raises(RecordError):
        info.new_match(3, info.parse_rules({}), 0).next_state(ReplayRandom(wrong))
    too_big = [x + 2**40 if isinstance(x, int) else x for x in rng.draws]
    with pytest.raises(RecordError):
        info.new_match(3, info.parse_rules({}), 0).next_state(ReplayRandom(too_big))
