"""Paris in the browser: the table renderer, its consequence lines and the rules page's text.

The files of this folder are served at ``/static/games/paris/``; the generic pages load the
scripts named here (``GET /api/games``) and ``register.js`` hands the renderer to the page's
registry. A Paris table plays whole games: one game is its "hand", a session of several games
its match.
"""

from __future__ import annotations

from pathlib import Path

from ....core.hooks.web import WebHooks, load_rules

__all__ = ["HOOKS"]

_HERE = Path(__file__).resolve().parent

HOOKS = WebHooks(
    assets=_HERE,
    scripts=("register.js",),
    hand_noun=("game", "games"),
    match_noun=("session", "sessions"),
    rules=load_rules(_HERE / "rules.json"),
    badge_colors=("#f3e3f7", "#4d1763"),
)
