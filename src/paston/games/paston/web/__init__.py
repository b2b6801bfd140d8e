"""Paston in the browser: the table renderer, its consequence lines and the rules page's text.

The files of this folder are served at ``/static/games/paston/``; the generic pages load the
scripts and styles named here (``GET /api/games``) and ``register.js`` hands the renderer to
the page's registry.
"""

from __future__ import annotations

from pathlib import Path

from ....core.hooks.web import WebHooks, load_rules

__all__ = ["HOOKS"]

_HERE = Path(__file__).resolve().parent

HOOKS = WebHooks(
    assets=_HERE,
    scripts=("register.js",),
    hand_noun=("deal", "deals"),
    match_noun=("game", "games"),
    rules=load_rules(_HERE / "rules.json"),
    # The search bot answers at once at a table; its expected points are the hint's unit.
    lobby_bot="pimc",
    hint_value="points",
)
