"""The Paskievics ``random`` bot: the game-independent
:class:`~paston.bots.random_bot.RandomBot`, registered for Paskievics (a baseline)."""

from __future__ import annotations

from ....bots.random_bot import RandomBot
from ....bots.registry import register_bot

__all__ = ["RandomBot"]

register_bot(
    "random",
    RandomBot,
    game="paskievics",
    description="Plays a random legal action: a baseline to measure the others against.",
)
