"""What a table hands to the accounts when its game ends (the game-end hook's payload).

Only facts the table knows: each seat's public name, its account (if a registered player
holds it), its final score and whether its player had left; the record with ``meta``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["FinishedGame", "SeatResult", "closed_game", "finished_game", "left_first"]


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
    #: The table was closed (idle, deserted) before its game ended: the scores are the
    #: current ones, and it is rated only if a registered player had left (see closed_game).
    closed: bool = False


def finished_game(table: Any, finished: float) -> FinishedGame:
    """The result of a :class:`~paston.server.table.Table` whose match just ended.

    A person's seat nobody is connected to at the end counts as left (the stand-in bot
    played it, or the player was gone at the last move); the ratings rank it last. If
    nobody is connected at the end (the stand-ins finished the game), those who left before
    the others (see :func:`left_first`) count as left; if that tells nobody apart, all
    count as left (a tie)."""
    totals = list(table.match.totals)
    people = [i for i, s in enumerate(table.seats) if s.kind == "human"]
    if table.people_connected():
        gone = {i for i in people if table.seats[i].sockets == 0}
    else:
        gone = {i for i in people if left_first(table, table.seats[i], table.last_person)}
        gone = gone or set(people)
    seats = []
    for i, s in enumerate(table.seats):
        person = s.kind == "human"
        seats.append(
            SeatResult(
                seat=i,
                name=(s.nickname if person else s.bot) or f"seat {i}",
                account=s.account if person else None,
                score=float(totals[i]),
                left=i in gone,
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


def left_first(table: Any, seat: Any, last_there: float) -> bool:
    """Whether the person of ``seat`` had left before ``last_there`` (when the last person
    left, or now): away, and their stand-in had begun playing (the table's grace was over)."""
    return bool(
        seat.sockets == 0
        and seat.away_since is not None
        and seat.away_since + table.settings.grace < last_there
    )


def closed_game(table: Any, closed: float) -> FinishedGame | None:
    """The result of a table closed (idle, deserted) before its game ended, or None if no
    deal was played there or its game is over.

    Who left: a person whose stand-in had begun playing (they were away longer than the
    table's grace) before the last person left the table; the others count as present
    and are placed by their current scores. Nobody left this way (all went together, or a
    restart forgot who went when): the game is kept unrated (see :func:`record_game`)."""
    if table.state is None or table.match.over:
        return None
    # While somebody is connected the close is "now"; else it is when the last one went.
    last_there = closed if table.people_connected() else table.last_person
    totals = list(table.match.totals)
    seats = []
    for i, s in enumerate(table.seats):
        person = s.kind == "human"
        gone = person and left_first(table, s, last_there)
        seats.append(
            SeatResult(
                seat=i,
                name=(s.nickname if person else s.bot) or f"seat {i}",
                account=s.account if person else None,
                score=float(totals[i]),
                left=bool(gone),
                bot=not person,
            )
        )
    return FinishedGame(
        table_id=table.id,
        game=table.settings.game,
        rated=bool(getattr(table.settings, "rated", True)),
        finished=closed,
        seats=tuple(seats),
        record=table.record(),
        closed=True,
    )
