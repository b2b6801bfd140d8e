"""The examples in the docstrings of every module of the platform run and stay true.

Modules are found by their source holding an example (a line starting ``>>>``), so a new
module's examples run without being listed here; the list of modules known to hold examples
guards the discovery itself.
"""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

import paston

SOURCE = Path(paston.__file__).parent
#: A doctest line: ``>>>`` first on its line (not a prompt inside a string).
EXAMPLE = re.compile(r"^\s*>>> ", re.MULTILINE)


def _modules_with_examples() -> list[str]:
    names = []
    for path in sorted(SOURCE.rglob("*.py")):
        if not EXAMPLE.search(path.read_text(encoding="utf-8")):
            continue
        parts = path.relative_to(SOURCE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


MODULES = _modules_with_examples()

#: Modules whose examples the suite has always run: discovery must keep finding them.
KNOWN = {
    "paston",
    "paston.core.meta",
    "paston.env.gym_env",
    "paston.env.pettingzoo_env",
    "paston.env.rlcard_env",
    "paston.games.paris.actions",
    "paston.games.paris.cards",
    "paston.games.paris.encoding",
    "paston.games.paris.rules",
    "paston.games.paris.shuffle",
    "paston.games.paris.text",
    "paston.games.paskievics.encoding",
    "paston.games.paston.actions",
    "paston.games.paston.cards",
    "paston.games.paston.fast_encoding",
    "paston.games.paston.rules",
    "paston.games.paston.state",
}


def test_every_module_known_to_hold_examples_is_found() -> None:
    assert set(MODULES) >= KNOWN, sorted(KNOWN - set(MODULES))


def _param(name: str) -> object:
    # A batched engine's example compiles its numba kernels: with the tests of those engines
    # in one xdist group, one worker compiles them once (the Makefile: --dist loadgroup).
    if ".batched" in name:
        return pytest.param(name, marks=pytest.mark.xdist_group("numba"))
    return name


@pytest.mark.parametrize("name", [_param(name) for name in MODULES])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.attempted > 0, f"{name} has no docstring example"
    assert result.failed == 0
