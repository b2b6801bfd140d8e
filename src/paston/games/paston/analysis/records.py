"""What Paston's analysis reads: Paston deal and game records, as deals or as hands to walk."""

from __future__ import annotations

from typing import Any

from ....core.errors import RecordError
from ..match import Game
from ..record import DEAL_FORMAT, GAME_FORMAT, deal_from_record, game_from_record
from ..state import Deal

__all__ = ["deals_of_record", "hands", "rebuild"]


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


def rebuild(deal: Deal) -> Deal:
    """``deal`` as it was dealt, before its first action."""
    return Deal(list(deal.dealt), deal.prikup, dealer=deal.dealer, first_deal=deal.first_deal,
                rules=deal.rules)  # fmt: skip


def hands(record: dict[str, Any]) -> tuple[str, list[tuple[Any, list[int]]]]:
    """The record's deals as the generic evaluator walks them: each as dealt, with its actions."""
    kind, deals = deals_of_record(record)
    return kind, [(rebuild(d), list(d.actions)) for d in deals]
