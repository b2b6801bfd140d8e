"""The research example runs from a fresh checkout: ``examples/train_masked_policy.py
--quick`` trains, plays its arena and prints its figures (seeded: the same every run)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_masked_policy.py"


def test_train_masked_policy_quick() -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--quick"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["example"] == "train_masked_policy"
    assert result["episodes"] > 0 and result["arena_deals"] == 150
    scores = result["scores"]
    assert set(scores) == {"trained", "heuristic", "random"}
    for figure in scores.values():
        assert -40 <= figure["mean"] <= 320 and figure["ci95"] >= 0
    # A few hundred episodes already teach it to stop losing points as a random player does.
    assert scores["trained"]["mean"] > scores["random"]["mean"]
    assert "trained − heuristic on the same deals" in done.stdout
