"""Every worked record of paskievics-notation.md §9 (9.1–9.7), one named test each."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from paston.core.errors import IllegalAction, RecordError
from paston.games.paskievics.record import replay

from .worked import R91, R92, R93, R94, R96, prefix, r95


def winners(out: dict[str, Any]) -> list[int]:
    return [t["winner"] for t in out["tricks"]]


def test_9_1_sole_three_stays_calls_xx() -> None:
    out = replay(R91)
    assert out["phase"] == "scored" and out["declarer"] == 0 and out["bid"] == "three"
    assert out["invitation"] is None
    assert out["talon_split"] == [3, 1, 1, 1]
    assert out["talon_taken"] == [["CH", "AD", "TS"], ["T2"], ["JC"], ["CD"]]
    assert (out["called"], out["partner"], out["alone"], out["game_kontra"]) == ("T20", 2, False, 0)
    assert winners(out) == [3, 1, 0, 0, 0, 2, 0, 1, 0]
    assert out["card_points"] == {"declarer": 61, "defenders": 33}
    assert out["tricks_won"] == {"declarer": 6, "defenders": 3}
    assert out["value"] == 1 and out["scores"] == [1, -1, 1, -1]
    # action 5 is the sole bidder's raise turn
    assert replay(prefix(R91, 4))["phase"] == "raise"
    assert sorted(replay(prefix(R91, 4))["legal"]) == ["one", "solo", "three", "two"]


def test_9_2_yield_trull_kontra_rekontra() -> None:
    out = replay(R92)
    assert out["declarer"] == 1 and out["bid"] == "two"
    assert out["invitation"] == {"card": "T20", "by": 0, "kind": "yield"}
    assert out["talon_split"] == [1, 2, 2, 1]
    assert (out["called"], out["partner"]) == ("T20", 0)
    assert out["announcements"] == [{"item": "trull", "side": "declarer", "by": 1, "level": 2}]
    assert out["game_kontra"] == 0
    assert out["card_points"] == {"declarer": 68, "defenders": 26}
    assert out["value"] == 10 and out["scores"] == [10, 10, -10, -10]
    at5 = replay(prefix(R92, 4))
    assert at5["to_act"] == 0 and sorted(at5["legal"]) == ["hold", "pass"]
    at13 = replay(prefix(R92, 12))
    assert at13["to_act"] == 2
    assert sorted(at13["legal"]) == sorted(
        [
            "catch",
            "double",
            "kings",
            "kontra game",
            "kontra trull",
            "pass",
            "trull",
            "ultimo",
            "volat",
        ]
    )


def test_9_3_hold_call_xix_count_ultimo_silent_catch() -> None:
    out = replay(R93)
    assert out["declarer"] == 0 and out["bid"] == "two"
    assert out["talon_split"] == [2, 2, 1, 1]
    assert (out["called"], out["partner"]) == ("T19", 2)
    assert out["announcements"] == [{"item": "ultimo", "side": "declarer", "by": 0, "level": 0}]
    assert out["tarokk_counts"] == [{"seat": 0, "count": 8}]
    assert out["card_points"] == {"declarer": 70, "defenders": 24}
    assert out["tricks_won"] == {"declarer": 7, "defenders": 2}
    assert out["value"] == 34 and out["scores"] == [37, -35, 33, -35]
    at5 = replay(prefix(R93, 4))
    assert at5["to_act"] == 0 and sorted(at5["legal"]) == ["hold", "solo"]
    at12 = replay(prefix(R93, 11))
    assert at12["to_act"] == 0
    assert sorted(at12["legal"]) == sorted(
        ["catch", "double", "kings", "pass", "tarokks 8", "trull", "volat"]
    )
    # hold-back: seat 0 never has T1 among its legal cards before trick 9
    first_play = R93["actions"].index("KS")
    seat0_turns = [
        out
        for k in range(first_play, len(R93["actions"]))
        if (out := replay(prefix(R93, k)))["to_act"] == 0
    ]
    assert len(seat0_turns) == 9
    for turn in seat0_turns[:8]:
        assert "T1" not in turn["legal"]
    assert seat0_turns[7]["legal"] == ["T20"]
    assert seat0_turns[8]["legal"] == ["T1"]


TABLE_94: list[tuple[int, str, int | None, list[str]]] = [
    (0, "bidding", 0, ["pass", "three", "solo"]),
    (4, "bidding", 0, ["hold"]),
    (10, "announce", 0, ["call T20"]),
    (11, "announce", 0, ["catch", "double", "kings", "pass", "trull", "ultimo", "volat"]),
    (12, "announce", 1, ["kontra game", "pass"]),
    (13, "announce", 1, ["catch", "double", "kings", "pass", "trull", "ultimo", "volat"]),
    (15, "announce", 2, ["kontra ultimo", "pass", "rekontra game"]),
    (23, "play", 0, ["SK", "T21", "T17", "T15", "T12", "T3", "T2", "KH", "QH"]),
    (24, "play", 1, ["T19", "T16", "T11", "T8"]),
]


@pytest.mark.parametrize(("k", "phase", "to_act", "legal"), TABLE_94)
def test_9_4_constructed_deal_prefixes(
    k: int, phase: str, to_act: int | None, legal: list[str]
) -> None:
    out = replay(prefix(R94, k))
    assert (out["phase"], out["to_act"]) == (phase, to_act)
    assert sorted(out["legal"]) == sorted(legal)


def test_9_4_constructed_deal_notes() -> None:
    at6 = replay(prefix(R94, 6))
    assert at6["phase"] == "discard" and len(at6["legal"]) == 28
    assert (at6["bid"], at6["declarer"]) == ("two", 0)
    at11 = replay(prefix(R94, 11))
    assert (at11["called"], at11["partner"], at11["game_kontra"]) == ("T20", 2, 0)
    assert replay(prefix(R94, 13))["game_kontra"] == 1


def test_9_4_constructed_deal_final() -> None:
    out = replay(R94)
    assert winners(out) == [0] * 9
    assert out["talon_split"] == [2, 2, 1, 1]
    assert out["discards"] == [["CD", "TC"], ["JH", "AD"], ["AH"], ["T4"]]
    assert out["announcements"] == [{"item": "ultimo", "side": "defenders", "by": 1, "level": 1}]
    assert out["game_kontra"] == 2
    assert out["card_points"] == {"declarer": 89, "defenders": 5}
    assert out["tricks_won"] == {"declarer": 9, "defenders": 0}
    assert out["value"] == 34 and out["scores"] == [34, -34, 34, -34]


def test_9_5_pass_out_then_doubled_deal() -> None:
    out = replay(r95())
    first, second = out["deals"]
    assert (first["phase"], first["thrown_in"]) == ("thrown-in", "pass-out")
    assert first["scores"] == [0, 0, 0, 0] and first["multiplier"] == 1
    assert second["phase"] == "scored" and second["multiplier"] == 2
    assert second["scores"] == [68, -68, 68, -68]
    assert out["totals"] == [68, -68, 68, -68]
    assert out["scored_deals"] == 1 and out["over"] is False
    assert (out["next_dealer"], out["next_multiplier"]) == (0, 2)
    assert out["winner"] is None and out["draw"] is False


@pytest.mark.parametrize(("key", "value"), [("dealer", 0), ("multiplier", 1)])
def test_9_5_wrong_dealer_or_multiplier_is_an_error(key: str, value: int) -> None:
    record = r95()
    record["deals"][1][key] = value
    with pytest.raises(RecordError) as info:
        replay(record)
    assert str(info.value).startswith("deal 2: ")
    assert not isinstance(info.value, IllegalAction)


def test_9_6_five_at_the_table_prefix() -> None:
    assert replay(prefix(R96, 0))["to_act"] == 3
    at4 = replay(prefix(R96, 4))
    assert at4["to_act"] == 3 and sorted(at4["legal"]) == ["hold", "one", "solo"]
    at5 = replay(prefix(R96, 5))
    assert at5["to_act"] == 0 and sorted(at5["legal"]) == ["one", "pass"]
    out = replay(R96)
    assert (out["phase"], out["to_act"], out["declarer"], out["bid"]) == ("discard", 3, 3, "two")
    assert out["talon_split"] == [1, 1, 0, 2, 2]
    assert out["scores"] is None


def _error(record: dict[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(record)
    return info.value


def test_9_7_errors_illegal_card() -> None:
    record = copy.deepcopy(R94)
    record["actions"][24] = "T21"
    error = _error(record)
    assert isinstance(error, IllegalAction)
    assert str(error).startswith('deal 1, action 25 "T21": ')


def test_9_7_errors_invitation_without_t19() -> None:
    record = copy.deepcopy(R94)
    record["actions"][0] = "two"
    error = _error(record)
    assert isinstance(error, IllegalAction)
    assert str(error).startswith('deal 1, action 1 "two": ')


@pytest.mark.parametrize(
    "change",
    ["dealer4", "short_hand", "duplicate", "bad_flag"],
)
def test_9_7_errors_record(change: str) -> None:
    record = copy.deepcopy(R91)
    if change == "dealer4":
        record["dealer"] = 4
    elif change == "short_hand":
        record["hands"][0] = record["hands"][0][:8]
    elif change == "duplicate":
        record["hands"][0][0] = "T21"
    else:
        record["rules"] = {"hold_rule": "x"}
    error = _error(record)
    assert not isinstance(error, IllegalAction)
    assert str(error)


def test_8_9_identification_vectors() -> None:
    """§8.9 on the deal of §9.4: a hidden defender may only kontra; once revealed he may
    announce; the hidden partner facing presumed side O may only raise."""
    b_first = replay(prefix(R94, 12))
    assert b_first["to_act"] == 1 and sorted(b_first["legal"]) == ["kontra game", "pass"]
    b_revealed = replay(prefix(R94, 13))
    assert "kontra game" not in b_revealed["legal"]
    assert {"trull", "kings", "double", "volat", "ultimo", "catch"} <= set(b_revealed["legal"])
    c_hidden = replay(prefix(R94, 15))
    assert c_hidden["to_act"] == 2
    assert sorted(c_hidden["legal"]) == ["kontra ultimo", "pass", "rekontra game"]
    after = replay(prefix(R94, 16))
    assert after["partner_public"] is True
