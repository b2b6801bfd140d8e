"""The terminal game loop of ``paston play`` (a person against bots, drawn with rich).

:mod:`.session` is the loop; :mod:`.generic` its one session for every game, which knows a
game only through its ``GameInfo`` and terminal hooks (``paston.core.hooks.terminal``).
"""

from __future__ import annotations

from .console import choice_lines, line_reader
from .generic import GameSession, ProtocolSession
from .session import BadInput, TerminalSession

__all__ = [
    "BadInput",
    "GameSession",
    "ProtocolSession",
    "TerminalSession",
    "choice_lines",
    "line_reader",
]
