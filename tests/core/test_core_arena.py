"""The arena for any game: duplicate seatings, statistics over sets, records with meta,
worker parity, and the command line -- on a toy game and on Paris."""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from core_toy import GAME as TOY
from core_toy import ToyState, ToyView
from typer.testing import CliRunner

import paston
from paston.arena.core import ArenaError
from paston.arena.duplicate import (
    SetTask,
    check_task,
    iter_sets,
    play_set,
    run_game_arena,
    seatings,
    summarise_sets,
)
from paston.bots import Bot
from paston.bots.registry import _registered_for_tests, register_bot
from paston.cli import app
from paston.core.registry import register_game, unregister_game


class Cautious(Bot[ToyView]):
    """Adds one while that cannot reach seven, else anything (a rule of thumb)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: ToyView) -> int:
        return 0 if 0 in view.legal else view.legal[0]


class Spy(Bot[ToyView]):
    """Records every object it is given, to prove it only ever gets views."""

    seen: ClassVar[list[object]] = []

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: ToyView) -> int:
        Spy.seen.append(view)
        return view.legal[-1]


class Cheat(Bot[ToyView]):
    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: ToyView) -> int:
        return 7


@pytest.fixture
def toy() -> Iterator[None]:
    register_game(TOY)
    register_bot("cautious", Cautious, game="toy")
    register_bot("spy", Spy, game="toy")
    register_bot("cheat", Cheat, game="toy")
    yield
    unregister_game("toy")
    registry = _registered_for_tests("toy")
    for name in ("cautious", "spy", "cheat"):
        registry.pop(name, None)


def test_seatings_are_all_orders_up_to_three_then_rotations() -> None:
    assert len(seatings(2)) == 2 and len(seatings(3)) == 6
    assert len(set(seatings(3))) == 6
    for n in (4, 5, 9):
        rows = seatings(n)
        assert len(rows) == n
        # Each bot sits in each seat exactly once; each row is a seating of all bots.
        for seat in range(n):
            assert sorted(row[seat] for row in rows) == list(range(n))
        assert all(sorted(row) == list(range(n)) for row in rows)


def test_a_set_is_one_hand_played_in_every_seating(toy: None) -> None:
    task = SetTask("toy", ("cautious", "spy", "cautious"), 3, seed=4)
    Spy.seen.clear()
    result = play_set(task, set_index=2)
    records = result["records"]
    assert len(records) == 6 == len(result["positions"]) == len(result["scores"])
    assert all(r["tokens"] == records[0]["tokens"] for r in records)  # the same hand
    assert Spy.seen and all(type(v) is ToyView for v in Spy.seen)
    for k, (record, seating) in enumerate(zip(records, seatings(3), strict=True)):
        meta = record["meta"]
        assert meta["bots"] == [task.bots[seating[s]] for s in range(3)]
        assert meta["set"] == 2 and meta["seating"] == k and "date" in meta
        state = ToyState(3, record["tokens"], record["first"])
        for text in record["actions"]:
            state.apply(text)
        assert state.ranking is not None
        # The positions the arena booked per bot are the replayed ranking's.
        for place, seat in enumerate(state.ranking, start=1):
            assert result["positions"][k][seating[seat]] == place
        assert meta["result"] == list(state.result())


def test_statistics_follow_the_raw_results(toy: None) -> None:
    task = SetTask("toy", ("cautious", "spy", "spy"), 3, seed=1, keep_records=False)
    sets = list(iter_sets(task, 5))
    result = summarise_sets(task, sets)
    assert result.measure == "position" and result.games == 30 and result.seatings == 6
    assert [b.label for b in result.bots] == ["cautious", "spy #1", "spy #2"]
    for i, bot in enumerate(result.bots):
        rows = [row for s in sets for row in s["positions"]]
        assert bot.games == 30
        assert bot.mean_position == pytest.approx(sum(r[i] for r in rows) / 30)
        assert bot.loser_rate == pytest.approx(sum(r[i] == 3 for r in rows) / 30)
    # Positions of one seating are 1, 2, 3 in some order, so the means add up to 6.
    assert sum(b.mean_position or 0 for b in result.bots) == pytest.approx(6.0)
    first = result.differences[0]
    assert first.measure == "position"
    assert first.mean == pytest.approx(
        (result.bots[0].mean_position or 0) - (result.bots[1].mean_position or 0)
    )
    assert result.ranking()[0].mean_position == min(b.mean_position or 9 for b in result.bots)


def test_a_game_without_ranking_is_measured_by_score() -> None:
    task = SetTask("paston", ("heuristic", "random", "random"), 3, seed=2)
    result = run_game_arena(task, 2)
    assert result.measure == "score" and result.games == 12
    assert all(b.mean_position is None and b.loser_rate is None for b in result.bots)
    records = list(play_set(task, 0)["records"])
    for record in records:
        assert record["format"] == "paston-game/1"
        assert paston.replay(record)["deals"][-1]["phase"] in ("scored", "redeal")


@pytest.mark.parametrize(
    ("task", "message"),
    [
        (SetTask("toy", ("cautious",) * 5, 5, 0), "Race to seven is for 2 to 4 players, not 5"),
        (SetTask("toy", ("cautious",) * 2, 3, 0), "3 bots for 3 players, not 2"),
        (SetTask("toy", ("cautious", "nope"), 2, 0), "unknown bot 'nope' for toy"),
    ],
)
def test_bad_arenas_fail_before_playing(toy: None, task: SetTask, message: str) -> None:
    with pytest.raises((ArenaError, ValueError), match=message):
        check_task(task, 1)


def test_an_illegal_action_stops_the_arena_naming_the_bot(toy: None) -> None:
    with pytest.raises(ArenaError, match=r"bot 'cheat' \(seat \d\) chose"):
        play_set(SetTask("toy", ("cheat", "cautious"), 2, 0), 0)


# ----------------------------------------------------------------- Paris


def _strip_timing(result: dict[str, Any]) -> dict[str, Any]:
    out = dict(result)
    out["counters"] = [{k: v for k, v in c.items() if k != "seconds"} for c in result["counters"]]
    return out


def test_paris_sets_replay_and_rank_like_the_engine() -> None:
    task = SetTask("paris", ("heuristic", "random", "random"), 3, seed=5)
    result = play_set(task, 1)
    for k, (record, seating) in enumerate(zip(result["records"], seatings(3), strict=True)):
        summary = paston.replay(record)
        assert summary["over"] is True
        for place, seat in enumerate(summary["ranking"], start=1):
            assert result["positions"][k][seating[seat]] == place
        assert record["meta"]["bots"] == [task.bots[seating[s]] for s in range(3)]
    assert all(r["layout"] == result["records"][0]["layout"] for r in result["records"])


def test_paris_workers_give_the_same_results() -> None:
    task = SetTask("paris", ("heuristic", "random"), 2, seed=8)
    one = [_strip_timing(r) for r in iter_sets(task, 3, jobs=1)]
    two = [_strip_timing(r) for r in iter_sets(task, 3, jobs=2)]
    assert one == two


def test_cli_paris_arena_writes_outputs_and_refuses_to_overwrite(tmp_path: Path) -> None:
    out = tmp_path / "paris"
    runner = CliRunner()
    args = ["arena", "--game", "paris", "heuristic", "random", "--deals", "3", "--seed", "1"]
    res = runner.invoke(app, [*args, "--out", str(out)])
    assert res.exit_code == 0, res.output
    data = json.loads((out / "arena.json").read_text(encoding="utf-8"))
    assert data["game"] == "paris" and data["players"] == 2 and data["measure"] == "position"
    assert data["deal_sets"] == 3 and data["deals"] == 6
    rates = [r["loser_rate"] for r in data["results"]]
    assert math.isclose(sum(rates), 1.0)  # exactly one loser per game, two bots
    assert (out / "ladder.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    lines = (out / "records.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 6
    for line in lines:
        record = json.loads(line)
        assert sorted(record["meta"]["bots"]) == ["heuristic", "random"]
        assert paston.replay(record)["over"] is True
    again = runner.invoke(app, [*args, "--out", str(out)])
    assert again.exit_code == 2
    assert "already holds an arena" in again.output and "--force" in again.output
    forced = runner.invoke(app, [*args, "--out", str(out), "--force"])
    assert forced.exit_code == 0, forced.output


def test_cli_paston_arena_refuses_to_overwrite_too(tmp_path: Path) -> None:
    (tmp_path / "arena.json").write_text("{}", encoding="utf-8")
    res = CliRunner().invoke(
        app, ["arena", "random", "random", "random", "--deals", "1", "--out", str(tmp_path)]
    )
    assert res.exit_code == 2 and "add --force" in res.output
    assert (tmp_path / "arena.json").read_text(encoding="utf-8") == "{}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "paris", "--players", "3", "random", "random"], "give one bot per seat"),
        (["--game", "paris", "--players", "10"] + ["random"] * 10, "2 to 9 players, not 10"),
        (["--game", "paris", "random", "nope"], "unknown bot 'nope' for paris"),
        (["--game", "paris", "random", "random", "--rules", "[1]"], "--rules must be a JSON"),
        (["--players", "4", "random", "random", "random"], "Paston is played by 3, not 4"),
    ],
)
def test_cli_arena_bad_input_is_one_error_line(args: list[str], message: str) -> None:
    res = CliRunner().invoke(app, ["arena", *args, "--deals", "1"])
    assert res.exit_code == 2
    assert res.output.startswith("error: ") and message in res.output
    assert "Traceback" not in res.output


def test_external_bots_play_paris_in_the_arena(tmp_path: Path) -> None:
    bot = tmp_path / "random_choice.py"
    bot.write_text(
        "import json, sys\n"
        "import random\n"
        "rng = random.Random(1)\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'act':\n"
        "        print(json.dumps({'action': rng.choice(m['legal'])}), flush=True)\n",
        encoding="utf-8",
    )
    task = SetTask("paris", (f"cmd:{sys.executable} {bot}", "heuristic"), 2, seed=3)
    result = run_game_arena(task, 1)
    assert result.games == 2 and result.bots[0].decisions > 0


def test_a_hand_thrown_in_as_dealt_is_dealt_again() -> None:
    # Set 310 of seed 0: the first Paston deal has J♠ and 7♠ in the prikup (no first bidder).
    result = play_set(SetTask("paston", ("random", "random", "heuristic"), 3, seed=0), 310)
    for record in result["records"]:
        summary = paston.replay(record)
        first, second = summary["deals"]
        assert first["redeal"] == "no-first-bidder" and second["phase"] == "scored"
    # Each seating booked the scores of the deal played after the redeal.
    assert all(any(row) for row in result["scores"])
