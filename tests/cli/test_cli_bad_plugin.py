"""A plug-in game that does not load stops ``paston`` with one precise line, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


@pytest.mark.parametrize("argv", [["play", "--game", "paris"], ["replay", "x.json"], ["--help"]])
def test_a_bad_plugin_declaration_is_one_error_line(argv: list[str]) -> None:
    env = {**os.environ, "PASTON_GAME_PLUGINS": "nosuch_module:GAME"}
    done = subprocess.run(
        [sys.executable, "-m", "paston", *argv],
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        "error: PASTON_GAME_PLUGINS: cannot import module 'nosuch_module' "
        "(ModuleNotFoundError: No module named 'nosuch_module')"
    ]
