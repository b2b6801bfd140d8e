"""Playouts: a sampled world played on by the ``heuristic`` thumb rules at every seat.

The search bot values a move by how the game tends to end after it. A playout takes a state
(one sampled world, never the real game), lets every seat play the thumb rules of
:mod:`.policy` and returns the finishing position of the seat that asked. Thumb rules can loop
(``paris.md`` §9), so a playout stops after ``horizon`` turns and then ranks the seats still
in by the cards they hold, fewest first, as the turn limit does.
"""

from __future__ import annotations

from ..state import ParisState
from .moves import move_of
from .policy import best_move, situation

__all__ = ["estimated_position", "heuristic_action", "playout"]


def heuristic_action(state: ParisState) -> int:
    """The thumb rules' action for the seat to act in ``state``."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.to_act
    assert seat is not None
    sit = situation(state.held(seat), state.pile, state.deck_count)
    return best_move(sit, [move_of(a) for a in legal]).action


def estimated_position(state: ParisState, seat: int) -> float:
    """``seat``'s finishing position (0 = out first), exact once the game is over; else the
    seats still in are ranked after the finished ones by the cards they hold (ties shared)."""
    ranking = state.ranking
    if ranking is not None:
        return float(ranking.index(seat))
    finished = state.finished
    if seat in finished:
        return float(finished.index(seat))
    mine = state.held(seat)
    fewer = same = 0
    for other in range(state.players):
        if other == seat or state.has_finished(other):
            continue
        held = state.held(other)
        if held < mine:
            fewer += 1
        elif held == mine:
            same += 1
    return len(finished) + fewer + same / 2


def playout(state: ParisState, seat: int, horizon: int) -> float:
    """Play ``state`` on with the thumb rules (it is changed) until ``seat`` is out, the game
    is over or ``horizon`` turns have passed; ``seat``'s (estimated) finishing position."""
    stop = state.turns + horizon
    while not state.is_over and not state.has_finished(seat) and state.turns < stop:
        state.apply(heuristic_action(state))
    return estimated_position(state, seat)
