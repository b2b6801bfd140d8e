"""The web hook group: the browser's assets for a game and the words its pages use."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["WebHooks"]


@dataclass(frozen=True, slots=True)
class WebHooks:
    #: A folder of the game's static files, served at ``/static/games/<name>/``.
    assets: Path | None = None
    #: Scripts of that folder a table or replay page loads for this game, in order.
    scripts: tuple[str, ...] = ()
    styles: tuple[str, ...] = ()
    #: What one hand and one match are called, singular and plural (``("deal", "deals")``).
    hand_noun: tuple[str, str] = ("hand", "hands")
    match_noun: tuple[str, str] = ("game", "games")
    #: The rules page's body (HTML fragment) for this game, if any.
    rules_html: Path | None = None
    #: Extra i18n catalogue folder of the game (``<code>.json`` files), merged after the
    #: platform's own.
    catalogues: Path | None = None
    extra: dict[str, str] = field(default_factory=dict)
