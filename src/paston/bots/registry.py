"""Bots by game and name: ``make_bot("pimc:worlds=64")``, ``make_bot("random", game="paris")``.

A spec is ``NAME`` or ``NAME:key=value,key=value``. The one exception is ``cmd:COMMAND``: the
whole text after ``cmd:`` is a command line (split like a shell would, run in the current
directory) that speaks the JSON-lines protocol of ``docs/bot-protocol.md``; it works for
every game.

A game offers its bots through its play hooks (:class:`~paston.core.hooks.play.PlayHooks`,
reached with :func:`paston.core.registry.get_game`): first its strength levels (``beginner`` …
``expert``, each a bot spec of the game, see :mod:`paston.bots.levels`), then its bots, each
with a factory that imports the bot's module only when a bot is made (:func:`lazy_factory`),
so that listing the bots, or making a light one, never imports a heavy one. The registry knows
no game by name: a game registered with :func:`paston.core.registry.register_game` offers its
bots the same way. :func:`register_bot` adds a bot to a game beyond those (a plug-in's extra,
a Python bot of ``docs/bot-protocol.md``, a test's throw-away bot); a name the game's play
hooks offer stays the game's. A game that is not one of the platform's (or offers no play
hooks) has only the bots registered for it, and ``cmd:`` bots.

Without ``game`` every function means the flagship (:func:`paston.core.registry.default_game`).
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from collections.abc import Callable
from typing import Any

from ..core.hooks import MissingHooks
from ..core.hooks.play import BotInfo, Level, PlayHooks
from ..core.registry import UnknownGame, default_game, get_game
from .base import Bot
from .mistakes import MistakeBot

__all__ = [
    "BOT_NAMES",
    "BotSpecError",
    "LazyFactory",
    "bot_descriptions",
    "bot_info",
    "bot_infos",
    "bot_names",
    "deferred_factory",
    "lazy_factory",
    "make_bot",
    "parse_spec",
    "play_hooks",
    "register_bot",
]


class BotSpecError(ValueError):
    """A bot name or option is unknown or malformed."""


#: game → bot name → descriptor of the bots added with :func:`register_bot`.
_REGISTRY: dict[str, dict[str, BotInfo]] = {}
#: The flagship's bots offered as opponents (``oracle`` sees all cards and is never offered),
#: kept up to date whenever the registry is asked about the flagship. :func:`bot_names` is the
#: way to ask for any game.
BOT_NAMES: list[str] = []
#: game → (the play hooks the level bots were built from, the level bots).
_LEVEL_BOTS: dict[str, tuple[PlayHooks, tuple[BotInfo, ...]]] = {}


def _game(game: str | None) -> str:
    return default_game() if game is None else game


def play_hooks(game: str) -> PlayHooks | None:
    """The play hooks of ``game``; ``None`` for a game that is not available or offers none
    (it then has only the bots registered for it)."""
    try:
        info = get_game(game)
    except UnknownGame:
        return None
    try:
        return info.play
    except MissingHooks:
        return None


class LazyFactory:
    """A bot factory that imports ``module`` and calls its ``attr`` only when a bot is made.

    A game's play hooks list their bots with these (:func:`lazy_factory`), so that listing
    the bots imports no bot's implementation.
    """

    def __init__(self, module: str, attr: str) -> None:
        self.module = module
        self.attr = attr

    def resolve(self) -> Callable[..., Bot]:
        """The real factory (importing its module; an import failure is a BotSpecError)."""
        try:
            target: Callable[..., Bot] = getattr(importlib.import_module(self.module), self.attr)
        except (ImportError, AttributeError) as exc:
            raise BotSpecError(
                f"the bot {self.module}.{self.attr} could not be loaded: {exc}"
            ) from exc
        return target

    def __call__(self, seed: int | None = None, **options: Any) -> Bot:
        return self.resolve()(seed=seed, **options)

    def __repr__(self) -> str:
        return f"lazy_factory({self.module!r}, {self.attr!r})"


def lazy_factory(module: str, attr: str) -> LazyFactory:
    """A factory for :class:`~paston.core.hooks.play.BotInfo` that imports ``module`` on
    first use and builds the bot with its ``attr`` (a class or a function taking ``seed`` and
    the spec's options)."""
    return LazyFactory(module, attr)


def _level_factory(game: str, level: Level) -> Callable[..., Bot]:
    def make(seed: int | None = None) -> Bot:
        bot = make_bot(level.spec, seed=seed, game=game)
        if level.mistakes:
            bot = MistakeBot(bot, level.mistakes, seed=seed)
        # A seat is named by its bot's name: a player chose "expert", not "search".
        bot.name = level.name
        return bot

    make.__name__ = f"make_{level.name}"
    return make


def _level_bots(game: str, play: PlayHooks) -> tuple[BotInfo, ...]:
    """The game's strength levels as bots (built once per play hooks object)."""
    cached = _LEVEL_BOTS.get(game)
    if cached is not None and cached[0] is play:
        return cached[1]
    bots = tuple(
        BotInfo(lv.name, lv.description, _level_factory(game, lv), True, lv.name.capitalize())
        for lv in play.levels
    )
    _LEVEL_BOTS[game] = (play, bots)
    return bots


def _sync_names(game: str, infos: list[BotInfo]) -> None:
    if game == default_game():
        BOT_NAMES[:] = [info.name for info in infos if info.offered]


def register_bot(
    name: str,
    factory: Callable[..., Bot],
    *,
    game: str | None = None,
    offered: bool = True,
    description: str = "",
    label: str = "",
) -> None:
    """Make a bot of ``game`` selectable by ``name``; ``factory(seed=..., **options)`` builds it.

    ``offered=False`` hides it from lobbies and :func:`bot_names` (a measuring stick);
    ``description`` is one line for people, ``label`` its display name. Registering a name
    again replaces the registered bot; a name the game's play hooks offer stays the game's.
    """
    if not name or ":" in name or name != name.strip() or name == "cmd":
        raise BotSpecError(f"a bot name must be a word without ':' (and not 'cmd'), not {name!r}")
    game = _game(game)
    bots = _REGISTRY.setdefault(game, {})
    bots[name] = BotInfo(name, description, factory, offered, label or name.capitalize())
    if game == default_game():
        bot_infos(game)  # BOT_NAMES follows


def deferred_factory(name: str, game: str) -> Callable[..., Bot]:
    """A factory for bot ``name`` of ``game`` that looks the bot up only when called."""

    def factory(seed: int | None = None, **options: Any) -> Bot:
        bot: Bot = bot_info(name, game).factory(seed=seed, **options)
        return bot

    factory.__name__ = f"make_{name}"
    return factory


def bot_infos(game: str | None = None) -> list[BotInfo]:
    """Every bot of ``game`` (offered or not): its levels, its bots, then those registered
    for it with :func:`register_bot`. Imports no bot's implementation."""
    game = _game(game)
    out: dict[str, BotInfo] = {}
    play = play_hooks(game)
    if play is not None:
        for info in (*_level_bots(game, play), *play.bots):
            out.setdefault(info.name, info)
    for info in _REGISTRY.get(game, {}).values():
        out.setdefault(info.name, info)
    infos = list(out.values())
    _sync_names(game, infos)
    return infos


def bot_info(name: str, game: str | None = None) -> BotInfo:
    """The bot ``name`` of ``game``; raises :class:`BotSpecError` naming the bots."""
    game = _game(game)
    found = next((info for info in bot_infos(game) if info.name == name), None)
    if found is None:
        raise _unknown(name, game)
    return found


def bot_names(game: str | None = None) -> list[str]:
    """The names of the bots ``game`` offers as opponents."""
    return [info.name for info in bot_infos(game) if info.offered]


def bot_descriptions(game: str | None = None) -> dict[str, str]:
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
    known = sorted(info.name for info in bot_infos(game))
    choices = f"{', '.join(known)}, or cmd:COMMAND" if known else "cmd:COMMAND"
    where = "" if game == default_game() else f" for {game}"
    return BotSpecError(f"unknown bot {name!r}{where}; choose one of: {choices}")


def _takes(factory: Callable[..., Bot], error: TypeError) -> list[str] | None:
    """The options the bot behind ``factory`` takes (``None``: cannot tell), for a message."""
    target: Any = factory.resolve() if isinstance(factory, LazyFactory) else factory
    # A factory taking **options passes them on to the class named in Python's message.
    owner = re.match(r"(\w+)\.__init__\(\)", str(error))
    module = sys.modules.get(getattr(target, "__module__", "") or "")
    if owner is not None and module is not None and hasattr(module, owner.group(1)):
        target = getattr(module, owner.group(1))
    try:
        params = inspect.signature(target).parameters.values()
    except (TypeError, ValueError):
        return None
    return [
        p.name
        for p in params
        if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD) and p.name not in ("self", "seed")
    ]


def make_bot(spec: str, seed: int | None = None, *, game: str | None = None) -> Bot:
    """Build a bot of ``game`` from ``NAME``, ``NAME:key=value,key=value`` or ``cmd:COMMAND``.

    Raises :class:`BotSpecError` for an unknown name (naming the bots of that game) or bad
    options.
    """
    game = _game(game)
    name, options = parse_spec(spec)
    if name == "cmd":
        from .external import ExternalBot

        return ExternalBot(str(options["command"]), seed=seed, game=game)
    info = bot_info(name, game)
    try:
        bot: Bot = info.factory(seed=seed, **options)
    except TypeError as exc:
        # Say it in the spec's terms (not "PimcBot.__init__() got an unexpected keyword
        # argument"): which option is not known and which ones the bot takes.
        takes = _takes(info.factory, exc)
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
    """The bots registered for one game (tests remove the throw-away bots they add)."""
    return _REGISTRY.setdefault(game, {})
