"""``paston.core.meta``: the tags of every game's records (notation.md "Deal record")."""

from __future__ import annotations

import datetime as dt
import json
import unicodedata
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paston.core.meta import (
    MAX_META_BYTES,
    MAX_TEXT,
    MetaError,
    build_meta,
    check_meta,
    keep_meta,
    today,
)


def test_build_meta_writes_what_is_known_in_order() -> None:
    meta = build_meta(
        seats=3,
        players=["Anna", None, "Karen"],
        date=dt.date(2026, 11, 23),
        event="club night",
        site="Yerevan",
        bots=[None, "heuristic", None],
        result=[12, -4, -8],
        extra={"seed": 7},
    )
    assert list(meta) == ["players", "date", "event", "site", "bots", "result", "seed"]
    assert meta["date"] == "2026-11-23" and meta["seed"] == 7
    assert json.loads(json.dumps(meta)) == meta


def test_date_defaults_to_today_and_can_be_left_out() -> None:
    assert build_meta() == {"date": today()}
    assert build_meta(date=None) == {}
    assert dt.date.fromisoformat(today())
    assert build_meta(date="2026-11-23T20:15:00Z")["date"] == "2026-11-23T20:15:00Z"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seats": 3, "players": ["a", "b"]}, r"meta.players: needs one entry per seat \(3\)"),
        ({"players": "abc"}, r"meta.players: must be a list"),
        ({"players": ["a", 5]}, r"meta.players\[1\]: must be a string"),
        ({"players": ["a\nb"]}, r"meta.players\[0\]: holds a control or formatting"),
        ({"site": "abc\u202edef"}, r"meta.site: holds a control or formatting character"),
        ({"event": "zero\u200bwidth"}, r"meta.event: holds a control or formatting character"),
        ({"players": ["x" * (MAX_TEXT + 1)]}, r"longer than 200 characters"),
        ({"bots": ["random"], "seats": 2}, r"meta.bots: needs one entry per seat \(2\)"),
        ({"date": "23/11/2026"}, r"meta.date: '23/11/2026' is not an ISO 8601 date"),
        ({"event": 5}, r"meta.event: must be a string, not int"),
        ({"result": [1, float("inf")]}, r"meta.result\[1\]: must be a finite number"),
        ({"result": [1, True]}, r"meta.result\[1\]: must be a finite number"),
        ({"seats": 3, "result": [1, 2]}, r"meta.result: needs one number per seat \(3\)"),
        ({"extra": {"bots": []}}, r"meta.bots: give it as the bots= argument"),
        ({"extra": {"blob": b"x"}}, r"meta.blob: bytes is not JSON data"),
        ({"extra": {"deep": [[[[[[1]]]]]]}}, r"nested more than 4 levels"),
    ],
)
def test_bad_values_are_meta_errors_naming_the_tag(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(MetaError, match=message):
        build_meta(**kwargs)


def test_check_meta_bounds_what_comes_from_outside() -> None:
    with pytest.raises(MetaError, match="must be a JSON object, not list"):
        check_meta([1])
    with pytest.raises(MetaError, match="a key must be a short string"):
        check_meta({"": 1})
    with pytest.raises(MetaError, match=f"more than the {MAX_META_BYTES} allowed"):
        check_meta({f"k{i}": "x" * 150 for i in range(200)})
    assert check_meta({"result": "1-0", "round": 3}) == {"result": "1-0", "round": 3}


def test_keep_meta_copies_it_into_a_rewritten_record() -> None:
    source = {"format": "paston-deal/1", "meta": {"event": "e"}}
    assert keep_meta(source, {"format": "paston-deal/1"})["meta"] == {"event": "e"}
    assert "meta" not in keep_meta({"format": "x"}, {"format": "x"})


names = st.one_of(st.none(), st.text(st.characters(categories=("L", "N", "Zs")), max_size=40))


@given(players=st.lists(names, min_size=2, max_size=9), event=st.text(max_size=60))
def test_checked_meta_is_json_and_stable(players: list[str | None], event: str) -> None:
    try:
        meta = build_meta(seats=len(players), players=players, event=event, date=None)
    except MetaError as exc:
        # Only an event with a control or format character may be refused (names hold
        # letters, digits and spaces only).
        assert "meta.event" in str(exc)
        assert any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs") for ch in event)
        return
    assert meta["players"] == players and meta["event"] == event
    again = json.loads(json.dumps(meta))
    assert check_meta(again, seats=len(players)) == meta
