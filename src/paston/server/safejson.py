"""JSON from the network, parsed within bounds: every failure is one :class:`JSONRejected`.

``json.loads`` alone fails in several ways a handler does not expect: ``RecursionError`` on
deep nesting, a plain ``ValueError`` for integers over Python's 4,300-digit limit, infinite
floats from ``1e999``, ``NaN`` literals. Here nesting, integer length and number literals are
bounded, and anything that goes wrong is reported as a sentence.
"""

from __future__ import annotations

import json
import math
from typing import Any

__all__ = ["JSONRejected", "parse_json"]


class JSONRejected(ValueError):
    """The text is not JSON the server accepts; the message says why."""


def _max_depth(text: str) -> int:
    """The deepest nesting of arrays and objects outside strings."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def parse_json(raw: bytes | str, *, max_depth: int = 32, max_int_digits: int = 30) -> Any:
    """The JSON value in ``raw`` (UTF-8 if bytes), or :class:`JSONRejected`."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JSONRejected(f"the text is not UTF-8 (byte {exc.start})") from None
    else:
        text = raw
    # Counting brackets runs at C speed; the exact scan is needed only when it could matter.
    if text.count("[") + text.count("{") > max_depth and _max_depth(text) > max_depth:
        raise JSONRejected(f"JSON nested deeper than {max_depth} levels is not accepted")

    def parse_int(digits: str) -> int:
        if len(digits.lstrip("-")) > max_int_digits:
            raise JSONRejected(f"integers of more than {max_int_digits} digits are not accepted")
        return int(digits)

    def parse_float(literal: str) -> float:
        value = float(literal)
        if not math.isfinite(value):
            raise JSONRejected(f"the number {literal[:40]} is out of range")
        return value

    def parse_constant(name: str) -> Any:
        raise JSONRejected(f"{name} is not a JSON number")

    try:
        return json.loads(
            text,
            parse_int=parse_int,
            parse_float=parse_float,
            parse_constant=parse_constant,
        )
    except JSONRejected:
        raise
    except json.JSONDecodeError as exc:
        raise JSONRejected(f"not JSON: {exc.msg} at position {exc.pos}") from None
    except (ValueError, RecursionError, MemoryError):
        raise JSONRejected("not JSON the server can read") from None
