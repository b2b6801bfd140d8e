"""The Paskievics ``random`` bot: the game-independent
:class:`~paston.bots.random_bot.RandomBot`, offered for Paskievics by its play hooks (a
baseline)."""

from __future__ import annotations

from ....bots.random_bot import RandomBot

__all__ = ["RandomBot"]
