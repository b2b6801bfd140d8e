"""benchmarks/paskievics_ladder_pair.py: two ladder runs paired set by set, and its refusals."""

from __future__ import annotations

import importlib.util
import json
import statistics
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "paskievics_ladder_pair.py"


@pytest.fixture(scope="module")
def pair() -> ModuleType:
    spec = importlib.util.spec_from_file_location("paskievics_ladder_pair", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _run(bot: str, gaps: list[float] | None, first: int = 0, seed: int = 2) -> dict[str, Any]:
    run: dict[str, Any] = {"bots": [bot, "heuristic"], "seed": seed, "players": 4}
    if gaps is not None:
        run.update(set_gaps=gaps, first_set=first)
    return run


def test_pairs_the_common_sets_only(pair: ModuleType) -> None:
    # A: sets 0-3 in two runs; B: sets 2-5. Common: 2 and 3.
    a = [_run("expert", [9.0, 9.0]), _run("expert", [5.0, 1.0], first=2)]
    b = [_run("strong", [2.0, 4.0, 7.0, 7.0], first=2)]
    result = pair.paired(a, b)
    assert (result["sets"], result["first_set"], result["last_set"]) == (2, 2, 3)
    assert result["deals"] == 8
    assert result["a_minus_b"] == pytest.approx(0.0)  # (5 − 2) and (1 − 4)
    assert result["ci95"] == pytest.approx(1.96 * statistics.stdev([3.0, -3.0]) / 2**0.5)
    assert (result["a_gap"], result["b_gap"]) == (3.0, 3.0)


@pytest.mark.parametrize(
    ("a", "b", "said"),
    [
        ([_run("expert", None)], [_run("strong", [1.0, 2.0])], "no per-set figures"),
        ([_run("expert", [1.0, 2.0])], [_run("strong", [1.0, 2.0], seed=3)], "other deals"),
        ([_run("expert", [1.0, 2.0])], [_run("strong", [1.0, 2.0], first=1)], "1 common set"),
        ([_run("expert", [1.0, 2.0]), _run("expert", [3.0])], [_run("strong", [1.0])], "twice"),
    ],
)
def test_runs_that_cannot_be_paired_are_refused(
    pair: ModuleType, a: list[dict[str, Any]], b: list[dict[str, Any]], said: str
) -> None:
    with pytest.raises(pair.PairError, match=said):
        pair.paired(a, b)


def test_command_line(pair: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(_run("expert", [3.0, 5.0, 4.0])))
    b.write_text(json.dumps(_run("strong", [1.0, 2.0, 3.0])))
    assert pair.main(["--a", str(a), "--b", str(b), "--out", str(tmp_path / "o.json")]) == 0
    assert "expert − strong: +2.00 ± " in capsys.readouterr().out
    assert json.loads((tmp_path / "o.json").read_text())["sets"] == 3
    b.write_text(json.dumps(_run("strong", None)))
    assert pair.main(["--a", str(a), "--b", str(b)]) == 2
    assert "no per-set figures" in capsys.readouterr().err
