"""Bots by name: ``make_bot("random")``, ``make_bot("pimc:worlds=64")``, ``make_bot("cmd:...")``."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .random_bot import RandomBot

__all__ = ["BOT_NAMES", "BotSpecError", "make_bot", "register_bot"]


class BotSpecError(ValueError):
    """A bot name or option is unknown or malformed."""


_FACTORIES: dict[str, Callable[..., Bot]] = {"random": RandomBot}
#: Bots offered as opponents (``oracle`` sees all cards and is never offered).
BOT_NAMES: list[str] = ["random"]


def register_bot(name: str, factory: Callable[..., Bot], *, offered: bool = True) -> None:
    """Make a bot selectable by ``name``; ``factory(seed=..., **options)`` builds it."""
    _FACTORIES[name] = factory
    if offered and name not in BOT_NAMES:
        BOT_NAMES.append(name)


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
    """Build a bot from ``NAME`` or ``NAME:key=value,key=value``."""
    name, _, options_text = spec.strip().partition(":")
    factory = _FACTORIES.get(name)
    if factory is None:
        raise BotSpecError(f"unknown bot {name!r}; choose one of: {', '.join(sorted(_FACTORIES))}")
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
