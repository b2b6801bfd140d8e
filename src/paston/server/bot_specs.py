"""Which bots a table may ask for over the network, and with which options.

A seat's bot, a table's ``hint_bot`` and its ``stand_in`` come from anybody who can reach the
server, so only the strength levels the game offers are accepted (``random``, ``heuristic``,
``pimc`` … for Paston), optionally with a few options inside bounds (``pimc:worlds=32``).
Everything else is refused with the list of what is allowed: ``cmd:`` bots (they would run a
program on the server), measuring sticks that are not offered (``oracle``), options that size
memory (``tt_bits``) and effort beyond the bounds.

The bounds are what the strength levels need (:data:`BOT_OPTIONS`): a search bot's sampled
worlds from its least workable count up to its default, which is what the ``expert`` level
plays with. A client may ask a bot to think less than the expert, never more (issue 17: six
tables of ``pimc:worlds=256`` bots at the fast pace made every other table wait).
"""

from __future__ import annotations

from typing import Any

from ..bots.levels import LEVEL_NAMES
from ..bots.registry import BotSpecError, bot_infos, module_bots, parse_spec
from ..core.protocol import GameInfo
from .errors import BadRequest

__all__ = ["BOT_OPTIONS", "SAFE_OPTIONS", "check_bot_spec", "listed_bots", "offered_bots"]

_PASTON_WORLDS = {
    "worlds": (1, 64),
    "bid_worlds": (1, 24),
    "exchange_worlds": (1, 12),
    "declare_worlds": (1, 32),
    "whist_worlds": (1, 24),
}
#: game -> bot -> the options a client may set, with their inclusive bounds: the number of
#: sampled worlds, up to the bot's default (the ``expert`` level's effort; a test checks they
#: are the defaults). Nothing else may be changed over the network.
BOT_OPTIONS: dict[str, dict[str, dict[str, tuple[int, int]]]] = {
    "paston": {"pimc": _PASTON_WORLDS, "wpimc": _PASTON_WORLDS, "search": _PASTON_WORLDS},
    "paris": {"dpimc": {"worlds": (1, 32)}},
    # Fewer than its min_worlds (6) and the bot refuses to be built.
    "paskievics": {"pimc": {"worlds": (6, 48)}},
}
#: Every option some bot lets a client set (for messages).
SAFE_OPTIONS: tuple[str, ...] = tuple(_PASTON_WORLDS)


def offered_bots(info: GameInfo) -> dict[str, Any]:
    """The bots ``info`` offers by name: its descriptor's and the bot registry's for the game."""
    registered = {b.name: b for b in bot_infos(info.name) if b.offered}
    out: dict[str, Any] = {b.name: registered.get(b.name, b) for b in info.offered_bots()}
    for name, b in registered.items():
        out.setdefault(name, b)
    return _levels_first(out)


def listed_bots(info: GameInfo) -> dict[str, Any]:
    """The bots a lobby lists for ``info`` (``GET /api/games``): the strength levels, then the
    bots of the game's descriptor, with the descriptor's words.

    Only the game's light ``levels`` module is imported, never a bot's implementation: the
    search bots' solvers load numba, which made a fresh server's first listing take seconds.
    Every bot listed is one :func:`offered_bots` accepts.
    """
    out: dict[str, Any] = {b.name: b for b in module_bots(info.name, "levels") if b.offered}
    for b in info.offered_bots():
        out.setdefault(b.name, b)
    return _levels_first(out)


def _levels_first(bots: dict[str, Any]) -> dict[str, Any]:
    # The strength levels (beginner … expert) come first: the names a player picks from.
    levels = [n for n in LEVEL_NAMES if n in bots]
    return {n: bots[n] for n in (*levels, *(n for n in bots if n not in levels))}


def _allowed(game: str, name: str) -> str:
    """What may be set for bot ``name`` of ``game`` (the end of a refusal)."""
    takes = BOT_OPTIONS.get(game, {}).get(name, {})
    if takes:
        ranges = ", ".join(f"{o} from {lo} to {hi}" for o, (lo, hi) in takes.items())
        return f"options allowed for {name!r}: {ranges} (whole numbers)"
    others = ", ".join(BOT_OPTIONS.get(game, {})) or "none"
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
    takes = BOT_OPTIONS.get(info.name, {}).get(name, {})
    parts = []
    for option, raw in sorted(options.items()):
        if option not in SAFE_OPTIONS:
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
