"""`paston play --game paris` end to end: a scripted person plays whole games through a real
subprocess (answering by number, in the notation, or with bare cards), bad input gets one line
with the reason and the legal actions, and the saved ``paris-game/1`` records (with ``meta``)
are checked and resumed with the same seats after end of input and after Ctrl-C."""

from __future__ import annotations

import json
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

import paston
from paston.games.paris.record import state_from_record
from paston.games.paris.shuffle import seeded_record
from play_session import PlaySession, saved_path

PROMPT = re.compile(r"(swap|play)> $")
CHOICE = re.compile(
    r"\[\s*(\d+)\] ((?:swap|play|blind) [^\[\n]*?|ready|pickup)(?=\s{2,}|\s*$)", re.M
)
CARD = r"[2-9TJQKA][CDHS]"


class Session(PlaySession):
    """A ``paston play --game paris`` subprocess that stops at this game's prompts."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        super().__init__(args, cwd, PROMPT)


def listed(text: str) -> list[tuple[int, str]]:
    """The numbered choices after the last 'Your turn'."""
    listing = text[text.rfind("Your turn") :]
    choices = [(int(n), label.strip()) for n, label in CHOICE.findall(listing)]
    assert choices, f"no choices listed:\n{text[-1500:]}"
    assert [n for n, _ in choices] == list(range(1, len(choices) + 1)), choices
    return choices


def answer(text: str, rng: random.Random) -> str:
    """Usually a number; sometimes the action typed out, or (plays) just the cards."""
    choices = listed(text)
    n, label = rng.choice(choices)
    roll = rng.random()
    if roll < 0.5:
        return str(n)
    if label.startswith("play") and roll < 0.8:
        return label[len("play ") :].lower()  # bare cards, lower case
    return label


def play_on(session: Session, rng: random.Random, limit: int | None = None) -> int:
    """Answer prompts until the game ends (or ``limit`` answers); returns answers given."""
    answers = 0
    while limit is None or answers < limit:
        text, phase = session.read()
        if phase is None:
            return answers
        session.send(answer(text, rng))
        answers += 1
    return answers


def test_whole_game_against_bots(tmp_path: Path) -> None:
    session = Session(["--game", "paris", "--players", "3", "--seed", "7"], tmp_path)
    answers = play_on(session, random.Random(1))
    assert session.proc.wait(60) == 0
    out = session.transcript
    assert answers > 5
    assert "Game over" in out and re.search(r"(You are|\S+ is) the loser", out)
    # Some plays were typed as bare cards and taken: "play> 9c 9d" then "You: plays 9C 9D".
    typed = re.findall(r"play> ((?:[2-9tjqka][cdhs] ?)+)\n(.*)", out)
    assert typed and all(line.startswith("You: plays " + cards.upper()) for cards, line in typed)
    # The table shows the pile, the deck, each seat's face-up cards and the person's hand.
    assert re.search(r"Paris · 3 players · turn \d+ · deck \d+ · burned \d+", out)
    assert re.search(rf"You: hand (?:{CARD} ?)+", out)
    # Bot moves are told one by one, with burns and pick-ups.
    assert re.search(rf"heuristic-[12]: plays (?:{CARD} ?)+", out)
    assert "picks up the pile" in out or "burns the pile" in out
    path = saved_path(out, tmp_path)
    assert path.name.startswith("paris-game-") and path.suffix == ".json"
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["format"] == "paris-game/1"
    result = paston.replay(record)
    assert result["over"] is True and sorted(result["ranking"]) == [0, 1, 2]
    meta = record["meta"]
    assert meta["players"] == ["You", "heuristic-1", "heuristic-2"]
    assert meta["bots"] == [None, "heuristic", "heuristic"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", meta["date"])
    assert meta["result"] == [-1.0 if s == result["loser"] else 0.0 for s in range(3)]
    # A seeded game is dealt with the notation's reference shuffle.
    dealt = seeded_record(3, 7, dealer=record["dealer"])
    assert record["layout"] == dealt["layout"] and record["deck"] == dealt["deck"]


def test_bad_input_gets_one_line_with_the_reason_and_what_is_legal(tmp_path: Path) -> None:
    save = tmp_path / "bad.json"
    session = Session(["--game", "paris", "--seed", "3", "--save", str(save)], tmp_path)
    text, phase = session.read()
    assert phase == "swap"
    count = len(listed(text))
    cases = [
        ("zz", "In the swap phase type 'swap X Y'"),
        ("99", f"Choose a number from 1 to {count}."),
        ("1 2", "Type one number"),
        ("²", "In the swap phase type"),  # a digit to str.isdigit, not to int()
        ("swap 7x 7s", 'Not allowed: "swap 7x 7s": unparsable'),
        ("pickup", 'Not allowed: "pickup": wrong phase'),
        ("play 3c", 'Not allowed: "play 3c": wrong phase'),
        ("", "Type an action, a number, or 'help'."),
    ]
    for bad, reason in cases:
        session.send(bad)
        text, again = session.read()
        assert again == "swap", text
        lines = [line for line in text.splitlines() if line.strip()]
        error = lines[-2]  # the line before the prompt
        assert error.startswith(reason), (bad, text)
        if error.startswith("Not allowed"):
            assert re.search(r"Legal: 15 swaps \(swap \w\w \w\w, .*; ready", error), error
    session.send("help")
    text, _ = session.read()
    assert "swap KH 7D" in text and "Commands: help, hint" in text
    session.send("hint")
    text, _ = session.read()
    assert "Hint from heuristic" in text
    session.send("ready")
    text, phase = session.read()
    assert phase == "play"
    assert "Play begins:" in text
    session.send("quit")
    code, rest = session.finish()
    assert code == 0
    assert f"Continue with: paston play --resume {save}" in rest.replace("\n", "")
    record = json.loads(save.read_text(encoding="utf-8"))
    assert "ready" in record["actions"]
    assert paston.replay(record)["phase"] == "play"


def _position(tmp_path: Path) -> Path:
    # paris.md V31: duplicates in hand, on a 5.
    position = {
        "format": "paris-position/1",
        "players": 3,
        "dealer": 2,
        "seats": [
            {"hand": ["7H", "7H", "7S", "4C"], "face_up": [], "face_down": ["3C", "QD", None]},
            {"hand": ["AS", "9C"], "face_up": ["5C"], "face_down": [None, None, None]},
            {"hand": ["KH", "6D"], "face_up": [], "face_down": ["8S", None, None]},
        ],
        "pile": ["5D"],
        "to_act": 0,
    }
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(position), encoding="utf-8")
    return path


def test_multi_card_play_in_one_input_then_to_the_end(tmp_path: Path) -> None:
    path = _position(tmp_path)
    session = Session(["--resume", str(path), "--bots", "heuristic", "--seed", "2"], tmp_path)
    text, phase = session.read()
    assert phase == "play"
    labels = [label for _, label in listed(text)]
    assert set(labels) == {"play 7H", "play 7S", "play 7H 7H", "play 7H 7S", "play 7H 7H 7S"}
    assert "a 7 is on top" not in text and "to beat: 5 or higher" in text
    session.send("play 7h 7h 7h")
    text, _ = session.read()
    assert 'Not allowed: "play 7h 7h 7h": not held' in text
    session.send("7h 4c")
    text, _ = session.read()
    assert "mixed ranks" in text
    session.send("7s 7h")
    text, _ = session.read()
    assert "You: plays 7H 7S" in text
    session.send(answer(text, random.Random(4)))
    play_on(session, random.Random(4))
    assert session.proc.wait(60) == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["format"] == "paris-position/1"
    assert record["actions"][0] == "play 7H 7S"
    assert paston.replay(record)["over"] is True
    assert record["meta"]["bots"] == [None, "heuristic", "heuristic"]


def test_end_of_input_saves_and_resume_keeps_the_seats(tmp_path: Path) -> None:
    save = tmp_path / "eof.json"
    args = [
        "--game",
        "paris",
        "--players",
        "4",
        "--seat",
        "2",
        "--bots",
        "heuristic,random,heuristic:loop_turns=200",
    ]
    session = Session([*args, "--seed", "9", "--save", str(save)], tmp_path)
    play_on(session, random.Random(5), limit=5)
    assert session.proc.stdin is not None
    session.proc.stdin.close()
    code, rest = session.finish()
    assert code == 0 and "End of input: game saved to" in rest
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["meta"]["bots"] == ["heuristic", "random", None, "heuristic:loop_turns=200"]
    assert saved["meta"]["players"] == ["heuristic-0", "random-1", "You", "heuristic-3"]
    assert paston.replay(saved)["over"] is False

    resumed = Session(["--resume", str(save)], tmp_path)
    play_on(resumed, random.Random(6))
    assert resumed.proc.wait(60) == 0
    assert "you are seat 2, playing heuristic-0, random-1, heuristic-3" in resumed.transcript
    assert "Continuing the game" in resumed.transcript
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["actions"][: len(saved["actions"])] == saved["actions"]
    assert state_from_record(record).is_over


def test_ctrl_c_saves_and_resume_continues(tmp_path: Path) -> None:
    save = tmp_path / "int.json"
    session = Session(
        ["--game", "paris", "--players", "2", "--seed", "4", "--save", str(save)], tmp_path
    )
    play_on(session, random.Random(3), limit=3)
    text, phase = session.read()
    assert phase is not None
    session.proc.send_signal(signal.SIGINT)
    code, rest = session.finish()
    assert code == 130 and "Interrupted: game saved to" in rest
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert len(saved["actions"]) >= 3

    resumed = Session(["--resume", str(save)], tmp_path)
    text, phase = resumed.read()
    assert phase is not None and "Continuing the game" in text
    resumed.send("quit")
    code, _ = resumed.finish()
    assert code == 0
    assert json.loads(save.read_text(encoding="utf-8"))["actions"] == saved["actions"]


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "paston", "play", *args],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        cwd=cwd,
    )


def test_a_failing_hint_bot_does_not_end_the_game(tmp_path: Path) -> None:
    save = tmp_path / "h.json"
    args = ["--game", "paris", "--seed", "3", "--hint-bot", "cmd:false", "--save", str(save)]
    session = Session(args, tmp_path)
    session.read()
    session.send("hint")
    text, phase = session.read()
    assert phase == "swap" and "No hint available (" in text
    session.send("ready")
    session.read()
    session.send("quit")
    code, _ = session.finish()
    assert code == 0 and "ready" in json.loads(save.read_text(encoding="utf-8"))["actions"]


def test_bad_options_are_one_error_line(tmp_path: Path) -> None:
    cases = [
        (["--game", "paris", "--players", "10"], "error: --players: Paris is for 2 to 9"),
        (["--game", "paris", "--players", "3", "--seat", "3"], "error: --seat: "),
        (["--game", "paris", "--bots", "random,random,random"], "error: --bots names one bot"),
        (["--game", "paris", "--bots", "nosuchbot"], "error: --bots: unknown bot"),
        (["--game", "paris", "--rules", '{"max_turns": 0}'], "error: --rules: "),
        (["--game", "paris", "--rules", "{"], "error: --rules is not JSON"),
        (["--game", "paris", "--seed", "-5"], "error: --seed: a Paris seed is an integer 0"),
        (["--game", "paris", "--seed", str(2**64)], "error: --seed: "),
        (["--game", "chess"], "error: --game: unknown game"),
        (["--players", "4"], "error: --players: Paston is played by 3"),
    ]
    for args, start in cases:
        proc = _run(args, tmp_path)
        assert proc.returncode == 2, (args, proc.stderr)
        assert proc.stderr.startswith(start) and proc.stderr.count("\n") == 1, proc.stderr
    assert not list(tmp_path.iterdir())  # nothing saved for a game that never started
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "paris-game/1", "players": 11}', encoding="utf-8")
    proc = _run(["--resume", str(bad)], tmp_path)
    assert proc.returncode == 2 and proc.stderr.startswith("error: ")


def _start_at(
    tmp_path: Path, name: str, seats: list[dict[str, object]], pile: list[str]
) -> Session:
    position = {
        "format": "paris-position/1",
        "players": 3,
        "dealer": 2,
        "seats": seats,
        "pile": pile,
        "to_act": 0,
    }
    path = tmp_path / name
    path.write_text(json.dumps(position), encoding="utf-8")
    return Session(["--resume", str(path), "--bots", "heuristic", "--seed", "1"], tmp_path)


def test_blind_play_and_pickup_typed_out(tmp_path: Path) -> None:
    empty = [None, None, None]
    # paris.md V20: only face-down cards left; slot 1 holds 4D, which does not fit on QS.
    session = _start_at(
        tmp_path,
        "v20.json",
        [
            {"hand": [], "face_up": [], "face_down": ["8H", "4D", "KD"]},
            {"hand": ["AS"], "face_up": [], "face_down": ["3C", None, None]},
            {"hand": ["KH"], "face_up": [], "face_down": ["5C", None, None]},
        ],
        ["JC", "QS"],
    )
    text, phase = session.read()
    assert phase == "play"
    assert [label for _, label in listed(text)] == ["blind 0", "blind 1", "blind 2"]
    assert "play a face-down card blind" in text and "[0] [1] [2]" in text
    assert "8H" not in text and "4D" not in text  # face-down cards stay unseen
    session.send("blind 1")
    text, _ = session.read()
    assert "You: plays face-down slot 1: 4D does not fit, picks up the pile (3: 4D JC QS)" in text
    session.send("quit")
    assert session.finish()[0] == 0
    # paris.md V05: a 2 may not go on a 7, nor the 9: the pile must be picked up.
    session = _start_at(
        tmp_path,
        "v05.json",
        [
            {"hand": ["2H", "9S"], "face_up": [], "face_down": empty},
            {"hand": ["AS"], "face_up": [], "face_down": ["3C", None, None]},
            {"hand": ["KH"], "face_up": [], "face_down": ["5C", None, None]},
        ],
        ["7C"],
    )
    text, _ = session.read()
    assert "a 7 is on top: the next play must be 3 to 7, or a 10" in text
    session.send("2h")
    text, _ = session.read()
    assert 'Not allowed: "play 2h": not playable' in text and "Legal: pickup" in text
    session.send("pick up")
    text, _ = session.read()
    assert "You: picks up the pile (1: 7C)" in text
    session.send("quit")
    assert session.finish()[0] == 0
