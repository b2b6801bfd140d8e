"""Every game's sampling hooks (OpenSpiel's ``ResampleFromInfostate``): a world keeps what
the seat knows, leaves the real state alone, and does redraw what the seat cannot see."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from paston.core.registry import get_game

#: Seats, and how many random actions to play before sampling, per game.
TABLES = {"paston": (3, 40), "paris": (3, 60), "paskievics": (4, 60)}


def _positions(game: str, seed: int) -> list[Any]:
    """Copies of one random hand at several points of its play."""
    info = get_game(game)
    players, length = TABLES[game]
    rng = random.Random(seed)
    match = info.new_match(players, info.parse_rules({}), seed % players)
    state = match.next_state(rng)
    while state.is_over:
        state = match.next_state(rng)
    positions = []
    for _ in range(length):
        if state.is_over:
            break
        positions.append(state.copy())
        state.apply(rng.choice(state.legal_actions()))
    return positions[:: max(1, len(positions) // 6)]


def _seen(state: Any, seat: int) -> str:
    return json.dumps(state.view(seat).to_json(), sort_keys=True)


def _unseen(state: Any, seat: int) -> str:
    """Everything the other seats are shown: it changes when their hidden cards do."""
    return "".join(_seen(state, s) for s in range(state.players) if s != seat)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_world_keeps_what_the_seat_knows(game: str) -> None:
    info = get_game(game)
    research = info.research
    assert research.information_state_string is not None
    redrawn = 0
    for seed in range(3):
        for state in _positions(game, seed):
            seat = state.to_act
            before = _unseen(state, seat)
            knows = research.information_state_string(state, seat)
            rng = random.Random(seed)
            worlds = [info.sampling.resample(state, seat, rng) for _ in range(3)]
            assert _unseen(state, seat) == before  # the real state is left alone
            for world in worlds:
                assert world is not state
                assert research.information_state_string(world, seat) == knows
                assert _seen(world, seat) == _seen(state, seat)
                assert sorted(world.legal_actions()) == sorted(state.legal_actions())
                redrawn += _unseen(world, seat) != before
    # A sampler that handed back the real cards would pass every check above but this one.
    assert redrawn > 0
