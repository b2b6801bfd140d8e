"""The game registry: games by name, records by format, and replay dispatch."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from core_toy import GAME as TOY

import paston
from paston.core.errors import RecordError
from paston.core.protocol import GameInfo
from paston.core.registry import (
    UnknownGame,
    available,
    game_for_record,
    games,
    get_game,
    known_formats,
    register_game,
    replay,
    unregister_game,
)
from paston.games.paris.shuffle import seeded_record
from paston.games.paston.record import replay as paston_replay

CLI_DATA = Path(__file__).parents[1] / "cli" / "data"
PASTON_RECORDS = sorted(p for p in CLI_DATA.glob("*.json") if not p.name.endswith(".replay.json"))
KNOWN = (
    "'paston-deal/1', 'paston-game/1', 'paris-game/1', 'paris-position/1', "
    "'paskievics-deal/1' or 'paskievics-game/1'"
)


@pytest.fixture
def toy() -> Iterator[None]:
    register_game(TOY)
    yield
    unregister_game("toy")


def test_games_by_name_flagship_first() -> None:
    assert available()[:2] == ["paston", "paris"]
    assert [g.name for g in games()][:2] == ["paston", "paris"]
    info = get_game("paston")
    assert isinstance(info, GameInfo) and get_game("paston") is info


def test_unknown_game_names_the_choices() -> None:
    with pytest.raises(UnknownGame, match=r"unknown game 'chess'; choose one of: paston, paris"):
        get_game("chess")


def test_a_registered_game_is_found_by_name_and_format(toy: None) -> None:
    assert get_game("toy") is TOY and "toy" in available()
    record = {"format": "toy-race/1", "players": 2, "first": 0, "tokens": [1, 2],
              "actions": ["two", "two", "two", "one"]}  # fmt: skip
    assert game_for_record(record) is TOY
    assert replay(record) == {"counter": 7, "loser": 1}
    assert "toy-race/1" in known_formats()
    with pytest.raises(ValueError, match="platform's own games"):
        register_game(dataclasses.replace(TOY, name="paris"))


@pytest.mark.parametrize("path", PASTON_RECORDS, ids=lambda p: p.name)
def test_paston_records_replay_byte_identically_through_the_dispatch(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    golden = json.loads(path.with_name(path.name.replace(".json", ".replay.json")).read_text())
    assert game_for_record(record).name == "paston"
    through_dispatch = paston.replay(record)
    # The same bytes as Paston's own replay, and the reviewed values of the notation's keys.
    assert json.dumps(through_dispatch) == json.dumps(paston_replay(record))
    deals = through_dispatch.get("deals", [through_dispatch])
    golden_deals = golden.get("deals", [golden])
    for deal, expected in zip(deals, golden_deals, strict=True):
        assert {k: deal[k] for k in expected} == expected


def test_a_paris_record_dispatches_to_paris() -> None:
    record = seeded_record(4, 99, 1)
    assert game_for_record(record).name == "paris"
    summary = paston.replay(record)
    assert summary["phase"] == "swap" and summary["over"] is False


def _error(record: Any) -> str:
    with pytest.raises(RecordError) as info:
        paston.replay(record)
    return str(info.value)


def test_format_errors_keep_paston_wording_with_every_known_format() -> None:
    assert _error({"dealer": 0}) == f"missing key 'format' ({KNOWN})"
    wrong = "paston-deal/2"
    assert _error({"format": wrong}) == f"unknown format {wrong!r} (expected {KNOWN})"
    assert _error({"format": 7}) == f"unknown format 7 (expected {KNOWN})"
    assert _error([1]) == "a record is a JSON object, not list"


def test_meta_is_ignored_by_replay() -> None:
    record = json.loads((CLI_DATA / "deal_lone_whist.json").read_text(encoding="utf-8"))
    plain = paston.replay(record)
    for meta in ({"players": ["a", "b", "c"]}, {"anything": [1, {"x": None}]}, "not even a dict"):
        assert paston.replay({**record, "meta": meta}) == plain
