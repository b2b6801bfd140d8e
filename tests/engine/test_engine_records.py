"""Records: the hand-checked golden records of ``golden/`` against their expected ``replay``
output, and writing/reading records (``deal_record``, ``game_record``, ``replay``)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import GOLDEN, play_random_game, random_playout, scripted

from paston import deal_from_record, game_from_record, replay
from paston.games.paston.match import Game
from paston.games.paston.record import deal_record, deal_summary, game_record, load_record
from paston.games.paston.rules import Rules
from paston.games.paston.shuffle import deal_cards

NOTATION_KEYS = {
    "phase",
    "to_act",
    "legal",
    "declarer",
    "contract",
    "whisters",
    "tricks",
    "scores",
    "redeal",
}
GAME_KEYS = {"deals", "totals", "over", "winner", "draw", "next_dealer"}

GOLDEN_NAMES = sorted(p.name[: -len(".expected.json")] for p in GOLDEN.glob("*.expected.json"))


def normalise(summary: dict[str, Any], expected: dict[str, Any]) -> dict[str, Any]:
    """The keys of ``expected`` only (extra keys are allowed); ``legal`` order is free."""
    out = {k: summary[k] for k in expected}
    if "legal" in out:
        out["legal"] = sorted(out["legal"])
    return out


def test_there_are_golden_records() -> None:
    assert {
        "three_handed",
        "lone_whister",
        "surrender",
        "all_pass",
        "spade_run",
        "short_game",
    } <= set(GOLDEN_NAMES)


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_golden(name: str) -> None:
    record = json.loads((GOLDEN / f"{name}.json").read_text())
    expected = json.loads((GOLDEN / f"{name}.expected.json").read_text())
    got = replay(record)
    if "deals" in expected:
        assert set(got) >= GAME_KEYS
        assert {k: got[k] for k in GAME_KEYS - {"deals"}} == {
            k: expected[k] for k in GAME_KEYS - {"deals"}
        }
        assert len(got["deals"]) == len(expected["deals"])
        for g, e in zip(got["deals"], expected["deals"], strict=True):
            assert set(g) >= NOTATION_KEYS
            assert normalise(g, e) == {**e, "legal": sorted(e["legal"])}
    else:
        assert set(got) >= NOTATION_KEYS
        assert normalise(got, expected) == {**expected, "legal": sorted(expected["legal"])}
    # The output is JSON.
    assert json.loads(json.dumps(got)) == got


def same_record(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Equal records, up to the order of the cards in a hand (writers sort them)."""

    def norm(r: dict[str, Any]) -> dict[str, Any]:
        r = dict(r)
        r["hands"] = [sorted(h) for h in r["hands"]]
        r["prikup"] = sorted(r["prikup"])
        if "deals" in r:
            r["deals"] = [norm(d) for d in r["deals"]]
        return r

    if "deals" in a:
        a, b = dict(a), dict(b)
        da, db = a.pop("deals"), b.pop("deals")
        return a == b and all(same_record(x, y) for x, y in zip(da, db, strict=True))
    return norm(a) == norm(b)


def test_golden_records_are_rewritten_identically() -> None:
    for name in GOLDEN_NAMES:
        record = json.loads((GOLDEN / f"{name}.json").read_text())
        if record["format"] == "paston-deal/1":
            assert same_record(deal_record(deal_from_record(record)), record)
        else:
            assert same_record(game_record(game_from_record(record)), record)


def test_deal_record_shape() -> None:
    deal = deal_cards(seed=3, dealer=1)
    random_playout(deal, random.Random(3))
    rec = deal_record(deal)
    assert rec["format"] == "paston-deal/1" and rec["rules"] == {}
    assert rec["dealer"] == 1 and rec["first_deal"] is True
    assert [len(h) for h in rec["hands"]] == [10, 10, 10] and len(rec["prikup"]) == 2
    assert all(isinstance(a, str) for a in rec["actions"])
    inner = deal_record(deal, in_game=True)
    assert "format" not in inner and "rules" not in inner


def test_record_round_trip_through_json_text() -> None:
    for name, rec in scripted().items():
        text = json.dumps(rec)
        again = load_record(text)
        assert replay(again) == replay(rec), name


def test_load_record_errors() -> None:
    from paston.core.errors import RecordError

    with pytest.raises(RecordError, match="not JSON"):
        load_record("{nope")
    with pytest.raises(RecordError, match="a record is a JSON object, not list"):
        load_record("[]")


def test_rules_are_written_when_not_default() -> None:
    rec = scripted()["OPEN"]
    assert rec["rules"] == {"lone_whist_mode": "whister_plays_both_open"}
    assert deal_record(deal_from_record(rec))["rules"] == rec["rules"]


def test_whole_game_round_trip() -> None:
    game = Game(Rules(target=60), first_dealer=1, rng=random.Random(8))
    play_random_game(game, random.Random(9))
    assert game.over
    rec = game_record(game)
    out = replay(json.loads(json.dumps(rec)))
    assert out["totals"] == list(game.totals)
    assert out["over"] and out["winner"] == game.winner and out["draw"] == game.draw
    assert out["next_dealer"] is None
    assert out["deals"] == [deal_summary(d) for d in game.deals]


def test_game_in_progress_replay() -> None:
    game = Game(first_dealer=2, rng=random.Random(1))
    play_random_game(game, random.Random(1), max_deals=2)
    deal = game.new_deal()
    random_playout(deal, random.Random(2), limit=4)
    out = replay(game_record(game))
    assert out["over"] is False and out["next_dealer"] is None
    assert out["deals"][-1]["phase"] == deal.phase
    assert out["deals"][-1]["to_act"] == deal.to_act
    # Between deals the next dealer is named.
    random_playout(deal, random.Random(2))
    assert replay(game_record(game))["next_dealer"] == game.next_dealer is not None


def test_empty_game_record() -> None:
    out = replay({"format": "paston-game/1", "rules": {}, "deals": []})
    assert out == {
        "deals": [],
        "totals": [0, 0, 0],
        "over": False,
        "winner": None,
        "draw": False,
        "next_dealer": 0,
    }


def test_golden_dir_has_pairs() -> None:
    for p in Path(GOLDEN).glob("*.json"):
        if not p.name.endswith(".expected.json"):
            assert p.with_name(p.stem + ".expected.json").exists()
