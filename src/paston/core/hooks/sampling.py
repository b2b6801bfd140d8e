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
    """How a game draws worlds for one seat (read by OpenSpiel's ``resample_from_infostate``
    and the search bots)."""

    #: ``resample(state, seat, rng) -> state``: a new state whose cards hidden from ``seat``
    #: are redealt consistently with everything ``seat`` has seen, with the same actions
    #: taken, so that ``seat``'s view and information state are the same as in ``state``
    #: (``state`` itself is left alone). It reads the hidden cards only to know where the
    #: seat cannot see, never to keep them there; everything it draws comes from ``rng``.
    #: A sampler that finds no world raises a :class:`RuntimeError` naming the seat (the
    #: game's ``SamplingError``).
    resample: Callable[[Any, int, random.Random], Any]
