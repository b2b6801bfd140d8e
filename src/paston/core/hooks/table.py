"""The table hook group: what the server (and the browser through it) needs of a game.

Owned by the server/web layer. A field set to ``None`` means the game offers nothing there and
the server uses its generic fallback (documented per field).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["TableHooks"]


@dataclass(frozen=True, slots=True)
class TableHooks:
    #: What a spectator sees of a state (public information only).
    spectator_view: Callable[[Any], dict[str, Any]]
    #: Everything of a finished hand, revealed to all once it is over.
    reveal: Callable[[Any], dict[str, Any]]
    #: The action a timed-out seat takes; ``None``: the game offers none.
    default_action: Callable[[Any], int] | None = None
    #: ``score_row(state, number, totals) -> dict``: one line of the table's score sheet for a
    #: finished hand (``None``: the generic row, the hand's result per seat).
    score_row: Callable[[Any, int, tuple[float, ...]], dict[str, Any]] | None = None
    #: ``replay_steps(record) -> dict``: a record of one of the game's formats (or the
    #: server's session record) as the browser replay page's steps: every position's public
    #: picture plus every seat's cards, in order.
    replay_steps: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    #: ``outcome(match) -> dict``: how a finished match ended (winner, ranking, loser …) in
    #: a JSON-ready form, instead of front-ends probing ``match.winner`` or ``state.ranking``.
    outcome: Callable[[Any], dict[str, Any]] | None = None
    #: Options of the game's match a table may set (name -> one line of help).
    match_options: Mapping[str, str] = field(default_factory=dict)
