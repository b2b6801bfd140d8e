"""Terminal plumbing shared by every game: numbered choice lists, reading the person's lines
and single key presses, and writing a record file atomically."""

from __future__ import annotations

import json
import os
import select
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

__all__ = ["Keys", "choice_lines", "line_reader", "terminal_keys", "write_json_atomically"]


def choice_lines(labels: Sequence[Text], width: int) -> list[Text]:
    """``[n] label`` items packed into lines no wider than ``width`` (an item is never split,
    so a script can read the numbers back)."""
    lines: list[Text] = []
    line = Text()
    digits = len(str(len(labels)))
    for n, label in enumerate(labels, start=1):
        item = Text.assemble((f"[{n:>{digits}}] ", "cyan"), label)
        if line.cell_len and line.cell_len + 3 + item.cell_len > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append("   ")
        line.append(item)
    if line.cell_len:
        lines.append(line)
    return lines


def line_reader(console: Console) -> Callable[[str], str]:
    """Read the person's lines: rich's prompt on a terminal, plain lines otherwise (the
    prompt is still written, and the answer echoed so a transcript reads naturally)."""
    if sys.stdin.isatty():

        def read_tty(prompt: str) -> str:
            return console.input(Text(prompt, style="bold"))

        return read_tty

    def read_pipe(prompt: str) -> str:
        console.print(prompt, end="", markup=False, highlight=False)
        console.file.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        console.print(line.rstrip("\n"), markup=False, highlight=False)
        return line

    return read_pipe


def write_json_atomically(path: Path, data: Any) -> Path:
    """Write ``data`` as indented JSON to ``path`` through a temporary file in the same
    folder, so that a crash or Ctrl-C never leaves half a record behind."""
    text = json.dumps(data, indent=1) + "\n"
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=".paston-", suffix=".json", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


class Keys:
    """Single key presses on the terminal of file descriptor ``fd``: a pause that any key
    cuts short, and a wait for any key. The terminal is in cbreak mode (keys arrive at once,
    unechoed) only while one of these runs, so line input is never disturbed."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    @contextmanager
    def _cbreak(self) -> Iterator[None]:
        import termios
        import tty

        try:
            saved = termios.tcgetattr(self.fd)
        except termios.error:
            yield
            return
        try:
            tty.setcbreak(self.fd, termios.TCSANOW)
            yield
        finally:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, saved)

    def _take(self) -> str:
        """What was typed (a key may send several bytes, e.g. an arrow)."""
        data = os.read(self.fd, 64)
        if not data:
            raise EOFError
        return data.decode("utf-8", "replace")

    def pause(self, seconds: float) -> str | None:
        """Wait ``seconds``; the key pressed meanwhile (the wait ends there), else ``None``."""
        with self._cbreak():
            ready, _, _ = select.select([self.fd], [], [], seconds)
            return self._take() if ready else None

    def wait(self) -> str:
        """Wait for any key; the key."""
        with self._cbreak():
            return self._take()


def terminal_keys() -> Keys | None:
    """Key presses from standard input when it is a terminal (not on Windows), else ``None``:
    a script or a pipe never waits for a key."""
    try:
        import termios  # noqa: F401  (only to know the platform has terminals)
    except ImportError:
        return None
    if not sys.stdin.isatty():
        return None
    return Keys(sys.stdin.fileno())
