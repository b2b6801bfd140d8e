"""Golden Paris records (``golden/*.json``, written by ``golden/make_golden.py``): each replays
to its expected object, and rewriting a record gives the same record back (``meta`` kept)."""

from __future__ import annotations

import json

import pytest
from paris_helpers import GOLDEN

from paston.core.registry import replay as platform_replay
from paston.games.paris.record import game_record, replay, state_from_record

NAMES = sorted(
    p.name.removesuffix(".json") for p in GOLDEN.glob("*.json") if "expected" not in p.name
)


def load(name: str) -> dict:  # type: ignore[type-arg]
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def test_the_golden_set() -> None:
    assert NAMES == [
        "flags", "four_players", "in_progress", "nine_players", "position", "turn_limit",
        "two_players",
    ]  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
def test_golden_record_replays_to_its_expected_object(name: str) -> None:
    expected = json.loads((GOLDEN / f"{name}.expected.json").read_text(encoding="utf-8"))
    record = load(name)
    assert replay(record) == expected
    assert platform_replay(record) == expected


@pytest.mark.parametrize("name", NAMES)
def test_golden_record_is_rewritten_unchanged(name: str) -> None:
    record = load(name)
    assert game_record(state_from_record(record), record.get("meta")) == record


def test_two_players_opening_checked_by_hand() -> None:
    # Dealer 1: seat 0 swaps first (AC up, 9C down to the hand), then seat 1 (2D for 7C).
    # Only seat 1 then holds a 3, so it starts; both refill to 10 after every play; TD burns
    # and seat 1 plays again on the empty pile, its lowest card.
    record = load("two_players")
    assert record["actions"][:16] == [
        "swap AC 9C", "ready", "swap 2D 7C", "ready", "play 3S", "play 5H", "play 5S",
        "play 6S", "play 7C", "play 5H", "play 7D", "play 6S", "play 9S", "play 9C",
        "play TD", "play 4D",
    ]  # fmt: skip
    state = state_from_record({**record, "actions": record["actions"][:15]})
    assert state.starter == 1 and state.burned == 11 and state.to_act == 1
    assert all(state.hand_count(s) == 10 for s in range(2))


def test_turn_limit_ranking_checked_by_hand() -> None:
    # 60 turns: nobody out; seats 1, 2, 3 hold 11 cards each and seat 0 holds 17, so the
    # ranking is 1, 2, 3 (ties in seat order from dealer 3's left) and seat 0 loses.
    out = replay(load("turn_limit"))
    assert [s["hand"] + s["face_up"] + s["face_down"] for s in out["seats"]] == [17, 11, 11, 11]
    assert (out["end"], out["ranking"], out["loser"]) == ("turn_limit", [1, 2, 3, 0], 0)
