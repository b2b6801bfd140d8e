"""The games of the platform by name and by record format, loaded on first use.

Each game package ``paston.games.NAME`` has a module ``platform`` with a module-level
``GAME: GameInfo``; :func:`get_game` imports it when first asked, so that ``import paston``
stays light and a game that fails to import does not break the others.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from .errors import RecordError
from .protocol import GameInfo

__all__ = ["GAME_NAMES", "UnknownGame", "game_for_record", "games", "get_game", "replay"]

#: The games shipped with the platform, the flagship first.
GAME_NAMES: tuple[str, ...] = ("paston", "paris", "paskievics")

_loaded: dict[str, GameInfo] = {}


class UnknownGame(ValueError):
    """A game name that is not one of the platform's games."""


def get_game(name: str) -> GameInfo:
    """The descriptor of game ``name``; raises :class:`UnknownGame` naming the choices."""
    info = _loaded.get(name)
    if info is not None:
        return info
    if name not in GAME_NAMES:
        raise UnknownGame(f"unknown game {name!r}; choose one of: {', '.join(available())}")
    try:
        module = importlib.import_module(f"paston.games.{name}.platform")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(f"paston.games.{name}"):
            raise UnknownGame(
                f"game {name!r} is not available yet; choose one of: {', '.join(available())}"
            ) from None
        raise
    info = module.GAME
    if not isinstance(info, GameInfo):
        raise TypeError(f"paston.games.{name}.platform.GAME is not a GameInfo")
    _loaded[name] = info
    return info


def available() -> list[str]:
    """The names of the games whose package is installed."""
    names = []
    for name in GAME_NAMES:
        if name in _loaded or importlib.util.find_spec(f"paston.games.{name}.platform"):
            names.append(name)
    return names


def games() -> list[GameInfo]:
    """Every available game's descriptor, the flagship first."""
    return [get_game(name) for name in available()]


def game_for_record(record: Any) -> GameInfo:
    """The game that reads ``record``, from its ``format`` key."""
    if not isinstance(record, dict):
        raise RecordError(f"a record must be a JSON object, not {type(record).__name__}")
    fmt = record.get("format")
    if not isinstance(fmt, str):
        raise RecordError("format: missing" if fmt is None else "format: must be a string")
    for info in games():
        if fmt in info.formats:
            return info
    known = [f for info in games() for f in info.formats]
    raise RecordError(f"format: unknown format {fmt!r} (known: {', '.join(known)})")


def replay(record: Any) -> dict[str, Any]:
    """``paston replay`` for any game: dispatch on the record's ``format``."""
    return game_for_record(record).replay(record)
