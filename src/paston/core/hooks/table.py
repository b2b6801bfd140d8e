"""The table hook group: what the server (and the browser through it) needs of a game.

Read by ``paston.server`` (:mod:`~paston.server.views`, :mod:`~paston.server.table`, the
replay endpoint, the table settings). A field set to ``None`` means the game offers nothing
there and the server uses its generic fallback (documented per field).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ClaimHooks", "TableHooks"]


@dataclass(frozen=True, slots=True)
class ClaimHooks:
    """What a trick-taking game tells the server so a player may claim the remaining tricks
    (:mod:`paston.server.claims`). Every function reads a state; none changes it."""

    #: ``tricks_left(state) -> int``: the tricks not yet won, the one being played included;
    #: 0 outside the card play (no claim then).
    tricks_left: Callable[[Any], int]
    #: ``tricks_won(state) -> sequence``: the tricks each seat has won so far (credited to
    #: the seat that plays them: the claim counts these).
    tricks_won: Callable[[Any], Sequence[int]]
    #: ``hand(state, seat) -> list[str]``: the cards ``seat`` still holds (and plays), in the
    #: game's notation: what a claim shows to everybody.
    hand: Callable[[Any, int], list[str]]


@dataclass(frozen=True, slots=True)
class TableHooks:
    """What a server table shows of the game's states, and how it ends and replays."""

    #: What a spectator sees of a state (public information only).
    spectator_view: Callable[[Any], dict[str, Any]]
    #: ``reveal(state) -> dict``: everything of a finished hand, shown to all once it is over.
    reveal: Callable[[Any], dict[str, Any]]
    #: The action a timed-out seat takes; ``None``: the first legal action.
    default_action: Callable[[Any], int] | None = None
    #: ``score_row(state, number, totals) -> dict | None``: one line of the table's score
    #: sheet for a finished hand (``None`` from it: the hand is no row, a redeal); ``None``:
    #: the generic row, the hand's result per seat.
    score_row: Callable[[Any, int, tuple[float, ...]], dict[str, Any] | None] | None = None
    #: ``replay_steps(record) -> list``: a table's record as the browser replay page's steps
    #: (JSON-ready: every position's public picture plus every seat's cards, in order);
    #: ``None``: the replay answer has no ``steps``.
    replay_steps: Callable[[dict[str, Any]], Any] | None = None
    #: ``record_summary(record) -> dict``: the replay answer's ``summary`` of a table's
    #: record; ``None``: ``paston replay`` of it (the notation's replay). A game whose table
    #: records a format no notation reads (a Paris session of several games) says it here.
    record_summary: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    #: ``outcome(match) -> dict``: how a match ended, JSON-ready, with at least ``winner``
    #: (a seat or ``None``) and ``draw`` (a bool), and whatever else the game tells (a
    #: ``loser``, a ``ranking``); ``None``: the seat with the highest total wins, a draw when
    #: several share it. Called only once the match is over.
    outcome: Callable[[Any], dict[str, Any]] | None = None
    #: ``hand_number(match) -> int``: the number a table shows for the hand being played or
    #: about to be dealt (Paston's redeals keep their number); ``None``: hands dealt so far.
    hand_number: Callable[[Any], int] | None = None
    #: ``restore_hand(match, event) -> state``: a hand of a table log written before deals
    #: were logged as random draws (the cards themselves in the ``deal`` event); ``None``:
    #: such a log is refused as damaged.
    restore_hand: Callable[[Any, dict[str, Any]], Any] | None = None
    #: Options of the game's match a table may set (name -> one line of help); each is a
    #: whole number given to ``GameInfo.new_match`` as a keyword.
    match_options: Mapping[str, str] = field(default_factory=dict)
    #: How a player may claim the remaining tricks; ``None``: the game offers no claims
    #: (a shedding game).
    claims: ClaimHooks | None = None
    #: ``concede(state, seat) -> action | None``: the action by which ``seat`` resigns the
    #: hand now, where the game's rules allow one (Paston's surrender); ``None`` (the field
    #: or its answer): no resignation, a player who gives up leaves the table.
    concede: Callable[[Any, int], int | None] | None = None
