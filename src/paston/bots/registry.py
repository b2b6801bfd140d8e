"""Bots by name: ``make_bot("random")``, ``make_bot("pimc:worlds=64")``, ``make_bot("cmd:...")``.

A spec is ``NAME`` or ``NAME:key=value,key=value``. The one exception is ``cmd:COMMAND``: the
whole text after ``cmd:`` is a command line (split like a shell would, run in the current
directory) that speaks the JSON-lines protocol of ``docs/bot-protocol.md``.

Bots that live in modules of their own (in this package) register themselves with
:func:`register_bot` when their module is imported; :func:`make_bot` imports those modules
when it meets a name it does not know yet, so a spec such as ``pimc`` works without importing
anything first. :func:`bot_names` does the same before listing the offered bots.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Any

from ..games.paston.bots.random_bot import RandomBot
from .base import Bot

__all__ = ["BOT_NAMES", "BotSpecError", "bot_names", "make_bot", "register_bot"]


class BotSpecError(ValueError):
    """A bot name or option is unknown or malformed."""


def _heuristic(seed: int | None = None, **options: Any) -> Bot:
    from ..games.paston.bots.heuristic import HeuristicBot

    return HeuristicBot(seed=seed, **options)


def _external(seed: int | None = None, command: str = "", **options: Any) -> Bot:
    from .external import ExternalBot

    return ExternalBot(command, seed=seed, **options)


_FACTORIES: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "heuristic": _heuristic,
    "cmd": _external,
}
#: Bots offered as opponents (``oracle`` sees all cards and is never offered).
BOT_NAMES: list[str] = ["random", "heuristic"]

# Every other module of this package may register bots when imported (pimc, oracle, ...);
# they are imported on first need, so that ``import paston.bots`` stays light.
_CORE_MODULES = frozenset({"heuristic", "random_bot"})
_plugins_loaded = False


def _load_plugins() -> None:
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    package = importlib.import_module("paston.games.paston.bots")
    for info in pkgutil.iter_modules(package.__path__):
        if info.name not in _CORE_MODULES and not info.name.startswith("_"):
            importlib.import_module(f"{package.__name__}.{info.name}")


def register_bot(name: str, factory: Callable[..., Bot], *, offered: bool = True) -> None:
    """Make a bot selectable by ``name``; ``factory(seed=..., **options)`` builds it."""
    _FACTORIES[name] = factory
    if offered and name not in BOT_NAMES:
        BOT_NAMES.append(name)


def bot_names() -> list[str]:
    """The names of the bots offered as opponents, after loading every known bot module."""
    _load_plugins()
    return list(BOT_NAMES)


def _parse_value(text: str) -> int | float | str | bool:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """Build a bot from ``NAME``, ``NAME:key=value,key=value`` or ``cmd:COMMAND LINE``."""
    name, _, options_text = spec.strip().partition(":")
    if name == "cmd":
        if not options_text.strip():
            raise BotSpecError("bot 'cmd:' needs a command line, e.g. 'cmd:python my_bot.py'")
        return _FACTORIES["cmd"](seed=seed, command=options_text.strip())
    if name not in _FACTORIES:
        _load_plugins()
    factory = _FACTORIES.get(name)
    if factory is None:
        known = sorted(n for n in _FACTORIES if n != "cmd")
        raise BotSpecError(
            f"unknown bot {name!r}; choose one of: {', '.join(known)}, or cmd:COMMAND"
        )
    options: dict[str, int | float | str | bool] = {}
    if options_text:
        for item in options_text.split(","):
            key, eq, value = item.partition("=")
            if not eq or not key.strip():
                raise BotSpecError(f"bot option {item!r} must look like key=value")
            options[key.strip()] = _parse_value(value.strip())
    try:
        return factory(seed=seed, **options)
    except TypeError as exc:
        raise BotSpecError(f"bad options for bot {name!r}: {exc}") from None
