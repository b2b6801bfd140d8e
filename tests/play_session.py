"""Drives ``paston play`` through a real subprocess for end-to-end terminal tests: start it, read
its output up to the next prompt, answer, and read to the end. Shared by the Paston
(``tests/cli``) and Paris (``tests/paris/terminal``) play tests; each names its own prompts."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

SAVED = re.compile(r"saved to (\S+?)\.(?:\s|$)")


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class PlaySession:
    """A ``paston play`` subprocess driven through its stdin and stdout.

    ``prompt`` matches the end of the output when the game waits for an answer; its first group
    is the phase asked about.
    """

    def __init__(self, args: list[str], cwd: Path, prompt: re.Pattern[str]) -> None:
        self.prompt = prompt
        # English whatever the machine's locale (the terminal follows it, paston.i18n).
        env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100", "PASTON_LANG": "en"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "paston", "play", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=env,
            # Test runners may start workers with SIGINT ignored, which children inherit and
            # which stops Python from turning Ctrl-C into KeyboardInterrupt.
            preexec_fn=_default_sigint,
        )
        self.transcript = ""

    def read(self, timeout: float = 60.0) -> tuple[str, str | None]:
        """Output up to the next prompt, and the prompt's phase (``None`` once it ended)."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        buffer = b""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.proc.kill()
                raise AssertionError("no prompt in time; output:\n" + buffer.decode()[-3000:])
            ready, _, _ = select.select([fd], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                text = buffer.decode("utf-8")
                self.transcript += text
                return text, None
            buffer += chunk
            text = buffer.decode("utf-8", errors="replace")
            match = self.prompt.search(text)
            if match:
                text = buffer.decode("utf-8")
                self.transcript += text
                return text, match.group(1)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode("utf-8"))
        self.proc.stdin.flush()

    def close_stdin(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()

    def finish(self, timeout: float = 60.0) -> tuple[int, str]:
        """Read to the end of the output (after stdin was closed or a signal was sent)."""
        rest, phase = self.read(timeout)
        while phase is not None:
            more, phase = self.read(timeout)
            rest += more
        code = self.proc.wait(timeout)
        assert self.proc.stderr is not None
        err = self.proc.stderr.read().decode("utf-8")
        assert "Traceback" not in err, err
        return code, rest


def saved_path(output: str, cwd: Path) -> Path:
    """The game record the output says it saved, relative to ``cwd``."""
    match = SAVED.search(output.replace("\n", " "))
    assert match, output[-2000:]
    return cwd / match.group(1)
