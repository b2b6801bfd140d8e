"""What a table hands to the accounts when its game ends (the game-end hook's payload).

Only facts the table knows: each seat's public name, its account (if a registered player
holds it), its final score and whether its player had left; the record with ``meta``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["FinishedGame", "SeatResult"]


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    #: The public name: the player's nickname (or account name), or the bot's name.
    name: str
    #: The registered player's account id, None for a guest or a bot.
    account: int | None
    score: float
    #: A human seat nobody was connected to at the end (left; a stand-in may have played it).
    left: bool
    bot: bool


@dataclass(frozen=True, slots=True)
class FinishedGame:
    table_id: str
    game: str
    #: The table creator's choice; a game with fewer than two registered players is unrated.
    rated: bool
    finished: float
    seats: tuple[SeatResult, ...]
    record: dict[str, Any]


def finished_game(table: Any, finished: float) -> FinishedGame:
    """The result of a :class:`~paston.server.table.Table` whose match just ended.

    A person's seat nobody is connected to at the end counts as left (the stand-in bot
    played it, or the player was gone at the last move); the ratings rank it last."""
    totals = list(table.match.totals)
    seats = []
    for i, s in enumerate(table.seats):
        person = s.kind == "human"
        seats.append(
            SeatResult(
                seat=i,
                name=(s.nickname if person else s.bot) or f"seat {i}",
                account=s.account if person else None,
                score=float(totals[i]),
                left=person and s.sockets == 0,
                bot=not person,
            )
        )
    return FinishedGame(
        table_id=table.id,
        game=table.settings.game,
        rated=bool(getattr(table.settings, "rated", True)),
        finished=finished,
        seats=tuple(seats),
        record=table.record(),
    )
