"""The games of the platform by name and by record format, loaded on first use.

Where games come from, in the order front-ends offer them:

1. the shipped games: every name of ``paston.games.SHIPPED``, each a package
   ``paston.games.NAME`` whose module ``platform`` holds a module-level ``GAME: GameInfo``;
   :func:`get_game` imports it when first asked, so that ``import paston`` stays light and a
   game that fails to import does not break the others;
2. plug-ins, games that live outside ``paston.games``, found once per process on first use:

   * Python entry points of the group ``paston.games`` (a package's ``pyproject.toml``:
     ``[project.entry-points."paston.games"]`` ``mygame = "mygame.platform:GAME"``);
   * the environment variable ``PASTON_GAME_PLUGINS``: ``MODULE:ATTRIBUTE`` items separated
     by commas (``mygame.platform:GAME,other:GAME``), for a server or a CLI started as a
     subprocess (a test's toy game); a malformed item, a module that does not import, a
     missing attribute or an object that is not a :class:`GameInfo` raises
     :class:`PluginError` naming the item;
3. games added in this process with :func:`register_game` (a test's fixture).

This module names no game: it finds the shipped ones through the games package, by name, at
run time (the core never imports a game package).
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import os
import re
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import RecordError
from .protocol import GameInfo

__all__ = [
    "PLUGINS_ENV",
    "PLUGIN_GROUP",
    "PluginError",
    "UnknownGame",
    "available",
    "default_game",
    "discover_plugins",
    "game_for_record",
    "games",
    "get_game",
    "known_formats",
    "register_game",
    "replay",
    "shipped",
    "unregister_game",
]

#: The package of the shipped games (``paston.games``), found from this module's own name.
_GAMES_PACKAGE = f"{__name__.partition('.')[0]}.games"
#: The entry point group a plug-in game declares itself in.
PLUGIN_GROUP = "paston.games"
#: The environment variable listing plug-in games as ``MODULE:ATTRIBUTE,…``.
PLUGINS_ENV = "PASTON_GAME_PLUGINS"

_loaded: dict[str, GameInfo] = {}
#: Names of the games that came from plug-ins or :func:`register_game`, in arrival order.
_added: list[str] = []
_plugins_done = False


class UnknownGame(ValueError):
    """A game name that is not one of the platform's games."""


class PluginError(ValueError):
    """A plug-in game that cannot be loaded: the message names where it was declared."""


def shipped() -> tuple[str, ...]:
    """The names of the games shipped with the platform, the flagship first."""
    names: tuple[str, ...] = importlib.import_module(_GAMES_PACKAGE).SHIPPED
    return names


def __getattr__(name: str) -> Any:
    # ``GAME_NAMES``: the former constant, kept for code that imports it.
    if name == "GAME_NAMES":
        return shipped()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_ITEM = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$")


def _load_object(item: str, where: str) -> GameInfo:
    """The :class:`GameInfo` at ``MODULE:ATTRIBUTE`` (``where`` says who declared it)."""
    if not _ITEM.match(item):
        raise PluginError(f"{where}: {item!r} is not MODULE:ATTRIBUTE (like mygame.platform:GAME)")
    module_name, _, attribute = item.partition(":")
    try:
        obj: Any = importlib.import_module(module_name)
    except Exception as exc:
        raise PluginError(
            f"{where}: cannot import module {module_name!r} ({type(exc).__name__}: {exc})"
        ) from exc
    for part in attribute.split("."):
        if not hasattr(obj, part):
            raise PluginError(f"{where}: module {module_name!r} has no attribute {attribute!r}")
        obj = getattr(obj, part)
    if not isinstance(obj, GameInfo):
        raise PluginError(f"{where}: {item} is a {type(obj).__name__}, not a GameInfo")
    return obj


