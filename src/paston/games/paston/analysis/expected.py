"""Paston's expected values: every legal action valued in each world the seat could not tell
apart from the real deal (:mod:`.worlds`), by the solver or a policy rollout (:mod:`.rollout`),
then averaged with standard errors by the generic :func:`paston.analysis.expected.summarise`.
"""

from __future__ import annotations

import random
import time

from ....analysis.expected import (
    MIN_WORLDS,
    SCREEN_ABOVE,
    SCREEN_KEEP,
    SCREEN_WORLDS,
    Expectation,
    summarise,
    weighted_mean_se,
)
from ..bots.worlds import replay_world
from ..solver import Solver
from ..state import PLAY, Deal
from .rollout import Policy, play_situation, play_values, preplay_values
from .worlds import consistent_worlds

__all__ = ["expected_values", "values_in_deal"]


def values_in_deal(
    deal: Deal, seat: int, legal: list[int], policy: Policy, solver: Solver
) -> dict[int, float]:
    """Every legal action's value in one complete ``deal`` standing at the decision."""
    if deal.phase_id == PLAY:
        hands = (deal.hands[0], deal.hands[1], deal.hands[2])
        return play_values(play_situation(deal), hands, solver)
    return preplay_values(deal, seat, legal, policy, solver)


def expected_values(
    state: Deal,
    n_worlds: int,
    rng: random.Random,
    policy: Policy,
    solver: Solver,
    *,
    deadline: float | None = None,
    weighted: bool = True,
    taken: int | None = None,
    candidates: list[int] | None = None,
) -> Expectation:
    """Values of the legal actions of the seat to act in ``state`` over ``n_worlds`` worlds
    consistent with its view (fewer, but at least :data:`MIN_WORLDS`, once ``deadline`` --
    a ``time.monotonic()`` instant -- has passed). With many legal actions, only the best
    ones after a screening and ``taken`` are valued in every world (see SCREEN_ABOVE);
    ``candidates`` restricts the valuation to those actions (no screening)."""
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    legal = candidates if candidates is not None else state.legal_actions()
    worlds = consistent_worlds(view, n_worlds, rng, weighted=weighted)
    per_world: list[dict[int, float]] = []
    weights: list[float] = []
    active = legal
    screened = candidates is None and len(legal) > SCREEN_ABOVE and n_worlds > SCREEN_WORLDS
    for k, ww in enumerate(worlds):
        if deadline is not None and k >= MIN_WORLDS and time.monotonic() > deadline:
            break
        if screened and k == SCREEN_WORLDS:
            first = {a: weighted_mean_se([w[a] for w in per_world], weights)[0] for a in legal}
            keep = set(sorted(legal, key=lambda a: -first[a])[:SCREEN_KEEP])
            if taken is not None:
                keep.add(taken)
            active = [a for a in legal if a in keep]
        deal = replay_world(view, ww.world)
        per_world.append(values_in_deal(deal, seat, active, policy, solver))
        weights.append(ww.weight)
    return summarise(legal, per_world, weights)
