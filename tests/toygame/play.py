"""High card's play hooks: a random bot and a simple one, rated by the hands' results."""

from __future__ import annotations

from paston.bots.registry import lazy_factory
from paston.core.hooks.play import BotInfo, PlayHooks

from .actions import parse_action

__all__ = ["HOOKS"]

HOOKS = PlayHooks(
    bots=(
        BotInfo("random", "plays a random card", lazy_factory(f"{__package__}.bots.random_bot",
                "RandomBot"), True, "Random"),
        BotInfo("heuristic", "takes a trick as cheaply as it can, else throws its worst card",
                lazy_factory(f"{__package__}.bots.heuristic", "HeuristicBot"), True, "Simple"),
    ),
    default_bot="heuristic",
    hint_bot="heuristic",
    rating_kind="placing",
    parse_action=parse_action,
)  # fmt: skip
