"""High card's worlds: the cards a seat has not seen, dealt again at random."""

from __future__ import annotations

import random

from paston.core.hooks.sampling import SamplingHooks

from .state import ToyState

__all__ = ["HOOKS", "resample"]


def resample(state: ToyState, seat: int, rng: random.Random) -> ToyState:
    """A hand ``seat`` cannot tell from ``state``: its own cards and every card played stay,
    the others' unplayed cards and the rest are redealt in the same numbers."""
    unseen = state.hidden_from(seat)
    rng.shuffle(unseen)
    hands: list[list[int]] = []
    for s in range(state.players):
        played = [c for p, c in state.played if p == s]
        if s == seat:
            hands.append(list(state.dealt[s]))
            continue
        missing = state.rules.hand_size - len(played)
        hands.append(played + [unseen.pop() for _ in range(missing)])
    world = ToyState(hands, unseen, state.dealer, state.rules)
    for action in state.actions:
        world.apply(action)
    return world


HOOKS = SamplingHooks(resample=resample)
