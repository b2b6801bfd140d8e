"""Exact card-point double-dummy solver for the play phase of Paskievics.

Public API: :class:`PlayPosition`, :class:`Solver` (owns a reusable transposition table),
:func:`solve`, :func:`legal_cards`; :mod:`.bruteforce` is the plain-minimax oracle of the tests.
"""

from .api import PlayPosition, Solver, legal_cards, solve

__all__ = ["PlayPosition", "Solver", "legal_cards", "solve"]
