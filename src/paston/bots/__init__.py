"""Bots of every game: the protocol, the registry by (game, name) and external bots.

A game offers its own bots through its play hooks (``GameInfo.play``); the registry finds
them there (:mod:`paston.bots.registry`).
"""

from __future__ import annotations

from .base import Bot, Choice
from .registry import BOT_NAMES, BotSpecError, bot_names, make_bot, register_bot

__all__ = ["BOT_NAMES", "Bot", "BotSpecError", "Choice", "bot_names", "make_bot", "register_bot"]
