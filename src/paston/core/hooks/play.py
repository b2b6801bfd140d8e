"""The play hook group: the game's bots and how people are matched against them.

Read by the bots registry, the server's lobby and bot specs, the arena and the CLI.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["BotInfo", "Level", "PlayHooks"]


@dataclass(frozen=True, slots=True)
class BotInfo:
    """A bot a game offers: its name, a one-line description and whether people see it."""

    name: str
    description: str
    factory: Callable[..., Any]
    #: Offered as an opponent (``oracle``-like measuring sticks are not).
    offered: bool = True
    #: The display name (a lobby's list, a seat's name tag); the name when empty.
    label: str = ""


@dataclass(frozen=True, slots=True)
class Level:
    """One strength level of one game: the bot spec it stands for and the line a lobby shows."""

    name: str
    spec: str
    description: str
    #: Chance of a deliberate mistake per decision (0: the bot as it is).
    mistakes: float = 0.0


@dataclass(frozen=True, slots=True)
class PlayHooks:
    bots: tuple[BotInfo, ...]
    default_bot: str
    #: The strength ladder, weakest first (``beginner`` … ``expert``).
    levels: tuple[Level, ...] = ()
    #: The bot a "hint" button asks.
    hint_bot: str = ""
    #: How ratings are kept for this game: ``"elo"`` (pairwise from the totals) or
    #: ``"placing"`` (from a finishing order).
    rating_kind: str = "elo"
    #: Options a table's or a client's bot spec may set, per bot: ``{"pimc": {"worlds":
    #: (4, 64)}}`` (inclusive bounds).
    bot_option_bounds: Mapping[str, Mapping[str, tuple[int, int]]] = field(default_factory=dict)
    #: A state-free parser of the game's action notation (``None``: actions need a state).
    parse_action: Callable[[str], int] | None = None
    #: ``placings(state) -> tuple`` of a finished state: finishing position per seat (1 =
    #: best), for games that rank players rather than score them (a shedding game); ``None``:
    #: seats are compared by ``state.result()``.
    placings: Callable[[Any], tuple[int, ...]] | None = None
