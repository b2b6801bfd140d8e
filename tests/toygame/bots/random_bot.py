"""Plays a random card of those it may play."""

from __future__ import annotations

import random

from paston.bots.base import Bot

from ..view import ToyView

__all__ = ["RandomBot"]


class RandomBot(Bot[ToyView]):
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: ToyView) -> int:
        return self.rng.choice(view.legal)
