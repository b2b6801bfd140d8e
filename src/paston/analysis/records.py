"""What an analysis reads, for every game: records, the game they belong to, the seat names.

The game of a record is the registry's (:func:`paston.core.registry.game_for_record`, by its
``format``), or else the game whose analysis hooks name that format among
:attr:`~paston.core.hooks.analysis.AnalysisHooks.formats` (a session record the registry does
not dispatch).
"""

from __future__ import annotations

import json
from typing import Any

from ..core.errors import RecordError
from ..core.protocol import GameInfo
from ..core.record_json import loads
from ..core.registry import game_for_record, games

__all__ = ["game_of_record", "read_record_text", "seat_names_of"]


def read_record_text(text: str) -> dict[str, Any]:
    """Parse a record's JSON text; raises :class:`RecordError` on anything but a JSON object."""
    try:
        data = loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
    return data


def game_of_record(record: Any) -> GameInfo:
    """The game whose evaluator reads ``record`` (see the module docstring); raises the
    registry's :class:`RecordError` when no game does."""
    try:
        return game_for_record(record)
    except RecordError:
        fmt = record.get("format") if isinstance(record, dict) else None
        if isinstance(fmt, str):
            for info in games():
                if info.offers("analysis") and fmt in info.analysis.formats:
                    return info
        raise


def seat_names_of(record: dict[str, Any], seats: int = 3) -> list[str]:
    """The players' names from the record's ``meta.players`` when usable, else ``seat N``."""
    meta = record.get("meta") if isinstance(record, dict) else None
    names = meta.get("players") if isinstance(meta, dict) else None
    if isinstance(names, list) and len(names) == seats:
        out = []
        for seat, name in enumerate(names):
            ok = isinstance(name, str) and name.strip() and name.isprintable()
            out.append(name.strip()[:40] if ok else f"seat {seat}")
        return out
    return [f"seat {s}" for s in range(seats)]
