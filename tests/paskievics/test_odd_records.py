"""Odd Paskievics records (issue 17 §5): deal 1 of a game carries multiplier 1 (notation §5,
rules §11.3), the ``players`` flag is a JSON integer, and a deal whose scores outgrow Python's
int-string limit is one error line, not a traceback."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

import pytest

import paston
from paston.core.errors import RecordError

from .worked import R91, R94, r95


def _game(*deals: dict[str, Any]) -> dict[str, Any]:
    return {"format": "paskievics-game/1", "rules": {}, "deals": list(deals)}


def _body(record: dict[str, Any], **extra: Any) -> dict[str, Any]:
    body = {k: copy.deepcopy(v) for k, v in record.items() if k not in ("format", "rules")}
    body.update(extra)
    return body


def test_deal_1_of_a_game_with_multiplier_2_is_refused() -> None:
    with pytest.raises(RecordError) as info:
        paston.replay(_game(_body(R91, multiplier=2)))
    assert str(info.value) == "deal 1: multiplier must be 1"
    # 1, or absent, is deal 1's multiplier; the §9.5 game (deal 2 at x2) still replays.
    assert paston.replay(_game(_body(R91, multiplier=1)))["deals"][0]["multiplier"] == 1
    assert paston.replay(_game(_body(R91)))["deals"][0]["scores"] == [1, -1, 1, -1]
    assert paston.replay(r95())["deals"][1]["multiplier"] == 2


def test_deal_1_under_double_rounds_none_is_also_1() -> None:
    game = _game(_body(R91, multiplier=4))
    game["rules"] = {"double_rounds": "none"}
    with pytest.raises(RecordError, match=r"^deal 1: multiplier must be 1$"):
        paston.replay(game)


def test_a_lone_deal_record_keeps_its_multiplier() -> None:
    assert paston.replay({**R91, "multiplier": 4})["scores"] == [4, -4, 4, -4]


@pytest.mark.parametrize(("value", "shown"), [(4.0, "4.0"), (5.0, "5.0"), (True, "true")])
def test_players_flag_of_the_wrong_kind_is_refused(value: Any, shown: str) -> None:
    with pytest.raises(RecordError) as info:
        paston.replay({**R91, "rules": {"players": value}})
    assert str(info.value) == f"rules: players must be 4 or 5, not {shown}"


@pytest.mark.parametrize("command", ["replay", "show"])
def test_scores_too_long_to_print_are_one_error_line(command: str) -> None:
    # 2^14283 has 4,300 digits (a record may hold it); 9.4's value 34 makes its scores longer.
    record = {**R94, "multiplier": 2**14283}
    proc = subprocess.run(
        [sys.executable, "-m", "paston", command, "-"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == (
        "error: a number in the result has over 4300 digits, too long to print "
        "(the record's multiplier or a flag is too large)\n"
    )


@pytest.mark.parametrize("value", [None, 2.0, True, 3, 0])
def test_a_written_multiplier_is_a_power_of_two_integer(value: Any) -> None:
    # null was taken as "absent" (x1); the notation's multiplier is optional, not nullable.
    shown = json.dumps(value)
    game = r95()  # a pass-out, then the same dealer again
    game["deals"][1]["multiplier"] = value
    for record in ({**R91, "multiplier": value}, game):
        with pytest.raises(RecordError) as info:
            paston.replay(record)
        assert str(info.value).endswith(f"multiplier: must be a power of two >= 1, not {shown}")
