"""``paston analyse`` tells its progress and reports each game in its own units.

* Off a terminal, one line per analysed deal on standard error ("deal k of n done", the time
  spent and left), nothing more; the analysis equals the evaluator's own in one go.
* A game that values kinds of decision in different units (Paskievics: card points for the
  card play, game points for the rest) gets one report table per unit, never one sum.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from paston.analysis import Settings, evaluator_for
from paston.analysis.model import Analysis, DealAnalysis, Decision
from paston.analysis.progress import Progress, analyse_by_deal
from paston.analysis.render import render_analysis
from paston.analysis.report import game_reports
from paston.core.registry import PLUGINS_ENV

TESTS = Path(__file__).resolve().parents[1]


def paston(tmp_path: Path, *args: str, answers: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env.pop("PASTON_LANG", None)
    env |= {"PYTHONIOENCODING": "utf-8", "COLUMNS": "120", PLUGINS_ENV: "toygame.platform:GAME"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(TESTS), env.get("PYTHONPATH")) if p)
    proc = subprocess.run(
        [sys.executable, "-m", "paston", *args],
        input=answers,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env=env,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return proc


def test_one_progress_line_per_deal_off_a_terminal(tmp_path: Path) -> None:
    paston(
        tmp_path,
        "play",
        "--game",
        "toy",
        "--seed",
        "8",
        "--bots",
        "random",
        "--pause",
        "0",
        "-o",
        "m.json",
        answers="1\n" * 40 + "quit\n",
    )
    proc = paston(tmp_path, "analyse", "m.json", "--worlds", "4")
    lines = proc.stderr.splitlines()
    assert len(lines) == 2, proc.stderr
    for k, line in enumerate(lines, start=1):
        assert re.fullmatch(
            rf"analysing: deal {k} of 2 done · \d+ s elapsed · about \d+ s left", line
        ), line
    assert "Game report" in proc.stdout


def test_deal_by_deal_is_the_evaluator_s_own_analysis(tmp_path: Path) -> None:
    paston(
        tmp_path,
        "play",
        "--game",
        "toy",
        "--seed",
        "5",
        "--bots",
        "random",
        "--pause",
        "0",
        "-o",
        "m.json",
        answers="1\n" * 40 + "quit\n",
    )
    sys.path.insert(0, str(TESTS))
    from paston.core.registry import register_game, unregister_game
    from toygame.platform import GAME

    register_game(GAME)
    try:
        record = json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))
        settings = Settings(worlds=4, max_worlds=8, seed=3)
        seen: list[Progress] = []
        by_deal = analyse_by_deal(evaluator_for("toy"), record, settings, seen.append)
        whole = evaluator_for("toy").analyse(record, settings)
    finally:
        unregister_game(GAME.name)
    assert by_deal.to_json() == whole.to_json()
    assert [p.deals_done for p in seen][-1] == 2 and all(p.deals == 2 for p in seen)
    assert seen[-1].decisions == seen[-1].total_decisions > 0 and seen[-1].left == 0


def _decision(seat: int, phase: str, loss: float) -> Decision:
    return Decision(
        deal=1,
        index=1,
        seat=seat,
        phase=phase,
        trick=1 if phase == "play" else None,
        action="x",
        text="x",
        best="y",
        best_text="y",
        value=-loss,
        value_se=0.0,
        best_value=0.0,
        best_se=0.0,
        loss=loss,
        loss_se=0.0,
        hindsight_loss=loss,
        hindsight_best="y",
        hindsight_best_text="y",
        grade="mistake",
        worlds=8,
        effective_worlds=8.0,
    )


def test_card_points_and_game_points_are_reported_apart() -> None:
    decisions = [
        _decision(0, "play", 9.0),
        _decision(0, "announce", 128.0),
        _decision(1, "play", 2.0),
    ]
    deal = DealAnalysis(1, "finished", None, None, None, decisions=decisions)
    names = ["Ann", "Bob", "Cy", "Di"]
    units = {"play": "card points", "other": "game points"}
    analysis = Analysis(
        "game",
        names,
        [deal],
        game_reports([deal], names),
        {
            "worlds": 8,
            "unit": units,
            "thresholds": {"play": {"mistake": 7}, "other": {"mistake": 3}},
        },
        "paskievics",
    )
    console = Console(file=io.StringIO(), width=120, color_system=None)
    render_analysis(analysis, console)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Game report: card play (card points)" in text
    assert "Game report: the other decisions (game points)" in text
    # Ann's 9 card points and 128 game points stay apart; never 137.
    assert re.search(r"^Ann\s+1\s+9\.0 ", text, re.M) and re.search(
        r"^Ann\s+1\s+128\.0 ", text, re.M
    )
    assert "137" not in text
    # The JSON says the same: a report per unit beside the (summed) one it always had.
    by_unit = analysis.to_json()["players_by_unit"]
    assert by_unit["play"][0]["expected_loss"] == 9.0
    assert by_unit["other"][0]["expected_loss"] == 128.0
