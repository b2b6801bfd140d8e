"""High card on the protocol alone: hands, undo, views, records, rules, worlds, tensors."""

from __future__ import annotations

import random

import pytest

from paston.core.errors import IllegalAction, RecordError
from paston.core.protocol import Match, State, View
from paston.core.registry import available, game_for_record, get_game

from .match import deal
from .platform import GAME, new_match
from .research import HOOKS as RESEARCH
from .rules import RuleError, ToyRules
from .sampling import resample
from .state import ToyState


def play_out(state: ToyState, rng: random.Random) -> None:
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))


def test_the_toy_is_registered_and_on_the_protocol() -> None:
    assert "toy" in available() and get_game("toy") is GAME
    match = GAME.new_match(3)
    assert isinstance(match, Match)
    state = match.next_state(random.Random(1))
    assert isinstance(state, State) and isinstance(state.view(0), View)
    for group in ("table", "play", "terminal", "research", "sampling", "analysis", "web"):
        assert GAME.offers(group)
        getattr(GAME, group)  # every group loads


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_hand_plays_out_zero_sum_and_undoes(players: int) -> None:
    rng = random.Random(players)
    state = deal(players, ToyRules(), 0, rng)
    first = state.copy()
    play_out(state, rng)
    assert state.is_over and state.to_act is None and state.phase == "over"
    assert sum(state.tricks_won) == 3 and abs(sum(state.result())) < 1e-9
    actions = list(state.actions)
    while state.actions:
        state.undo()
    assert state.view(1) == first.view(1)
    for a in actions:
        state.apply(state.action_str(a))
    assert state.result() == tuple(t - 3 / players for t in state.tricks_won)


def test_the_trick_goes_to_the_highest_card_or_the_lowest() -> None:
    hands, rest = [[0, 5, 9], [1, 6, 10], [2, 7, 11]], [3, 4, 8, 12, 13, 14, 15]
    for low_wins, winner in ((False, 2), (True, 1)):
        state = ToyState(hands, rest, dealer=2, rules=ToyRules(3, low_wins))
        assert state.to_act == 0  # the seat after the dealer leads
        for card in ("6", "2", "8"):  # seats 0, 1, 2: cards 5, 1, 7
            state.apply(card)
        assert state.tricks_won[winner] == 1 and state.to_act == winner


def test_views_hide_the_others_cards() -> None:
    state = deal(3, ToyRules(), 0, random.Random(5))
    view = state.view(2)
    assert view.hand == state.dealt[2] and view.legal == ()

    def strings(data: object) -> set[str]:
        if isinstance(data, str):
            return {data}
        if isinstance(data, dict):
            return set().union(*map(strings, data.values()))
        if isinstance(data, list):
            return set().union(*map(strings, data))
        return set()

    others = {state.action_str(c) for s in (0, 1) for c in state.dealt[s]}
    assert not strings(view.to_json()) & others
    mover = state.to_act
    assert mover is not None and state.view(mover).legal == tuple(state.legal_actions())


def test_illegal_actions_and_notation() -> None:
    state = deal(2, ToyRules(), 0, random.Random(2))
    other = state.dealt[0][0]  # seat 1 leads: seat 0's card is not in its hand
    with pytest.raises(IllegalAction, match="not in the hand"):
        state.apply(other)
    with pytest.raises(IllegalAction, match="unparsable"):
        state.apply("seventeen")


def test_records_round_trip_and_replay() -> None:
    rng = random.Random(9)
    match = new_match(3, {"hand_size": 2}, 1, hands=2)
    for _ in range(2):
        play_out(match.next_state(rng), rng)
    assert match.over
    record = match.record({"event": "test"})
    assert game_for_record(record) is GAME
    loaded = GAME.load_record(record)
    assert loaded.totals == match.totals and loaded.record({"event": "test"}) == record
    summary = GAME.replay(record)
    assert summary["over"] is True and summary["totals"] == list(match.totals)
    hand = match.deals[0].record()
    assert GAME.load_record(hand).result() == match.deals[0].result()
    broken = {
        **hand,
        "actions": [*hand["actions"][:1], "16" if "16" not in hand["hands"][1] else "1"],
    }
    with pytest.raises(RecordError):
        GAME.load_record(broken)
    with pytest.raises(RecordError, match="unknown format"):
        GAME.load_record({"format": "toy-hand/9"})


def test_rules_are_validated() -> None:
    assert GAME.parse_rules({"low_wins": True}) == ToyRules(3, True)
    with pytest.raises(RuleError, match="unknown flag 'trumps'"):
        GAME.parse_rules({"trumps": 1})
    with pytest.raises(RuleError, match="hand_size"):
        GAME.parse_rules({"hand_size": 5})


def test_worlds_keep_what_the_seat_has_seen() -> None:
    rng = random.Random(4)
    state = deal(4, ToyRules(), 0, rng)
    for _ in range(5):
        state.apply(rng.choice(state.legal_actions()))
    seen = state.view(3)
    worlds = [resample(state, 3, random.Random(k)) for k in range(20)]
    assert all(w.view(3) == seen for w in worlds)
    # The others' cards do change between worlds.
    assert len({w.dealt[0] for w in worlds}) > 1


def test_tensors_have_their_shapes_and_read_only_the_view() -> None:
    state = deal(3, ToyRules(), 0, random.Random(6))
    obs = RESEARCH.observe(state.view(0))
    assert obs.shape == RESEARCH.observation_shape(3)
    info = RESEARCH.information_state(state, 0)
    assert info.shape == RESEARCH.information_state_shape(3)
    world = resample(state, 0, random.Random(1))
    assert (RESEARCH.observe(world.view(0)) == obs).all()
    assert (RESEARCH.information_state(world, 0) == info).all()
