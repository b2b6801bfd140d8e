"""The terminal follows the locale: ``paston play`` speaks Russian under ``LANG=ru_RU.UTF-8``
and Armenian under ``PASTON_LANG=hy`` (which wins over the locale), English by default."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ARGS = ["-m", "paston", "play", "--bots", "random,random", "--seed", "5"]


def first_screen(tmp_path: Path, **env: str) -> str:
    """The output of ``paston play`` up to its first question, then quit."""
    base = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    base.pop("PASTON_LANG", None)
    out = subprocess.run(
        [sys.executable, *ARGS],
        input="quit\n",
        text=True,
        capture_output=True,
        cwd=tmp_path,
        env={**base, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100", **env},
        timeout=60,
    )
    return out.stdout


@pytest.mark.parametrize(
    ("env", "expected", "absent"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "Ваша рука", "Your hand"),
        ({"LANG": "ru_RU.UTF-8", "PASTON_LANG": "hy"}, "Ձեր ձեռքը", "Ваша рука"),
        ({"LANG": "C.UTF-8"}, "Your hand", "Ваша рука"),
    ],
)
def test_paston_play_speaks_the_locales_language(
    tmp_path: Path, env: dict[str, str], expected: str, absent: str
) -> None:
    screen = first_screen(tmp_path, **env)
    assert expected in screen, screen[-2000:]
    assert absent not in screen
