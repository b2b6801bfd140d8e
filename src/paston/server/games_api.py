"""``GET /api/games``: every game a table may play, as the lobby builds its choices from it.

For each game: its name, title and summary, the seat counts and the default, the variant flags
(name, kind, default, choices or bounds — capped where the server caps a table's length — and
the one-line help) and the bots offered for it with their descriptions.
"""

from __future__ import annotations

from typing import Any

from ..core.protocol import FlagInfo, GameInfo
from ..core.registry import games
from .bot_specs import listed_bots
from .settings import LENGTH_CAPS

__all__ = ["describe_game", "describe_games"]


def _flag(flag: FlagInfo) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": flag.name,
        "kind": flag.kind,
        "default": flag.default,
        "help": flag.help,
    }
    if flag.kind == "choice":
        out["choices"] = list(flag.choices)
    if flag.kind == "int":
        cap = LENGTH_CAPS.get(flag.name)
        high = flag.maximum if cap is None else min(cap, flag.maximum or cap)
        out["min"] = flag.minimum
        out["max"] = high
    return out


def describe_game(info: GameInfo) -> dict[str, Any]:
    bots = []
    for name, bot in listed_bots(info).items():
        bots.append(
            {
                "name": name,
                "label": getattr(bot, "label", "") or name.capitalize(),
                "description": bot.description,
            }
        )
    return {
        "name": info.name,
        "title": info.title,
        "summary": info.summary,
        "seat_counts": list(info.seat_counts),
        "default_seats": info.default_seats,
        "flags": [_flag(f) for f in info.flags],
        "bots": bots,
        "default_bot": info.default_bot,
        # Options of a whole match (Paris: the number of games of a session), with their help.
        "match_options": dict(info.extras.get("match_options", {})),
    }


def describe_games() -> list[dict[str, Any]]:
    """Every available game, the flagship first."""
    return [describe_game(info) for info in games()]
