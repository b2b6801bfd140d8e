"""Paston's ``random`` bot: the game-independent :class:`~paston.bots.random_bot.RandomBot`,
registered for Paston (a baseline and a test partner)."""

from __future__ import annotations

from ....bots.random_bot import RandomBot
from ....bots.registry import register_bot

__all__ = ["RandomBot"]

register_bot(
    "random",
    RandomBot,
    description="a baseline that plays any legal card",
    label="Random",
)
