"""The terminal game loop of ``paston play`` (a person against bots, drawn with rich)."""

from __future__ import annotations

from .session import PROMPTS, TerminalSession, choice_lines, line_reader

__all__ = ["PROMPTS", "TerminalSession", "choice_lines", "line_reader"]
