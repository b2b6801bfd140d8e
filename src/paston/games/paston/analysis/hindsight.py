"""Hindsight: the value of every action with all the cards known (the old double-dummy grade).

The same valuation as :mod:`.expected`, in the one real deal instead of the worlds the seat
could not tell apart: card play by the double-dummy solver, the decisions before the play by
the same policy rollout. The difference between the hindsight loss and the
expected loss is what the analysis calls luck: the part of the damage the player could not
have seen coming (or, when negative, was spared by the cards).
"""

from __future__ import annotations

from ..solver import Solver
from ..state import Deal
from .expected import values_in_deal
from .rollout import Policy

__all__ = ["hindsight_values"]


def hindsight_values(state: Deal, policy: Policy, solver: Solver) -> dict[int, float]:
    """Each legal action's value for the seat to act in the real deal ``state``."""
    seat = state.to_act
    assert seat is not None
    return values_in_deal(state.copy(), seat, state.legal_actions(), policy, solver)
