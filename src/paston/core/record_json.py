"""A record's JSON text read within Python's limits, for every game's records.

``json.loads`` alone turns an integer of more than 4,300 digits into a plain ``ValueError``
(Python's limit on integer-string conversion), and reads ``NaN`` and ``Infinity``, which are
not JSON. Here such numbers are :class:`~paston.core.errors.RecordError`\\ s that name where
they stand in the record (``deals[0].dealer``), so every front-end reports them as the
notations' one ``error:`` line.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import RecordError

__all__ = ["MAX_INT_DIGITS", "loads"]

#: The longest integer a record may hold: Python's default conversion limit, so that every
#: integer read can also be printed again (``str`` has the same limit).
MAX_INT_DIGITS = 4300


class _Refused:
    """Stands in the parsed value for a number that cannot be read; ``why`` says why."""

    __slots__ = ("why",)

    def __init__(self, why: str) -> None:
        self.why = why


def _parse_int(literal: str) -> int | _Refused:
    digits = len(literal.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        return _Refused(
            f"an integer of {digits} digits is too long (at most {MAX_INT_DIGITS} digits)"
        )
    try:
        return int(literal)
    except ValueError:
        # The interpreter's limit was set lower than the default (PYTHONINTMAXSTRDIGITS).
        return _Refused(f"an integer of {digits} digits is too long for this interpreter")


def _parse_constant(name: str) -> _Refused:
    return _Refused(f"{name} is not a JSON number")


def _step(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    if key.isidentifier():
        return f"{path}.{key}" if path else key
    return f"{path}[{json.dumps(key, ensure_ascii=False)}]"


def _first_refused(value: Any) -> tuple[str, _Refused] | None:
    """The first refused number in document order and its path (iterative: records may nest
    as deeply as the JSON reader allows)."""
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, _Refused):
            return path, item
        children: list[tuple[str, Any]] = []
        if isinstance(item, dict):
            children = [(_step(path, k), v) for k, v in item.items()]
        elif isinstance(item, list):
            children = [(_step(path, i), v) for i, v in enumerate(item)]
        stack.extend(reversed(children))
    return None


def loads(text: str) -> Any:
    """The JSON value of a record's text.

    Raises :class:`json.JSONDecodeError` for text that is not JSON (callers word it with
    its line and column) and :class:`RecordError` for a number that cannot be read: an
    integer over :data:`MAX_INT_DIGITS` digits, ``NaN`` or ``Infinity``.
    """
    refused = False

    def parse_int(literal: str) -> int | _Refused:
        nonlocal refused
        out = _parse_int(literal)
        refused = refused or isinstance(out, _Refused)
        return out

    def parse_constant(name: str) -> _Refused:
        nonlocal refused
        refused = True
        return _parse_constant(name)

    value = json.loads(text, parse_int=parse_int, parse_constant=parse_constant)
    if refused:
        found = _first_refused(value)
        if found is not None:
            path, item = found
            raise RecordError(f"{path or 'the record'}: {item.why}")
    return value
