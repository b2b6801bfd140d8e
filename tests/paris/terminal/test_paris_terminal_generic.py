"""The protocol-only terminal session: the same class plays Paris and Paston to the end from
their GameInfo alone (scripted input, output to a string), saves a record the game's own
replay reads, and answers bad input with one line."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console

import paston
from paston.bots import make_bot
from paston.core.registry import get_game
from paston.terminal.generic import ProtocolSession

CHOICES = re.compile(r"\[\s*(\d+)\] ")


def scripted(console: Console, answers: Iterator[str]) -> object:
    """A ``read_line`` that answers each prompt from ``answers`` (by number, read back from
    what was printed) and echoes it."""
    buffer = console.file
    assert isinstance(buffer, io.StringIO)

    def read_line(prompt: str) -> str:
        text = buffer.getvalue()
        listing = text[text.rfind("Your turn") :]
        count = len(CHOICES.findall(listing))
        answer = next(answers)
        if answer == "#":  # a random listed choice
            answer = str(random.Random(len(text)).randint(1, count))
        console.print(prompt + answer)
        return answer

    return read_line


def run(game: str, seats: int, rules: dict[str, object], tmp_path: Path, first: list[str]) -> str:
    info = get_game(game)
    match = info.new_match(seats, rules, 0)
    specs = {s: "random" for s in range(1, seats)}
    bots = {s: make_bot(spec, seed=s, game=game) for s, spec in specs.items()}
    console = Console(file=io.StringIO(), width=100, highlight=False)

    def answers() -> Iterator[str]:
        yield from first
        while True:
            yield "#"

    save = tmp_path / f"{game}.json"
    session = ProtocolSession(
        info,
        match,
        0,
        bots,
        specs,
        console,
        scripted(console, answers()),  # type: ignore[arg-type]
        save,
        random.Random(5),
        seed=5,
    )
    assert session.run() == 0
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Game over. Totals:" in out
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["meta"]["bots"] == [None, *specs.values()]
    assert paston.replay(record)["over"] is True
    return out


def test_paris_through_the_protocol_only(tmp_path: Path) -> None:
    out = run("paris", 3, {"max_turns": 300}, tmp_path, ["99", "zz", "swap 2s 2s", "hint"])
    assert "Choose a number from 1 to" in out
    assert 'Not allowed: "zz": unparsable' in out and "Legal: swap " in out
    assert re.search(r'Not allowed: "swap 2s 2s": \w', out)
    assert "Hint from heuristic" in out
    assert re.search(r"random-1: (play|pickup|blind)", out)


def test_paston_through_the_protocol_only(tmp_path: Path) -> None:
    out = run("paston", 3, {"target": 20}, tmp_path, ["paston 7"])
    assert 'Not allowed: "paston 7"' in out
    assert "Hand 1 is over" in out
