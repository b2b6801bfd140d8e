"""The Paris ``random`` bot: a uniformly random legal action (a baseline and a test partner)."""

from __future__ import annotations

import random

from ....bots.base import Bot
from ....bots.registry import register_bot
from ..view import ParisView

__all__ = ["RandomBot"]


class RandomBot(Bot[ParisView]):
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: ParisView) -> int:
        if not view.legal:
            raise ValueError("the random bot was asked to act, but it has no legal action")
        return view.legal[self.rng.randrange(len(view.legal))]


register_bot(
    "random",
    RandomBot,
    game="paris",
    description="Plays a random legal action: a baseline to measure the others against.",
)
