"""Bots: the protocol, the registry of bots by name, and the bots themselves."""

from __future__ import annotations

from .base import Bot, Choice
from .registry import BOT_NAMES, make_bot

__all__ = ["BOT_NAMES", "Bot", "Choice", "make_bot"]
