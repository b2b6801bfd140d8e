"""Plug-in discovery: a game outside ``paston.games`` found by a subprocess through
``PASTON_GAME_PLUGINS`` and through an installed package's entry point, and the precise
errors of a bad declaration."""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from paston.core.registry import PLUGIN_GROUP, PLUGINS_ENV, PluginError, discover_plugins

from .conftest import TESTS, plugin_env
from .platform import GAME

PROBE = (
    "import json; from paston.core.registry import available, get_game, default_game; "
    "print(json.dumps([available(), get_game('toy').title, default_game()]))"
)


def probe(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=120
    )


def test_a_subprocess_finds_the_toy_through_the_environment() -> None:
    done = probe(plugin_env())
    assert done.returncode == 0, done.stderr
    names, title, default = json.loads(done.stdout)
    assert names[-1] == "toy" and title == "High card"
    assert default == names[0] != "toy"  # a plug-in never becomes the default game


def test_without_the_declaration_a_subprocess_does_not_know_the_toy() -> None:
    env = plugin_env()
    del env[PLUGINS_ENV]
    done = probe(env)
    assert done.returncode != 0 and "unknown game 'toy'" in done.stderr


def test_a_subprocess_finds_the_toy_through_an_entry_point(tmp_path: Path) -> None:
    # An installed distribution is a .dist-info folder on the path: its entry_points.txt
    # declares the game in the group the registry reads.
    info = tmp_path / "site" / "toyplugin-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toyplugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{PLUGIN_GROUP}]\ntoy = toygame.platform:GAME\n")
    env = {k: v for k, v in os.environ.items() if k != PLUGINS_ENV}
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "site"), str(TESTS)])
    done = probe(env)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[0][-1] == "toy"


def point(value: str) -> importlib.metadata.EntryPoint:
    return importlib.metadata.EntryPoint(name="toy", value=value, group=PLUGIN_GROUP)


def test_discovery_reads_both_sources_once_each() -> None:
    found = discover_plugins({PLUGINS_ENV: " toygame.platform:GAME , "}, [])
    assert found == [GAME]
    found = discover_plugins(
        {PLUGINS_ENV: "toygame.platform:GAME"}, [point("toygame.platform:GAME")]
    )
    assert found == [GAME]  # the same game declared twice is one game
    assert discover_plugins({}, []) == []


@pytest.mark.parametrize(
    ("declared", "message"),
    [
        ("toygame.platform", "'toygame.platform' is not MODULE:ATTRIBUTE"),
        ("toygame/platform:GAME", "is not MODULE:ATTRIBUTE"),
        ("toygame.nothing:GAME", "cannot import module 'toygame.nothing' (ModuleNotFoundError"),
        ("toygame.platform:NOPE", "module 'toygame.platform' has no attribute 'NOPE'"),
        ("toygame.platform:new_match", "toygame.platform:new_match is a function, not a GameInfo"),
    ],
)
def test_bad_declarations_are_named(declared: str, message: str) -> None:
    with pytest.raises(PluginError, match="^" + PLUGINS_ENV) as error:
        discover_plugins({PLUGINS_ENV: declared}, [])
    assert message in str(error.value)
    with pytest.raises(PluginError, match=f"entry point 'toy' of group '{PLUGIN_GROUP}'"):
        discover_plugins({}, [point(declared)])


def test_a_plug_in_may_not_take_a_shipped_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "impostor.py").write_text(
        "import dataclasses\nfrom toygame.platform import GAME as TOY\n"
        "GAME = dataclasses.replace(TOY, name='paston')\n"
        "TWIN = dataclasses.replace(TOY, title='Another high card')\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(PluginError, match="'paston' has the name of a shipped game"):
        discover_plugins({PLUGINS_ENV: "impostor:GAME"}, [])
    with pytest.raises(PluginError, match="two plug-in games are called 'toy'"):
        discover_plugins({PLUGINS_ENV: "toygame.platform:GAME,impostor:TWIN"}, [])


def test_a_bad_declaration_stops_a_subprocess_with_its_reason() -> None:
    env = plugin_env()
    env[PLUGINS_ENV] = "toygame.platform:GAME,toygame.platform"
    done = subprocess.run(
        [sys.executable, "-m", "paston", "replay", "-"],
        input="{}",
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert f"{PLUGINS_ENV}: 'toygame.platform' is not MODULE:ATTRIBUTE" in done.stderr
