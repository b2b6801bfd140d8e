"""Hand numbers after ``paston play --resume``: the hands dealt before the game was saved
count on, for a game whose terminal hooks number no hand (the tests' High card plug-in, which
falls back on the session's own count) as for the three games (their own numbering)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from paston.core.registry import PLUGINS_ENV

TESTS = Path(__file__).resolve().parents[1]


def paston(tmp_path: Path, *args: str, answers: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env.pop("PASTON_LANG", None)
    env |= {"PYTHONIOENCODING": "utf-8", "COLUMNS": "80", PLUGINS_ENV: "toygame.platform:GAME"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(TESTS), env.get("PYTHONPATH")) if p)
    proc = subprocess.run(
        [sys.executable, "-m", "paston", "play", *args],
        input=answers, capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc.stdout


def numbers(out: str, word: str) -> list[int]:
    """The numbers of the hands the output says are over."""
    return [int(n) for n in re.findall(rf"{word} (\d+) is over", out)]


def test_a_resumed_match_counts_on_from_the_hands_already_dealt(tmp_path: Path) -> None:
    # The toy match has two hands: the first is played to its end, then the person quits.
    first = paston(tmp_path, "--game", "toy", "--seed", "5", "--bots", "heuristic",
                   "--pause", "0", "-o", "m.json", answers="1\n" * 5 + "quit\n")  # fmt: skip
    assert numbers(first, "Hand") == [1], first[-2000:]
    record = json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))
    assert record["meta"]["hands"] == 2  # the second hand was dealt when the person quit
    second = paston(tmp_path, "--resume", "m.json", "--pause", "0", answers="1\n" * 40)
    assert numbers(second, "Hand") == [2], second[-2000:]


def test_paskievics_deal_numbers_count_on_after_resume(tmp_path: Path) -> None:
    first = paston(tmp_path, "--game", "paskievics", "--seed", "5", "--bots", "heuristic",
                   "--pause", "0", "-o", "p.json", answers="1\n" * 60 + "quit\n")  # fmt: skip
    done = numbers(first, "Deal")
    assert done, first[-2000:]
    second = paston(tmp_path, "--resume", "p.json", "--pause", "0", answers="1\n" * 60 + "quit\n")
    assert re.search(rf"Continuing deal {done[-1] + 1}\.", second), second[:2000]
    later = numbers(second, "Deal")
    assert later and later[0] == done[-1] + 1, (done, later)
