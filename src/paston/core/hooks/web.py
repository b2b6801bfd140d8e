"""The web hook group: the browser's assets for a game and the words its pages use.

Everything here reaches the browser as data (``GET /api/games``) or as the game's own files
(``/static/games/<name>/<file>``, served from :attr:`WebHooks.assets`), so that the generic
pages (lobby, table, replay, rules) never name a game: they load the scripts and styles listed
here, and each script registers the game's renderer with the page's registry
(``static/game_registry.js``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

__all__ = ["RulesSection", "WebHooks", "load_rules"]


@dataclass(frozen=True, slots=True)
class RulesSection:
    """One section of a game's rules page: a heading and a short paragraph, in English.

    ``key`` names the catalogue entries that translate them (``<key>.h`` and ``<key>.p``), so
    the rules page shows them in the reader's language where a catalogue has them.
    """

    key: str
    heading: str
    text: str


def load_rules(path: Path) -> tuple[RulesSection, ...]:
    """A rules page's sections from a JSON file: a list of ``{"key", "heading", "text"}``.

    A game keeps its rules text beside its other browser assets, as data, rather than in code.
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    return tuple(RulesSection(str(d["key"]), str(d["heading"]), str(d["text"])) for d in data)


@dataclass(frozen=True, slots=True)
class WebHooks:
    #: The folder of the game's static files, served at ``/static/games/<name>/`` (only files
    #: inside it; ``None``: the game has no browser assets and no table page can show it).
    assets: Path | None = None
    #: Module scripts of that folder a table or replay page loads for this game, in order;
    #: the first registers the game's renderer (``registerGame(name, renderer)``).
    scripts: tuple[str, ...] = ()
    #: Stylesheets of that folder the table and replay pages load for this game.
    styles: tuple[str, ...] = ()
    #: What one hand and one match are called, singular and plural (``("deal", "deals")``):
    #: the lobby's "deal 3", the table's "next deal", the replay's "Deal 2 of 5".
    hand_noun: tuple[str, str] = ("hand", "hands")
    match_noun: tuple[str, str] = ("game", "games")
    #: The rules page's sections, in order (an empty tuple: the page says the game has none).
    rules: tuple[RulesSection, ...] = ()
    #: The bot a new table's seats and hints get in the lobby when it is offered (the
    #: strongest that still answers at once); empty: the game's default bot.
    lobby_bot: str = ""
    #: What a hint's value means, for the hints list: ``"points"`` (expected points of the
    #: game's score) or ``"rating"`` (a bot's own scale, higher is better).
    hint_value: str = "rating"
    #: The lobby badge's colours (background, text) as CSS colours; empty: the page's own.
    badge_colors: tuple[str, str] | None = None
