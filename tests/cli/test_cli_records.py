"""`paston replay`, `paston deal` and `paston show` through a real subprocess: golden replay
outputs, the exit-2 / one-line-error contract, seeded dealing and the text rendering."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest

import paston
from paston.core.meta import today
from paston.games.paris.shuffle import seeded_record
from paston.games.paston.scoring import defender_base

DATA = Path(__file__).parent / "data"
SPEC_KEYS: tuple[str, ...] = ("phase", "to_act", "legal", "declarer", "contract", "whisters")
SPEC_KEYS += ("tricks", "scores", "redeal")
GAME_KEYS = ("totals", "over", "winner", "draw", "next_dealer")
RECORDS = sorted(p.name for p in DATA.glob("*.json") if not p.name.endswith(".replay.json"))


def run(*args: str, stdin: str | None = None, cwd: Path | None = None) -> Any:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    return subprocess.run(
        [sys.executable, "-m", "paston", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd,
        timeout=120,
    )


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def spec_part(result: dict[str, Any]) -> dict[str, Any]:
    """The keys spec/notation.md requires (the engine may add more)."""
    if "deals" in result:
        return {
            "deals": [{k: d[k] for k in SPEC_KEYS} for d in result["deals"]],
            **{k: result[k] for k in GAME_KEYS},
        }
    return {k: result[k] for k in SPEC_KEYS}


# ----------------------------------------------------------------- replay


@pytest.mark.parametrize("name", RECORDS)
def test_replay_matches_golden_and_library(name: str) -> None:
    proc = run("replay", str(DATA / name))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.count("\n") == 1
    printed = json.loads(proc.stdout)
    # The command prints exactly what the library function returns ...
    assert proc.stdout == json.dumps(paston.replay(load(name))) + "\n"
    # ... and the spec's keys are the reviewed golden values.
    golden = load(name.replace(".json", ".replay.json"))
    assert spec_part(printed) == golden


def test_replay_reads_stdin() -> None:
    text = (DATA / "deal_lone_whist.json").read_text(encoding="utf-8")
    proc = run("replay", "-", stdin=text)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["scores"] == [0, 20, 0]


def test_golden_values_follow_the_rules() -> None:
    """The golden outputs checked against the rules by hand, independently of the engine."""
    lone = load("deal_lone_whist.replay.json")
    # Seat 1 declares glitch (x2) and takes 6 tricks: +20. Seat 2 whists alone with 4: 0.
    assert lone["contract"] == "glitch" and lone["whisters"] == [2]
    assert lone["tricks"] == [0, 6, 4] and lone["scores"] == [0, 20, 0]
    both = load("deal_both_whist.replay.json")
    # Paston grkha (x4, but a flat +10 if made) fails with 5 tricks: -40.
    assert both["contract"] == "grkha" and both["whisters"] == [0, 1]
    decl = both["declarer"]
    mult = 4
    assert sum(both["tricks"]) == 10 and both["tricks"][decl] == 5
    expected = [0, 0, 0]
    expected[decl] = 10 if both["tricks"][decl] >= 6 else -10 * mult
    for seat in both["whisters"]:
        expected[seat] = defender_base(both["tricks"][seat], lone=False) * mult
    assert both["scores"] == expected == [0, 40, -40]
    surrender = load("deal_all_pass_surrender.replay.json")
    assert surrender["contract"] == "surrender"
    assert sorted(surrender["scores"]) == [-10, 2, 2]
    assert surrender["scores"][surrender["declarer"]] == -10
    spade = load("deal_spade_run.replay.json")
    assert spade["phase"] == "redeal" and spade["redeal"] == "spade-run"
    assert spade["to_act"] is None and spade["legal"] == []
    progress = load("deal_in_progress.replay.json")
    assert progress["phase"] == "play" and progress["scores"] is None
    assert sorted(progress["legal"]) == ["8C", "TC"]  # clubs led, seat 2 must follow
    game = load("game_finished.replay.json")
    assert game["over"] is True and game["winner"] == 0 and game["next_dealer"] is None
    assert max(game["totals"]) >= 121
    running = [0, 0, 0]
    for deal in game["deals"]:
        if deal["scores"] is not None:
            running = [
                t + s if t + s != -121 else 0 for t, s in zip(running, deal["scores"], strict=True)
            ]
    assert running == game["totals"]
    unfinished = load("game_in_progress.replay.json")
    assert unfinished["over"] is False and unfinished["deals"][0]["redeal"] == "spade-run"
    assert unfinished["deals"][-1]["phase"] == "bidding"


# ----------------------------------------------------------------- the error contract


def _mutated(name: str, change: Any) -> str:
    record = load(name)
    change(record)
    return json.dumps(record)


def _set_action(record: dict[str, Any], index: int, text: str) -> None:
    record["actions"][index] = text


BAD_INPUTS = {
    "not-json": ('{"format": "paston-deal/1",', "error: not JSON: "),
    "not-an-object": ("[1, 2, 3]", "error: a record is a JSON object, not list"),
    # An empty input is called empty, not "Expecting value".
    "empty": ("", "error: not JSON: standard input is empty (a record is a JSON object)"),
    "blank": ("  \n", "error: not JSON: standard input is empty (a record is a JSON object)"),
    # json's "Unterminated string starting at" once read "starting at at line 1".
    "unterminated": ('{"format', "error: not JSON: Unterminated string (line 1, column 2 of "),
    "missing-key": (
        _mutated("deal_lone_whist.json", lambda r: r.pop("prikup")),
        "error: missing key 'prikup' in the deal record",
    ),
    "missing-format": (
        _mutated("deal_lone_whist.json", lambda r: r.pop("format")),
        "error: missing key 'format'",
    ),
    "short-hand": (
        _mutated("deal_lone_whist.json", lambda r: r["hands"][0].pop()),
        "error: hand of seat 0 has 9 cards, not 10",
    ),
    "duplicate-card": (
        _mutated("deal_lone_whist.json", lambda r: r["hands"][0].__setitem__(0, "JS")),
        "error: card JS is dealt twice",
    ),
    "unknown-flag": (
        _mutated("deal_lone_whist.json", lambda r: r.__setitem__("rules", {"jokers": True})),
        "error: unknown rule flag 'jokers'",
    ),
    "illegal-card": (
        _mutated("deal_lone_whist.json", lambda r: _set_action(r, 8, "ad")),
        'error: action 9 "ad": must follow suit (hearts led, AD is a diamond; holds KH QH 7H)',
    ),
    "not-an-action": (
        _mutated("deal_lone_whist.json", lambda r: _set_action(r, 0, "double")),
        'error: action 1 "double": not an action',
    ),
    "game-illegal-bid": (
        _mutated("game_finished.json", lambda r: _set_action(r["deals"][1], 0, "gupa")),
        'error: deal 2, action 1 "gupa": the first bid must be paston',
    ),
    "game-rotation": (
        _mutated(
            "game_finished.json",
            lambda r: r["deals"][2].__setitem__("dealer", (r["deals"][2]["dealer"] + 1) % 3),
        ),
        "error: deal 3: the dealer must be seat",
    ),
    "game-unfinished-deal": (
        _mutated(
            "game_finished.json",
            lambda r: r["deals"][0].__setitem__("actions", r["deals"][0]["actions"][:5]),
        ),
        "error: deal 1 is not finished",
    ),
    "deep-nesting": ("[" * 100000 + "]" * 100000, "error: "),
    "wrong-types": (
        _mutated("deal_lone_whist.json", lambda r: r.__setitem__("hands", {"a": 1})),
        "error: ",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
@pytest.mark.parametrize("command", ["replay", "show"])
def test_bad_input_exit_2_one_error_line(case: str, command: str) -> None:
    text, start = BAD_INPUTS[case]
    proc = run(command, "-", stdin=text)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(start), lines[0]
    assert "Traceback" not in proc.stderr


def test_library_raises_the_same_message() -> None:
    text, start = BAD_INPUTS["illegal-card"]
    with pytest.raises(paston.IllegalAction) as info:
        paston.replay(json.loads(text))
    assert "error: " + str(info.value) == start


def test_unreadable_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    for target in (str(missing), str(tmp_path)):
        proc = run("replay", target)
        assert proc.returncode == 2
        assert proc.stdout == ""
        assert proc.stderr.startswith(f"error: cannot read {target}: ")
        assert proc.stderr.count("\n") == 1


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"format": "\xe9"}')
    proc = run("replay", str(path))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("error: ") and proc.stderr.count("\n") == 1


# ----------------------------------------------------------------- deal --seed


def test_deal_is_deterministic_and_valid() -> None:
    first = run("deal", "--seed", "42")
    again = run("deal", "--seed", "42")
    other = run("deal", "--seed", "43")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    assert first.stdout != other.stdout
    record = json.loads(first.stdout)
    assert record["format"] == "paston-deal/1"
    assert record["actions"] == []
    assert record["dealer"] == 0 and record["first_deal"] is True
    cards = [c for hand in record["hands"] for c in hand] + record["prikup"]
    assert sorted(cards) == sorted(paston.card_name(c) for c in range(32))
    assert all(len(hand) == 10 for hand in record["hands"])
    # It is the seeded procedure's deal, and a playable one, tagged with its date and seed.
    expected = paston.deal_until_playable(seed=42, dealer=0, first_deal=True)[-1]
    meta = record.pop("meta")
    assert record == paston.deal_record(expected)
    assert set(meta) == {"date", "seed"} and meta["seed"] == 42
    assert abs((date.fromisoformat(meta["date"]) - date.fromisoformat(today())).days) <= 1
    assert paston.replay(record)["phase"] == "bidding"


def test_deal_options() -> None:
    proc = run(
        "deal", "--seed", "5", "--dealer", "2", "--no-first-deal", "--rules", '{"target": 61}'
    )
    assert proc.returncode == 0, proc.stderr
    record = json.loads(proc.stdout)
    assert record["dealer"] == 2 and record["first_deal"] is False
    assert record["rules"] == {"target": 61}
    assert paston.replay(record)["to_act"] == 0  # the dealer's left bids first


def test_deal_reports_skipped_redeals() -> None:
    # Find a seed whose first pass of the procedure is thrown in (both markers in the prikup).
    seed = next(
        s for s in range(5000) if len(paston.deal_until_playable(seed=s, first_deal=True)) > 1
    )
    proc = run("deal", "--seed", str(seed))
    assert proc.returncode == 0
    assert "redeal" in proc.stderr
    assert paston.replay(json.loads(proc.stdout))["phase"] == "bidding"


def test_deal_bad_rules() -> None:
    proc = run("deal", "--seed", "1", "--rules", '{"target": "many"}')
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("error: --rules: ") and proc.stderr.count("\n") == 1


# ----------------------------------------------------------------- show


def test_show_deal() -> None:
    proc = run("show", str(DATA / "deal_lone_whist.json"))
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "\x1b[" not in out  # no colour codes when not a terminal
    # Hands by suit with symbols (seat 0: AS 8S QC 8C KD QD 9D AH JH 9H).
    assert "♠ A 8  ♣ Q 8  ♦ K Q 9  ♥ A J 9" in out
    assert "7♠ K♣" in out  # prikup
    assert "10♦ 8♥" in out  # discards
    assert "seat 1 paston, seat 2 pass, seat 0 pass" in out
    assert "glitch (♣ trumps, ×2)" in out
    assert "seat 2 whist" in out and "lone whist" in out
    assert "seat 1 10♥, seat 2 K♥" in out  # trick 1 in play order
    assert "seat 0 — · seat 1 6 · seat 2 4" in out
    assert "seat 0 0 · seat 1 +20 · seat 2 0" in out


def test_show_game() -> None:
    proc = run("show", str(DATA / "game_finished.json"))
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    record = load("game_finished.json")
    for n in range(1, len(record["deals"]) + 1):
        assert f"Deal {n}" in out
    assert "Score sheet" in out
    assert "totals" in out
    assert "Game over: seat 0 wins with 137." in out


def test_show_game_in_progress_with_redeal() -> None:
    proc = run("show", str(DATA / "game_in_progress.json"))
    assert proc.returncode == 0, proc.stderr
    assert "(redealt)" in proc.stdout
    assert "spade run" in proc.stdout
    assert "Game in progress" in proc.stdout


# ----------------------------------------------------------------- other games


def test_deal_paris_is_the_seeded_record_with_meta() -> None:
    proc = run("deal", "--game", "paris", "--players", "5", "--seed", "18446744073709551615",
               "--dealer", "4")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    record = json.loads(proc.stdout)
    meta = record.pop("meta")
    assert record == seeded_record(5, 2**64 - 1, 4)
    assert meta["seed"] == 2**64 - 1 and date.fromisoformat(meta["date"])
    # What paston deal writes, paston replay reads (through the format dispatch).
    replayed = run("replay", "-", stdin=proc.stdout)
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout) == paston.replay(record)


@pytest.mark.parametrize(
    ("args", "start"),
    [
        (["--players", "10"], "error: --players: Paris is for 2 to 9 players, not 10"),
        (["--players", "1"], "error: --players: Paris is for 2 to 9 players, not 1"),
        (["--seed", "-1"], "error: --seed must be 0 to 2^64-1"),
        (["--seed", str(2**64)], "error: --seed must be 0 to 2^64-1"),
        (["--dealer", "4"], "error: --dealer must be a seat 0 to 3, not 4"),
        (["--dealer", "-1"], "error: --dealer must be a seat 0 to 3, not -1"),
        (["--rules", "{}"], "error: --rules is for Paston deals"),
    ],
)
def test_deal_paris_bad_arguments(args: list[str], start: str) -> None:
    base = {"--players": "4", "--seed": "1", "--dealer": "0"}
    for key, value in zip(args[::2], args[1::2], strict=True):
        base[key] = value
    flat = [x for kv in base.items() for x in kv]
    if "--rules" in args:
        flat += ["--rules", "{}"]
    proc = run("deal", "--game", "paris", *flat)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith(start) and proc.stderr.count("\n") == 1, proc.stderr


@pytest.mark.parametrize("command", [["deal", "--seed", "1"], ["arena", "random", "random"]])
def test_unknown_game_is_one_error_line_naming_the_games(command: list[str]) -> None:
    proc = run(*command, "--game", "chess")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("error: unknown game 'chess'; choose one of: paston, paris")
    assert proc.stderr.count("\n") == 1


def test_deal_paston_refuses_other_player_counts_and_bad_dealers() -> None:
    for args, start in (
        (["--players", "4"], "error: --players: Paston is played by 3, not 4"),
        (["--dealer", "3"], "error: --dealer must be a seat 0, 1 or 2, not 3"),
    ):
        proc = run("deal", "--seed", "1", *args)
        assert proc.returncode == 2 and proc.stdout == ""
        assert proc.stderr.startswith(start) and proc.stderr.count("\n") == 1


def test_show_and_replay_a_paris_record() -> None:
    record = seeded_record(3, 11, 2)
    record["meta"] = {"players": ["Ani", "Bo", "Cy"]}
    text = json.dumps(record)
    shown = run("show", "-", stdin=text)
    assert shown.returncode == 0, shown.stderr
    # The Paris text module's picture, with the names from meta.
    assert shown.stdout.startswith("Paris · 3 players · dealer Cy")
    for seat in range(3):
        hand = " ".join(record["layout"][seat]["face_down"])
        assert hand in shown.stdout
    replayed = run("replay", "-", stdin=text)
    assert replayed.returncode == 0 and json.loads(replayed.stdout) == paston.replay(record)


def test_a_bad_paris_record_is_one_error_line() -> None:
    record = seeded_record(3, 11, 2)
    record["actions"] = ["fly away"]
    for command in ("replay", "show"):
        proc = run(command, "-", stdin=json.dumps(record))
        assert proc.returncode == 2 and proc.stdout == ""
        assert proc.stderr.startswith("error: ") and proc.stderr.count("\n") == 1
        assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("command", ["replay", "show"])
def test_format_errors_name_every_known_format(command: str) -> None:
    known = (
        "'paston-deal/1', 'paston-game/1', 'paris-game/1', 'paris-position/1', "
        "'paskievics-deal/1' or 'paskievics-game/1'"
    )
    missing = run(command, "-", stdin='{"hands": []}')
    assert missing.stderr == f"error: missing key 'format' ({known})\n"
    unknown = run(command, "-", stdin='{"format": "chess-game/1"}')
    assert unknown.stderr == f"error: unknown format 'chess-game/1' (expected {known})\n"
    assert missing.returncode == unknown.returncode == 2
