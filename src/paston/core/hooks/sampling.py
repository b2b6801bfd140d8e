"""The sampling hook group: worlds consistent with one seat's knowledge.

Like OpenSpiel's ``ResampleFromInfostate``: a full state that the seat could not tell apart
from the real one, drawn with the game's own card-tracking (void suits, passed cards …).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["SamplingHooks"]


@dataclass(frozen=True, slots=True)
class SamplingHooks:
    #: ``resample(state, seat, rng) -> state``: a copy of ``state`` whose cards hidden from
    #: ``seat`` are redealt consistently with everything ``seat`` has seen.
    resample: Callable[[Any, int, random.Random], Any]
