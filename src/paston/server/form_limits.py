"""The limits of what people type and choose, shared by the server and the lobby's form.

The server checks every request against these numbers; ``GET /api/limits`` serves them so the
lobby's ``maxlength``, ``min``/``max`` and its own checks are the very same numbers (a form the
page accepts is never refused for a length the page did not know).
"""

from __future__ import annotations

from typing import Any

from .pace import DEFAULT_PACE, PACES, PUBLIC_PACES, TEST_PACE

__all__ = [
    "CHAT_MAX",
    "DEAL_PAUSE_MAX",
    "GRACE_MAX",
    "HINT_LIMIT_MAX",
    "MOVE_TIMER_MAX",
    "MOVE_TIMER_MIN",
    "NICKNAME_MAX",
    "TABLE_NAME_MAX",
    "TIME_BANK_DEFAULT",
    "TIME_BANK_MAX",
    "form_limits",
]

#: Longest nickname and table name (code points, after NFC), and chat line.
NICKNAME_MAX = 24
TABLE_NAME_MAX = 60
CHAT_MAX = 500
#: Bounds of the timing settings of a table (seconds).
MOVE_TIMER_MIN = 1
MOVE_TIMER_MAX = 3600
GRACE_MAX = 86400
DEAL_PAUSE_MAX = 60
HINT_LIMIT_MAX = 50
#: Each seat's time bank with a move timer: seconds per match, spent once a move's own time
#: is up (:mod:`paston.server.time_bank`).
TIME_BANK_DEFAULT = 30
TIME_BANK_MAX = 600


def form_limits(test_pace: bool = False) -> dict[str, Any]:
    """The limits as ``GET /api/limits`` serves them (``test_pace``: a test server, whose
    tables play at the ``instant`` pace unless the form says otherwise)."""
    paces = (*PUBLIC_PACES, TEST_PACE) if test_pace else PUBLIC_PACES
    return {
        "nickname": {"max_length": NICKNAME_MAX},
        "table_name": {"max_length": TABLE_NAME_MAX},
        "chat": {"max_length": CHAT_MAX},
        "move_timer": {"min": MOVE_TIMER_MIN, "max": MOVE_TIMER_MAX, "none": 0},
        "time_bank": {"min": 0, "max": TIME_BANK_MAX, "default": TIME_BANK_DEFAULT},
        "grace": {"min": 0, "max": GRACE_MAX},
        "deal_pause": {"min": 0, "max": DEAL_PAUSE_MAX},
        "hint_limit": {"min": 0, "max": HINT_LIMIT_MAX},
        "pace": {
            "default": TEST_PACE if test_pace else DEFAULT_PACE,
            "choices": [{"name": p, "about": PACES[p].about} for p in paces],
        },
    }
