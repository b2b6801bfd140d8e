"""The examples in the Paris engine's docstrings run and stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "paston.games.paris.cards",
    "paston.games.paris.actions",
    "paston.games.paris.rules",
    "paston.games.paris.shuffle",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.attempted > 0, f"{name} has no docstring example"
    assert result.failed == 0
