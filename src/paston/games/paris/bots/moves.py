"""Paris actions as the bots reason about them: kind, rank, count, slot.

Ranks are the values ``v(r)`` of ``paris.md`` §2 (``3`` is 0, ``T`` is 7, ``2`` is 12), as in
:mod:`paston.games.paris.cards`. Suits never change a rule, so two plays of the same rank and
count are the same move to a bot (:attr:`Move.key`). Decoding an action id is a table look-up
after the first time: the ids are fixed for the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import BLIND_BASE, COMBO_SIZE, COMBOS, PICKUP, READY, SWAP_BASE, action_str
from ..cards import NUM_CARDS, RANK_CHARS, SEVEN, TEN

__all__ = ["SEVEN", "TEN", "TWO", "Move", "move_of", "rank_name"]

TWO = RANK_CHARS.index("2")


def rank_name(rank: int) -> str:
    """How a rank is written for people (``T`` shows as ``10``)."""
    return "10" if rank == TEN else RANK_CHARS[rank]


@dataclass(frozen=True, slots=True)
class Move:
    """One decoded action id. A ``play`` has its ``rank`` and ``count``; a ``swap`` the rank of
    the hand card going up (``rank``) and of the face-up card coming down (``down_rank``); a
    ``blind`` its ``slot``. ``text`` is the canonical notation."""

    action: int
    kind: str  # "play", "pickup", "blind", "swap", "ready"
    text: str
    rank: int = -1
    count: int = 0
    slot: int = -1
    down_rank: int = -1

    @property
    def key(self) -> tuple[str, int, int]:
        """Moves with equal keys are the same to a bot (suits do not matter)."""
        if self.kind == "swap":
            return (self.kind, self.rank, self.down_rank)
        if self.kind == "blind":
            # Nobody knows a face-down card: every slot is the same choice.
            return (self.kind, 0, 0)
        return (self.kind, self.rank, self.count)


def _decode(action: int) -> Move:
    text = action_str(action)
    if action < SWAP_BASE:
        rank, sub = divmod(action, COMBOS)
        return Move(action, "play", text, rank=rank, count=COMBO_SIZE[sub + 1])
    if action < READY:
        up, down = divmod(action - SWAP_BASE, NUM_CARDS)
        return Move(action, "swap", text, rank=up >> 2, down_rank=down >> 2)
    if action == READY:
        return Move(action, "ready", text)
    if action == PICKUP:
        return Move(action, "pickup", text)
    return Move(action, "blind", text, slot=action - BLIND_BASE)


_MOVES: dict[int, Move] = {}


def move_of(action: int) -> Move:
    """The decoded form of a legal action id (raises ``ValueError`` for a bad id)."""
    move = _MOVES.get(action)
    if move is None:
        move = _MOVES[action] = _decode(action)
    return move
