"""Paskievics in the browser: the table renderer (tarokk cards, the scoring lines), its styles,
its consequence lines and the rules page's text.

The files of this folder are served at ``/static/games/paskievics/``; the generic pages load
the scripts and styles named here (``GET /api/games``) and ``register.js`` hands the renderer
to the page's registry.
"""

from __future__ import annotations

from pathlib import Path

from ....core.hooks.web import WebHooks, load_rules

__all__ = ["HOOKS"]

_HERE = Path(__file__).resolve().parent

HOOKS = WebHooks(
    assets=_HERE,
    scripts=("register.js",),
    styles=("style.css",),
    hand_noun=("deal", "deals"),
    match_noun=("game", "games"),
    rules=load_rules(_HERE / "rules.json"),
)
