"""benchmarks/research_leaderboard.py: the table's structure, and the pairing with the field.

The field bot in the candidate's seat must differ from the baseline (the field bot itself in
that seat on the same cards, with the same seeds) by exactly 0, deal set by deal set: any
slip in the pairing (other cards, other seeds, another seat) shows up as a non-zero figure.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from paston.bots.registry import _registered_for_tests

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "research_leaderboard.py"
SEATS = {"paston": 3, "paris": 3, "paskievics": 4}


@pytest.fixture(scope="module")
def board() -> ModuleType:
    spec = importlib.util.spec_from_file_location("research_leaderboard", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _run(board: ModuleType, capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert board.main(list(argv)) == 0
    out = capsys.readouterr().out
    return {"stdout": out, "results": json.loads(out.strip().splitlines()[-1])}


@pytest.mark.parametrize("game", ["paston", "paris", "paskievics"])
def test_table_and_exact_pairing(
    board: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    out = tmp_path / f"{game}.json"
    ran = _run(board, capsys, "--game", game, "--only", "random", "--only", "heuristic",
               "--sets", "2", "--out", str(out))  # fmt: skip
    result = ran["results"][game]
    assert result["field"] == "heuristic" and result["players"] == SEATS[game]
    rows = {row["entry"]: row for row in result["rows"]}
    # The levels that are these bots under another name repeat their rows.
    aliases = {e.name: e.alias_of for e in board.entries_of(game) if e.alias_of}
    expected = {"random", "heuristic"} | {a for a, b in aliases.items() if b in rows}
    assert set(rows) == expected and "casual" in rows
    for name, target in aliases.items():
        if name in rows:
            assert rows[name]["vs_field"] == rows[target]["vs_field"]
            assert f"--only {name}" in rows[name]["command"]
    field = rows["heuristic"]
    # The field bot against itself: the same hands as the baseline, so exactly 0.
    assert field["vs_field"] == 0.0 and field["vs_field_ci95"] == 0.0
    assert field["mean_score"] == field["field_score"]
    for row in rows.values():
        assert row["sets"] == 2 and row["deals"] == 2 * SEATS[game]
        assert row["capped_by"] == "sets"
        assert row["decisions"] > 0
        assert f"--game {game}" in row["command"] and f"--only {row['entry']}" in row["command"]
    # The rows as written, best first, and the Markdown table printed with them.
    assert json.loads(out.read_text())["rows"] == result["rows"]
    lines = [line for line in ran["stdout"].splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    assert header[:4] == ["#", "entry", "mean score per deal", "vs field (paired)"]
    assert header[-2:] == ["deals", "CPU s / decision (median)"]
    assert ("mean place" in header) == (game == "paris")
    assert len(lines) == 2 + len(rows)  # header, rule, a line per entry
    body = [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]
    assert [cells[0] for cells in body] == [str(k) for k in range(1, len(rows) + 1)]
    field_cells = next(cells for cells in body if "`heuristic`" in cells[1])
    assert "(the field)" in field_cells[1]
    assert field_cells[3] == ("+0.000 ± 0.000" if game == "paris" else "+0.00 ± 0.00")
    assert field_cells[header.index("deals")] == str(2 * SEATS[game])


def test_only_replaces_its_row_and_keeps_the_others(
    board: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "paston.json"
    _run(board, capsys, "--game", "paston", "--only", "random", "--only", "heuristic",
         "--sets", "2", "--out", str(out))  # fmt: skip
    first = {row["entry"]: row for row in json.loads(out.read_text())["rows"]}
    again = _run(board, capsys, "--game", "paston", "--only", "random", "--sets", "2",
                 "--out", str(out))  # fmt: skip
    rows = {row["entry"]: row for row in again["results"]["paston"]["rows"]}
    assert set(rows) == {"random", "heuristic", "casual"}
    # The seeded hands again: the same figures (the time per decision aside).
    for key in ("mean_score", "vs_field", "vs_field_ci95", "deals"):
        assert rows["random"][key] == first["random"][key]


def test_an_agent_through_the_hook(
    board: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A bot-like object (not a Bot) that plays as the field does: it too is exactly 0.
    agent = tmp_path / "my_agent.py"
    agent.write_text(
        "from paston.bots import make_bot\n"
        "class Agent:\n"
        "    def __init__(self, inner):\n"
        "        self.inner = inner\n"
        "    def act(self, view):\n"
        "        return self.inner.act(view)\n"
        "def make(spec, seed=None, game=None):\n"
        "    return Agent(make_bot(spec, seed=seed, game=game))\n"
    )
    try:
        ran = _run(board, capsys, "--game", "paskievics", "--agent",
                   f"mine={agent}:make:heuristic", "--only", "mine", "--sets", "2",
                   "--no-write")  # fmt: skip
    finally:
        _registered_for_tests("paskievics").pop("mine", None)
    (row,) = ran["results"]["paskievics"]["rows"]
    assert row["entry"] == "mine" and row["kind"] == "agent"
    assert row["vs_field"] == 0.0 and row["vs_field_ci95"] == 0.0
    assert f"--agent mine={agent}:make:heuristic" in row["command"]
    assert "(agent)" in ran["stdout"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "paris", "--only", "oracle"], "no entry oracle for paris; entries: beginner"),
        (["--game", "paston", "--only", "oracle"], "no entry oracle for paston"),
        (["--game", "paston", "--agent", "x=nowhere"], "NAME=MODULE:FACTORY[:ARG]"),
        (["--game", "paston", "--agent", "pimc=json:dumps"], "already a bot of paston"),
        (["--game", "paston", "--agent", "y=no_such_module_here:f"], "cannot import module"),
    ],
)
def test_bad_input_is_a_precise_error(
    board: ModuleType, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert board.main([*argv, "--sets", "1", "--no-write"]) == 2
    assert message in capsys.readouterr().err


def test_an_agent_that_fails_to_load_is_a_precise_error(
    board: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    agent = tmp_path / "broken_agent.py"
    agent.write_text("def make(path):\n    return open(path)\n")
    try:
        code = board.main(["--game", "paris", "--agent", f"broken={agent}:make:/no/such.npz",
                           "--only", "broken", "--sets", "1", "--no-write"])  # fmt: skip
    finally:
        _registered_for_tests("paris").pop("broken", None)
    assert code == 2
    err = capsys.readouterr().err
    assert "--agent broken: make('/no/such.npz') failed:" in err and "No such file" in err


def test_entries_cover_levels_and_bots(board: ModuleType) -> None:
    entries = {e.name: e for e in board.entries_of("paston")}
    assert "oracle" not in entries  # needs the whole deal
    assert entries["casual"].alias_of == "heuristic"  # the same bot under a level's name
    assert entries["beginner"].alias_of is None  # heuristic with mistakes: its own entry
    assert {"random", "heuristic", "pimc", "wpimc", "search", "expert"} <= set(entries)
    paris = {e.name: e for e in board.entries_of("paris")}
    assert paris["strong"].alias_of is None and paris["expert"].alias_of == "dpimc"


def test_pair_compares_two_entries_set_by_set(
    board: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "paris.json"
    ran = _run(board, capsys, "--game", "paris", "--only", "random", "--only", "heuristic",
               "--only", "beginner", "--sets", "3", "--out", str(out),
               "--pair", "random", "heuristic", "--pair", "beginner", "random")  # fmt: skip
    result = ran["results"]["paris"]
    rows = {row["entry"]: row for row in result["rows"]}
    first, second = result["pairs"]
    # Against the field itself the pair is the entry's own row, set by set.
    assert (first["first"], first["second"], first["sets"]) == ("random", "heuristic", 3)
    assert first["difference"] == pytest.approx(rows["random"]["vs_field"], abs=1e-6)
    assert first["place_difference"] == pytest.approx(rows["random"]["place_vs_field"], abs=1e-6)
    beginner, random = rows["beginner"]["set_vs_field"], rows["random"]["set_vs_field"]
    per_set = [a - b for a, b in zip(beginner, random, strict=True)]
    assert second["difference"] == pytest.approx(sum(per_set) / 3, abs=1e-6)
    assert "beginner − random, paired by set" in ran["stdout"]
    # The pairs are kept in the results file, and --report pairs again without playing.
    assert json.loads(out.read_text())["pairs"] == result["pairs"]
    again = _run(board, capsys, "--game", "paris", "--report", "--out", str(out),
                 "--pair", "beginner", "random")  # fmt: skip
    assert again["results"]["paris"]["pairs"] == [second]


def test_pair_without_per_set_figures_is_a_precise_error(
    board: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "paris.json"
    _run(board, capsys, "--game", "paris", "--only", "random", "--sets", "2", "--out", str(out))
    old = json.loads(out.read_text())
    del old["rows"][0]["set_vs_field"]  # a row written before the per-set figures were kept
    out.write_text(json.dumps(old))
    for pair, said in ((["random", "nobody"], "no row 'nobody'"),
                       (["random", "random"], "no per-set figures")):  # fmt: skip
        assert board.main(["--game", "paris", "--report", "--out", str(out), "--pair", *pair]) == 2
        assert said in capsys.readouterr().err
