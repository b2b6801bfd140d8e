"""`paston replay` and `paston show` on odd records (issue 17 §5), through a real subprocess:
every one gets the notations' single `error:` line and exit status 2, never a traceback.

- an integer over 4,300 digits anywhere in a record (Python's int-string limit), and a
  `blind` with a 5,000-digit slot number;
- the action in an error line quoted exactly as written (runs of spaces kept);
- a Paskievics game whose deal 1 carries a multiplier other than 1, and numbers that are not
  JSON integers (`1.0`, `true`) where a notation wants one.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from paston.games.paris.shuffle import seeded_record

DATA = Path(__file__).parent / "data"
COMMANDS = ("replay", "show")
BIG = "9" * 5000

#: paskievics-notation.md §9.1's deal (dealer 3), without its actions.
PASKIEVICS_DEAL: dict[str, Any] = {
    "format": "paskievics-deal/1",
    "rules": {},
    "dealer": 3,
    "hands": [
        ["SK", "T21", "T19", "T16", "T14", "T10", "T6", "KH", "CC"],
        ["T18", "T13", "T9", "T4", "T1", "QH", "JD", "KS", "QS"],
        ["T20", "T17", "T11", "T7", "KD", "QD", "TC", "CS", "JS"],
        ["T15", "T12", "T8", "T5", "T3", "JH", "AH", "KC", "QC"],
    ],
    "talon": ["CH", "AD", "TS", "T2", "JC", "CD"],
    "actions": [],
}

#: paris-notation.md's example position: seat 0 acts and holds only face-down cards.
PARIS_POSITION: dict[str, Any] = {
    "format": "paris-position/1",
    "rules": {},
    "players": 3,
    "dealer": 2,
    "seats": [
        {"hand": [], "face_up": [], "face_down": ["8H", "4D", "KD"]},
        {"hand": ["AS"], "face_up": [], "face_down": [None, None, None]},
        {"hand": ["KH"], "face_up": [], "face_down": [None, None, None]},
    ],
    "deck": [],
    "pile": ["JC", "QS"],
    "burned": 0,
    "finished": [],
    "to_act": 0,
    "turns": 0,
    "actions": [],
}


def run(command: str, text: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    return subprocess.run(
        [sys.executable, "-m", "paston", command, "-"],
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
    )


def error_of(command: str, record: dict[str, Any] | str) -> str:
    """The one error line of ``command`` on ``record`` (checked: exit 2, nothing on stdout,
    exactly one line on stderr), without its newline."""
    text = record if isinstance(record, str) else json.dumps(record)
    proc = run(command, text)
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert proc.stdout == ""
    assert proc.stderr.startswith("error: ") and proc.stderr.endswith("\n")
    assert len(proc.stderr.splitlines()) == 1, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    return proc.stderr.removesuffix("\n")


def paston_deal() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "deal_in_progress.json").read_text("utf-8"))
    return data


def paston_game() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "game_finished.json").read_text("utf-8"))
    return data


def paskievics_game(*deals: dict[str, Any]) -> dict[str, Any]:
    return {"format": "paskievics-game/1", "rules": {}, "deals": list(deals)}


def paskievics_body(**extra: Any) -> dict[str, Any]:
    body = {k: copy.deepcopy(v) for k, v in PASKIEVICS_DEAL.items() if k not in ("format", "rules")}
    body.update(extra)
    return body


# ----------------------------------------------------------------- integers over 4,300 digits


def _with(record: dict[str, Any], path: tuple[str | int, ...], literal: str) -> str:
    """The record's JSON with the value at ``path`` written as ``literal`` (a number JSON
    itself cannot produce from Python)."""
    marker = "__ODD_NUMBER__"
    copied = copy.deepcopy(record)
    node: Any = copied
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = marker
    return json.dumps(copied).replace(f'"{marker}"', literal)


HUGE_CASES = {
    "paston deal dealer": (paston_deal(), ("dealer",), "dealer"),
    "paston game deal 2 dealer": (paston_game(), ("deals", 1, "dealer"), "deals[1].dealer"),
    "paris players": (seeded_record(3, 5, 0), ("players",), "players"),
    "paris position burned": (PARIS_POSITION, ("burned",), "burned"),
    "paskievics multiplier": (
        paskievics_game(paskievics_body()),
        ("deals", 0, "multiplier"),
        "deals[0].multiplier",
    ),
    "paskievics rules": (PASKIEVICS_DEAL, ("rules",), "rules"),
    "meta": (paston_deal(), ("meta",), "meta"),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("case", sorted(HUGE_CASES))
def test_an_integer_over_4300_digits_is_one_error_line_naming_where(
    case: str, command: str
) -> None:
    record, path, where = HUGE_CASES[case]
    for literal, digits in ((BIG, 5000), ("-" + "1" * 4301, 4301)):
        line = error_of(command, _with(record, path, literal))
        assert line == (
            f"error: {where}: an integer of {digits} digits is too long (at most 4300 digits)"
        )


@pytest.mark.parametrize("command", COMMANDS)
def test_a_huge_integer_deep_in_meta_is_named_by_its_path(command: str) -> None:
    record = paston_deal()
    record["meta"] = {"players": ["a", "b", "c"], "tags": {"my key": [0, "__X__"]}}
    text = json.dumps(record).replace('"__X__"', BIG)
    assert error_of(command, text) == (
        'error: meta.tags["my key"][1]: an integer of 5000 digits is too long (at most 4300 digits)'
    )


@pytest.mark.parametrize("command", COMMANDS)
def test_nan_and_infinity_are_not_json_numbers(command: str) -> None:
    assert error_of(command, _with(paston_deal(), ("dealer",), "NaN")) == (
        "error: dealer: NaN is not a JSON number"
    )
    assert error_of(command, _with(PARIS_POSITION, ("turns",), "-Infinity")) == (
        "error: turns: -Infinity is not a JSON number"
    )


def test_an_integer_of_4300_digits_in_meta_still_replays() -> None:
    record = paston_deal()
    plain = run("replay", json.dumps(record))
    text = _with(record, ("meta",), "9" * 4300)
    proc = run("replay", text)
    assert proc.returncode == 0 and proc.stdout == plain.stdout and proc.stderr == ""


@pytest.mark.parametrize("command", COMMANDS)
def test_a_blind_of_5000_digits_gets_the_notations_error(command: str) -> None:
    record = copy.deepcopy(PARIS_POSITION)
    record["actions"] = ["blind " + BIG]
    line = error_of(command, record)
    assert line.startswith(f'error: action 1 "blind {BIG}": no such slot: ')
    # Not in the face-down stage: the next key of the precedence, still the notation's error.
    game = seeded_record(3, 5, 0)
    game["actions"] = ["ready", "ready", "ready", "blind " + BIG]
    assert error_of(command, game).startswith(f'error: action 4 "blind {BIG}": not blind stage')
    game["actions"] = ["blind " + BIG]
    assert error_of(command, game).startswith(f'error: action 1 "blind {BIG}": wrong phase')


def test_a_blind_with_5000_leading_zeros_is_that_slot() -> None:
    record = copy.deepcopy(PARIS_POSITION)
    record["actions"] = ["blind 1"]
    plain = run("replay", json.dumps(record))
    record["actions"] = ["blind " + "0" * 5000 + "1"]
    padded = run("replay", json.dumps(record))
    assert plain.returncode == padded.returncode == 0
    assert padded.stdout == plain.stdout and padded.stderr == ""


# ----------------------------------------------------------------- the action as written


@pytest.mark.parametrize("command", COMMANDS)
def test_the_error_line_quotes_the_action_exactly_as_written(command: str) -> None:
    deal = paston_deal()
    n = len(deal["actions"]) + 1
    deal["actions"].append("play  8H")
    assert error_of(command, deal).startswith(f'error: action {n} "play  8H": ')

    paris = seeded_record(3, 5, 0)
    paris["actions"] = ["play  8H"]
    assert error_of(command, paris).startswith('error: action 1 "play  8H": wrong phase')

    paskievics = copy.deepcopy(PASKIEVICS_DEAL)
    paskievics["actions"] = ["call   T20 "]
    assert error_of(command, paskievics).startswith('error: deal 1, action 1 "call   T20 ": ')

    game = paston_game()
    game["deals"][0]["actions"][0] = "  grkha\u00a0 pass"
    assert error_of(command, game).startswith('error: deal 1, action 1 "  grkha\u00a0 pass": ')


@pytest.mark.parametrize("command", COMMANDS)
def test_an_action_with_line_breaks_stays_one_line_as_a_json_literal(command: str) -> None:
    # Tabs, newlines and quotes are written as JSON escapes: the line still holds the action
    # exactly (json.loads of the quoted part gives it back).
    raw = 'play\t8H\n"x"\\ \u2028end'
    for record, head in (
        ({**paston_deal(), "actions": [raw]}, "error: action 1 "),
        ({**seeded_record(3, 5, 0), "actions": [raw]}, "error: action 1 "),
        ({**PASKIEVICS_DEAL, "actions": [raw]}, "error: deal 1, action 1 "),
    ):
        line = error_of(command, record)
        assert line.startswith(head)
        quoted = line[len(head) :].split(": ", 1)[0]
        assert json.loads(quoted) == raw


# ----------------------------------------------------------------- numbers of the wrong kind


@pytest.mark.parametrize("command", COMMANDS)
def test_paskievics_deal_1_of_a_game_has_multiplier_1(command: str) -> None:
    line = error_of(command, paskievics_game(paskievics_body(multiplier=2)))
    assert line == "error: deal 1: multiplier must be 1"
    # Written as 1, or left out, it is deal 1's own.
    for body in (paskievics_body(multiplier=1), paskievics_body()):
        proc = run(command, json.dumps(paskievics_game(body)))
        assert proc.returncode == 0, proc.stderr
    # A lone deal record may come from a doubled round: its multiplier stands.
    proc = run("replay", json.dumps({**PASKIEVICS_DEAL, "multiplier": 2}))
    assert proc.returncode == 0 and json.loads(proc.stdout)["multiplier"] == 2


@pytest.mark.parametrize("command", COMMANDS)
def test_a_paston_dealer_must_be_a_json_integer(command: str) -> None:
    for value in (1.0, True, "1"):
        deal = {**paston_deal(), "dealer": value}
        shown = repr(value)
        assert error_of(command, deal) == f"error: dealer must be a seat 0, 1 or 2, not {shown}"
    game = paston_game()
    game["deals"][0]["dealer"] = 1.0
    assert error_of(command, game) == "error: deal 1: dealer must be a seat 0, 1 or 2, not 1.0"
    game = paston_game()
    game["deals"][1]["dealer"] = 2.0  # the seat the rotation gives, as a float
    assert error_of(command, game) == "error: deal 2: dealer must be a seat 0, 1 or 2, not 2.0"


@pytest.mark.parametrize("command", COMMANDS)
def test_paskievics_players_flag_must_be_a_json_integer(command: str) -> None:
    for value, shown in ((4.0, "4.0"), (5.0, "5.0"), (True, "true")):
        record = {**PASKIEVICS_DEAL, "rules": {"players": value}}
        assert error_of(command, record) == f"error: rules: players must be 4 or 5, not {shown}"


@pytest.mark.parametrize("command", COMMANDS)
def test_paris_seats_and_counts_must_be_json_integers(command: str) -> None:
    # Already refused before issue 17: kept as a guard next to the Paston and Paskievics ones.
    assert error_of(command, {**seeded_record(3, 5, 0), "dealer": 1.0}).startswith(
        "error: dealer: must be a seat 0 to 2, not 1.0"
    )
    assert error_of(command, {**seeded_record(3, 5, 0), "players": 3.0}).startswith(
        "error: players: must be an integer 2 to 9, not 3.0"
    )
    assert error_of(command, {**PARIS_POSITION, "to_act": True}).startswith(
        "error: to_act: must be a seat 0 to 2, not true"
    )
