"""The import contracts of ``.importlinter`` hold (issue 18), and they can fail.

``make test`` runs ``lint-imports`` as a step of its own; this test runs it too, so a
violation fails the test suite wherever it runs. The contracts' module lists are checked
against the tree (every generic part of paston is a source; every shipped game is forbidden
to them and independent of the others), and the same contracts, applied to a synthetic
package with planted violations, are shown to break.
"""

from __future__ import annotations

import configparser
import os
import pkgutil
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from game_names import game_names

import paston

REPO = Path(__file__).resolve().parents[2]
CONFIG = REPO / ".importlinter"
PACKAGE = Path(paston.__file__).parent

LINT = (
    "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_cache=True))"
)


def lint_imports(cwd: Path, config: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` in ``cwd`` (reading ``.importlinter`` there, or ``config``)."""
    code = (
        LINT
        if config is None
        else LINT.replace("no_cache=True", f"no_cache=True, config_filename={str(config)!r}")
    )
    # A wide console: the report's chains stay on one line each.
    env = {**os.environ, "COLUMNS": "1000", "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def contracts(path: Path) -> dict[str, dict[str, str]]:
    parser = configparser.ConfigParser()
    parser.read(path)
    prefix = "importlinter:contract:"
    return {s[len(prefix) :]: dict(parser[s]) for s in parser.sections() if s.startswith(prefix)}


def modules(value: str) -> set[str]:
    return {line.strip() for line in value.splitlines() if line.strip()}


def test_import_contracts_are_kept() -> None:
    result = lint_imports(REPO)
    assert result.returncode == 0, result.stdout[-20000:] + result.stderr[-5000:]


def test_contracts_name_every_generic_part_and_every_game() -> None:
    found = contracts(CONFIG)
    parts = {f"paston.{m.name}" for m in pkgutil.iter_modules([str(PACKAGE)])} - {"paston.games"}
    games = {f"paston.games.{name}" for name in game_names(PACKAGE / "games")}
    assert len(games) >= 3
    assert modules(found["games-are-plug-ins"]["source_modules"]) == parts
    assert modules(found["games-are-plug-ins"]["forbidden_modules"]) == games
    assert modules(found["games-independent"]["modules"]) == games
    assert modules(found["acyclic"]["ancestors"]) == {"paston"}


def _planted_tree(root: Path, name: str, violations: dict[str, str]) -> None:
    """A package ``name`` with every module the contracts name, and ``violations``
    (module path -> source) written over it."""
    config = CONFIG.read_text()
    named = set(re.findall(r"^\s+(paston(?:\.[\w]+)+)\s*$", config, flags=re.M))
    for module in sorted(named | {"paston.games.__init__"}):
        parts = [name, *module.split(".")[1:]]
        if parts[-1] == "__main__":
            (root.joinpath(*parts[:-1])).mkdir(parents=True, exist_ok=True)
            root.joinpath(*parts[:-1], "__main__.py").write_text("")
            continue
        folder = root.joinpath(*parts) if parts[-1] != "__init__" else root.joinpath(*parts[:-1])
        folder.mkdir(parents=True, exist_ok=True)
        for parent in [folder, *folder.parents]:
            if parent == root:
                break
            (parent / "__init__.py").touch()
    for module, source in violations.items():
        path = root.joinpath(name, *module.split("/"))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source))


def _planted_config(root: Path, name: str) -> Path:
    """``.importlinter`` with the root package renamed to ``name`` (games keep their names:
    ``paston.games.paston`` becomes ``NAME.games.paston``)."""
    text = re.sub(r"(?m)(?<=[\s=])paston(?=[.\s]|$)", name, CONFIG.read_text())
    path = root / "planted.ini"
    path.write_text(text)
    return path


CLEAN = {
    "games/paris/platform.py": "from ...core import registry\nfrom ...analysis import generic\n",
    "analysis/generic.py": "from ..core import registry\n",
    "core/registry.py": "import importlib\n",
    "cli/main.py": "from ..server import app\n",
    "server/app.py": "from ..core import registry\n",
}

PLANTED = {
    # A front-end imports a game directly, and another through the flagship's root API.
    "server/views.py": "from ..games.paris import platform\n",
    "terminal/loop.py": "import {root}\n",
    "__init__.py": "from .games.paston import state\n",
    "games/paston/state.py": "",
    # Games depend on each other.
    "games/paskievics/match.py": "from ..paston import state\n",
    # The core imports a front-end.
    "core/registry.py": "from ..server import app\n",
    # Two modules import each other (inside a function: still a cycle).
    "bots/a.py": "from . import b\n",
    "bots/b.py": "def f() -> None:\n    from . import a\n",
}


@pytest.mark.parametrize("planted", [False, True], ids=["clean", "planted"])
def test_contracts_break_on_planted_violations(tmp_path: Path, planted: bool) -> None:
    name = f"planted_contracts_{'bad' if planted else 'ok'}"
    violations = dict(CLEAN)
    if planted:
        violations.update({k: v.replace("{root}", name) for k, v in PLANTED.items()})
    _planted_tree(tmp_path, name, violations)
    config = _planted_config(tmp_path, name)
    result = lint_imports(tmp_path, config)
    out = result.stdout
    if not planted:
        assert result.returncode == 0, out
        assert "4 kept, 0 broken" in out
        return
    assert result.returncode != 0
    assert "0 kept, 4 broken" in out, out
    # Each planted import is named in the report.
    assert f"{name}.server.views -> {name}.games.paris.platform" in out
    assert f"{name}.terminal.loop -> {name} (l.1)" in out  # the chain through the root API
    assert f"{name}.games.paskievics.match -> {name}.games.paston.state" in out
    assert f"{name}.core.registry -> {name}.server.app" in out
    assert ".a -> .b" in out or ".b -> .a" in out
