"""Odd Paston records (issue 17 §5): a dealer that is no JSON integer (``1.0``, ``true``) is
refused wherever the notation wants a seat (``replay`` accepted ``1.0`` and ``show`` crashed
on it), the record reader names an over-long integer by its path, and an illegal action is
quoted exactly as written."""

from __future__ import annotations

import json
from typing import Any

import pytest
from engine_helpers import GOLDEN

from paston import IllegalAction, RecordError, replay
from paston.games.paston.match import Game
from paston.games.paston.record import deal_from_record, game_from_record, load_record
from paston.games.paston.state import Deal


def golden(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text())
    return data


def _error(record: Any) -> str:
    with pytest.raises(RecordError) as info:
        replay(record)
    return str(info.value)


@pytest.mark.parametrize("dealer", [1.0, 0.0, 2.0, True, False])
def test_a_deal_dealer_must_be_an_integer(dealer: Any) -> None:
    record = {**golden("in_progress"), "dealer": dealer}
    assert _error(record) == f"dealer must be a seat 0, 1 or 2, not {dealer!r}"
    with pytest.raises(RecordError):
        deal_from_record(record)
    deal = golden("in_progress")
    with pytest.raises(RecordError, match="dealer must be a seat"):
        Deal(deal["hands"], deal["prikup"], dealer=dealer)


def test_a_game_first_dealer_must_be_an_integer() -> None:
    with pytest.raises(RecordError, match=r"not 1\.0$"):
        Game(first_dealer=1.0)  # type: ignore[arg-type]
    deal = {k: v for k, v in golden("in_progress").items() if k not in ("format", "rules")}
    game = {"format": "paston-game/1", "rules": {}, "deals": [{**deal, "dealer": 1.0}]}
    assert _error(game) == "deal 1: dealer must be a seat 0, 1 or 2, not 1.0"
    with pytest.raises(RecordError):
        game_from_record(game)


def test_an_over_long_integer_is_named_by_its_path() -> None:
    text = json.dumps(golden("in_progress")).replace('"dealer": 2', '"dealer": ' + "7" * 4301)
    with pytest.raises(RecordError) as info:
        load_record(text)
    assert str(info.value) == (
        "dealer: an integer of 4301 digits is too long (at most 4300 digits)"
    )


def test_an_illegal_action_is_quoted_as_written() -> None:
    record = golden("in_progress")
    record["actions"] = ["play  8H"]
    with pytest.raises(IllegalAction) as info:
        replay(record)
    assert str(info.value).startswith('action 1 "play  8H": ')
    record["actions"] = ['say "hi"\n']
    with pytest.raises(IllegalAction) as info:
        replay(record)
    assert str(info.value).startswith('action 1 "say \\"hi\\"\\n": ')
