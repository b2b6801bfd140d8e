"""High card in the browser: ``toy.js``, the test renderer, served at ``/static/games/toy/``."""

from __future__ import annotations

from pathlib import Path

from paston.core.hooks.web import RulesSection, WebHooks

__all__ = ["HOOKS"]

_HERE = Path(__file__).resolve().parent

HOOKS = WebHooks(
    assets=_HERE,
    scripts=("toy.js",),
    hand_noun=("hand", "hands"),
    match_noun=("match", "matches"),
    rules=(
        RulesSection(
            "toy.rules.play",
            "Play",
            "Everyone plays one card a trick; the highest card takes it and leads the next.",
        ),
    ),
)
