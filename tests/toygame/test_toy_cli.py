"""High card through the command line, as a plug-in of a ``paston`` subprocess: played in the
terminal with scripted answers, ranked in the arena, and analysed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from .conftest import plugin_env
from .platform import GAME


def paston(tmp_path: Path, *args: str, answers: str = "") -> str:
    env = plugin_env()
    env |= {"PYTHONIOENCODING": "utf-8", "COLUMNS": "120"}
    env.pop("PASTON_LANG", None)
    proc = subprocess.run(
        [sys.executable, "-m", "paston", *args],
        input=answers,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env=env,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc.stdout


def test_a_whole_match_in_the_terminal(tmp_path: Path) -> None:
    out = paston(
        tmp_path, "play", "--game", "toy", "--seed", "5", "--bots", "heuristic",
        "--pause", "0", "-o", "m.json", answers="1\n" * 40 + "quit\n",
    )  # fmt: skip
    record = json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))
    match = GAME.load_record(record)
    assert match.over and len(match.deals) == 2
    assert record["meta"]["bots"] == [None, "heuristic", "heuristic"]
    # The person sees their own cards only: every hand shown is a part of what seat 0 was dealt.
    mine = [set(d["hands"][0]) for d in record["deals"]]
    shown = [set(m.split()) for m in re.findall(r"^Your cards: (.*)$", out, flags=re.M)]
    assert shown and all(any(s <= hand for hand in mine) for s in shown if s != {"-"})
    # The others' plays are told as they happen (face up).
    assert re.search(r"^heuristic-1: plays \d+$", out, flags=re.M), out[-2000:]
    assert "Game over" in out


def test_the_arena_ranks_the_toy_bots(tmp_path: Path) -> None:
    paston(
        tmp_path, "arena", "random", "heuristic", "heuristic", "--game", "toy", "-n", "6",
        "--seed", "2", "-o", "out", "--json",
    )  # fmt: skip
    result = json.loads((tmp_path / "out" / "arena.json").read_text(encoding="utf-8"))
    assert result["game"] == "toy" and result["players"] == 3
    assert [r["games"] for r in result["results"]] == [36, 36, 36]  # 6 sets x 6 seatings
    records = (tmp_path / "out" / "records.jsonl").read_text().splitlines()
    assert len(records) == 36
    for line in records[:6]:
        assert GAME.replay(json.loads(line))["deals"][0]["phase"] == "over"


def test_the_analysis_of_a_toy_record(tmp_path: Path) -> None:
    paston(
        tmp_path, "play", "--game", "toy", "--seed", "8", "--bots", "random",
        "--pause", "0", "-o", "m.json", answers="1\n" * 40 + "quit\n",
    )  # fmt: skip
    report = json.loads(paston(tmp_path, "analyse", "m.json", "--worlds", "8", "--json"))
    text = json.dumps(report)
    assert "monte-carlo" in text  # the generic evaluator
    decisions = [d for deal in report["deals"] for d in deal["decisions"]]
    assert decisions and all("grade" in d or "lost" in d for d in decisions)
    plain = paston(tmp_path, "analyse", "m.json", "--worlds", "8")
    assert "Game report" in plain and "tricks" in plain
