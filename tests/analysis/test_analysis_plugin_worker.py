"""The server's analysis of a game registered at run time (a plug-in, a test's toy game): the
worker process cannot load such a game by its name, so its deals are analysed in a thread of
the server's process, with the same result as the worker's."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

from paston.analysis import evaluator_for
from paston.core.registry import get_game, register_game, unregister_game
from paston.server.analysis_api import AnalysisService, Job, _run

SETTINGS = {"worlds": 2, "max_worlds": 2, "decision_seconds": None, "seed": 0}


def duel_record() -> dict[str, Any]:
    """A finished two-player Paris position: Ann plays both aces and is out."""
    record = {
        "format": "paris-position/1", "players": 2, "dealer": 1,
        "seats": [{"hand": ["4D", "AS", "AH"], "face_up": [], "face_down": [None] * 3},
                  {"hand": [], "face_up": ["4C"], "face_down": [None] * 3}],
        "deck": [], "pile": ["3H"], "burned": 0, "finished": [], "to_act": 0, "turns": 10,
        "actions": ["play AS AH"], "meta": {"players": ["Ann", "Bob"]},
    }  # fmt: skip
    return record


def test_a_registered_game_is_analysed_in_a_thread_like_in_the_worker() -> None:
    copy = dataclasses.replace(get_game("paris"), name="pariscopy")
    register_game(copy)
    service = AnalysisService()
    try:
        record = duel_record()
        kind, names, total = evaluator_for("pariscopy").outline(record)
        job = Job(total=total, names=names, kind=kind, settings=dict(SETTINGS))
        asyncio.run(_run(service, job, record, "pariscopy"))
        assert job.error is None and job.result is not None
        assert service._pool is None  # no worker process was started for it
        shipped = Job(total=total, names=names, kind=kind, settings=dict(SETTINGS))
        asyncio.run(_run(service, shipped, record, "paris"))
        assert shipped.result == job.result
        assert job.result["deals"][0]["decisions"]
    finally:
        service.drop_pool()
        unregister_game("pariscopy")
