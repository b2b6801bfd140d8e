"""The terminal and the command line as players meet them: hint and opponent bots that fail,
resuming at the right seat, overwriting, narrow terminals, output that is not UTF-8, skipping
the bots' pauses, forced cards, and the wording of messages — for Paston and Paris, through
the real ``paston`` command."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

import paston
from paston.bots import make_bot
from paston.core.registry import get_game
from paston.games.paston.cards import parse_card
from paston.games.paston.match import Game
from paston.games.paston.text import hand_text, result_text, score_bars, to_plain
from paston.terminal import GameSession
from paston.terminal.session import BadInput

DATA = Path(__file__).parent / "data"


def run(
    *args: str,
    stdin: str = "",
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[bytes]:
    """``paston ARGS`` with ``stdin`` piped in; output kept as bytes (encodings are tested)."""
    full_env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "paston", *args],
        input=stdin.encode("utf-8"),
        capture_output=True,
        cwd=cwd,
        env=full_env,
        timeout=timeout,
    )


def text_of(proc: subprocess.CompletedProcess[bytes]) -> str:
    assert b"Traceback" not in proc.stderr, proc.stderr.decode(errors="replace")
    return proc.stdout.decode("utf-8")


def one_error_line(proc: subprocess.CompletedProcess[bytes]) -> str:
    """The single ``error:`` line of a refused command (exit 2, nothing on stdout)."""
    err = proc.stderr.decode("utf-8")
    assert proc.returncode == 2, (proc.stdout, err)
    assert "Traceback" not in err and "╭" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    return lines[0]


#: Answers that get through any Paston prompt: "1" for a bid, a whist or a card, and "1 2"
#: for the two discards (each is refused in the other phases with one line, and the next
#: line is tried).
def _scripted(answers: int) -> str:
    return "1\n1 2\n" * answers + "quit\n"


# ----------------------------------------------------------------- item 1: never lose a game

GARBAGE_BOT = "import sys\nfor line in sys.stdin:\n    print('no idea', flush=True)\n"


def test_oracle_is_refused_for_play_and_hints(tmp_path: Path) -> None:
    for option in ("--hint-bot", "--bots"):
        line = one_error_line(run("play", option, "oracle", cwd=tmp_path))
        assert line.startswith(f"error: {option}: 'oracle' is not for play"), line
        offered = line.split("choose one of:")[1]
        assert "oracle" not in offered and "heuristic" in offered
    # Paris offers no oracle; the list it gives is of its own bots.
    line = one_error_line(run("play", "--game", "paris", "--hint-bot", "oracle", cwd=tmp_path))
    assert "unknown bot 'oracle'" in line and "dpimc" in line
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("game", ["paston", "paris"])
def test_bots_that_answer_badly_are_reported_and_the_game_is_saved(
    game: str, tmp_path: Path
) -> None:
    script = tmp_path / "garbage.py"
    script.write_text(GARBAGE_BOT, encoding="utf-8")
    bad = f"cmd:{sys.executable} {script}"
    save = tmp_path / "g.json"
    args = ["play", "--game", game, "-s", "3", "-o", str(save), "--hint-bot", bad]
    args += ["--bots", f"{bad},random"]
    script_in = "hint\n" + (
        _scripted(12) if game == "paston" else "ready\n" + "1\n" * 12 + "quit\n"
    )
    proc = run(*args, stdin=script_in, cwd=tmp_path)
    out = text_of(proc)
    assert proc.returncode == 0
    flat = " ".join(out.split())
    assert re.search(r"No hint available \(\w+: [^)]", flat), out[-2000:]
    assert re.search(r"\(cmd-1 failed \(\w+: .+?\); playing a legal action for it\)", flat)
    record = json.loads(save.read_text(encoding="utf-8"))
    paston.replay(record)
    assert record["meta"]["bots"][1] == bad


# ----------------------------------------------------------------- item 2: resume


def test_paston_records_keep_the_seating_and_resume_restores_it(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    proc = run(
        "play", "--seat", "2", "--bots", "random,heuristic", "-s", "5", "-o", str(save),
        stdin="quit\n", cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    record = json.loads(save.read_text(encoding="utf-8"))
    meta = record["meta"]
    assert meta["players"] == ["random-0", "heuristic-1", "You"]
    assert meta["bots"] == ["random", "heuristic", None]
    assert meta["person"] == 2 and re.fullmatch(r"\d{4}-\d\d-\d\d", meta["date"])
    assert "result" not in meta  # the game is not over
    # Resumed with no options: seat 2 again, against the same bots, with seat 2's cards.
    out = text_of(run("play", "--resume", str(save), stdin="show\nquit\n", cwd=tmp_path))
    assert "you are seat 2, playing random-0 and heuristic-1" in out, out[:500]
    dealt = [parse_card(c) for c in record["deals"][0]["hands"][2]]
    assert f"You      {hand_text(dealt)}" in out or re.search(
        rf"^You\s+{re.escape(str(hand_text(dealt)))}", out, re.M
    ), out
    again = json.loads(save.read_text(encoding="utf-8"))
    assert again["meta"]["bots"] == ["random", "heuristic", None]
    assert again["meta"]["date"] == meta["date"]


@pytest.mark.parametrize("game", ["paston", "paris"])
def test_resume_keeps_the_day_and_tags_of_the_record(game: str, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    args = ["play", "-g", game, "--seat", "1", "--bots", "random", "-s", "8", "-o", str(save)]
    assert run(*args, stdin="quit\n", cwd=tmp_path).returncode == 0
    record = json.loads(save.read_text(encoding="utf-8"))
    record["meta"].update(date="2020-01-02", event="club night", table=7)
    save.write_text(json.dumps(record), encoding="utf-8")
    out = text_of(run("play", "--resume", str(save), stdin="quit\n", cwd=tmp_path))
    assert "you are seat 1" in out
    meta = json.loads(save.read_text(encoding="utf-8"))["meta"]
    assert meta["date"] == "2020-01-02" and meta["event"] == "club night" and meta["table"] == 7
    assert meta["person"] == 1 and meta["bots"][1] is None and meta["bots"][0] == "random"


# ----------------------------------------------------------------- item 3


def test_score_bars_draw_a_debt_left_of_the_zero_line() -> None:
    text = to_plain(score_bars([-30, 60, 0], 120, ["A", "B", "C"], width=12))
    rows = {line.split()[0]: line for line in text.splitlines()}
    left, right = rows["A"].split("│")
    assert "█" in left and "█" not in right  # a debt is never drawn as progress
    assert right.startswith("░" * 12) and "-30 / 120" in right
    left, right = rows["B"].split("│")
    assert "█" not in left and right.startswith("█" * 6 + "░" * 6)
    assert "█" not in rows["C"]
    # A debt beyond the space kept for debts is cut, and marked.
    assert to_plain(score_bars([-500, 0, 0], 120, ["A", "B", "C"], width=12)).startswith("A <")


@pytest.mark.parametrize("game", ["paston", "paris"])
def test_hint_rows_say_what_to_type(game: str, tmp_path: Path) -> None:
    proc = run(
        "play", "-g", game, "-s", "2", "--hint-bot", "random" if game == "paris" else "heuristic",
        stdin="hint\nquit\n", cwd=tmp_path,
    )  # fmt: skip
    out = text_of(proc)
    listing = out[out.find("Your turn") : out.find("> hint")]
    choices = {
        int(n): label
        for n, label in re.findall(r"\[\s*(\d+)\] (\S+(?: \S+)*?)(?=   |$)", listing, re.M)
    }
    table = out[out.find("Hint from") : out.rfind("> quit")]
    assert "(best first)" in table and re.search(r"^\s*type  action\s+value  why", table, re.M)
    # One line per choice, at most five (the hand stays on a 24-line screen).
    rows = re.findall(r"^\s+(\d+)  (.+?)\s{2,}-?\d+\.\d\d  ", table, re.M)
    assert rows and len(rows) <= 5, table
    assert len(table.splitlines()) <= 2 + 5 + 2, table  # title, header, rows, "and N more"
    for number, label in rows:
        assert choices[int(number)] == label.strip(), (number, label, choices)


def test_save_never_overwrites_without_force(tmp_path: Path) -> None:
    for game in ("paston", "paris"):
        old = tmp_path / f"{game}.json"
        old.write_text("keep me", encoding="utf-8")
        line = one_error_line(run("play", "-g", game, "-o", str(old), stdin="quit\n", cwd=tmp_path))
        assert "already exists; add --force" in line
        assert old.read_text(encoding="utf-8") == "keep me"
        proc = run("play", "-g", game, "-o", str(old), "--force", stdin="quit\n", cwd=tmp_path)
        assert proc.returncode == 0
        assert json.loads(old.read_text(encoding="utf-8"))["format"].startswith(game)
        # Resuming saves back over the game's own record without --force.
        assert run("play", "--resume", str(old), stdin="quit\n", cwd=tmp_path).returncode == 0


def test_the_default_record_name_never_overwrites(tmp_path: Path) -> None:
    from datetime import datetime, timedelta

    # Files with the default names of the next seconds are already there: a new game must
    # pick another name instead of refusing to start or overwriting one.
    now = datetime.now()
    taken = [
        tmp_path / f"paston-game-{(now + timedelta(seconds=k)):%Y%m%d-%H%M%S}.json"
        for k in range(30)
    ]
    for path in taken:
        path.write_text("keep me", encoding="utf-8")
    proc = run("play", stdin="quit\n", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert all(p.read_text(encoding="utf-8") == "keep me" for p in taken)
    new = set(tmp_path.iterdir()) - set(taken)
    assert len(new) == 1 and next(iter(new)).name.startswith("paston-game-")


# ----------------------------------------------------------------- item 4: narrow terminals


def test_show_at_60_columns_cuts_no_hand_or_name() -> None:
    out = text_of(run("show", "--width", "60", str(DATA / "game_finished.json")))
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= 60
    # Every dealt card is still shown: ten per hand in each "hands (dealt)" block.
    record = json.loads((DATA / "game_finished.json").read_text(encoding="utf-8"))
    assert out.count("(dealt)") == len(record["deals"])


@pytest.mark.parametrize("game", ["paston", "paris"])
def test_play_at_60_columns_wraps_cleanly(game: str, tmp_path: Path) -> None:
    script = _scripted(40) if game == "paston" else "ready\n" + "1\n" * 40 + "quit\n"
    proc = run(
        "play", "-g", game, "-s", "11", "--bots", "random", stdin=script, cwd=tmp_path,
        env={"COLUMNS": "60", "LINES": "24"},
    )  # fmt: skip
    out = text_of(proc)
    assert proc.returncode == 0
    # Nothing cut off at the edge (rich marks a cut with "…" at the end of the line).
    assert not [line for line in out.splitlines() if line.rstrip().endswith("…")]
    # Only what is printed whole on purpose may be longer: the one-line error messages
    # (scripts and screen readers read them whole) and the command that resumes the game
    # (to be copied whole).
    whole = re.compile(r"Not allowed|choose a number|type one number|name two|paston play --resume")
    long = [line for line in out.splitlines() if len(line) > 60 and not whole.search(line)]
    assert not long, long


# ----------------------------------------------------------------- item 5: not UTF-8

ASCII = {"PYTHONIOENCODING": "ascii"}


def _ascii_ok(proc: subprocess.CompletedProcess[bytes]) -> str:
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    assert b"Traceback" not in proc.stderr and b"UnicodeEncodeError" not in proc.stderr
    assert all(b < 128 for b in proc.stdout), proc.stdout[:300]
    return proc.stdout.decode("ascii")


def test_show_without_utf8_writes_letters(tmp_path: Path) -> None:
    out = _ascii_ok(run("show", str(DATA / "game_finished.json"), env=ASCII))
    assert re.search(r"S [AKQJ0-9]", out) and re.search(r"\d+H\b|[AKQJ]H\b", out)
    paris = run("deal", "-g", "paris", "-s", "4", "--players", "3").stdout.decode()
    out = _ascii_ok(run("show", "-", stdin=paris, env=ASCII))
    assert "Paris - 3 players" in out


def test_play_and_arena_without_utf8(tmp_path: Path) -> None:
    out = _ascii_ok(run("play", "-s", "1", stdin="hint\nquit\n", cwd=tmp_path, env=ASCII))
    assert re.search(r"You\s+S ", out)  # the hand with letters for suits
    _ascii_ok(run("play", "-g", "paris", "-s", "1", stdin="quit\n", cwd=tmp_path, env=ASCII))
    out = _ascii_ok(run("arena", "random", "random", "random", "-n", "1", env=ASCII))
    assert "+-95%" in out
    _ascii_ok(run("arena", "-g", "paris", "random", "random", "-n", "1", env=ASCII))


# ----------------------------------------------------------------- item 6


def _game_session(**kwargs: object) -> tuple[GameSession, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    bots = {s: make_bot("random", seed=s) for s in (1, 2)}
    game = Game(first_dealer=0, rng=__import__("random").Random(7))
    specs = {s: "random" for s in bots}
    session = GameSession(
        get_game("paston"), game, 0, bots, specs, console, lambda prompt: "quit", Path("unused"),
        game.rng,
    )  # fmt: skip
    for key, value in kwargs.items():
        setattr(session, key, value)
    return session, out


class _Keys:
    """Key presses as a test scripts them: each pause returns the next scripted key."""

    def __init__(self, keys: list[str | None]) -> None:
        self.keys = keys
        self.pauses = 0

    def pause(self, seconds: float) -> str | None:
        self.pauses += 1
        return self.keys.pop(0) if self.keys else None

    def wait(self) -> str:
        return "q"


def test_a_key_skips_the_bots_pauses_until_the_next_decision() -> None:
    keys = _Keys(["x"])
    session, _ = _game_session(pause=5.0, keys=keys)
    deal = session.match.new_deal()
    # Bots play seats 1 and 2; the first pause is cut short by a key, and no other bot
    # action pauses until the person's turn comes.
    while deal.to_act != 0 and not deal.is_over:
        session._bot_turn(deal, deal.to_act)
    assert keys.pauses == 1
    session._skipping = True
    session.read_line = lambda prompt: "1"
    session._person_turn(deal)
    assert session._skipping is False  # the person's decision ends the skipping


@pytest.mark.parametrize("game", ["paston", "paris"])
def test_a_forced_card_is_played_for_you_unless_turned_off(game: str, tmp_path: Path) -> None:
    if game == "paston":
        script, single = _scripted(150), r"Your turn: play a card\n\[1\] \S+\nplay> "
    else:
        script, single = "ready\n" + "1\n" * 150 + "quit\n", r"\n\[1\] play [^\[\n]+\nplay> "
    base = ["play", "-g", game, "-s", "21", "--bots", "random"]
    off = text_of(run(*base, "--no-auto-play", stdin=script, cwd=tmp_path))
    assert re.search(single, off), off[-3000:]
    assert "played for you" not in off
    on = text_of(run(*base, stdin=script, cwd=tmp_path))
    assert not re.search(single, on)
    assert re.search(r"\(\S+ ?\S*: your only legal choice, played for you\)", on), on[-3000:]


def test_the_end_of_a_deal_waits_for_a_key_on_a_terminal(tmp_path: Path) -> None:
    import fcntl
    import pty
    import select
    import struct
    import termios
    import time

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "TERM": "dumb"}
    env.pop("COLUMNS", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "paston", "play", "-s", "3", "--bots", "random", "--pause", "0",
         "-o", str(tmp_path / "t.json")],
        stdin=slave, stdout=slave, stderr=slave, cwd=tmp_path, env=env, close_fds=True,
    )  # fmt: skip
    os.close(slave)
    seen = b""

    def read_until(pattern: bytes, timeout: float = 60) -> bytes:
        nonlocal seen
        deadline = time.monotonic() + timeout
        while not re.search(pattern, seen):
            left = deadline - time.monotonic()
            if left <= 0:
                return b""
            ready, _, _ = select.select([master], [], [], left)
            if ready:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    return b""
        found = seen
        seen = b""
        return found

    try:
        for _ in range(40):
            text = read_until(rb"(bid|discard|declare|whist|play)> |Press any key")
            assert text, "no prompt"
            if b"Press any key" in text:
                break
            os.write(master, b"1 2\r" if text.endswith(b"discard> ") else b"1\r")
        else:
            pytest.fail("the deal did not end")
        assert b"is over" in text
        # The whole summary, from its rule to the key prompt, fits on the 24-line screen.
        summary = text[text.rfind(b"\n", 0, text.find(b"is over")) + 1 :]
        assert len(summary.splitlines()) <= 24, summary.decode()
        # Nothing more comes until a key is pressed …
        assert read_until(rb"Deal 2", timeout=1.5) == b""
        # … and q quits, saving the game.
        os.write(master, b"q")
        assert read_until(rb"Game saved to", timeout=30)
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)


# ----------------------------------------------------------------- item 7: wording


def test_the_person_wins_and_plays_in_the_second_person() -> None:
    record = json.loads((DATA / "game_finished.json").read_text(encoding="utf-8"))
    game = paston.game_from_record(record)
    assert game.winner is not None
    names = ["seat 0", "seat 1", "seat 2"]
    names[game.winner] = "You"
    assert str(result_text(game, names)).startswith("Game over: You win with ")
    names = ["You" if s != game.winner else "Anna" for s in range(3)]
    assert str(result_text(game, names)).startswith("Game over: Anna wins with ")
    shown = to_plain(paston.games.paston.text.game_renderable(game, ["You", "B", "C"]))
    assert "You plays" not in shown and "You surrenders" not in shown
    assert "You wins" not in shown and "You declares" not in shown


def test_a_card_not_in_your_hand_says_your_hand() -> None:
    session, _ = _game_session()
    deal = session.match.new_deal()
    # Play to the person's first card.
    for _ in range(500):
        if deal.phase == "play" and deal.to_act == 0:
            break
        if deal.is_over:
            deal = session.match.new_deal()
            continue
        deal.apply(deal.view(deal.to_act).legal[0])
    else:
        pytest.fail("the person never came to play a card")
    view = deal.view(0)
    missing = next(c for c in range(32) if c not in view.hand)
    with pytest.raises(BadInput) as info:
        session.take(paston.card_name(missing), deal, view)
    message = str(info.value)
    assert "is not in your hand; you may play:" in message and "seat 0" not in message


def test_paris_says_your_hand_too(tmp_path: Path) -> None:
    proc = run("play", "-g", "paris", "-s", "4", stdin="ready\nplay 2S 2S 2S\nquit\n", cwd=tmp_path)
    out = text_of(proc)
    assert '"play 2S 2S 2S": not held: 2S 2S 2S are not all in your hand. Legal: ' in out
    assert "seat 0's" not in out


@pytest.mark.parametrize("name", ["paston.games.paston.text", "paston.terminal.session"])
def test_docstring_examples(name: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0


def test_usage_errors_are_one_line_and_version_and_h_work() -> None:
    for args in (["play", "--foo"], ["show"], ["deal", "--seed", "x"], ["bogus"]):
        line = one_error_line(run(*args))
        assert "--help" in line
    proc = run("--version")
    assert proc.returncode == 0 and text_of(proc).strip() == f"paston {paston.__version__}"
    for args in (["-h"], ["play", "-h"], ["arena", "-h"]):
        proc = run(*args)
        assert proc.returncode == 0 and "Usage" in text_of(proc)
    assert "six" in text_of(run("arena", "-h", env={"COLUMNS": "200"})).split("--deals")[1][:200]


def test_play_and_deal_take_the_short_flags_of_arena(tmp_path: Path) -> None:
    assert run("deal", "-s", "9").stdout == run("deal", "--seed", "9").stdout
    assert b"paris-game" in run("deal", "-g", "paris", "-s", "9", "--players", "3").stdout
    proc = run("play", "-g", "paris", "-s", "9", "-o", "p.json", stdin="quit\n", cwd=tmp_path)
    assert proc.returncode == 0 and (tmp_path / "p.json").exists()


def test_bad_bot_options_name_the_valid_ones(tmp_path: Path) -> None:
    line = one_error_line(run("arena", "random", "random", "pimc:wrlds=8", "-n", "1"))
    assert "unknown option 'wrlds'" in line and "worlds=" in line
    assert "TypeError" not in line and "__init__" not in line
    line = one_error_line(run("play", "--bots", "heuristic:aggresion=2", cwd=tmp_path))
    assert "unknown option 'aggresion'" in line and "aggression=" in line


def test_an_empty_record_is_called_empty(tmp_path: Path) -> None:
    empty = tmp_path / "e.json"
    empty.write_text("", encoding="utf-8")
    for args in (["show", str(empty)], ["play", "--resume", str(empty)]):
        line = one_error_line(run(*args, cwd=tmp_path))
        assert "is empty" in line and "Expecting value" not in line
