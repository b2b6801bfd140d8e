"""The toy game registered for every test of this folder, and the environment that makes a
subprocess (a server, the CLI) find it as a plug-in."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from paston.core.registry import PLUGINS_ENV, register_game, unregister_game

from .platform import GAME

#: The folder holding the ``toygame`` package.
TESTS = Path(__file__).resolve().parent.parent


def plugin_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """An environment in which ``paston`` finds the toy game: ``tests/`` on the path and
    ``PASTON_GAME_PLUGINS=toygame.platform:GAME``."""
    env = dict(os.environ if base is None else base)
    path = env.get("PYTHONPATH", "")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(TESTS), path) if p)
    env[PLUGINS_ENV] = "toygame.platform:GAME"
    return env


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    register_game(GAME)
    yield
    unregister_game(GAME.name)
