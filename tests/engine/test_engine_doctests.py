"""The examples in the core modules' docstrings run and stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

CORE = [
    "paston",
    "paston.games.paston.cards",
    "paston.games.paston.actions",
    "paston.games.paston.rules",
    "paston.games.paston.deal",
    "paston.core.meta",
]


@pytest.mark.parametrize("name", CORE)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.attempted > 0, f"{name} has no docstring example"
    assert result.failed == 0
