"""Bots by game and name: ``make_bot("pimc:worlds=64")``, ``make_bot("random", game="paris")``.

A spec is ``NAME`` or ``NAME:key=value,key=value``. The one exception is ``cmd:COMMAND``: the
whole text after ``cmd:`` is a command line (split like a shell would, run in the current
directory) that speaks the JSON-lines protocol of ``docs/bot-protocol.md``; it works for
every game.

A game's bots live in the modules of ``paston.games.<game>.bots`` and register themselves
with :func:`register_bot` when imported. :func:`make_bot`, :func:`bot_names` and
:func:`bot_descriptions` import every module of that package the first time they are asked
about the game, so a spec such as ``pimc`` works without importing anything first (a bot
asked for by name is first looked for in the module ``NAME`` or ``NAME_bot``, so that a light
bot does not import the heavy ones). A bots package may fix the order its bots are offered
in with a tuple ``BOT_MODULES`` of module names; the others follow alphabetically.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Callable
from types import ModuleType
from typing import Any

from ..core.protocol import BotInfo
from .base import Bot

__all__ = [
    "BOT_NAMES",
    "BotSpecError",
    "bot_descriptions",
    "bot_info",
    "bot_infos",
    "bot_names",
    "deferred_factory",
    "make_bot",
    "module_bots",
    "parse_spec",
    "register_bot",
]

#: The game a bot belongs to when none is named (the flagship).
DEFAULT_GAME = "paston"


class BotSpecError(ValueError):
    """A bot name or option is unknown or malformed."""


#: game → bot name → descriptor, in registration order (:func:`bot_infos` sorts them).
_REGISTRY: dict[str, dict[str, BotInfo]] = {DEFAULT_GAME: {}}
#: Paston's bots, under the name older code and tests use.
_FACTORIES = _REGISTRY[DEFAULT_GAME]
#: The Paston bots offered as opponents, kept up to date as bots register (``oracle`` sees
#: all cards and is never offered). :func:`bot_names` is the way to ask for any game.
BOT_NAMES: list[str] = []
_loaded_games: set[str] = set()
#: game → the ``BOT_MODULES`` of its bots package: bots are offered in that modules' order.
_MODULE_ORDER: dict[str, tuple[str, ...]] = {}


def _bots_package(game: str) -> ModuleType | None:
    """``paston.games.<game>.bots`` (``None`` for an unknown game or one without bots)."""
    if not game.isidentifier():
        return None
    try:
        package = importlib.import_module(f"paston.games.{game}.bots")
    except ModuleNotFoundError as exc:
        if exc.name in (f"paston.games.{game}", f"paston.games.{game}.bots"):
            return None  # an unknown game, or one without bots (yet): only cmd: bots
        raise
    _MODULE_ORDER[game] = tuple(getattr(package, "BOT_MODULES", ()))
    return package


def _import_bot_module(package: ModuleType, game: str, module: str) -> None:
    try:
        importlib.import_module(f"{package.__name__}.{module}")
    except ImportError as exc:
        # Say which module broke rather than letting a traceback reach the user.
        raise BotSpecError(
            f"the {game} bots could not be loaded: {package.__name__}.{module}: {exc}"
        ) from exc


def _load_named_bot(game: str, name: str) -> None:
    """Import the module a bot ``name`` conventionally lives in (``name`` or ``name_bot``),
    so that asking for one light bot does not import every heavy one."""
    package = _bots_package(game)
    if package is None:
        return
    for module in (name, f"{name}_bot"):
        if module.isidentifier() and importlib.util.find_spec(f"{package.__name__}.{module}"):
            _import_bot_module(package, game, module)
            return


def _load_game_bots(game: str) -> None:
    """Import every module of ``paston.games.<game>.bots`` once, so its bots register."""
    if game in _loaded_games:
        return
    package = _bots_package(game)
    if package is None:
        _loaded_games.add(game)
        return
    first = _MODULE_ORDER[game]
    others = sorted(
        info.name
        for info in pkgutil.iter_modules(package.__path__)
        if info.name not in first and not info.name.startswith("_")
    )
    for module in (*first, *others):
        _import_bot_module(package, game, module)  # a failure is retried next time
    _loaded_games.add(game)


def register_bot(
    name: str,
    factory: Callable[..., Bot],
    *,
    game: str = DEFAULT_GAME,
    offered: bool = True,
    description: str = "",
    label: str = "",
) -> None:
    """Make a bot of ``game`` selectable by ``name``; ``factory(seed=..., **options)`` builds it.

    ``offered=False`` hides it from lobbies and :func:`bot_names` (measuring sticks such as
    Paston's ``oracle``); ``description`` is one line for people, ``label`` its display name.
    Registering a name again replaces the bot.
    """
    if not name or ":" in name or name != name.strip() or name == "cmd":
        raise BotSpecError(f"a bot name must be a word without ':' (and not 'cmd'), not {name!r}")
    bots = _REGISTRY.setdefault(game, {})
    bots[name] = BotInfo(name, description, factory, offered, label or name.capitalize())
    if game == DEFAULT_GAME:
        if offered and name not in BOT_NAMES:
            BOT_NAMES.append(name)
        elif not offered and name in BOT_NAMES:
            BOT_NAMES.remove(name)


def deferred_factory(name: str, game: str) -> Callable[..., Bot]:
    """A factory for bot ``name`` of ``game`` that looks the bot up only when called.

    A game's descriptor (``paston.games.<game>.platform``) lists its bots with these, so
    that importing the descriptor never imports a bot module: the bot's module registers
    the real factory when first asked for.
    """

    def factory(seed: int | None = None, **options: Any) -> Bot:
        bot: Bot = bot_info(name, game).factory(seed=seed, **options)
        return bot

    factory.__name__ = f"make_{name}"
    return factory


def bot_infos(game: str = DEFAULT_GAME) -> list[BotInfo]:
    """Every registered bot of ``game`` (offered or not), after loading its bot modules.

    The order is the bots package's ``BOT_MODULES`` order (not the order the modules
    happened to be imported in), then the order of registration.
    """
    _load_game_bots(game)
    order = _MODULE_ORDER.get(game, ())

    def rank(item: tuple[int, BotInfo]) -> tuple[int, int]:
        module = getattr(item[1].factory, "__module__", "").rpartition(".")[2]
        return (order.index(module) if module in order else len(order), item[0])

    infos = [info for _, info in sorted(enumerate(_REGISTRY.get(game, {}).values()), key=rank)]
    if game == DEFAULT_GAME:
        BOT_NAMES[:] = [info.name for info in infos if info.offered]
    return infos


def module_bots(game: str, module: str) -> list[BotInfo]:
    """The bots that module ``paston.games.<game>.bots.<module>`` registers, importing that
    module alone (a lobby lists the strength levels without importing the search bots, whose
    solvers load numba); empty when the game has no such module."""
    package = _bots_package(game)
    target = f"{package.__name__}.{module}" if package is not None else ""
    if not target or not module.isidentifier() or importlib.util.find_spec(target) is None:
        return []
    _import_bot_module(package, game, module)  # type: ignore[arg-type]
    bots = _REGISTRY.get(game, {}).values()
    return [b for b in bots if getattr(b.factory, "__module__", "") == target]


def bot_info(name: str, game: str = DEFAULT_GAME) -> BotInfo:
    """The registered bot ``name`` of ``game``; raises :class:`BotSpecError` naming the bots."""
    if name not in _REGISTRY.get(game, {}):
        _load_named_bot(game, name)
    if name not in _REGISTRY.get(game, {}):
        _load_game_bots(game)
    info = _REGISTRY.get(game, {}).get(name)
    if info is None:
        raise _unknown(name, game)
    return info


def bot_names(game: str = DEFAULT_GAME) -> list[str]:
    """The names of the bots ``game`` offers as opponents, after loading its bot modules."""
    return [info.name for info in bot_infos(game) if info.offered]


def bot_descriptions(game: str = DEFAULT_GAME) -> dict[str, str]:
    """The offered bots of ``game`` with their one-line descriptions."""
    return {info.name: info.description for info in bot_infos(game) if info.offered}


def _parse_value(text: str) -> int | float | str | bool:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, int | float | str | bool]]:
    """``NAME:k=v,...`` → ``(NAME, options)``; ``cmd:LINE`` → ``("cmd", {"command": LINE})``."""
    name, _, options_text = spec.strip().partition(":")
    if name == "cmd":
        if not options_text.strip():
            raise BotSpecError("bot 'cmd:' needs a command line, e.g. 'cmd:python my_bot.py'")
        return name, {"command": options_text.strip()}
    options: dict[str, int | float | str | bool] = {}
    if options_text:
        for item in options_text.split(","):
            key, eq, value = item.partition("=")
            if not eq or not key.strip():
                raise BotSpecError(f"bot option {item!r} must look like key=value")
            options[key.strip()] = _parse_value(value.strip())
    return name, options


def _unknown(name: str, game: str) -> BotSpecError:
    known = sorted(_REGISTRY.get(game, {}))
    choices = f"{', '.join(known)}, or cmd:COMMAND" if known else "cmd:COMMAND"
    where = "" if game == DEFAULT_GAME else f" for {game}"
    return BotSpecError(f"unknown bot {name!r}{where}; choose one of: {choices}")


def make_bot(spec: str, seed: int | None = None, *, game: str = DEFAULT_GAME) -> Bot:
    """Build a bot of ``game`` from ``NAME``, ``NAME:key=value,key=value`` or ``cmd:COMMAND``.

    Raises :class:`BotSpecError` for an unknown name (naming the bots of that game) or bad
    options.
    """
    name, options = parse_spec(spec)
    if name == "cmd":
        from .external import ExternalBot

        return ExternalBot(str(options["command"]), seed=seed, game=game)
    info = bot_info(name, game)
    try:
        bot: Bot = info.factory(seed=seed, **options)
    except TypeError as exc:
        # Say it in the spec's terms (not "PimcBot.__init__() got an unexpected keyword
        # argument"): which option is not known and which ones the bot takes. A factory
        # taking **options passes them on to the class named in Python's message.
        import inspect
        import re
        import sys

        target = info.factory
        owner = re.match(r"(\w+)\.__init__\(\)", str(exc))
        module = sys.modules.get(getattr(info.factory, "__module__", ""))
        if owner is not None and module is not None and hasattr(module, owner.group(1)):
            target = getattr(module, owner.group(1))
        takes: list[str] | None
        try:
            params = inspect.signature(target).parameters.values()
            takes = [
                p.name
                for p in params
                if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
                and p.name not in ("self", "seed")
            ]
        except (TypeError, ValueError):
            takes = None
        unknown = [k for k in options if takes is not None and k not in takes]
        valid = "see its documentation"
        if takes is not None:
            valid = f"it takes: {', '.join(k + '=' for k in takes)}" if takes else "it takes none"
        if unknown:
            what = ", ".join(repr(k) for k in unknown)
            raise BotSpecError(
                f"bad options for bot {name!r}: unknown option {what}; {valid}"
            ) from None
        reason = re.sub(r"^[\w.]+\(\) ", "", str(exc))
        raise BotSpecError(f"bad options for bot {name!r}: {reason}; {valid}") from None
    return bot


def _registered_for_tests(game: str) -> dict[str, BotInfo]:
    """The registry of one game as it stands (tests remove the throw-away bots they add)."""
    return _REGISTRY.setdefault(game, {})
