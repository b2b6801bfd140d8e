"""`paston play --game paskievics` end to end through a real ``paston`` process: a whole game
with scripted answers tells no other seat's discard, shows the score sheet between deals and
at the end, saves a record the game replays, and speaks Hungarian under ``PASTON_LANG=hu``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import paston

#: Enough answers for a short game: one, two and three listed numbers in turn (a discard
#: of k cards takes k numbers; the other phases one).
ANSWERS = "1\n1 2\n1 2 3\n" * 400 + "quit\n"


def play(tmp_path: Path, *args: str, lang: str | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env.pop("PASTON_LANG", None)
    env |= {"PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    if lang is not None:
        env["PASTON_LANG"] = lang
    proc = subprocess.run(
        [sys.executable, "-m", "paston", "play", "--game", "paskievics", *args],
        input=ANSWERS,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def test_a_whole_game_hides_the_bots_discards_and_keeps_a_score_sheet(tmp_path: Path) -> None:
    rules = json.dumps({"game_deals": 2})
    out = play(tmp_path, "--seed", "11", "--bots", "heuristic", "--rules", rules, "-o", "g.json")
    # Another seat's discard is told by its size only (rules §6.1, §6.3).
    told = [line for line in out.splitlines() if re.match(r"heuristic-\d: (discard|lays)", line)]
    assert told, out[-3000:]
    assert all(re.fullmatch(r"heuristic-\d: lays \d cards? away", line) for line in told), told
    # Every deal with scores is explained with the running totals; the sheet ends the game.
    overs = out.count(" is over")
    assert overs >= 2, out[-3000:]
    assert out.count("Scores (running totals): ") >= 2, out[-3000:]
    assert "card points " in out
    assert out.count("Score sheet") == 1, out[-3000:]
    assert "Game over: best " in out
    record = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert paston.replay(record)["over"] is True
    assert record["meta"]["bots"] == [None, "heuristic", "heuristic", "heuristic"]


def test_the_terminal_speaks_hungarian(tmp_path: Path) -> None:
    rules = json.dumps({"game_deals": 1})
    out = play(tmp_path, "--seed", "4", "--bots", "random", "--rules", rules, lang="hu")
    for words in (
        "Te jössz: ",
        "A lapjaid",
        "1. leosztás · oszt: ",
        "licit> ",
        "Pontozólap",
    ):
        assert words in out, (words, out[-3000:])
    assert "Your turn" not in out and "Score sheet" not in out
    # English stays the default.
    english = play(tmp_path, "--seed", "4", "--bots", "random", "--rules", rules, "--force",
                   "-o", "e.json")  # fmt: skip
    assert "Your turn: " in english and "Te jössz" not in english
