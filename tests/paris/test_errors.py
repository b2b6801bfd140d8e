"""The error contract of paris-notation.md: the keys and their precedence, unparsable input,
the input tolerance, and record errors with messages that say what and where."""

from __future__ import annotations

import json
from typing import Any

import pytest
from paris_helpers import load_data, play, position

from paston.core.errors import IllegalAction, RecordError
from paston.games.paris.actions import NUM_ACTIONS, parse_action
from paston.games.paris.record import load_json, replay, state_from_record

C2 = load_data("c2_start_and_swaps.json")
C3 = load_data("c3_seed2008_game.json")
READY4 = ["ready"] * 4


def reason(record: dict[str, Any], *actions: str) -> str:
    """The reason of the error the last of ``actions`` raises (the others must be legal)."""
    state = play(record, *actions[:-1])
    with pytest.raises(IllegalAction) as info:
        state.apply(actions[-1])
    return info.value.reason


def record_error(record: Any) -> str:
    with pytest.raises(RecordError) as info:
        state_from_record(record)
    assert not isinstance(info.value, IllegalAction)
    return str(info.value)


# ----------------------------------------------------------------- precedence


def test_game_over_comes_before_wrong_phase_and_unparsable_before_game_over() -> None:
    over = position("s0 H[JC 5H]; s2 H[AH]; pile [9D]", finished=(1,), to_act=2)
    assert reason(over, "play AH", "ready") == "game over"
    assert reason(over, "play AH", "fold").startswith("unparsable")


def test_wrong_phase_comes_before_the_action_checks() -> None:
    assert reason(C2, "play 7H 4C").startswith("wrong phase")
    assert reason(C2, "blind 9").startswith("wrong phase")
    assert reason(C2, "pickup").startswith("wrong phase")
    v01 = position("s0 H[5C 7D]; fillers; pile [4C]")
    assert reason(v01, "swap 5C 5C").startswith("wrong phase")


def test_swap_checks_in_order() -> None:
    three = ["swap 3C QH", "swap 8D KH", "swap 9D AS"]
    assert reason(C2, *three, "swap 2C 2C").startswith("swap limit")
    assert reason(C2, "swap 2C QH").startswith("not held: 2C")
    assert reason(C2, "swap 3C 2C").startswith("not held: 2C")
    assert reason(C2, "swap 2C 2D").startswith("not held: 2C")  # X before Y
    # swap X X where X is both in the hand and face up.
    record = json.loads(json.dumps(C2))
    record["layout"][0]["face_up"] = ["3C", "KH", "AS"]
    record["deck"][record["deck"].index("3C")] = "QH"
    assert reason(record, "swap 3C 3C").startswith("same card")


def test_play_checks_in_order() -> None:
    blind = position("s0 D[8H 3C KD]; fillers; pile [6C]")
    assert reason(blind, "play 7H 4C").startswith("blind stage")
    hand = position("s0 H[5C 7D 8H]; fillers; pile [7S]")
    assert reason(hand, "play 2C 4C").startswith("mixed ranks")  # neither is held
    assert reason(hand, "play 5C 5C").startswith("not held")
    assert reason(hand, "play 8H").startswith("not playable")
    # not held comes before starter, starter before not playable.
    assert reason(C2, *READY4, "play 2S").startswith("not held")
    assert reason(C2, *READY4, "play 8D").startswith("starter")


def test_pickup_checks_in_order() -> None:
    empty = position("s0 H[5C]; fillers")
    assert reason(empty, "pickup").startswith("empty pile")
    assert reason(position("s0 H[5C]; fillers; pile [4C]"), "pickup").startswith("must play")
    assert reason(position("s0 D[5C]; fillers; pile [4C]"), "pickup") == (
        "must play: in the face-down stage a blind card is always playable (blind 0)"
    )


def test_blind_checks_in_order() -> None:
    hand = position("s0 H[5C] D[4C]; fillers; pile [4D]")
    assert reason(hand, "blind 7").startswith("not blind stage")
    face_up = position("s0 U[5C] D[4C]; fillers; pile [4D]")
    assert reason(face_up, "blind 0").startswith("not blind stage")
    down = position("s0 D[– 4C]; fillers; pile [4D]")
    assert reason(down, "blind 0") == "no such slot: slot 0 holds no card (slots left: 1)"
    assert reason(down, "blind 3").startswith("no such slot")
    assert reason(down, "blind 0000000000000000000009").startswith("no such slot")


