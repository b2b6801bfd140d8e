"""The ``random`` bot of every game: a uniformly random legal action (a baseline and a test
partner).

It reads nothing but ``view.legal``, which every game's view has, so one class serves every
game; each game offers it in its play hooks under its own description.
"""

from __future__ import annotations

import random

from ..core.protocol import View
from .base import Bot

__all__ = ["RandomBot"]


class RandomBot(Bot[View]):
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> int:
        if not view.legal:
            raise ValueError("the random bot was asked to act, but it has no legal action")
        return view.legal[self.rng.randrange(len(view.legal))]
