"""Which bots a table may ask for over the network, and with which options.

A seat's bot, a table's ``hint_bot`` and its ``stand_in`` come from anybody who can reach the
server, so only the strength levels the game offers are accepted (``random``, ``heuristic``,
``pimc`` … for Paston), optionally with a few options inside safe bounds (``pimc:worlds=128``).
Everything else is refused with the list of what is allowed: ``cmd:`` bots (they would run a
program on the server), measuring sticks that are not offered (``oracle``), options that size
memory (``tt_bits``) and effort beyond the bounds.
"""

from __future__ import annotations

import inspect
from typing import Any

from ..bots.levels import LEVEL_NAMES
from ..bots.registry import BotSpecError, bot_infos, module_bots, parse_spec
from ..core.protocol import GameInfo
from .errors import BadRequest

__all__ = ["SAFE_OPTIONS", "check_bot_spec", "listed_bots", "offered_bots"]

#: The bot options a client may set, with their inclusive bounds. The number of sampled worlds
#: bounds a search bot's time and memory per decision; nothing else may be changed.
SAFE_OPTIONS: dict[str, tuple[int, int]] = {
    "worlds": (1, 256),
    "bid_worlds": (1, 256),
    "exchange_worlds": (1, 256),
    "declare_worlds": (1, 256),
    "whist_worlds": (1, 256),
}


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


def _accepts(factory: Any, option: str) -> bool:
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return True  # not introspectable: a refusal comes when the bot is built
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return True
    return option in params


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
    parts = []
    for option, raw in sorted(options.items()):
        bounds = SAFE_OPTIONS.get(option)
        if bounds is None:
            allowed = ", ".join(SAFE_OPTIONS)
            raise BadRequest(
                f"{key!r}: option {option!r} may not be set over the network "
                f"(options allowed: {allowed}, each a whole number)"
            )
        low, high = bounds
        if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
            raise BadRequest(
                f"{key!r}: option {option!r} must be a whole number from {low} to {high}"
            )
        if not _accepts(offered[name].factory, option):
            raise BadRequest(f"{key!r}: bot {name!r} has no option {option!r}")
        parts.append(f"{option}={raw}")
    return name + (":" + ",".join(parts) if parts else "")
