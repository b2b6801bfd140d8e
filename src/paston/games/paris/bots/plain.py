"""The Paris ``plain`` bot: the yardstick every level must at least equal (not a lobby level).

It plays the way a plain player does, with no thought for what comes later: no swaps; the
lowest legal rank, every copy of it; 2s and 10s kept while anything else will do; a 10 at
once on a big pile (``burn_at`` cards or more); blind cards from the lowest slot. Like every
Paris bot it does not make the same choice again at a position that has come back
(:mod:`.cycles`), so a table of plain bots does not loop.
"""

from __future__ import annotations

import random

from ....bots.base import Bot
from ..view import ParisView
from .cycles import keys_to_avoid
from .moves import TEN, TWO, Move, move_of

__all__ = ["PlainBot", "plain_value"]


def plain_value(move: Move, pile: int, burn_at: int) -> float:
    """Higher is better: the lowest rank whole, 2s and 10s last, a 10 first on a big pile."""
    if move.kind == "ready":
        return 0.0
    if move.kind == "swap":
        # Up goes the hand card, down (into the hand) the face-up card: aces, kings … go up,
        # 2s and 10s come into the hand, where they are kept for need.
        gain = _up_worth(move.rank) - _up_worth(move.down_rank)
        return gain if gain > 0 else -1000.0
    if move.kind == "pickup":
        return -1000.0
    if move.kind == "blind":
        return -move.slot
    if move.rank == TEN:
        return 500.0 if pile >= burn_at else -200.0 + move.count
    rank = 50.0 if move.rank == TWO else float(move.rank)
    return -10.0 * rank + move.count


def _up_worth(rank: int) -> int:
    """How much a plain player wants a rank face up: high cards, but not the 2s and 10s."""
    return -1 if rank in (TWO, TEN) else rank


class PlainBot(Bot[ParisView]):
    """Lowest legal card, keeps 2s and 10s, burns big piles."""

    name = "plain"

    def __init__(self, seed: int | None = None, burn_at: int = 6) -> None:
        if burn_at < 1:
            raise ValueError(f"plain needs burn_at >= 1, not {burn_at}")
        self.rng = random.Random(seed)
        self.burn_at = int(burn_at)

    def act(self, view: ParisView) -> int:
        legal = view.legal
        if not legal:
            raise ValueError("the plain bot was asked to act, but it has no legal action")
        if len(legal) == 1:
            return legal[0]
        moves = [move_of(a) for a in legal]
        repeated = keys_to_avoid(view, moves, self.rng)
        fresh = [m for m in moves if m.key not in repeated]
        if not fresh:
            return legal[self.rng.randrange(len(legal))]
        return max(fresh, key=lambda m: plain_value(m, len(view.pile), self.burn_at)).action