def discover_plugins(
    environ: Mapping[str, str] | None = None,
    entry_points: Iterable[importlib.metadata.EntryPoint] | None = None,
) -> list[GameInfo]:
    """The plug-in games declared by entry points of :data:`PLUGIN_GROUP` and by
    :data:`PLUGINS_ENV` in ``environ`` (this process's environment when ``None``), in that
    order; raises :class:`PluginError` for one that cannot be loaded. Registers nothing."""
    env = os.environ if environ is None else environ
    if entry_points is None:
        entry_points = importlib.metadata.entry_points(group=PLUGIN_GROUP)
    found: list[GameInfo] = []
    for point in entry_points:
        dist = getattr(point, "dist", None)
        where = f"entry point {point.name!r} of group {PLUGIN_GROUP!r}"
        if dist is not None:
            where += f" (package {dist.name})"
        found.append(_load_object(point.value.replace(" ", ""), where))
    raw = env.get(PLUGINS_ENV, "")
    for item in raw.split(","):
        if item.strip():
            found.append(_load_object(item.strip(), PLUGINS_ENV))
    names = set(shipped())
    seen: dict[str, GameInfo] = {}
    for info in found:
        if info.name in names:
            raise PluginError(f"plug-in game {info.name!r} has the name of a shipped game")
        if info.name in seen and seen[info.name] is not info:
            raise PluginError(f"two plug-in games are called {info.name!r}")
        seen[info.name] = info
    return list(seen.values())


def _ensure_plugins() -> None:
    global _plugins_done
    if _plugins_done:
        return
    found = discover_plugins()  # a bad declaration raises here, on every use
    _plugins_done = True
    for info in found:
        if info.name not in _loaded:
            _loaded[info.name] = info
            _added.append(info.name)


def get_game(name: str) -> GameInfo:
    """The descriptor of game ``name``; raises :class:`UnknownGame` naming the choices."""
    info = _loaded.get(name)
    if info is not None:
        return info
    _ensure_plugins()
    info = _loaded.get(name)
    if info is not None:
        return info
    if name not in shipped():
        raise UnknownGame(f"unknown game {name!r}; choose one of: {', '.join(available())}")
    package = f"{_GAMES_PACKAGE}.{name}"
    try:
        module = importlib.import_module(f"{package}.platform")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(package):
            raise UnknownGame(
                f"game {name!r} is not available yet; choose one of: {', '.join(available())}"
            ) from None
        raise
    info = module.GAME
    if not isinstance(info, GameInfo):
        raise TypeError(f"{package}.platform.GAME is not a GameInfo")
    _loaded[name] = info
    return info


def _installed(name: str) -> bool:
    # find_spec of a submodule imports its parents, and raises when a parent is missing.
    if importlib.util.find_spec(f"{_GAMES_PACKAGE}.{name}") is None:
        return False
    return importlib.util.find_spec(f"{_GAMES_PACKAGE}.{name}.platform") is not None


def available() -> list[str]:
    """The names of the shipped games whose package is installed, then the plug-ins and the
    games registered in this process."""
    _ensure_plugins()
    names = [name for name in shipped() if name in _loaded or _installed(name)]
    return names + [name for name in _added if name in _loaded and name not in names]


def default_game() -> str:
    """The name of the game a front-end offers when none is named: the flagship."""
    names = available()
    if not names:
        raise UnknownGame("no game is installed")
    return names[0]


def register_game(info: GameInfo) -> None:
    """Add a game that lives outside ``paston.games`` (a plug-in, a test's toy game).

    A game of the platform's own (:func:`shipped`) is loaded from its package instead.
    """
    if not isinstance(info, GameInfo):
        raise TypeError(f"register_game needs a GameInfo, not {type(info).__name__}")
    if info.name in shipped():
        raise ValueError(f"{info.name!r} is one of the platform's own games")
    _loaded[info.name] = info
    if info.name not in _added:
        _added.append(info.name)


def unregister_game(name: str) -> None:
    """Remove a game added with :func:`register_game` (tests clean up with it)."""
    if name not in shipped():
        _loaded.pop(name, None)
        if name in _added:
            _added.remove(name)


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
        if prefix in shipped() or prefix in _loaded:
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
