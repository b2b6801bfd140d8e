"""Log lines about failures that never carry a hidden card.

An exception's message may name cards (the engine explains an illegal play with the cards a
seat holds; a database error repeats the row it could not write), so failures are logged by
the exception's type and where it was raised, never by its message or a full traceback.
"""

from __future__ import annotations

import logging
import traceback

__all__ = ["log_failure"]


def where(exc: BaseException) -> str:
    """``file.py:LINE in function`` of the innermost frame, or ``?``."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return "?"
    last = frames[-1]
    return f"{last.filename.rsplit('/', 1)[-1]}:{last.lineno} in {last.name}"


def log_failure(logger: logging.Logger, what: str, exc: BaseException, *args: object) -> None:
    """Log ``what % args`` with the exception's type and place (no message, no traceback)."""
    logger.error(what + " (%s at %s)", *args, type(exc).__name__, where(exc))
