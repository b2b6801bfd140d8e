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

__all__ = [
    "GAME_NAMES",
    "UnknownGame",
    "available",
    "default_game",
    "game_for_record",
    "games",
    "get_game",
    "known_formats",
    "register_game",
    "replay",
    "unregister_game",
]

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


def _installed(name: str) -> bool:
    # find_spec of a submodule imports its parents, and raises when a parent is missing.
    if importlib.util.find_spec(f"paston.games.{name}") is None:
        return False
    return importlib.util.find_spec(f"paston.games.{name}.platform") is not None


def available() -> list[str]:
    """The names of the games whose package is installed (then any registered elsewhere)."""
    names = [name for name in GAME_NAMES if name in _loaded or _installed(name)]
    return names + [name for name in _loaded if name not in names]


def default_game() -> str:
    """The name of the game a front-end offers when none is named: the flagship."""
    names = available()
    if not names:
        raise UnknownGame("no game is installed")
    return names[0]


def register_game(info: GameInfo) -> None:
    """Add a game that lives outside ``paston.games`` (a plug-in, a test's toy game).

    A game of the platform's own (``GAME_NAMES``) is loaded from its package instead.
    """
    if not isinstance(info, GameInfo):
        raise TypeError(f"register_game needs a GameInfo, not {type(info).__name__}")
    if info.name in GAME_NAMES:
        raise ValueError(f"{info.name!r} is one of the platform's own games")
    _loaded[info.name] = info


def unregister_game(name: str) -> None:
    """Remove a game added with :func:`register_game` (tests clean up with it)."""
    if name not in GAME_NAMES:
        _loaded.pop(name, None)


def games() -> list[GameInfo]:
    """Every available game's descriptor, the flagship first."""
    return [get_game(name) for name in available()]


def _loadable() -> list[GameInfo]:
    """The games that import cleanly (one broken game must not stop the others' records)."""
    out = []
    for name in available():
        try:
            out.append(get_game(name))
        except Exception:  # reported when that game itself is asked for
            continue
    return out


def known_formats() -> list[str]:
    """Every record format the available games read, the flagship's first."""
    return [fmt for info in _loadable() for fmt in info.formats]


def _either(formats: list[str]) -> str:
    quoted = [repr(f) for f in formats]
    if len(quoted) <= 1:
        return "".join(quoted)
    return f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def game_for_record(record: Any) -> GameInfo:
    """The game that reads ``record``, from its ``format`` key.

    Raises :class:`RecordError` with the messages the notation gives for a record that is
    not an object, has no ``format`` or has one no game reads (naming the known formats).
    """
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    fmt = record.get("format")
    if fmt is None:
        raise RecordError(f"missing key 'format' ({_either(known_formats())})")
    if isinstance(fmt, str):
        # Formats are "<game>-<kind>/<version>": ask that game first, so a record of one
        # game never depends on another game's package importing.
        prefix = fmt.partition("-")[0]
        if prefix in GAME_NAMES or prefix in _loaded:
            try:
                info = get_game(prefix)
            except UnknownGame:
                info = None
            if info is not None and fmt in info.formats:
                return info
        for info in _loadable():
            if fmt in info.formats:
                return info
    raise RecordError(f"unknown format {fmt!r} (expected {_either(known_formats())})")


def replay(record: Any) -> dict[str, Any]:
    """``paston replay`` for any game: dispatch on the record's ``format``."""
    return game_for_record(record).replay(record)
