"""The one terminal session plays a game it has never heard of: the tests' toy game, which
offers no terminal hooks, is played to its end from its ``GameInfo`` alone, tells no other
seat's secret, saves a record its ``load_record`` reads back, and refuses bad input naming
what is legal."""

from __future__ import annotations

import io
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from paston.bots import Bot, make_bot
from paston.bots.registry import _registered_for_tests, register_bot
from paston.core.registry import register_game, unregister_game
from paston.terminal import GameSession

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from core_toy import GAME as TOY


class Last(Bot[object]):
    """Always the last legal action."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: object) -> int:
        return int(view.legal[-1])  # type: ignore[attr-defined]


@pytest.fixture
def toy() -> Iterator[None]:
    register_game(TOY)
    register_bot("last", Last, game=TOY.name)
    yield
    unregister_game(TOY.name)
    _registered_for_tests(TOY.name).pop("last", None)


def test_a_game_without_terminal_hooks_plays_to_its_end(toy: None, tmp_path: Path) -> None:
    assert not TOY.offers("terminal")
    match = TOY.new_match(3, TOY.parse_rules({}), 0)
    bots = {s: make_bot("last", seed=s, game=TOY.name) for s in (1, 2)}
    console = Console(file=io.StringIO(), width=100, color_system=None)
    answers = iter(["7", "three", "help", "2", *["1"] * 20])

    def read_line(prompt: str) -> str:
        answer = next(answers)
        console.print(prompt + answer, markup=False)
        return answer

    save = tmp_path / "toy.json"
    session = GameSession(
        TOY, match, 0, bots, {1: "last", 2: "last"}, console, read_line, save,
        random.Random(3), seed=3,
    )  # fmt: skip
    assert session.run() == 0
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert match.over
    assert "Choose a number from 1 to 2." in out
    assert 'Not allowed: "three": unparsable' in out and "Legal: one, two" in out
    assert "Commands: help, hint" in out
    assert "Game over. Totals:" in out
    # The other seats' moves are told without their strings (the game says nothing of what
    # the person may know), and no other seat's secret token is ever drawn.
    state = match.current
    assert state is not None
    assert "bot-1: acts" in out
    for seat in (1, 2):
        if state.tokens[seat] != state.tokens[0]:
            assert f'"token":{state.tokens[seat]}' not in out
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["meta"]["bots"] == [None, "last", "last"]
    assert TOY.load_record(record).is_over
