"""Paston's sampling hooks: a deal ``seat`` cannot tell from the real one (like OpenSpiel's
``ResampleFromInfostate``).

The world comes from the bots' sampler (:class:`~.bots.worlds.WorldSampler`: uniform among
the deals consistent with the seat's view, void suits, marker facts and the bottom-card rule
included), built from the view alone, then the deal's history is replayed in it
(:func:`~.bots.worlds.replay_world`), so the copy has the same actions, the same legal moves
and the same information state for ``seat``.
"""

from __future__ import annotations

import random

from ...core.hooks.sampling import SamplingHooks
from .bots.worlds import WorldSampler, replay_world
from .state import Deal

__all__ = ["HOOKS", "resample"]


def resample(state: Deal, seat: int, rng: random.Random) -> Deal:
    """A copy of ``state`` whose cards hidden from ``seat`` are redealt consistently with
    everything ``seat`` has seen."""
    if state.is_over and not state.actions:
        # Thrown in as dealt (a spade run, the markers in the prikup): every card is shown,
        # so there is nothing to redeal.
        return state.copy()
    view = state.view(seat)
    return replay_world(view, WorldSampler(view).sample(rng))


HOOKS = SamplingHooks(resample=resample)
