"""Odd Paris input (issue 17 §5): a ``blind`` whose number has thousands of digits is parsed
without int() (which refuses over 4,300) and gets the notation's keys; an action error quotes
the action exactly as written; a ``paris-session/1`` of several games replays game by game."""

from __future__ import annotations

import random

import pytest
from paris_helpers import position, random_game

from paston.core.errors import IllegalAction, RecordError
from paston.games.paris.actions import action_str, parse_action, parse_written
from paston.games.paris.match import ParisMatch, session_replay
from paston.games.paris.record import replay, state_from_record
from paston.games.paris.rules import ParisRules

BIG = "9" * 5000
#: Seat 0 acts with only face-down cards (paris-notation.md's V19).
DOWN = position("s0 H[] U[] D[8H 3C KD]; fillers; pile [6C]")


def test_a_blind_of_5000_digits_parses_to_no_slot() -> None:
    assert parse_written("blind " + BIG).slot > 2
    with pytest.raises(IllegalAction) as info:
        parse_action("blind " + BIG)
    assert info.value.reason == "no such slot: slots are 0, 1 and 2"


def test_a_blind_with_thousands_of_leading_zeros_names_its_slot() -> None:
    assert action_str(parse_action("blind " + "0" * 5000 + "2")) == "blind 2"
    assert action_str(parse_action("blind " + "0" * 5000)) == "blind 0"


def test_a_huge_blind_in_a_record_is_no_such_slot() -> None:
    with pytest.raises(IllegalAction) as info:
        state_from_record({**DOWN, "actions": ["blind " + BIG]})
    assert str(info.value) == (
        f'action 1 "blind {BIG}": no such slot: slots are 0, 1 and 2 (slots left: 0, 1, 2)'
    )
    with pytest.raises(IllegalAction) as info:
        state_from_record({**DOWN, "actions": ["blind 3"]})
    assert info.value.reason == "no such slot: slots are 0, 1 and 2 (slots left: 0, 1, 2)"


def test_an_action_error_quotes_the_action_exactly_as_written() -> None:
    with pytest.raises(IllegalAction) as info:
        state_from_record({**DOWN, "actions": ["play  8H"]})
    assert str(info.value).startswith('action 1 "play  8H": blind stage')
    with pytest.raises(IllegalAction) as info:
        state_from_record({**DOWN, "actions": ["pickup\n\u2028"]})
    assert str(info.value).startswith('action 1 "pickup\\n\\u2028": must play')


def _session(games: int, seed: int) -> ParisMatch:
    rng = random.Random(seed)
    match = ParisMatch(3, ParisRules(max_turns=80), dealer=1, games=games)
    for _ in range(games):
        random_game(match.next_state(rng), rng)
    return match


def test_a_session_replays_game_by_game() -> None:
    match = _session(3, 17)
    record = match.record()
    assert record["format"] == "paris-session/1"
    out = session_replay(record)
    assert out["games"] == [replay(g) for g in record["games"]]
    losers = [g["loser"] for g in out["games"]]
    assert out["totals"] == [-losers.count(s) for s in range(3)]
    assert out["next_dealer"] == losers[-1]
    # A session whose later game is dealt by the wrong seat is a record error, named.
    record["games"][1]["dealer"] = (losers[0] + 1) % 3
    with pytest.raises(RecordError, match=r"^games\[1\]: the dealer must be"):
        session_replay(record)