def test_must_play_names_the_cards_that_fit() -> None:
    on_seven = position("s0 H[5C 9D]; fillers; pile [7C]")
    assert reason(on_seven, "pickup") == "must play: holds 5C which goes on 7C"
    one = position("s0 H[5C 9D]; fillers; pile [8C]")
    assert reason(one, "pickup") == "must play: holds 9D which beats 8C"


def test_not_playable_on_an_ordinary_card() -> None:
    record = position("s0 H[5C 9D]; fillers; pile [8C]")
    assert reason(record, "play 5C") == "not playable: 5C on 8C (play 8 or higher, or a 10)"


# ----------------------------------------------------------------- unparsable and tolerance


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "discard 5C",
        "ready 1",
        "pickup now",
        "play",
        "swap 3C",
        "swap 3C 4C 5C",
        "play 11H",
        "play 7X",
        "play 7♡",
        "play 7H\ufe0f",
        "play 1 0D",
        "blind -1",
        "blind x",
        "blind 1 2",
        "blind",
        "blind ٣",
        "PLAY\u200b 7H",
        "pic\u212aup",
    ],
)
def test_unparsable(text: str) -> None:
    with pytest.raises(IllegalAction) as info:
        parse_action(text)
    assert info.value.reason.startswith("unparsable")
    v01 = position("s0 H[5C 7D]; fillers; pile [4C]")
    assert reason(v01, text).startswith("unparsable")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("  PLAY   10♦  ", "play TD"),
        ("play q♠ Qs", "play QS QS"),
        ("Play 7s 7h 7H", "play 7H 7H 7S"),
        ("Pickup", "pickup"),
        ("READY", "ready"),
        ("blind 01", "blind 1"),
        ("swap 10d ♣3", None),
        ("swap td 3♣", "swap TD 3C"),
        ("play\t2h\n2H", "play 2H 2H"),
    ],
)
def test_input_tolerance(text: str, canonical: str | None) -> None:
    from paston.games.paris.actions import action_str

    if canonical is None:
        with pytest.raises(IllegalAction):
            parse_action(text)
    else:
        assert action_str(parse_action(text)) == canonical


def test_ids_out_of_range_and_non_actions() -> None:
    state = play(position("s0 H[5C 7D]; fillers; pile [4C]"))
    for bad in (-1, NUM_ACTIONS, True):
        with pytest.raises(IllegalAction) as info:
            state.apply(bad)
        assert info.value.reason.startswith("unparsable")


def test_an_illegal_action_lists_what_was_legal() -> None:
    state = play(position("s0 H[5C 7D 8H]; fillers; pile [7S]"))
    with pytest.raises(IllegalAction) as info:
        state.apply("play 8H")
    assert set(info.value.legal) == {"play 5C", "play 7D"}


def test_python_error_family() -> None:
    assert issubclass(RecordError, ValueError)
    assert issubclass(IllegalAction, RecordError)
    with pytest.raises(IllegalAction) as info:
        replay({**C3, "actions": [*C3["actions"], "pickup"]})
    assert not str(info.value).startswith("error")


# ----------------------------------------------------------------- record errors


def edited(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    record = json.loads(json.dumps(base))
    for key, value in changes.items():
        if value is ...:
            del record[key]
        else:
            record[key] = value
    return record


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"format": ...}, "format: missing"),
        ({"format": "paris-game/2"}, 'format: unknown format "paris-game/2"'),
        ({"players": ...}, "players: missing"),
        ({"players": 10}, "players: must be an integer 2 to 9, not 10"),
        ({"players": True}, "players: must be an integer 2 to 9, not true"),
        ({"players": "3"}, 'players: must be an integer 2 to 9, not "3"'),
        ({"dealer": 3}, "dealer: must be a seat 0 to 2, not 3"),
        ({"dealer": ...}, "dealer: missing"),
        ({"layout": ...}, "layout: missing"),
        ({"layout": []}, "layout: must hold 3 seats (one per player), has 0"),
        ({"deck": ...}, "deck: missing"),
        ({"deck": ["KS"]}, "deck: must hold 71 cards, has 1"),
        ({"deck": "KS"}, "deck: must be a list of cards, not a string"),
        ({"rules": {"max_turns": 10.0}}, "rules: max_turns must be an integer >= 1, not 10.0"),
        ({"rules": {"max_turns": True}}, "rules: max_turns must be an integer >= 1, not true"),
        ({"rules": {"max_turns": 0}}, "rules: max_turns must be an integer >= 1, not 0"),
        ({"rules": {"voluntary_pickup": "yes"}}, "rules: voluntary_pickup must be true or false"),
        ({"rules": {"start_rule": "youngest"}}, "rules: start_rule must be"),
        ({"rules": []}, "rules: must be an object"),
        ({"actions": "ready"}, "actions: must be a list of strings, not a string"),
        ({"actions": ["ready", None]}, "action 2: not a string"),
    ],
)
def test_game_record_errors(changes: dict[str, Any], message: str) -> None:
    assert record_error(edited(C3, **changes)).startswith(message)


