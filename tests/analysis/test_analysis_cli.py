"""`paston analyse` and `paston show --dd` as a player reads them: cards as in play, seat names
from meta, no -0.0, unfinished deals said so, records.jsonl line by line, --json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from helpers import gupa_deal, heuristic_deal, play_out
from typer.testing import CliRunner

from paston.cli import app
from paston.games.paston.match import Game
from paston.games.paston.record import deal_record, game_record

NAMES = ["Anna", "Ben", "Cleo"]
FAST = ["--worlds", "4"]


def write(tmp_path: Path, name: str, record: dict[str, Any]) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def named(record: dict[str, Any]) -> dict[str, Any]:
    record["meta"] = {"players": NAMES}
    return record


def run(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


def test_text_output_reads_like_the_game(tmp_path: Path) -> None:
    # Seat 0 throws its top trumps away and declares dineri: both are called out.
    deal = gupa_deal("paston", "glitch", "pass", "dineri", "pass", "discard AH KH",
                     "declare dineri")  # fmt: skip
    path = write(tmp_path, "deal.json", named(deal_record(deal)))
    result = run("analyse", path, "--all", *FAST)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Anna" in out and "Ben" in out and "Cleo" in out
    assert "seat 0" not in out
    assert "discard A♥ K♥" in out and "blunder" in out
    assert "10♣" in out or "10♦" in out or "10♥" in out or "10♠" in out
    assert "TC" not in out and "-0.0" not in out
    assert "Game report" not in out and "Deal report" in out
    assert "prikup in" in out  # the dd table


def test_an_unfinished_deal_is_said_so(tmp_path: Path) -> None:
    deal = gupa_deal("paston", "glitch", "pass", finish=False)
    result = run("analyse", write(tmp_path, "part.json", named(deal_record(deal))), *FAST)
    assert result.exit_code == 0, result.output
    assert "unfinished" in result.output


def test_json_output_is_the_analysis(tmp_path: Path) -> None:
    game = Game()
    for seed in range(2):
        play_out(game.new_deal(), seed)
    record = named(game_record(game))
    result = run("analyse", write(tmp_path, "game.json", record), "--json", *FAST)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["format"] == "paston-analysis/2" and data["kind"] == "game"
    assert data["names"] == NAMES
    assert len(data["deals"]) == len(record["deals"])
    for d in data["deals"]:
        for x in d["decisions"]:
            assert x["loss"] >= 0 and x["loss_se"] >= 0 and x["value_se"] >= 0
            assert abs(x["luck"] - (x["hindsight_loss"] - x["loss"])) < 0.02
            assert x["grade"] in ("best", "good", "inaccuracy", "mistake", "blunder")
    total = sum(p["decisions"] for p in data["players"])
    assert total == sum(len(d["decisions"]) for d in data["deals"])
    assert '"-0.0"' not in result.output and "-0.0," not in result.output


def test_records_jsonl_is_read_line_by_line(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    lines = [json.dumps(deal_record(heuristic_deal(s))) for s in (1, 2)]
    path.write_text(lines[0] + "\n\n" + lines[1] + "\n", encoding="utf-8")
    result = run("analyse", str(path), "--json", *FAST)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    assert [r["kind"] for r in rows] == ["deal", "deal"]
    text = run("analyse", str(path), *FAST)
    assert "Line 1" in text.output and "Line 3" in text.output


def test_a_bad_line_names_its_number(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps(deal_record(heuristic_deal(1))) + "\n{oops\n", encoding="utf-8")
    result = run("analyse", str(path), "--json", *FAST)
    assert result.exit_code == 2
    assert "line 2" in result.output


def test_other_games_say_what_is_missing(tmp_path: Path) -> None:
    path = write(tmp_path, "deal.json", deal_record(heuristic_deal(1)))
    result = run("analyse", path, "--game", "paris")
    assert result.exit_code == 2
    assert "error:" in result.output and "paston" in result.output


def test_show_prints_the_dd_table(tmp_path: Path) -> None:
    path = write(tmp_path, "deal.json", named(deal_record(heuristic_deal(4))))
    result = run("show", path, "--dd")
    assert result.exit_code == 0, result.output
    assert "Double-dummy tricks as declarer" in result.output
    assert "Cleo, prikup in" in result.output
