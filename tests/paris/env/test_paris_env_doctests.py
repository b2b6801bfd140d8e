"""The examples in the docstrings of the Paris adapters and text rendering run and stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "paston.env.paris_encoding",
    "paston.env.paris_gym",
    "paston.env.paris_pettingzoo",
    "paston.games.paris.text",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.attempted > 0, f"{name} has no docstring example"
    assert result.failed == 0