def test_layout_card_errors_name_the_place() -> None:
    record = edited(C3)
    record["layout"][1]["face_down"][2] = "11H"
    assert record_error(record) == 'layout[1].face_down[2]: not a card: "11H"'
    record = edited(C3)
    record["layout"][0]["face_up"] = ["2C", "4C"]
    assert record_error(record) == "layout[0].face_up: must hold 3 cards, has 2"
    record = edited(C3)
    del record["layout"][2]["hand"]
    assert record_error(record) == "layout[2].hand: missing"
    record = edited(C3)
    record["deck"][0] = "QS"  # KS once, QS three times
    assert record_error(record) == ("card QS appears 3 times (each card must appear exactly twice)")


def test_record_must_be_an_object_and_json() -> None:
    assert record_error([1, 2]) == "a record must be a JSON object, not a list"
    with pytest.raises(RecordError) as info:
        load_json("{not json")
    assert str(info.value).startswith("not JSON: ")
    with pytest.raises(RecordError):
        load_json("[]")


def test_unknown_top_level_keys_and_meta_are_ignored() -> None:
    out = replay(edited(C3, names=["a", "b", "c"], comment="x", meta={"event": "club"}))
    assert out == replay(C3)


V20 = load_data("c4_v20_position.json")


NO_HAND: dict[str, Any] = {"hand": []}


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ({"s1": {"face_up": ["2C", "2D", "2H", "2S"]}}, "seats[1].face_up: must hold 0 to 3 cards"),
        ({"s1": {"face_down": [None, None]}}, "seats[1].face_down: must be a list of 3 slots"),
        ({"s1": {"hand": ["AS", "AS", "AS"]}}, "card AS appears 3 times (a card may appear at"),
        ({"pile": ["JC", "TS"]}, "pile: the top card TS is a 10"),
        ({"pile": ["JC", "5C", "5D", "5H", "5S"]}, "pile: ends in 4 cards of rank 5"),
        ({"finished": [1]}, "finished: seat 1 still holds cards"),
        ({"s2": NO_HAND}, "seats[2]: holds no card but is not in finished"),
        ({"s1": NO_HAND, "s2": NO_HAND, "finished": [1, 2]}, "finished: at least two seats"),
        ({"s1": NO_HAND, "finished": [1, 1]}, "finished: seat 1 appears twice"),
        ({"s1": NO_HAND, "finished": [1], "to_act": 1}, "to_act: seat 1 has finished"),
        ({"to_act": 3}, "to_act: must be a seat 0 to 2, not 3"),
        ({"to_act": ...}, "to_act: missing"),
        ({"turns": 40, "rules": {"max_turns": 40}}, "turns: must be below max_turns (40), is 40"),
        ({"burned": -1}, "burned: must be an integer >= 0, not -1"),
        ({"seats": []}, "seats: must hold 3 seats (one per player), has 0"),
        ({"s0": {"face_down": ["8H", "4D", 7]}}, "seats[0].face_down[2]: not a card: 7"),
    ],
)
def test_position_validity(edit: dict[str, Any], message: str) -> None:
    record = edited(V20)
    for key, value in edit.items():
        if key.startswith("s") and key[1:].isdigit():
            record["seats"][int(key[1:])].update(value)
        elif value is ...:
            del record[key]
        else:
            record[key] = value
    assert record_error(record).startswith(message)


def test_the_legal_list_handed_out_is_a_copy() -> None:
    state = play(position("s0 H[5C 7D 8H]; fillers; pile [7S]"))
    legal = state.legal_actions()
    legal.append(parse_action("play 8H"))
    with pytest.raises(IllegalAction) as info:
        state.apply(parse_action("play 8H"))
    assert info.value.reason.startswith("not playable")
    state.apply(state.legal_actions()[0])
    state.undo()
    assert state.legal_strs() == ["play 5C", "play 7D"]
