"""The arena: duplicate seating, statistics, outputs, replayable records, --jobs parity."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import paston
from paston.arena import ArenaError, play_deal_set, run_arena
from paston.arena.core import PERMUTATIONS, iter_deal_sets, summarise
from paston.bots import Bot, make_bot
from paston.bots.registry import register_bot
from paston.cli import app
from paston.games.paston.view import SeatView

ROOT = Path(__file__).resolve().parents[2]


def _strip_timing(result: dict) -> dict:
    out = dict(result)
    out["counters"] = [{k: v for k, v in c.items() if k != "seconds"} for c in result["counters"]]
    return out


def test_deal_set_is_duplicate() -> None:
    result = play_deal_set(["heuristic", "random", "random"], seed=7, set_index=4)
    records = result["records"]
    assert len(records) == 6 == len(result["scores"])
    assert all(r["hands"] == records[0]["hands"] for r in records)
    assert all(r["prikup"] == records[0]["prikup"] for r in records)
    assert all(r["dealer"] == 4 % 3 and r["first_deal"] is False for r in records)
    # Every bot sits in every seat exactly twice.
    for bot_index, spec in enumerate(["heuristic", "random", "random"]):
        del spec
        seats = [perm.index(bot_index) for perm in PERMUTATIONS]
        assert sorted(seats) == [0, 0, 1, 1, 2, 2]
    for k, r in enumerate(records):
        assert r["bots"] == [["heuristic", "random", "random"][i] for i in PERMUTATIONS[k]]
        summary = paston.replay(r)
        assert summary["phase"] in ("scored", "redeal")
        expected = summary["scores"] or [0, 0, 0]
        assert [expected[PERMUTATIONS[k].index(i)] for i in range(3)] == result["scores"][k]


def test_bots_only_see_views() -> None:
    seen: list[object] = []

    class Spy(Bot):
        name = "spy"

        def __init__(self, seed: int | None = None) -> None:
            self.inner = make_bot("random", seed=seed)

        def act(self, view: SeatView) -> int:
            seen.append(view)
            assert type(view) is SeatView
            assert view.to_act == view.seat and view.legal
            return self.inner.act(view)

    register_bot("spy-test", Spy, offered=False)
    play_deal_set(["spy-test", "spy-test", "heuristic"], seed=3, set_index=0, keep_records=False)
    assert seen and all(type(v) is SeatView for v in seen)


def test_statistics_are_consistent() -> None:
    specs = ["heuristic", "random", "random"]
    sets = list(iter_deal_sets(specs, 8, seed=5))
    result = summarise(specs, 5, sets)
    assert result.deals == 48 and result.deal_sets == 8
    assert [b.label for b in result.bots] == ["heuristic", "random #1", "random #2"]
    for i, b in enumerate(result.bots):
        assert b.deals == 48
        total = sum(row[i] for s in sets for row in s["scores"])
        assert b.mean == pytest.approx(total / 48)
    # The paired difference equals the difference of the means.
    d = result.differences[0]
    assert d.mean == pytest.approx(result.bots[0].mean - result.bots[1].mean)
    assert d.ci95 > 0


def test_jobs_two_gives_the_same_results_as_jobs_one() -> None:
    specs = ["heuristic", "random", f"cmd:{sys.executable} {ROOT / 'examples' / 'random_bot.py'}"]
    one = [_strip_timing(r) for r in iter_deal_sets(specs, 4, seed=9, jobs=1)]
    two = [_strip_timing(r) for r in iter_deal_sets(specs, 4, seed=9, jobs=2)]
    assert one == two


def test_ray_without_ray_installed_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    with pytest.raises(ArenaError, match=r"pip install 'paston\[ray\]'"):
        run_arena(["random", "random", "random"], deals=1, seed=0, ray_address="auto")


def test_cli_writes_json_plot_and_replayable_records(tmp_path: Path) -> None:
    out = tmp_path / "out"
    runner = CliRunner()
    res = runner.invoke(
        app,
        [
            "arena",
            "heuristic",
            "random",
            "random",
            "--deals",
            "4",
            "--seed",
            "3",
            "--out",
            str(out),
        ],
    )
    assert res.exit_code == 0, res.output
    data = json.loads((out / "arena.json").read_text())
    assert data["format"] == "paston-arena/1"
    assert data["deal_sets"] == 4 and data["deals"] == 24 and data["seed"] == 3
    assert [r["label"] for r in data["results"]] == ["heuristic", "random #1", "random #2"]
    for r in data["results"]:
        assert {"mean", "ci95", "declared_rate", "declarer_success", "surrender_rate",
                "whist_rate", "ms_per_decision"} <= set(r)  # fmt: skip
    assert len(data["differences"]) == 3
    assert (out / "ladder.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    lines = (out / "records.jsonl").read_text().splitlines()
    assert len(lines) == 24
    for line in lines:
        record = json.loads(line)
        assert record["format"] == "paston-deal/1" and len(record["bots"]) == 3
        assert paston.replay(record)["phase"] in ("scored", "redeal")
    # The CLI and the Python API agree on the same seed.
    api = run_arena(["heuristic", "random", "random"], deals=4, seed=3)
    assert [b.mean for b in api.bots] == pytest.approx([r["mean"] for r in data["results"]])


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["heuristic", "random"], "exactly three bots"),
        (["heuristic", "random", "nosuchbot"], "unknown bot 'nosuchbot'"),
        (["heuristic", "random", "heuristic:bogus=1"], "bad options for bot 'heuristic'"),
        (["random", "random", "random", "--deals", "0"], "--deals must be at least 1"),
        (["random", "random", "random", "--rules", '{"nope": 1}'], "unknown rule flag"),
    ],
)
def test_cli_errors_are_one_line(args: list[str], needle: str) -> None:
    res = CliRunner().invoke(app, ["arena", *args])
    assert res.exit_code == 2
    assert needle in res.output
    assert "Traceback" not in res.output


@pytest.mark.slow
def test_ray_runs_the_same_deal_sets() -> None:
    pytest.importorskip("ray")
    import ray

    specs = ["heuristic", "random", "random"]
    try:
        via_ray = [_strip_timing(r) for r in iter_deal_sets(specs, 3, 21, ray_address="local")]
    finally:
        ray.shutdown()
    local = [_strip_timing(r) for r in iter_deal_sets(specs, 3, 21)]
    assert via_ray == local
