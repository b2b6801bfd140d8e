"""Paston's ``random`` bot: the game-independent :class:`~paston.bots.random_bot.RandomBot`,
offered for Paston by its play hooks (a baseline and a test partner)."""

from __future__ import annotations

from ....bots.random_bot import RandomBot

__all__ = ["RandomBot"]
