"""The terminal game loop of ``paston play`` (a person against bots, drawn with rich).

:mod:`.session` is the loop every game shares; :mod:`.paston` and :mod:`.paris` supply what
each game draws and parses.
"""

from __future__ import annotations

from .console import choice_lines, line_reader
from .paston import PROMPTS, PastonSession
from .session import BadInput, TerminalSession

__all__ = ["PROMPTS", "BadInput", "PastonSession", "TerminalSession", "choice_lines", "line_reader"]
