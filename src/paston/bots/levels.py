"""Strength levels: ``beginner``, ``casual``, ``strong`` and ``expert``, for every game.

A level is a fixed bot configuration under a name a player understands, offered like any bot
(``paston play --bots expert,casual``, a lobby seat, a table's bot in the server API). Each
game's bots package has a module ``levels`` that calls :func:`register_levels` for its game,
so the registry finds the levels the way it finds every other bot.

The table :data:`LEVELS` says which bot each level is; the figures behind the choice are in
the README (``benchmarks/strength.py``). A beginner makes plausible mistakes on purpose:
:class:`MistakeBot` plays, with a set probability, one of the top few options of its inner
bot's own ranking other than the best one, so it errs like a person rather than at random.
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .base import Bot, Choice
from .registry import make_bot, register_bot

__all__ = ["LEVELS", "LEVEL_NAMES", "Level", "MistakeBot", "level_spec", "register_levels"]

#: The levels, weakest first (the order lobbies offer them in).
LEVEL_NAMES = ("beginner", "casual", "strong", "expert")


@dataclass(frozen=True, slots=True)
class Level:
    """One level of one game: the bot spec it stands for and the line a lobby shows."""

    name: str
    spec: str
    description: str
    #: Chance of a deliberate mistake per decision (0: the bot as it is).
    mistakes: float = 0.0


def _paskievics_search() -> str:
    # The Paskievics search bot is being written alongside; until its module exists the top
    # levels are the heuristic (checked when the levels are registered, not hard-wired).
    try:
        found = importlib.util.find_spec("paston.games.paskievics.bots.pimc") is not None
    except (ImportError, ValueError):
        found = False
    return "pimc" if found else "heuristic"


def _levels() -> dict[str, tuple[Level, ...]]:
    pask = _paskievics_search()
    quick_pask = "pimc:worlds=16,time_budget=0.2" if pask == "pimc" else pask
    return {
        "paston": (
            Level("beginner", "heuristic", "learning: sound bidding, but a slip every few moves",
                  0.15),
            Level("casual", "heuristic", "plays sound Paston by rules of thumb, answers at once"),
            Level("strong", "wpimc", "reads the auction and solves sampled deals"),
            Level("expert", "search", "also models the others' bids and whists; plays to win"),
        ),
        "paris": (
            Level("beginner", "heuristic", "learning: often sheds the wrong card", 0.3),
            Level("casual", "heuristic", "plays by rules of thumb, answers at once"),
            Level("strong", "dpimc:worlds=12,time=0.3", "a quick search over sampled deals"),
            Level("expert", "dpimc", "searches sampled deals to the end of the game"),
        ),
        "paskievics": (
            Level("beginner", "random", "plays any legal move: a first opponent"),
            Level("casual", "heuristic", "bids and plays by hand value, answers at once"),
            Level("strong", quick_pask, "samples the hidden cards, answers quickly"),
            Level("expert", pask, "samples the hidden cards and solves the card play"),
        ),
    }  # fmt: skip


#: game -> its four levels, weakest first.
LEVELS: dict[str, tuple[Level, ...]] = _levels()


def level_spec(game: str, name: str) -> Level:
    """The level ``name`` of ``game``; raises ``KeyError`` naming the levels."""
    for level in LEVELS.get(game, ()):
        if level.name == name:
            return level
    raise KeyError(f"no level {name!r} for {game}; levels: {', '.join(LEVEL_NAMES)}")


class MistakeBot(Bot[Any]):
    """``inner`` with deliberate slips: with chance ``rate`` a decision takes one of the
    next-best options (of the inner bot's own ranking, at most ``spread`` of them) instead of
    the best. Deterministic for a seed; sees only the view, like every bot."""

    def __init__(self, inner: Bot, rate: float, seed: int | None = None, spread: int = 3) -> None:
        if not 0.0 <= rate <= 1.0:
            raise ValueError(f"the mistake rate must be from 0 to 1, not {rate!r}")
        self.inner = inner
        self.rate = rate
        self.spread = spread
        self.rng = random.Random(seed)
        self.name = getattr(inner, "name", "bot")

    def explain(self, view: Any) -> list[Choice]:
        return self.inner.explain(view)

    def act(self, view: Any) -> int:
        legal = tuple(view.legal)
        if len(legal) <= 1 or self.rng.random() >= self.rate:
            return self.inner.act(view)
        ranked = [c.action for c in self.inner.explain(view) if c.action in legal]
        others = ranked[1 : 1 + self.spread] or [a for a in legal if a not in ranked[:1]]
        return self.rng.choice(others) if others else self.inner.act(view)

    def close(self) -> None:
        self.inner.close()


def _factory(game: str, level: Level) -> Callable[..., Bot]:
    def make(seed: int | None = None) -> Bot:
        bot = make_bot(level.spec, seed=seed, game=game)
        if level.mistakes:
            bot = MistakeBot(bot, level.mistakes, seed=seed)
        # A seat is named by its bot's name: a player chose "expert", not "search".
        bot.name = level.name
        return bot

    make.__name__ = f"make_{level.name}"
    # The registry orders bots by the module their factory comes from: the game's levels.
    make.__module__ = f"paston.games.{game}.bots.levels"
    return make


def register_levels(game: str) -> None:
    """Register ``game``'s four levels as bots of that game (named ``beginner`` … ``expert``)."""
    for level in LEVELS[game]:
        register_bot(
            level.name,
            _factory(game, level),
            game=game,
            description=level.description,
            label=level.name.capitalize(),
        )
