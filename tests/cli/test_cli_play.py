"""`paston play` end to end: a scripted person plays whole games through a real subprocess
(reading the listed choices and answering by number or in the notation), and the saved game
records are checked, resumed after end of input and after Ctrl-C."""

from __future__ import annotations

import json
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import paston
from play_session import PlaySession, saved_path

PROMPT = re.compile(r"(bid|discard|declare|whist|play)> $")
CHOICE = re.compile(r"\[\s*(\d+)\] (\S+(?: \S+)?)")


class Session(PlaySession):
    """A ``paston play`` subprocess that stops at this game's prompts."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        super().__init__(args, cwd, PROMPT)


def choose(text: str, phase: str, rng: random.Random) -> str:
    """An answer to the listed choices: usually a number, sometimes the choice's name."""
    listing = text[text.rfind("Your turn") :]
    choices: list[tuple[int, str]] = [(int(n), str(lab)) for n, lab in CHOICE.findall(listing)]
    assert choices, f"no choices listed before the {phase} prompt:\n{text[-1500:]}"
    assert [n for n, _ in choices] == list(range(1, len(choices) + 1))
    if phase == "discard":
        assert len(choices) == 12
        a, b = rng.sample(range(len(choices)), 2)
        if rng.random() < 0.5:
            return f"{a + 1} {b + 1}"
        return f"discard {choices[a][1].lower()} {choices[b][1]}"
    n, label = rng.choice(choices)
    if phase in ("play", "bid", "whist") and rng.random() < 0.4:
        return label.split()[0].lower() if phase == "play" else label
    return str(n)


def play_on(session: Session, rng: random.Random, limit: int | None = None) -> int:
    """Answer prompts until the game ends (or ``limit`` answers); returns answers given."""
    answers = 0
    while limit is None or answers < limit:
        text, phase = session.read()
        if phase is None:
            session.transcript += ""
            return answers
        session.send(choose(text, phase, rng))
        answers += 1
    return answers


def test_full_game_to_the_end(tmp_path: Path) -> None:
    rng = random.Random(1)
    session = Session(["--seed", "11"], tmp_path)
    answers = play_on(session, rng)
    code = session.proc.wait(60)
    assert code == 0
    out = session.transcript
    assert answers > 10
    assert "Game over" in out
    assert "Score sheet" in out and "Deal 1 is over" in out
    path = saved_path(out, tmp_path)
    assert path.name.startswith("paston-game-") and path.suffix == ".json"
    record = json.loads(path.read_text(encoding="utf-8"))
    result = paston.replay(record)
    assert result["over"] is True
    assert max(result["totals"]) >= 121
    game = paston.game_from_record(record)
    assert game.over and game.totals == tuple(result["totals"])


