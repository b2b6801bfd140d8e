"""Exact double-dummy solver for Paston card play.

Public API: :class:`Position`, :func:`solve`, :func:`card_values`, :func:`to_move`,
:func:`legal_cards`, :class:`Solver` (reusable transposition table) and :func:`clear`.
"""

from paston.games.paston.solver.api import (
    Position,
    Solver,
    card_name,
    card_values,
    clear,
    default_solver,
    legal_cards,
    solve,
    to_move,
)

__all__ = [
    "Position",
    "Solver",
    "card_name",
    "card_values",
    "clear",
    "default_solver",
    "legal_cards",
    "solve",
    "to_move",
]
