"""Strength levels: ``beginner``, ``casual``, ``strong`` and ``expert``, for every game.

A level is a fixed bot configuration under a name a player understands, offered like any bot
(``paston play --bots expert,casual``, a lobby seat, a table's bot in the server API). Each
game names its ladder in its play hooks (:attr:`~paston.core.hooks.play.PlayHooks.levels`,
written in the game's ``bots/levels.py``); the bot registry offers every level as a bot of the
level's name (:mod:`paston.bots.registry`), listed before the game's other bots.

The figures behind each game's choice are in docs/figures.md (``benchmarks/strength.py``). A
beginner makes plausible mistakes on purpose (:class:`~paston.bots.mistakes.MistakeBot`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..core.hooks.play import Level
from ..core.registry import available
from .mistakes import MistakeBot
from .registry import play_hooks

__all__ = ["LEVELS", "LEVEL_NAMES", "Level", "MistakeBot", "level_spec", "levels_of"]

#: The levels, weakest first (the order lobbies offer them in).
LEVEL_NAMES = ("beginner", "casual", "strong", "expert")


def levels_of(game: str) -> tuple[Level, ...]:
    """The ladder of ``game``, weakest first (empty for a game without one)."""
    play = play_hooks(game)
    return play.levels if play is not None else ()


class _Ladders(Mapping[str, tuple[Level, ...]]):
    """game -> its ladder, read from each game's play hooks when asked."""

    def __getitem__(self, game: str) -> tuple[Level, ...]:
        levels = levels_of(game)
        if not levels:
            raise KeyError(game)
        return levels

    def __iter__(self) -> Iterator[str]:
        return iter([game for game in available() if levels_of(game)])

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: game -> its levels, weakest first (each game's ``PlayHooks.levels``).
LEVELS: Mapping[str, tuple[Level, ...]] = _Ladders()


def level_spec(game: str, name: str) -> Level:
    """The level ``name`` of ``game``; raises ``KeyError`` naming the levels."""
    for level in levels_of(game):
        if level.name == name:
            return level
    names = ", ".join(level.name for level in levels_of(game)) or "none"
    raise KeyError(f"no level {name!r} for {game}; levels: {names}")