def test_other_seat_bad_input_help_and_hint(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    session = Session(
        ["--seat", "2", "--bots", "random", "--seed", "3", "--save", str(save)], tmp_path
    )
    text, phase = session.read()
    assert phase is not None
    assert "You" in text and "random-0" in text and "random-1" in text
    for bad, reason in (("zz", "is no action here"), ("99", "Choose a number"), ("", "Type an")):
        session.send(bad)
        text, again = session.read()
        assert again == phase and reason in text, text[-800:]
    session.send("help")
    text, _ = session.read()
    assert "Commands: help" in text
    session.send("hint")
    text, _ = session.read()
    assert "Hint from" in text
    session.send("score")
    text, _ = session.read()
    assert "/ 121" in text
    session.send("quit")
    code, rest = session.finish()
    assert code == 0
    assert f"Continue with: paston play --resume {save}" in rest.replace("\n", "")
    record = json.loads(save.read_text(encoding="utf-8"))
    assert paston.replay(record)["over"] is False


def _saved_actions(path: Path) -> list[list[str]]:
    record = json.loads(path.read_text(encoding="utf-8"))
    return [d["actions"] for d in record["deals"]]


def _assert_extends(before: list[list[str]], after: list[list[str]]) -> None:
    """The resumed game kept every saved action."""
    assert len(after) >= len(before)
    assert after[: len(before) - 1] == before[:-1]
    assert after[len(before) - 1][: len(before[-1])] == before[-1]


def test_end_of_input_saves_and_resume_finishes(tmp_path: Path) -> None:
    rng = random.Random(2)
    save = tmp_path / "eof.json"
    session = Session(["--seed", "21", "--save", str(save)], tmp_path)
    assert play_on(session, rng, limit=6) == 6
    session.close_stdin()
    code, rest = session.finish()
    assert code == 0
    assert "End of input: game saved to" in rest
    saved = _saved_actions(save)
    assert sum(len(a) for a in saved) >= 6
    assert paston.replay(json.loads(save.read_text(encoding="utf-8")))["over"] is False

    resumed = Session(["--resume", str(save), "--seed", "5"], tmp_path)
    play_on(resumed, rng)
    assert resumed.proc.wait(60) == 0
    assert "Game over" in resumed.transcript
    record = json.loads(save.read_text(encoding="utf-8"))  # saved to the resumed file
    assert paston.replay(record)["over"] is True
    _assert_extends(saved, [d["actions"] for d in record["deals"]])


def test_ctrl_c_saves_and_resume_continues(tmp_path: Path) -> None:
    rng = random.Random(3)
    save = tmp_path / "int.json"
    session = Session(["--seed", "31", "--save", str(save)], tmp_path)
    play_on(session, rng, limit=4)
    text, phase = session.read()  # waiting for the person
    assert phase is not None
    session.proc.send_signal(signal.SIGINT)
    code, rest = session.finish()
    assert code == 130
    assert "Interrupted: game saved to" in rest
    saved = _saved_actions(save)

    resumed = Session(["--resume", str(save)], tmp_path)
    text, phase = resumed.read()
    assert phase is not None and "Continuing deal" in text
    resumed.send(choose(text, phase, rng))
    play_on(resumed, rng, limit=3)
    resumed.read()
    resumed.send("quit")
    code, _ = resumed.finish()
    assert code == 0
    after = _saved_actions(save)
    _assert_extends(saved, after)
    assert sum(map(len, after)) > sum(map(len, saved))


def test_resume_rejects_a_bad_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "paston-game/1", "deals": [{"dealer": 5}]}', encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "paston", "play", "--resume", str(bad)],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: ") and proc.stderr.count("\n") == 1


@pytest.mark.parametrize("bots", ["nosuchbot,random", "random,random,random"])
def test_bad_bots_option(bots: str, tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "paston", "play", "--bots", bots],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        cwd=tmp_path,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: --bots") and proc.stderr.count("\n") == 1
    assert not list(tmp_path.iterdir())  # nothing saved for a game that never started


def test_save_folder_must_exist(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "paston", "play", "--save", str(tmp_path / "no" / "g.json")],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: --save: ") and proc.stderr.count("\n") == 1


def test_short_game_with_rules_from_seat_1(tmp_path: Path) -> None:
    save = tmp_path / "short.json"
    args = ["--seat", "1", "--rules", '{"target": 30}', "--seed", "8", "--save", str(save)]
    session = Session(args, tmp_path)
    play_on(session, random.Random(8))
    assert session.proc.wait(60) == 0
    assert "Game over" in session.transcript and "/ 30" in session.transcript
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["rules"] == {"target": 30}
    result = paston.replay(record)
    assert result["over"] is True and max(result["totals"]) >= 30


def test_a_failing_bot_does_not_end_the_game(tmp_path: Path) -> None:
    # An external bot whose program exits at once: every one of its turns fails, is reported,
    # and a legal action is played for it; the person plays on.
    session = Session(["--seed", "4", "--bots", "cmd:false,random"], tmp_path)
    play_on(session, random.Random(2), limit=25)
    session.send("quit")
    code, rest = session.finish()
    out = session.transcript + rest
    assert code == 0
    flat = " ".join(out.split())  # the console wraps long lines
    pattern = r"\(cmd-1 failed \(\w+: .+\); playing a legal action for it\)"
    assert re.search(pattern, flat), out[-3000:]
    record = json.loads(saved_path(out, tmp_path).read_text(encoding="utf-8"))
    assert paston.replay(record)["deals"]
