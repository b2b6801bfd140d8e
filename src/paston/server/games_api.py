"""``GET /api/games``: every game a table may play, and all the browser needs to show it.

For each game: its name, title and summary, the seat counts and the default, the variant flags
(name, kind, default, choices or bounds — capped where the server caps a table's length — and
the one-line help), the options of a whole match, the bots offered for it with their labels and
descriptions and its strength levels (its ``play`` hooks), and from its ``web`` hooks the words
its pages use (what a hand and a match are called), its rules page's sections, and the scripts
and styles a table or replay page loads for it (``/static/games/<name>/…``, served by
``game_assets.py``). The pages name no game: whatever differs between games comes from here.
"""

from __future__ import annotations

from typing import Any

from ..core.hooks.web import WebHooks
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
    if flag.follows_seats:
        # The seat count under another name: the lobby shows no control of its own for it.
        out["follows_seats"] = True
    if flag.kind == "int":
        cap = LENGTH_CAPS.get(flag.name)
        high = flag.maximum if cap is None else min(cap, flag.maximum or cap)
        out["min"] = flag.minimum
        out["max"] = high
    return out


def _hooks(info: GameInfo, group: str) -> Any:
    """The game's hook group ``group``, or ``None`` when it offers none."""
    return getattr(info, group) if info.offers(group) else None


def _match_options(info: GameInfo) -> dict[str, str]:
    """Options of a whole match (a Paris session's number of games), with their help, from
    the game's ``table`` hooks (none without them)."""
    table = _hooks(info, "table")
    options = table.match_options if table is not None else {}
    return {str(k): str(v) for k, v in options.items()}


def _levels(info: GameInfo) -> list[dict[str, Any]]:
    """The game's strength ladder, weakest first (empty when it offers no ``play`` hooks)."""
    play = _hooks(info, "play")
    if play is None:
        return []
    return [{"name": lv.name, "spec": lv.spec, "description": lv.description} for lv in play.levels]


def _default_bot(info: GameInfo) -> str:
    """The bot a seat gets when none is named (empty when the game offers no ``play`` hooks)."""
    play = _hooks(info, "play")
    return str(play.default_bot) if play is not None else ""


def _asset_url(info: GameInfo, file: str) -> str:
    return f"/static/games/{info.name}/{file}"


def _web(info: GameInfo) -> dict[str, Any]:
    """What the browser pages need of the game's ``web`` hooks (defaults when it has none:
    then no table page can draw it, and the pages say so)."""
    web = _hooks(info, "web") or WebHooks()
    return {
        "hand_noun": list(web.hand_noun),
        "match_noun": list(web.match_noun),
        "scripts": [_asset_url(info, f) for f in web.scripts] if web.assets else [],
        "styles": [_asset_url(info, f) for f in web.styles] if web.assets else [],
        "rules": [{"key": r.key, "heading": r.heading, "text": r.text} for r in web.rules],
        "lobby_bot": web.lobby_bot or _default_bot(info),
        "hint_value": web.hint_value,
        "badge_colors": list(web.badge_colors) if web.badge_colors else None,
    }


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
        "default_bot": _default_bot(info),
        "levels": _levels(info),
        # Options of a whole match (Paris: the number of games of a session), with their help.
        "match_options": _match_options(info),
        **_web(info),
    }


def describe_games() -> list[dict[str, Any]]:
    """Every available game, the flagship first."""
    return [describe_game(info) for info in games()]
