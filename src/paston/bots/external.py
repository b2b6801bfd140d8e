"""External bots: a program in any language plays through JSON lines on stdin/stdout.

The protocol (``paston-bot/1``, documented in ``docs/bot-protocol.md``) is modelled on
chess's UCI: the engine starts the program, writes one JSON object per line to its standard
input and reads one JSON object per line from its standard output.

* ``{"type": "hello", "protocol": "paston-bot/1", "game": "paston", "seat": 0,
  "rules": {...}, "seed": 1}`` when the process starts, and again whenever the seat it plays
  or the rules change (no answer; ``seed`` is the seed the bot was made with, for
  reproducible play).
* ``{"type": "act", "view": <view.to_json()>, "legal": ["pass", "paston"]}`` for each
  decision (the view of the game being played; ``legal`` the legal actions in the game's
  canonical notation); the program answers ``{"action": "<notation>"}``, optionally with
  ``"choices": [{"action": ..., "value": ..., "reason": ...}]`` (used for hints);
  ``"explain": true`` in the request asks for those choices.
* ``{"type": "bye"}`` when the engine is done with it; the program should exit.

Everything the program writes to standard error is kept (the last lines are quoted when
something goes wrong) and never mixed with the protocol.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import queue
import shlex
import subprocess
import threading
from collections.abc import Callable
from typing import IO, Any

from ..core.hooks import MissingHooks
from ..core.protocol import View
from ..core.registry import UnknownGame, default_game, get_game
from .base import Bot, Choice

__all__ = ["PROTOCOL", "ExternalBot", "ExternalBotError"]

PROTOCOL = "paston-bot/1"
#: Seconds an external bot may think about one decision (and may take to start).
DEFAULT_TIMEOUT = 10.0


class ExternalBotError(RuntimeError):
    """An external bot crashed, timed out, or answered something that is not a legal action."""


class ExternalBot(Bot):
    """A bot that is a separate program (``command``, split like a shell would)."""

    name = "cmd"

    def __init__(
        self,
        command: str | list[str],
        seed: int | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        cwd: str | None = None,
        game: str | None = None,
    ) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError("an external bot needs a command line")
        self.command = command if isinstance(command, str) else shlex.join(command)
        self.seed = seed
        #: The game it plays (the flagship when none is named).
        self.game = game if game is not None else default_game()
        self.timeout = float(timeout)
        self.cwd = cwd if cwd is not None else os.getcwd()
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=20)
        self._hello: tuple[int, str] | None = None
        self._stderr_reader: threading.Thread | None = None

    # ------------------------------------------------------------------ process handling

    def _start(self) -> subprocess.Popen[str]:
        if self._proc is not None:
            return self._proc
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                bufsize=1,
                cwd=self.cwd,
            )
        except OSError as exc:
            raise ExternalBotError(f"bot {self.command!r} could not be started: {exc}") from None
        self._proc = proc
        assert proc.stdout is not None and proc.stderr is not None
        threading.Thread(target=self._pump, args=(proc.stdout, True), daemon=True).start()
        self._stderr_reader = threading.Thread(
            target=self._pump, args=(proc.stderr, False), daemon=True
        )
        self._stderr_reader.start()
        return proc

    def _pump(self, stream: IO[str], is_stdout: bool) -> None:
        # Reader threads turn blocking pipe reads into a queue that can be waited on with a
        # timeout (portable, unlike select() on pipes).
        try:
            for line in stream:
                if is_stdout:
                    self._lines.put(line)
                else:
                    self._stderr.append(line.rstrip("\n"))
        except (OSError, ValueError):
            pass
        if is_stdout:
            self._lines.put(None)

    def _stderr_tail(self) -> str:
        if not self._stderr:
            return ""
        return "; its standard error ended with: " + " | ".join(list(self._stderr)[-5:])

    def _fail(self, what: str) -> ExternalBotError:
        return ExternalBotError(f"bot {self.command!r} {what}{self._stderr_tail()}")

    def _send(self, message: dict[str, Any]) -> None:
        proc = self._start()
        assert proc.stdin is not None
        try:
            proc.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            code = proc.poll()
            self._wait_stderr()
            raise self._fail(
                f"stopped reading its input (exit status {code})"
                if code is not None
                else "stopped reading its input"
            ) from None

    def _wait_stderr(self) -> None:
        # Give the stderr reader a moment, so that a crash message can be quoted. The process
        # having exited is not enough: on a busy machine the reader thread may not have read
        # the last lines yet, so wait for it to reach the end of the pipe too.
        proc = self._proc
        if proc is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=0.5)
            if proc.poll() is not None and self._stderr_reader is not None:
                self._stderr_reader.join(timeout=0.5)

    def _receive(self, about: str) -> str:
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            error = self._fail(f"did not answer within {self.timeout:g} s ({about})")
            # A late answer would be read as the answer to the next question: stop it now.
            self._kill()
            raise error from None
        if line is None:
            self._wait_stderr()
            code = self._proc.poll() if self._proc is not None else None
            status = f"exit status {code}" if code is not None else "output closed"
            raise self._fail(f"exited without answering ({about}; {status})")
        return line

    def _hello_if_needed(self, view: View, data: dict[str, Any]) -> None:
        rules = data.get("rules", {})
        key = (view.seat, json.dumps(rules, sort_keys=True))
        if key != self._hello:
            self._send(
                {
                    "type": "hello",
                    "protocol": PROTOCOL,
                    "game": self.game,
                    "seat": view.seat,
                    "rules": rules,
                    "seed": self.seed,
                }
            )
            self._hello = key

    # ------------------------------------------------------------------ the protocol

    def _legal_strings(self, view: View, data: dict[str, Any]) -> list[str]:
        # Every game's view lists its legal actions in the notation, in the order of
        # ``view.legal`` (core.protocol.View): that is how ids and strings are paired here.
        legal = data.get("legal")
        if (
            not isinstance(legal, list)
            or len(legal) != len(view.legal)
            or not all(isinstance(a, str) for a in legal)
        ):
            raise ExternalBotError(
                f"the {self.game} view does not list its legal actions in the notation, so "
                f"bot {self.command!r} cannot be asked"
            )
        return legal

    def _ask(self, view: View, explain: bool) -> tuple[dict[str, Any], dict[str, int], str]:
        if not view.legal:
            raise ValueError(f"bot {self.command!r} was asked to act without a legal action")
        data = view.to_json()
        legal = self._legal_strings(view, data)
        self._hello_if_needed(view, data)
        message: dict[str, Any] = {"type": "act", "view": data, "legal": legal}
        if explain:
            message["explain"] = True
        self._send(message)
        phase = data.get("phase")
        about = f"seat {view.seat}, {phase}" if isinstance(phase, str) else f"seat {view.seat}"
        line = self._receive(about)
        text = line.strip()
        try:
            answer = json.loads(text)
        except json.JSONDecodeError as exc:
            raise self._fail(
                f"sent a line that is not JSON ({about}): {text[:200]!r} ({exc.msg})"
            ) from None
        if not isinstance(answer, dict) or not isinstance(answer.get("action"), str):
            raise self._fail(
                f'must answer {{"action": "<notation>"}} ({about}), but sent {text[:200]!r}'
            )
        return answer, dict(zip(legal, view.legal, strict=True)), about

    def _parser(self) -> Callable[[str], int] | None:
        """The game's own action parser when it has one that needs no state (Paston's):
        it accepts every spelling of the notation and says why a string is not an action."""
        try:
            return get_game(self.game).play.parse_action
        except (UnknownGame, MissingHooks):  # a game of bots registered alone, a toy's
            return None

    def _match(self, text: str, legal: dict[str, int]) -> int | str:
        """The legal action ``text`` names, or why it names none."""
        if text in legal:
            return legal[text]
        parse = self._parser()
        if parse is None:
            return "not legal now" if text.strip() else "not an action"
        try:
            action = parse(text)
        except ValueError as exc:
            return f"not an action: {exc}"
        return action if action in legal.values() else "not legal now"

    def _legal_action(self, text: str, legal: dict[str, int], about: str) -> int:
        found = self._match(text, legal)
        if isinstance(found, int):
            return found
        if found == "not legal now":
            raise self._fail(
                f"sent {text!r} ({about}), which is not legal now; legal: {', '.join(legal)}"
            )
        raise self._fail(f"sent {text!r} ({about}), which is {found}")

    def act(self, view: View) -> int:
        answer, legal, about = self._ask(view, explain=False)
        return self._legal_action(answer["action"], legal, about)

    def explain(self, view: View) -> list[Choice]:
        answer, legal, about = self._ask(view, explain=True)
        chosen = self._legal_action(answer["action"], legal, about)
        choices: list[Choice] = []
        raw = answer.get("choices")
        if isinstance(raw, list):
            for item in raw:
                if not isinstance(item, dict) or not isinstance(item.get("action"), str):
                    continue
                action = self._match(item["action"], legal)
                if not isinstance(action, int):
                    continue
                value = item.get("value", 0.0)
                choices.append(
                    Choice(
                        action,
                        float(value) if isinstance(value, (int, float)) else 0.0,
                        str(item.get("reason", "")),
                    )
                )
        if not choices:
            return [
                Choice(chosen, 1.0, "chosen"),
                *(Choice(a, 0.0) for a in view.legal if a != chosen),
            ]
        choices.sort(key=lambda c: -c.value)
        rated = {c.action for c in choices}
        choices.extend(Choice(a, float("-inf"), "not rated") for a in view.legal if a not in rated)
        return choices

    def _kill(self) -> None:
        proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()

    def close(self) -> None:
        proc = self._proc
        if proc is None:
            return
        self._proc = None
        try:
            if proc.poll() is None and proc.stdin is not None:
                proc.stdin.write(json.dumps({"type": "bye"}) + "\n")
                proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            pass
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except (BrokenPipeError, OSError, ValueError):
            pass
        try:
            proc.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def __del__(self) -> None:  # a forgotten close() must not leave a process behind
        with contextlib.suppress(Exception):
            self.close()
