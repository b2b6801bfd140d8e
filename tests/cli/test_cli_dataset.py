"""`paston dataset` as a user runs it: self-play to a file, the records converted again to the
same rows, an arena's folder read, and every mistake one `error:` line with exit status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from paston.env.dataset import load_dataset


def paston(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "paston", *args],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
        env={**__import__("os").environ, "PYTHONIOENCODING": "utf-8"},
    )


def test_self_play_then_the_same_rows_from_its_records(tmp_path: Path) -> None:
    played = paston(
        tmp_path, "dataset", "--self-play", "heuristic", "--game", "paris", "--players", "3",
        "--hands", "6", "--seed", "4", "-o", "sp.npz", "--records-out", "sp.jsonl",
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith("wrote ") and "sp.npz" in played.stdout
    # Progress went to stderr, the last line at 100 %.
    assert "6 of 6 hands (100 %)" in played.stderr
    again = paston(tmp_path, "dataset", "sp.jsonl", "-o", "again.npz")
    assert again.returncode == 0, again.stderr
    first, second = load_dataset(tmp_path / "sp.npz"), load_dataset(tmp_path / "again.npz")
    assert first.hands == 6 and len(first) == len(second) > 0
    np.testing.assert_array_equal(first.observation, second.observation)
    np.testing.assert_array_equal(first.action, second.action)
    np.testing.assert_array_equal(first.returns, second.returns)


def test_an_arena_folder_becomes_a_dataset(tmp_path: Path) -> None:
    arena = paston(
        tmp_path, "arena", "heuristic", "heuristic", "random", "--deals", "1", "--seed", "2",
        "--out", "arena",
    )  # fmt: skip
    assert arena.returncode == 0, arena.stderr
    made = paston(tmp_path, "dataset", "arena", "-o", "a.npz", "--normalize")
    assert made.returncode == 0, made.stderr
    data = load_dataset(tmp_path / "a.npz")
    assert data.game == "paston" and data.normalized and data.hands == 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "give record files to convert, or --self-play BOT"),
        (("--self-play", "nobot"), "unknown bot 'nobot'"),
        (("--self-play", "heuristic,random", "--game", "paskievics"), "played by 4 or 5 players"),
        (("--self-play", "heuristic", "--game", "nogame"), "unknown game 'nogame'"),
        (("--self-play", "heuristic", "--game", "paris", "--rules", "{"), "--rules is not JSON"),
        (("missing.jsonl",), "no such file or folder: missing.jsonl"),
        (("--self-play", "heuristic", "-o", "x.csv"), "use .npz or .parquet"),
    ],
)
def test_mistakes_are_one_line_with_status_2(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    result = paston(tmp_path, "dataset", *args)
    assert result.returncode == 2
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1
