"""Every game's terminal fits an 80×24 screen at every phase, in every catalogue language.

A whole match of each game (Paskievics with 4 and with 5 seats, Paris with 3 and 9) is
played in process through :class:`~paston.terminal.GameSession` on an 80-column console,
the person asking for a hint and typing a bad line once in each phase. Checked as it goes:

* the picture drawn for a decision, with the choices and the prompt, fits 24 rows, and so
  does it with a hint or an error line under it (a hint never pushes the hand off);
* the end of each hand (its summary, with the running totals) fits 24 rows, and so does the
  score sheet;
* every line printed fits 80 columns, but for the one-line error messages (a script reads
  them whole), which are counted by the rows they wrap to;
* in a language other than English no English word of the terminal's own is left (the
  notation, commands, names and the bots' own hint texts aside).
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

from paston import i18n
from paston.bots import make_bot
from paston.core.registry import get_game
from paston.terminal import GameSession

WIDTH, HEIGHT = 80, 24

CASES = [
    ("paston", 3, {"target": 30}, "en"),
    ("paston", 3, {"target": 30}, "ru"),
    ("paston", 3, {"target": 30}, "hy"),
    ("paris", 3, {}, "en"),
    ("paris", 9, {}, "hy"),
    ("paris", 4, {}, "ru"),
    ("paskievics", 4, {"game_deals": 2}, "hu"),
    ("paskievics", 5, {"game_deals": 2}, "en"),
    ("paskievics", 5, {"game_deals": 2}, "ru"),
]

#: Latin words a screen in another language may hold: the notation, the commands, the
#: bots' and the person's names, file names.
NOTATION = set(
    [
        "pass",
        "hold",
        "three",
        "two",
        "one",
        "solo",
        "discard",
        "call",
        "trull",
        "kings",
        "double",
        "volat",
        "ultimo",
        "catch",
        "kontra",
        "rekontra",
        "szubkontra",
        "hirskontra",
        "mordkontra",
        "game",
        "play",
        "swap",
        "ready",
        "pickup",
        "blind",
        "whist",
        "paston",
        "glitch",
        "dineri",
        "gupa",
        "grkha",
        "declare",
        "surrender",
        "annul",
        "tarokks",
        "help",
        "hint",
        "score",
        "show",
        "quit",
        "resume",
        "file",
        "you",
        "heuristic",
        "random",
        "pimc",
        "dpimc",
        "wpimc",
        "search",
        "json",
        "pag",
        "skíz",
        "pagát",
        "xxi",
    ]
)


def rows(text: str) -> int:
    """How many rows ``text`` takes on an 80-column terminal (long lines wrap)."""
    return sum(max(1, -(-cell_len(line) // WIDTH)) for line in text.split("\n"))


@pytest.fixture
def language() -> Iterator[None]:
    yield
    i18n.set_language(None)


class Player:
    """Answers for the person: a hint and a bad line once per phase, else a listed choice,
    checking each screen as it goes."""

    def __init__(self, buffer: io.StringIO) -> None:
        self.buffer = buffer
        self.session: Any = None
        self.mark = 0
        self.turn = -1
        self.hinted: set[str] = set()
        self.erred: set[str] = set()
        self.sheet_shown = False
        self.pending: list[str] = []
        self.screens = 0

    def since(self, mark: int) -> str:
        return self.buffer.getvalue()[mark:]

    def read_line(self, prompt: str) -> str:
        screen = self.since(self.mark) + prompt
        assert rows(screen) <= HEIGHT, screen
        self.screens += 1
        if self.pending:
            answer = self.pending.pop(0)
        else:
            state = self.session._state
            phase = str(state.phase)
            view = state.view(self.session.person)
            # A hint on a phase's first turn, a bad line on its second (each on the
            # screen of a fresh picture).
            fresh = self.mark != self.turn
            self.turn = self.mark
            if fresh and phase not in self.hinted:
                self.hinted.add(phase)
                answer = "hint"
            elif fresh and phase not in self.erred:
                self.erred.add(phase)
                answer = "99"
            elif not self.sheet_shown and self.session.hooks.score_sheet is not None:
                self.sheet_shown = True
                answer = "score"
            else:
                answer = self.choice(phase, view)
        if answer == "score":
            # The sheet on its own screen.
            start = len(self.buffer.getvalue())
            self.buffer.write(prompt + answer + "\n")
            self.session.show_sheet()
            sheet = self.since(start)
            assert rows(sheet) <= HEIGHT - 1, sheet
            self.mark = start
            return "show"
        self.buffer.write(prompt + answer + "\n")
        return answer

    def choice(self, phase: str, view: Any) -> str:
        game = self.session.info.name
        if game == "paston" and phase == "exchange":
            return "1 2"
        if game == "paskievics" and phase == "discard":
            from paston.games.paskievics.terminal import _discard_size

            return " ".join(str(n) for n in range(1, _discard_size(view) + 1))
        return "1"


def play(game: str, seats: int, rules: dict[str, Any], lang: str, tmp_path: Path) -> str:
    i18n.set_language(lang)
    info = get_game(game)
    match = info.new_match(seats, info.parse_rules(rules), 0)
    specs = {s: "heuristic" for s in range(1, seats)}
    bots = {s: make_bot("heuristic", seed=s, game=game) for s in specs}
    buffer = io.StringIO()
    console = Console(file=buffer, width=WIDTH, color_system=None, force_terminal=False)
    player = Player(buffer)
    session = GameSession(info, match, 0, bots, specs, console, player.read_line,
                          tmp_path / "g.json", random.Random(7), seed=7)  # fmt: skip
    player.session = session
    draw, state_over = session.draw, session.state_over

    def draw_marked(state: Any, view: Any) -> None:
        player.mark = len(buffer.getvalue())
        draw(state, view)

    def over_measured(state: Any) -> None:
        start = len(buffer.getvalue())
        state_over(state)
        summary = player.since(start)
        # With the "press any key" line under it on a terminal.
        assert rows(summary) <= HEIGHT - 1, summary

    session.draw = draw_marked  # type: ignore[method-assign]
    session.state_over = over_measured  # type: ignore[method-assign]
    assert session.run() == 0
    assert match.over
    assert player.screens > 5
    return buffer.getvalue()


def _words(texts: Any) -> set[str]:
    out: set[str] = set()
    for text in texts:
        for part in text.values() if isinstance(text, dict) else [text]:
            out.update(w.lower() for w in re.findall(r"[A-Za-z]{4,}", part))
    return out


def english_left(out: str, lang: str) -> list[str]:
    """English words of the terminal's own left in ``out`` (hint tables skipped: the bots'
    reasons are the bots' own words). In Armenian and Russian any Latin word is one; in
    Hungarian (Latin script too) a word of the English catalogue that Hungarian lacks."""
    latin_script = lang == "hu"
    english_only = _words(i18n.catalogue("en").values()) - _words(i18n.catalogue(lang).values())
    found = []
    skipping = False
    for line in out.split("\n"):
        if re.search(r"> hint$", line):
            skipping = True
            continue
        if skipping and re.search(r"> \S", line):
            skipping = False
        if skipping:
            continue
        for word in re.findall(r"(?<![\w./-])[A-Za-z][a-z]{3,}(?![\w/…])", line):
            if word.lower() in NOTATION:
                continue
            if not latin_script or word.lower() in english_only:
                found.append(f"{word!r} in {line.strip()!r}")
    return found


@pytest.mark.parametrize(("game", "seats", "rules", "lang"), CASES)
def test_every_screen_fits_80_by_24(
    game: str, seats: int, rules: dict[str, Any], lang: str, tmp_path: Path, language: None
) -> None:
    out = play(game, seats, rules, lang, tmp_path)
    for line in out.split("\n"):
        # A picture's, a table's or a message's line; a long error stays one line.
        if cell_len(line) > WIDTH:
            assert "99" in out, line
    if lang != "en":
        left = english_left(out, lang)
        assert not left, "\n".join(left[:20])
