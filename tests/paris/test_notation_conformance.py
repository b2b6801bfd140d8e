"""The conformance vectors of paris-notation.md (C1-C5), one named test each, plus the
notation's verbatim error lines."""

from __future__ import annotations

import json
from typing import Any

import pytest
from paris_helpers import cs, load_data, position

from paston.core.errors import IllegalAction, RecordError
from paston.core.registry import replay as platform_replay
from paston.games.paris.record import replay
from paston.games.paris.shuffle import seeded_record

C2 = load_data("c2_start_and_swaps.json")
C3 = load_data("c3_seed2008_game.json")
C3_EXPECTED: dict[str, dict[str, Any]] = load_data("c3_expected.json")
C4_EXPECTED: dict[str, dict[str, Any]] = load_data("c4_expected.json")
READY4 = ["ready"] * 4


def same(out: dict[str, Any], expected: dict[str, Any]) -> None:
    """Equal JSON values on the expected keys, ``legal`` compared as a set."""
    for key, value in expected.items():
        if key == "legal":
            assert sorted(out[key]) == sorted(value), key
            assert len(set(out[key])) == len(out[key])
        else:
            assert out[key] == value, key


def error_of(record: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as info:
        replay(record)
    return str(info.value)


# ----------------------------------------------------------------- C1


def test_c1_seeded_deal_four_players_seed_0() -> None:
    rec = seeded_record(4, 0, dealer=0)
    assert rec["format"] == "paris-game/1"
    assert rec["rules"] == {} and rec["actions"] == []
    expected = [
        ("4D 7S 4D", "9D 5C 2D", "TC 5C JC 6H 6C"),
        ("6S 7C 9H", "9H 7D TC", "5S QC 2S 4C 3D"),
        ("AH 9S 8C", "2S 8D QD", "8H 3D QH JH AC"),
        ("5H 5D 8H", "QC KS TH", "4S 3C KH 7H 3H"),
    ]
    for seat, (down, up, hand) in enumerate(expected):
        part = rec["layout"][seat]
        assert part["face_down"] == down.split()
        assert sorted(part["face_up"]) == sorted(up.split())
        assert sorted(part["hand"]) == sorted(hand.split())
    assert len(rec["deck"]) == 60
    assert rec["deck"][:6] == cs("3C 2H 8S JD 3S JH")


def test_c1_seeded_deal_three_players_seed_2008_is_record_c3() -> None:
    rec = seeded_record(3, 2008, dealer=0)
    assert rec["deck"] == C3["deck"]
    for part, expected in zip(rec["layout"], C3["layout"], strict=True):
        assert part["face_down"] == expected["face_down"]
        assert sorted(part["face_up"]) == sorted(expected["face_up"])
        assert sorted(part["hand"]) == sorted(expected["hand"])


# ----------------------------------------------------------------- C2


def c2(actions: list[str], rules: dict[str, Any] | None = None) -> dict[str, Any]:
    return {**C2, "rules": rules or {}, "actions": actions}


def test_c2_1_swap_phase_at_the_start() -> None:
    out = replay(c2([]))
    swaps = [f"swap {x} {y}" for x in cs("3C 8D 9D JC QC") for y in cs("QH KH AS")]
    same(out, {"phase": "swap", "to_act": 0, "starter": None, "turns": 0})
    same(out, {"legal": [*swaps, "ready"]})


def test_c2_2_seat_order_start() -> None:
    same(replay(c2(READY4)), {"phase": "play", "to_act": 0, "starter": 0, "legal": ["play 3C"]})


def test_c2_3_most_lowest() -> None:
    out = replay(c2(READY4, {"start_rule": "most_lowest"}))
    same(out, {"to_act": 2, "starter": 2, "legal": ["play 3D", "play 3H", "play 3D 3H"]})


def test_c2_4_most_lowest_all_lowest() -> None:
    rules = {"start_rule": "most_lowest", "starter_plays_all_lowest": True}
    same(replay(c2(READY4, rules)), {"starter": 2, "legal": ["play 3D 3H"]})


def test_c2_5_swap_moves_the_three_face_up() -> None:
    out = replay(c2(["swap 3C AS", *READY4]))
    same(out, {"starter": 2, "legal": ["play 3D", "play 3H", "play 3D 3H"]})
    assert out["seats"][0]["face_up_cards"] == ["3C", "QH", "KH"]


def test_c2_6_fours_start_when_no_hand_holds_a_three() -> None:
    actions = ["swap 3C AS", "ready", "ready", "swap 3D 6C", "swap 3H JD", "ready", "ready"]
    same(replay(c2(actions)), {"starter": 1, "to_act": 1, "legal": ["play 4S"]})


def test_c2_7_second_seat_swaps() -> None:
    out = replay(c2(["ready", "swap 4S 5D"]))
    swaps = [f"swap {x} {y}" for x in cs("5D 6D 7S KC AD") for y in cs("4S 9H TD")]
    same(out, {"phase": "swap", "to_act": 1, "legal": [*swaps, "ready"]})


def test_c2_8_after_three_swaps_only_ready() -> None:
    out = replay(c2(["swap 3C QH", "swap 8D KH", "swap 9D AS"]))
    same(out, {"to_act": 0, "legal": ["ready"]})


def test_c2_9_opening_play() -> None:
    out = replay(c2([*READY4, "play 3C"]))
    same(out, {"to_act": 1, "turns": 1, "deck": 59, "pile": ["3C"]})
    assert out["seats"][0]["hand"] == 5
    same(out, {"legal": ["play 4S", "play 6D", "play 7S", "play KC", "play AD"]})


def test_c2_10_error_starter() -> None:
    assert error_of(c2([*READY4, "play 8D"])).startswith('action 5 "play 8D": starter')


def test_c2_11_error_swap_limit() -> None:
    actions = ["swap 3C QH", "swap 8D KH", "swap 9D AS", "swap JC QH"]
    assert error_of(c2(actions)).startswith('action 4 "swap JC QH": swap limit')


def test_c2_12_error_wrong_phase() -> None:
    assert error_of(c2(["play 3C"])).startswith('action 1 "play 3C": wrong phase')


def test_c2_13_error_not_held() -> None:
    assert error_of(c2(["swap QH 3C"])).startswith('action 1 "swap QH 3C": not held')


def test_c2_14_error_must_play() -> None:
    assert error_of(c2([*READY4, "play 3C", "pickup"])).startswith('action 6 "pickup": must play')


def test_c2_15_error_starter_must_play_all() -> None:
    rules = {"start_rule": "most_lowest", "starter_plays_all_lowest": True}
    assert error_of(c2([*READY4, "play 3D"], rules)).startswith('action 5 "play 3D": starter')


def test_c2_16_unknown_flag_is_a_record_error() -> None:
    with pytest.raises(RecordError) as info:
        replay(c2([], {"no_such_flag": True}))
    assert not isinstance(info.value, IllegalAction)
    assert str(info.value).startswith("rules: unknown flag 'no_such_flag'")


# ----------------------------------------------------------------- C3


@pytest.mark.parametrize("k", sorted(C3_EXPECTED, key=int))
def test_c3_complete_game_after_k_actions(k: str) -> None:
    out = replay({**C3, "actions": C3["actions"][: int(k)]})
    same(out, C3_EXPECTED[k])


def test_c3_record_has_138_actions_and_game_over_after() -> None:
    assert len(C3["actions"]) == 138
    assert error_of({**C3, "actions": [*C3["actions"], "pickup"]}) == (
        'action 139 "pickup": game over'
    )


def test_c3_through_the_platform_registry() -> None:
    assert platform_replay(C3) == replay(C3)


# ----------------------------------------------------------------- C4


def test_c4_four_of_a_kind_across_players_position() -> None:
    same(replay(load_data("c4_v08b_position.json")), C4_EXPECTED["v08b"])


def test_c4_blind_card_that_does_not_fit_position() -> None:
    same(replay(load_data("c4_v20_position.json")), C4_EXPECTED["v20"])


def test_c4_end_of_the_game_position() -> None:
    same(replay(load_data("c4_v27_position.json")), C4_EXPECTED["v27"])


# ----------------------------------------------------------------- C5

V01 = position("s0 H[5C 7D 8H TD 2S]; s1 H[AS]; s2 H[KH]; pile [4C 7S]")
V16C = position("s0 H[3C 9D KH]; fillers", rules={"voluntary_pickup": True})
V19 = position("s0 H[] U[] D[8H 3C KD]; fillers; pile [6C]")
V17 = position("s0 H[] U[9C 9D QH] D[4C 5C 6C]; fillers; pile [8S]")
V20 = load_data("c4_v20_position.json")
V31 = position("s0 H[7H 7H 7S 4C]; fillers; pile [5D]")
V27 = load_data("c4_v27_position.json")

C5 = [
    ("v01", V01, ["play 8H"], 'action 1 "play 8H": not playable'),
    ("v01", V01, ["play 2S"], 'action 1 "play 2S": not playable'),
    ("v01", V01, ["pickup"], 'action 1 "pickup": must play'),
    ("v01", V01, ["ready"], 'action 1 "ready": wrong phase'),
    ("v01", V01, ["discard 5C"], 'action 1 "discard 5C": unparsable'),
    ("v16c", V16C, ["pickup"], 'action 1 "pickup": empty pile'),
    ("v19", V19, ["play 8H"], 'action 1 "play 8H": blind stage'),
    ("v19", V19, ["blind 3"], 'action 1 "blind 3": no such slot'),
    ("v19", V19, ["pickup"], 'action 1 "pickup": must play'),
    ("v17", V17, ["blind 0"], 'action 1 "blind 0": not blind stage'),
    ("v20", V20, ["blind 1", "play 4D"], 'action 2 "play 4D": not held'),
    ("v31", V31, ["play 7H 7H 7H"], 'action 1 "play 7H 7H 7H": not held'),
    ("v31", V31, ["play 7H 4C"], 'action 1 "play 7H 4C": mixed ranks'),
    ("v27", V27, ["play AH", "play JC"], 'action 2 "play JC": game over'),
]


@pytest.mark.parametrize(
    ("name", "record", "actions", "start"),
    C5,
    ids=[f"{c[0]}-{c[2][-1].replace(' ', '_')}" for c in C5],
)
def test_c5_action_errors_on_positions(
    name: str, record: dict[str, Any], actions: list[str], start: str
) -> None:
    with pytest.raises(IllegalAction) as info:
        replay({**record, "actions": actions})
    assert str(info.value).startswith(start)
    assert info.value.position == len(actions)


def test_c5_lower_case_play_is_accepted() -> None:
    lower = replay({**V31, "actions": ["play 7h 7h"]})
    upper = replay({**V31, "actions": ["play 7H 7H"]})
    assert lower == upper
    assert lower["pile"] == ["5D", "7H", "7H"]


# ----------------------------------------------------------------- the notation's examples


def test_example_error_not_playable_verbatim() -> None:
    record = position("s0 H[8H 9C]; fillers; pile [7S]")
    assert error_of({**record, "actions": ["play 8H"]}) == (
        'action 1 "play 8H": not playable: 8H on 7S (a 7 allows 3-7 or a 10)'
    )


def test_example_error_must_play_verbatim() -> None:
    record = position("s0 H[3C 9D KH]; fillers; pile [8C]")
    assert error_of({**record, "actions": ["pickup"]}) == (
        'action 1 "pickup": must play: holds 9D, KH which beat 8C'
    )


def test_example_error_starter_verbatim() -> None:
    assert error_of(c2([*READY4, "play 8D"])) == (
        'action 5 "play 8D": starter: the opening play must be 3s'
    )


def test_example_error_unparsable_verbatim() -> None:
    assert error_of({**V01, "actions": ["play 5C", "Discard 5C"]}) == (
        'action 2 "Discard 5C": unparsable'
    )


def test_example_record_error_layout_size() -> None:
    record = json.loads(json.dumps(C3))
    record["deck"].append(record["layout"][2]["hand"].pop())
    assert error_of(record) == "layout[2].hand: must hold 5 cards, has 4"


def test_example_record_error_card_three_times() -> None:
    record = json.loads(json.dumps(C3))
    # Replace one 6C of the deck by a third 7H.
    record["deck"][record["deck"].index("KS")] = "7H"
    message = error_of(record)
    assert message == "card 7H appears 3 times (each card must appear exactly twice)"


def test_example_record_error_unknown_flag() -> None:
    assert error_of({**C2, "rules": {"seven_resets": True}}).startswith(
        "rules: unknown flag 'seven_resets'"
    )


def test_example_record_error_action_not_a_string() -> None:
    assert error_of({**C2, "actions": ["ready", "ready", "ready", 4]}) == ("action 4: not a string")


def test_raw_action_is_a_json_string_literal() -> None:
    message = error_of({**V01, "actions": ['play "9h\\']})
    assert message.startswith('action 1 "play \\"9h\\\\": unparsable')
    assert error_of({**V01, "actions": ["play 9h"]}).startswith('action 1 "play 9h": ')
