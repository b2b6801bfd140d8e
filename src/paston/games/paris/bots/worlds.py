"""Sampled worlds: play-phase states that agree with everything one seat knows.

A world deals the seat's unseen cards (:mod:`.knowledge`) at random to the places it cannot
see, the unknown part of every other hand, every face-down slot (the seat's own included) and
the deck, and builds the state with the engine's own constructor
(:meth:`~paston.games.paris.state.ParisState.from_position`) from the view's public items and
the seat's own hand. It never looks at the real game.
"""

from __future__ import annotations

import random

from ..state import ParisState
from ..view import ParisView
from .knowledge import Knowledge

__all__ = ["sample_world"]


def sample_world(view: ParisView, knowledge: Knowledge, rng: random.Random) -> ParisState:
    """One world consistent with ``view`` (the seat to act must be ``view.seat``)."""
    pool = list(knowledge.unseen.elements())
    rng.shuffle(pool)
    at = 0
    seats: list[tuple[list[int], list[int], list[int | None]]] = []
    for s in range(view.players):
        public = view.seats[s]
        hand = list(knowledge.known[s].elements())
        if s != view.seat:
            hand.extend(pool[at : at + knowledge.unknown_hand[s]])
            at += knowledge.unknown_hand[s]
        down: list[int | None] = [None, None, None]
        for slot in knowledge.face_down[s]:
            down[slot] = pool[at]
            at += 1
        seats.append((hand, list(public.face_up), down))
    deck = pool[at : at + knowledge.deck]
    return ParisState.from_position(
        view.players,
        view.dealer,
        seats,
        to_act=view.seat,
        deck=deck,
        pile=view.pile,
        burned=view.burned,
        finished=view.finished,
        turns=view.turns,
        rules=view.rules,
    )
