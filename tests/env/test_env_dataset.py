"""`paston.env.dataset` for every shipped game: each row is one decision of a played hand, its
observation is exactly the acting seat's view as the research adapters encode it, its action
was legal, its return is what the record says the seat got; files round-trip, shards add up
to the whole, and bad input gets a message naming the record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paston.core.registry import get_game
from paston.env.dataset import (
    DatasetBuilder,
    DatasetError,
    build_dataset,
    load_dataset,
    read_records,
    save_dataset,
    self_play_records,
    write_dataset,
)
from paston.env.research_game import ResearchGame

#: One quick table per shipped game (bots by name, one per seat).
TABLES: dict[str, list[str]] = {
    "paston": ["heuristic", "heuristic", "random"],
    "paris": ["heuristic", "random", "heuristic"],
    "paskievics": ["heuristic", "heuristic", "heuristic", "random"],
}


def _records(game: str, hands: int, seed: int = 3) -> list[dict[str, Any]]:
    return list(self_play_records(game, TABLES[game], hands, seed=seed))


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_row_is_a_legal_decision_seen_from_its_seat(game: str) -> None:
    records = _records(game, 4)
    data = build_dataset((f"hand {i}", r) for i, r in enumerate(records))
    info = get_game(game)
    research = ResearchGame.build(info, len(TABLES[game]), records[0].get("rules") or {}, {})
    assert data.hands == 4 and len(data) > 0
    row = 0
    for hand_index, record in enumerate(records):
        _kind, hands = info.analysis.hands(record)
        ((first, actions),) = hands
        state = first.copy()
        for step, action in enumerate(actions):
            seat = state.to_act
            assert seat is not None
            # The stored observation is the encoder of the seat's own view: nothing else.
            expected = research.observe(state.view(seat))
            np.testing.assert_array_equal(data.observation[row], expected)
            assert sorted(data.legal(row).tolist()) == sorted(state.legal_actions())
            assert data.action[row] == action and action in data.legal(row)
            assert (data.seat[row], data.hand[row], data.step[row]) == (seat, hand_index, step)
            state.apply(action)
            row += 1
        result = record["meta"]["result"]
        rows = data.hand == hand_index
        for seat in range(state.players):
            mine = data.returns[rows & (data.seat == seat)]
            expected_return = research.hand_reward(state, seat, data.reward)
            assert np.all(mine == np.float32(expected_return))
            if data.reward == "hand":
                assert np.all(mine == np.float32(result[seat]))
    assert row == len(data)
    mask = data.mask([0, len(data) - 1])
    assert mask.shape == (2, info.num_actions)
    assert mask[0].sum() == len(data.legal(0))


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_saved_dataset_reads_back_the_same(game: str, tmp_path: Path) -> None:
    data = build_dataset(("r", r) for r in _records(game, 2))
    path = save_dataset(data, tmp_path / "d.npz")
    back = load_dataset(path)
    assert (back.game, back.players, back.num_actions) == (
        game,
        len(TABLES[game]),
        data.num_actions,
    )
    for name in ("observation", "legal_ids", "legal_offsets", "action", "seat", "returns"):
        np.testing.assert_array_equal(getattr(back, name), getattr(data, name))
    meta = json.loads(str(np.load(path)["meta"]))
    assert meta["format"] == "paston-dataset/1" and meta["rows"] == len(data)


def test_self_play_is_the_same_for_the_same_seed_and_differs_for_another() -> None:
    first = _records("paston", 3, seed=11)
    again = _records("paston", 3, seed=11)
    other = _records("paston", 3, seed=12)
    strip = [{k: v for k, v in r.items() if k != "meta"} for r in first]
    assert strip == [{k: v for k, v in r.items() if k != "meta"} for r in again]
    assert strip != [{k: v for k, v in r.items() if k != "meta"} for r in other]


def test_self_play_in_workers_gives_the_same_hands() -> None:
    here = list(self_play_records("paris", TABLES["paris"], 4, seed=5, chunk=2))
    workers = list(self_play_records("paris", TABLES["paris"], 4, seed=5, chunk=2, jobs=2))

    def strip(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in r.items() if k != "meta"} for r in records]

    assert strip(here) == strip(workers)
    assert [r["meta"]["result"] for r in here] == [r["meta"]["result"] for r in workers]


@settings(max_examples=8, deadline=None)
@given(shard_rows=st.integers(min_value=1, max_value=400))
def test_shards_hold_the_whole_dataset_in_order(shard_rows: int) -> None:
    records = [(f"r{i}", r) for i, r in enumerate(_PASKIEVICS)]
    whole = build_dataset(records)
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        paths = write_dataset(records, Path(folder) / "d.npz", shard_rows=shard_rows)
        parts = [load_dataset(p) for p in paths]
    assert sum(len(p) for p in parts) == len(whole)
    np.testing.assert_array_equal(np.concatenate([p.action for p in parts]), whole.action)
    np.testing.assert_array_equal(np.concatenate([p.observation for p in parts]), whole.observation)
    # Every shard but the last reached the size it was asked for, and ends with a hand.
    for part in parts[:-1]:
        assert len(part) >= shard_rows


_PASKIEVICS = list(self_play_records("paskievics", TABLES["paskievics"], 6, seed=2))


def test_normalized_returns_are_divided_by_the_reward_scale() -> None:
    records = [("r", r) for r in _records("paston", 2)]
    plain = build_dataset(records)
    scaled = build_dataset(records, normalize=True)
    scale = get_game("paston").research.reward_scale
    np.testing.assert_allclose(scaled.returns * scale, plain.returns, rtol=1e-6)


def test_a_record_of_another_game_is_refused_by_name() -> None:
    builder = DatasetBuilder()
    builder.add(_records("paris", 1)[0], "a.jsonl:1")
    with pytest.raises(
        DatasetError, match=r"b.jsonl:7 is a paston record; this dataset holds paris"
    ):
        builder.add(_records("paston", 1)[0], "b.jsonl:7")


def test_another_table_size_is_refused_by_name() -> None:
    builder = DatasetBuilder()
    builder.add(_records("paris", 1)[0], "a.jsonl:1")
    four = next(iter(self_play_records("paris", ["heuristic"] * 4, 1, seed=1)))
    with pytest.raises(DatasetError, match=r"b.jsonl:2 has 4 players; this dataset has 3"):
        builder.add(four, "b.jsonl:2")


def test_an_illegal_action_in_a_record_is_named() -> None:
    record = _records("paris", 1)[0]
    record["actions"] = ["nonsense", *record["actions"][1:]]
    with pytest.raises(DatasetError, match=r"bad.json: "):
        DatasetBuilder().add(record, "bad.json")


def test_bad_files_get_precise_errors(tmp_path: Path) -> None:
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"format": "paris-game/1"}\n{not json\n', encoding="utf-8")
    with pytest.raises(DatasetError, match=r"broken.jsonl:2: not JSON"):
        list(read_records(broken))
    with pytest.raises(DatasetError, match="cannot read"):
        list(read_records(tmp_path / "missing.jsonl"))
    with pytest.raises(DatasetError, match=r"use \.npz or \.parquet"):
        write_dataset([], tmp_path / "d.csv")
    with pytest.raises(DatasetError, match="nothing to write"):
        build_dataset([])


def test_self_play_checks_its_table_before_playing() -> None:
    with pytest.raises(DatasetError, match="give that many bots, not 2"):
        self_play_records("paskievics", ["heuristic", "random"], 3)
    with pytest.raises(DatasetError, match="--hands must be at least 1"):
        self_play_records("paris", TABLES["paris"], 0)
