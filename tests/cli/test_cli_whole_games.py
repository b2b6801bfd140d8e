"""A whole game of each game through the real ``paston play``, with scripted answers, in
English and in another catalogue language: it ends, its record says so, each hand's result
is told, and the screens speak the language asked for."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import paston
from paston import i18n

#: One, two and three listed numbers in turn: whatever a phase asks for (a card, the two
#: cards of a Paston discard, the three of a Paskievics declarer's) comes round, the others
#: are refused with a line saying why.
ANSWERS = "1\n1 2\n1 2 3\n" * 1500

CASES = [
    ("paston", ["--rules", '{"target": 20}'], "en"),
    ("paston", ["--rules", '{"target": 20}'], "ru"),
    ("paris", ["--players", "4"], "en"),
    ("paris", ["--players", "4"], "hy"),
    ("paskievics", ["--rules", '{"game_deals": 2}'], "en"),
    ("paskievics", ["--players", "5", "--rules", '{"game_deals": 2}'], "hu"),
]


def said(lang: str, key: str, english: str) -> str:
    """The start of a catalogue text in ``lang`` (up to its first placeholder)."""
    try:
        i18n.set_language(lang)
        return i18n.t(key, english).split("{", 1)[0]
    finally:
        i18n.set_language(None)


def first_hand_over(game: str, lang: str) -> str:
    """The heading of the end of the first hand (``Deal 1 is over``, ``Game 1 is over``)."""
    try:
        i18n.set_language(lang)
        hand = (
            i18n.t("term.game_n", "Game {n}", n=1)
            if game == "paris"
            else i18n.t("term.deal", "Deal {n}", n=1)
        )
        return i18n.t("term.hand_over", "{hand} is over", hand=hand)
    finally:
        i18n.set_language(None)


@pytest.mark.parametrize(("game", "args", "lang"), CASES)
def test_a_whole_game_in_the_terminal(
    game: str, args: list[str], lang: str, tmp_path: Path
) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env |= {"PYTHONIOENCODING": "utf-8", "COLUMNS": "80", "PASTON_LANG": lang}
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "paston",
            "play",
            "--game",
            game,
            "--seed",
            "3",
            "--bots",
            "heuristic",
            "--pause",
            "0",
            "-o",
            "g.json",
            *args,
        ],
        input=ANSWERS,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stderr == "", proc.stderr[-2000:]
    out = proc.stdout
    record = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert paston.replay(record)["over"] is True
    assert record["meta"]["result"] is not None
    # Saved at the end (not at the end of input), in the language asked for.
    assert said(lang, "term.saved_end", "Game record saved to {path}.") in out, out[-1500:]
    assert out.count(said(lang, "term.your_turn", "Your turn: {what}")) > 3
    # The first hand's end is told under its number.
    assert first_hand_over(game, lang) in out, out[:3000]
    if lang != "en":
        assert "Your turn" not in out and "Game record saved" not in out
