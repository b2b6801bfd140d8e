"""The play hook group: the game's bots and how people are matched against them.

Read by the bots registry (:mod:`paston.bots.registry`), the server's lobby, bot specs and
ratings, the arena and the CLI. A game's ``play`` module builds its :class:`PlayHooks`
without importing a bot's implementation: each :class:`BotInfo` carries a factory that imports
the bot's module when first called (:func:`paston.bots.registry.lazy_factory`), so listing the
bots stays light (the search bots' solvers load numba).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .arena import ArenaHooks

__all__ = ["BotInfo", "Level", "PlayHooks", "RatingKind"]

#: How the server keeps the ratings of a game's registered players (see :class:`PlayHooks`).
RatingKind = Literal["elo", "placing"]


@dataclass(frozen=True, slots=True)
class BotInfo:
    """A bot a game offers: its name, a one-line description and whether people see it."""

    name: str
    description: str
    #: ``factory(seed=None, **options) -> Bot``: builds the bot (options from a bot spec).
    factory: Callable[..., Any]
    #: Offered as an opponent (``oracle``-like measuring sticks are not).
    offered: bool = True
    #: The display name (a lobby's list, a seat's name tag); the name when empty.
    label: str = ""


@dataclass(frozen=True, slots=True)
class Level:
    """One strength level of one game: the bot spec it stands for and the line a lobby shows."""

    #: The level's name, offered like a bot's (``beginner``, ``casual``, ``strong``, ``expert``).
    name: str
    #: The bot spec the level plays (``NAME`` or ``NAME:key=value,…``, a bot of the same game).
    spec: str
    #: One line for a lobby: how the level plays.
    description: str
    #: Chance of a deliberate mistake per decision (0: the bot as it is).
    mistakes: float = 0.0


@dataclass(frozen=True, slots=True)
class PlayHooks:
    """A game's bots, its strength ladder and how its players are rated."""

    #: The game's bots, in the order a lobby offers them (after the levels).
    bots: tuple[BotInfo, ...]
    #: The bot of a bot seat that names none, and a table's stand-in for an absent player.
    default_bot: str
    #: The strength ladder, weakest first (``beginner`` … ``expert``); each level is offered
    #: as a bot of its own name, listed before :attr:`bots`.
    levels: tuple[Level, ...] = ()
    #: The bot a "hint" button asks (a spec); empty: :attr:`default_bot`.
    hint_bot: str = ""
    #: How the server rates the game's registered players. Every game gets the rating from
    #: the finishing places (``placing``); ``elo`` keeps, beside it, an Elo rating updated
    #: pairwise from the places (the number the flagship's players know).
    rating_kind: RatingKind = "placing"
    #: Options a table's or a client's bot spec may set, per bot: ``{"pimc": {"worlds":
    #: (4, 64)}}`` (inclusive bounds; the upper bound is the most the strength levels use).
    #: A bot not named here takes no option over the network.
    bot_option_bounds: Mapping[str, Mapping[str, tuple[int, int]]] = field(default_factory=dict)
    #: A state-free parser of the game's action notation (``None``: actions need a state).
    #: External bots accept any spelling of an action through it.
    parse_action: Callable[[str], int] | None = None
    #: ``placings(state) -> tuple`` of a finished state: finishing position per seat (1 =
    #: best), for games that rank players rather than score them (a shedding game); ``None``:
    #: seats are compared by ``state.result()``.
    placings: Callable[[Any], tuple[int, ...]] | None = None
    #: The game's part of ``paston arena``'s deal-set ladder (its duplicate hand, hand records,
    #: tallies and rates; :mod:`paston.core.hooks.arena`); ``None``: the arena's defaults.
    arena: ArenaHooks | None = None
    #: Loads what the game's search bots compile on first use (numba kernels that cannot be
    #: cached on disk), so that a fresh process's first decision does not pay seconds for it:
    #: the server runs it in each bot worker at start, the terminal while the player reads the
    #: first deal (:mod:`paston.bots.warm`). ``None``: nothing to load.
    warm_up: Callable[[], None] | None = None

    @property
    def hint(self) -> str:
        """The hint bot's spec (:attr:`hint_bot`, else :attr:`default_bot`)."""
        return self.hint_bot or self.default_bot

    def bot(self, name: str) -> BotInfo | None:
        """The bot ``name`` of :attr:`bots` (``None``: not one of them)."""
        return next((b for b in self.bots if b.name == name), None)
