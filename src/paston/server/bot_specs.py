"""Which bots a table may ask for over the network, and with which options.

A seat's bot, a table's ``hint_bot`` and its ``stand_in`` come from anybody who can reach the
server, so only the bots the game offers are accepted (its strength levels and its offered bots:
``expert``, ``random``, ``pimc`` … for Paston), optionally with a few options inside bounds
(``pimc:worlds=32``). Everything else is refused with the list of what is allowed: ``cmd:``
bots (they would run a program on the server), measuring sticks that are not offered
(``oracle``), options that size memory (``tt_bits``) and effort beyond the bounds.

The bounds are what the strength levels need (each game's ``PlayHooks.bot_option_bounds``,
all of them in :data:`BOT_OPTIONS`): a search bot's sampled worlds from its least workable
count up to its default, which is what the ``expert`` level plays with. A client may ask a
bot to think less than the expert, never more (issue 17: six tables of ``pimc:worlds=256``
bots at the fast pace made every other table wait).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..bots.registry import BotSpecError, bot_infos, parse_spec, play_hooks
from ..core.protocol import BotInfo, GameInfo
from ..core.registry import available
from .errors import BadRequest

__all__ = ["BOT_OPTIONS", "bot_entries", "check_bot_spec", "listed_bots", "offered_bots"]

Bounds = Mapping[str, Mapping[str, tuple[int, int]]]


def option_bounds(game: str) -> Bounds:
    """bot -> option -> inclusive bounds a client may set for ``game`` (its play hooks')."""
    play = play_hooks(game)
    return play.bot_option_bounds if play is not None else {}


def settable_options() -> set[str]:
    """Every option some bot of some game lets a client set (the others, such as a solver's
    table size, never may be)."""
    return {
        option for game in available() for bot in option_bounds(game).values() for option in bot
    }


class _BoundsByGame(Mapping[str, Bounds]):
    """game -> bot -> option -> bounds, read from each game's play hooks when asked."""

    def __getitem__(self, game: str) -> Bounds:
        if game not in available():
            raise KeyError(game)
        return option_bounds(game)

    def __iter__(self) -> Iterator[str]:
        return iter(available())

    def __len__(self) -> int:
        return len(available())


#: game -> bot -> the options a client may set, with their inclusive bounds: the number of
#: sampled worlds, up to the bot's default (the ``expert`` level's effort; a test checks they
#: are the defaults). Nothing else may be changed over the network. Each game says its own
#: (``PlayHooks.bot_option_bounds``).
BOT_OPTIONS: Mapping[str, Bounds] = _BoundsByGame()


def offered_bots(info: GameInfo) -> dict[str, BotInfo]:
    """The bots ``info`` offers by name, the strength levels first: its play hooks' and any
    registered for it (:mod:`paston.bots.registry`)."""
    return {b.name: b for b in bot_infos(info.name) if b.offered}


def listed_bots(info: GameInfo) -> dict[str, BotInfo]:
    """The bots a lobby lists for ``info`` (``GET /api/games``, ``GET /api/bots``): exactly
    the ones :func:`offered_bots` accepts. No bot's implementation is imported (the search
    bots' solvers load numba, which made a fresh server's first listing take seconds)."""
    return offered_bots(info)


def bot_entries(info: GameInfo) -> list[dict[str, str]]:
    """The lobby's list of ``info``'s bots: ``[{"name", "label", "description"}, …]``."""
    return [
        {"name": name, "label": bot.label or name.capitalize(), "description": bot.description}
        for name, bot in listed_bots(info).items()
    ]


def _allowed(game: str, name: str) -> str:
    """What may be set for bot ``name`` of ``game`` (the end of a refusal)."""
    takes = option_bounds(game).get(name, {})
    if takes:
        ranges = ", ".join(f"{o} from {lo} to {hi}" for o, (lo, hi) in takes.items())
        return f"options allowed for {name!r}: {ranges} (whole numbers)"
    others = ", ".join(option_bounds(game)) or "none"
    return f"{name!r} takes no options (the bots of {game} that take worlds options: {others})"


def check_bot_spec(info: GameInfo, value: Any, key: str) -> str:
    """The canonical spec (``NAME`` or ``NAME:opt=N,…``, options sorted) of an acceptable bot;
    raises :class:`BadRequest` naming ``key`` and what would be accepted."""
    offered = offered_bots(info)
    names = ", ".join(offered) or "none"
    if not isinstance(value, str) or not value.strip() or len(value) > 80:
        raise BadRequest(f"{key!r} must be the name of a bot of {info.name} ({names})")
    try:
        name, options = parse_spec(value)
    except BotSpecError as exc:
        raise BadRequest(f"{key!r}: {exc}") from None
    if name not in offered:
        raise BadRequest(
            f"{key!r}: {name!r} is not a bot offered for {info.name}; choose one of: {names}"
        )
    takes = option_bounds(info.name).get(name, {})
    parts = []
    for option, raw in sorted(options.items()):
        if option not in settable_options():
            raise BadRequest(
                f"{key!r}: option {option!r} may not be set over the network; "
                + _allowed(info.name, name)
            )
        bounds = takes.get(option)
        if bounds is None:
            raise BadRequest(
                f"{key!r}: bot {name!r} has no option {option!r}; {_allowed(info.name, name)}"
            )
        low, high = bounds
        if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
            raise BadRequest(
                f"{key!r}: option {option!r} of bot {name!r} must be a whole number from "
                f"{low} to {high} ({high}: the most the strength levels use), not {raw!r}"
            )
        parts.append(f"{option}={raw}")
    return name + (":" + ",".join(parts) if parts else "")
