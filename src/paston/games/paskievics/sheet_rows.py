"""The score sheet's row of a finished Paskievics deal (the table hook ``score_row``).

Besides each seat's score and the running totals, a row tells what the deal was in the game's
own units: the game bid (Three, Two, One, Solo), the declarer and the partner (public once the
deal is over), the card points of the declarer's side (of 94) and its tricks, the deal's value
``V`` in game points before the multiplier, or why the deal was thrown in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import LEVELS
from .state import PaskievicsState

__all__ = ["score_row"]


def score_row(state: PaskievicsState, number: int, totals: Sequence[float]) -> dict[str, Any]:
    """One row of the table's score sheet for the finished deal ``state``."""
    if not state.is_over:
        raise ValueError("a Paskievics deal is a score-sheet row only once it is over")
    played = state.thrown_in is None and state.contract is not None
    facts = state.facts
    return {
        "deal": number,
        "dealer": state.dealer,
        "declarer": state.declarer if played else None,
        "partner": state.partner if played and not state.alone else None,
        "alone": bool(state.alone) if played else None,
        "contract": LEVELS[state.contract] if played and state.contract is not None else None,
        # Card points and tricks of the declarer's side; a Three scored without play has none.
        "card_points": facts.points_d if played and facts is not None else None,
        "tricks": facts.tricks_d if played and facts is not None else None,
        "value": state.value if played else None,
        "thrown_in": state.thrown_in,
        "scores": list(state.scores or [0] * state.seats),
        "totals": list(totals),
    }
