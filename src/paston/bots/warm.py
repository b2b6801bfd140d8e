"""Warming the games' search bots up: what they compile on first use, loaded ahead of time.

Some search bots rest on numba kernels that numba cannot keep in its on-disk cache (the
Paskievics solver's search is recursive), so the first decision of a fresh process compiles
them: seconds of CPU while a person waits, charged to that person's bot budget. Each game
names that work in its play hooks (``PlayHooks.warm_up``); this module runs it, for the
server's bot workers (:mod:`paston.server.bot_worker`) and for the terminal, which warms up
in a thread while the player reads the first deal.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable

from ..core.registry import available, get_game

__all__ = ["warm_up", "warm_up_in_background"]

log = logging.getLogger(__name__)


def warm_up(games: Iterable[str] | None = None) -> dict[str, float]:
    """Run the warm-up of ``games`` (default: every installed game) in this process.

    Returns the CPU seconds each game's warm-up took (games with nothing to warm up are
    left out). A warm-up that fails is logged and skipped: the first decision then compiles
    as it would have anyway.
    """
    spent: dict[str, float] = {}
    for name in available() if games is None else games:
        info = get_game(name)
        hook = info.play.warm_up if info.offers("play") else None
        if hook is None:
            continue
        start = time.process_time()
        try:
            hook()
        except Exception:  # a warm-up only saves time: the bots still work without it
            log.exception("warming up the bots of %s failed", name)
            continue
        spent[name] = time.process_time() - start
    return spent


def warm_up_in_background(games: Iterable[str] | None = None) -> threading.Thread:
    """:func:`warm_up` in a daemon thread (started; join it to wait for the warm-up)."""
    names = None if games is None else list(games)
    thread = threading.Thread(target=warm_up, args=(names,), name="paston-warm-up", daemon=True)
    thread.start()
    return thread
