"""``whisters`` in ``paston replay`` lists every seat that has said whist (notation.md: "seats
that said whist, ascending"), already while the defence phase runs -- not only once both
defenders have spoken."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import paston

LONE_WHIST = Path(__file__).parents[1] / "cli" / "data" / "deal_lone_whist.json"


def _cut(record: dict[str, Any], defence: list[str]) -> dict[str, Any]:
    """The record up to the declaration, then the given defence decisions."""
    actions = record["actions"]
    declared = next(i for i, a in enumerate(actions) if a.startswith("declare")) + 1
    return {**record, "actions": [*actions[:declared], *defence]}


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(LONE_WHIST.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize(
    ("defence", "phase", "whisters_by_offset"),
    [
        ([], "defence", []),
        (["whist"], "defence", [1]),  # the left defender whisted, the right one is to speak
        (["pass"], "defence", []),
        (["whist", "whist"], "play", [1, 2]),
        (["whist", "pass"], "play", [1]),
        (["pass", "whist"], "play", [2]),
    ],
)
def test_whisters_during_and_after_the_defence(
    record: dict[str, Any], defence: list[str], phase: str, whisters_by_offset: list[int]
) -> None:
    summary = paston.replay(_cut(record, defence))
    declarer = summary["declarer"]
    assert summary["phase"] == phase
    assert summary["whisters"] == sorted((declarer + k) % 3 for k in whisters_by_offset)


def test_both_pass_lists_nobody(record: dict[str, Any]) -> None:
    summary = paston.replay(_cut(record, ["pass", "pass"]))
    assert summary["phase"] == "scored" and summary["whisters"] == []
