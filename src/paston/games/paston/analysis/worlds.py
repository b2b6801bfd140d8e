"""Worlds for a decision: complete deals consistent with what the deciding seat knew.

The worlds come from the bots' own :class:`~paston.games.paston.bots.worlds.WorldSampler`
(uniform over the deals that fit the seat's view: its cards, the cards played, the voids
shown, the marker facts). Like ``wpimc``, each world is then weighted by how likely the other
seats' bids, whists and contract were in it
(:func:`~paston.games.paston.bots.wpimc.decision_likelihood`). We keep the worlds and their
weights as an importance sample instead of resampling them, because the weights are what the
standard error of an expected value needs (:mod:`.expected`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..bots.worlds import World, WorldSampler
from ..bots.wpimc import decision_likelihood
from ..view import SeatView

__all__ = ["WeightedWorld", "consistent_worlds", "effective_size"]


@dataclass(frozen=True, slots=True)
class WeightedWorld:
    """One deal that fits the view, with its relative likelihood (weights sum to 1)."""

    world: World
    weight: float


def consistent_worlds(
    view: SeatView, n: int, rng: random.Random, *, weighted: bool = True
) -> list[WeightedWorld]:
    """``n`` worlds that fit ``view``, weighted by the others' decisions unless told not to."""
    if n < 1:
        raise ValueError(f"the number of worlds must be at least 1, not {n}")
    worlds = WorldSampler(view).sample_many(n, rng)
    raw = [decision_likelihood(view, w) if weighted else 1.0 for w in worlds]
    total = sum(raw)
    if total <= 0:  # every world equally unlikely: fall back to uniform weights
        raw, total = [1.0] * n, float(n)
    return [WeightedWorld(w, r / total) for w, r in zip(worlds, raw, strict=True)]


def effective_size(worlds: list[WeightedWorld]) -> float:
    """Kish's effective sample size of the weights: n when uniform, less when skewed."""
    squares = sum(w.weight * w.weight for w in worlds)
    return 1.0 / squares if squares > 0 else 0.0
