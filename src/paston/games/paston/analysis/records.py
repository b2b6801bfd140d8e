"""What an analysis reads: Paston deal and game records, and the seat names in their meta."""

from __future__ import annotations

from typing import Any

from ..core.errors import RecordError
from ..games.paston.state import Deal
from ..games.paston.match import Game
from ..games.paston.record import DEAL_FORMAT, GAME_FORMAT, deal_from_record, game_from_record

__all__ = ["deals_of_record", "seat_names_of"]


def deals_of_record(record: dict[str, Any]) -> tuple[str, list[Deal]]:
    """("deal" or "game", the deals) of a record; raises RecordError if it is malformed."""
    fmt = record.get("format") if isinstance(record, dict) else None
    if fmt == DEAL_FORMAT:
        return "deal", [deal_from_record(record)]
    if fmt == GAME_FORMAT:
        game: Game = game_from_record(record)
        return "game", list(game.deals)
    raise RecordError(
        f"'format' must be {DEAL_FORMAT!r} or {GAME_FORMAT!r} to analyse a record, not {fmt!r}"
    )


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
