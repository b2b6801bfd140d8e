"""benchmarks/paskievics_ladder_merge.py: runs over consecutive deal-set ranges pooled exactly,
older summary-only runs through their sufficient statistics, and its refusals."""

from __future__ import annotations

import importlib.util
import math
import statistics
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "paskievics_ladder_merge.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("paskievics_ladder_merge", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


MERGE = _load()


def _interval(values: list[float]) -> list[float]:
    return [statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))]


def _run(gaps: list[float], shares: list[float], first: int, per_set: bool) -> dict[str, Any]:
    run: dict[str, Any] = {
        "bots": ["pimc", "heuristic", "heuristic", "heuristic"],
        "players": 4,
        "seed": 2,
        "rules": {},
        "deal_sets": len(gaps),
        "deals": 4 * len(gaps),
        "cpu_seconds": 1.0,
        "first_minus_rest": _interval(gaps),
        "thrown_in_share": _interval(shares),
    }
    if first:
        run["first_set"] = first
    if per_set:
        run["set_gaps"], run["set_thrown_in"] = gaps, shares
    return run


values = st.lists(st.floats(-30, 30, allow_nan=False), min_size=2, max_size=40)


@settings(max_examples=60, deadline=None)
@given(values, values, st.booleans())
def test_pooled_figures_equal_those_of_all_the_sets(
    first: list[float], second: list[float], old_run_kept_its_sets: bool
) -> None:
    shares_a = [abs(v) % 1 for v in first]
    shares_b = [abs(v) % 1 for v in second]
    merged = MERGE.merge(
        [
            _run(second, shares_b, len(first), True),  # given out of order: sorted by set
            _run(first, shares_a, 0, old_run_kept_its_sets),
        ]
    )
    expected_gap = _interval(first + second)
    expected_share = _interval(shares_a + shares_b)
    assert merged["deal_sets"] == len(first) + len(second)
    assert merged["deals"] == 4 * merged["deal_sets"]
    for got, want in zip(merged["first_minus_rest"], expected_gap, strict=True):
        assert got == pytest.approx(want, rel=1e-6, abs=1e-4)
    for got, want in zip(merged["thrown_in_share"], expected_share, strict=True):
        assert got == pytest.approx(want, rel=1e-6, abs=1e-4)


def test_ranges_that_do_not_follow_each_other_are_refused() -> None:
    with pytest.raises(MERGE.MergeError, match="use --first-set 3"):
        MERGE.merge(
            [_run([1.0, 2.0, 3.0], [0.0] * 3, 0, True), _run([1.0, 2.0], [0.0] * 2, 5, True)]
        )


def test_runs_of_other_arenas_are_refused() -> None:
    other = _run([1.0, 2.0], [0.0, 0.0], 3, True)
    other["seed"] = 3
    with pytest.raises(MERGE.MergeError, match="runs differ in seed"):
        MERGE.merge([_run([1.0, 2.0, 3.0], [0.0] * 3, 0, True), other])


def test_the_command_line_says_what_is_wrong_in_one_line(tmp_path: Path, capsys: Any) -> None:
    missing = tmp_path / "nope.json"
    assert MERGE.main([str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("paskievics_ladder_merge:") and "nope.json" in err
    assert "Traceback" not in err
