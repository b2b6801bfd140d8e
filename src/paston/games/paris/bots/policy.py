"""The rules of thumb of the ``heuristic`` bot, as values of moves in a situation.

The same values drive the ``heuristic`` bot (from a seat's view) and the playouts of the
search bot (from a sampled world), so this module knows nothing of views or states: it
values :class:`~paston.games.paris.bots.moves.Move` objects in a :class:`Situation`.

The thumb rules (``paris.md`` for the rules themselves):

* **Swaps.** The face-up cards are played last, on whatever pile is left when the deck is
  gone, so the best of the hand and face-up cards go face up: 10s (they go on anything), then
  2s, aces, kings … Low cards stay in the hand, where they are shed early.
* **Plays.** Shed the lowest playable rank, every copy of it at once; keep 2s and 10s for when
  they matter (a 2 is merely the highest card, a 10 burns the pile whatever is on it). A 10 is
  worth more the bigger the pile it burns. Completing four of a kind burns the pile and earns
  another play: always worth it. Going out beats everything.
* **Pick-up** only when forced (or, under ``voluntary_pickup``, never by choice).
* **Blind plays** are all alike (nobody knows the cards): the lowest slot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .moves import SEVEN, TEN, TWO, Move, rank_name

__all__ = [
    "Situation",
    "best_move",
    "face_up_value",
    "move_value",
    "play_reason",
    "play_value",
    "situation",
    "swap_value",
    "value_moves",
]

#: Value of going out with a play: nothing else comes close.
GO_OUT = 1000.0
#: Value of a burn by four of a kind (plus the size of the pile burned).
FOUR_BURN = 200.0
#: Value of an ordinary play of the lowest rank; each rank step up costs RANK_STEP.
LOW_PLAY = 60.0
RANK_STEP = 4.0
#: Bonus per card shed in one play, and the cost of splitting a rank (keeping some copies).
PER_CARD = 3.0
SPLIT = 8.0
#: A 10 is worth TEN_PER_CARD per card of the pile it burns, less TEN_COST for spending it.
TEN_PER_CARD = 4.0
TEN_COST = 20.0
#: Once the deck is gone, every card shed counts: 10s and 2s are spent more readily.
ENDGAME_BONUS = 10.0
PICKUP = -100.0


@dataclass(frozen=True, slots=True)
class Situation:
    """What the thumb rules look at, for the seat to act (all of it known to that seat)."""

    #: Cards the seat holds in all (hand, face-up and face-down).
    held: int
    #: The pile: its size, the rank of its top card (-1 when empty) and how many cards of
    #: that rank lie on top in an unbroken run.
    pile_size: int
    top: int
    run: int
    deck: int


def situation(held: int, pile: Sequence[int], deck: int) -> Situation:
    """The situation of a seat holding ``held`` cards, ``pile`` as card numbers (bottom to
    top), ``deck`` cards left to draw."""
    if not pile:
        return Situation(held, 0, -1, 0, deck)
    top = pile[-1] >> 2
    run = 1
    i = len(pile) - 2
    while i >= 0 and pile[i] >> 2 == top:
        run += 1
        i -= 1
    return Situation(held, len(pile), top, run, deck)


def face_up_value(rank: int) -> int:
    """How much a card is wanted face up: 10 first, then 2, A, K, … 3 last."""
    return 13 if rank == TEN else rank


def swap_value(move: Move) -> float:
    """A swap's gain in face-up value (hand card up, face-up card down)."""
    return float(face_up_value(move.rank) - face_up_value(move.down_rank))


def play_value(sit: Situation, move: Move, held: int) -> float:
    """The value of a ``play`` in ``sit``; ``held`` is how many cards of its rank the seat
    could play at once."""
    rank, count = move.rank, move.count
    if count == sit.held and sit.deck == 0:
        return GO_OUT
    run = (sit.run if sit.top == rank else 0) + count
    if run >= 4:
        return FOUR_BURN + sit.pile_size + count
    endgame = ENDGAME_BONUS if sit.deck == 0 else 0.0
    if rank == TEN:
        return TEN_PER_CARD * sit.pile_size - TEN_COST + endgame
    value = LOW_PLAY - RANK_STEP * rank + PER_CARD * count
    if count < held:
        value -= SPLIT
    if rank == TWO:
        value += endgame
    if run == 3:
        # Three of a kind on top invites the next player to burn it.
        value -= 2.0
    return value


def play_reason(sit: Situation, move: Move, held: int) -> str:
    """What a ``play`` does, in a few words (the reason :func:`play_value` sees)."""
    rank, count = move.rank, move.count
    if count == sit.held and sit.deck == 0:
        return "goes out"
    if (sit.run if sit.top == rank else 0) + count >= 4:
        pile = sit.pile_size + count
        return f"completes four {rank_name(rank)}s: burns {pile} cards and plays again"
    if rank == TEN:
        if sit.pile_size == 0:
            return "spends a 10 on an empty pile"
        return f"burns {sit.pile_size} cards with a 10 and plays again"
    reason = f"sheds {count} × {rank_name(rank)}"
    if count < held:
        reason += f", keeps {held - count}"
    if rank == TWO:
        reason += " (only a 2 or a 10 beats it; kept for need)"
    elif rank == SEVEN:
        reason += " (the next play must be 7 or lower)"
    return reason


def _most_by_rank(moves: Sequence[Move]) -> list[int]:
    # Every sub-multiset of a playable rank is legal, so the biggest play of a rank is how
    # many of it the seat can play.
    most = [0] * 13
    for move in moves:
        if move.kind == "play" and move.count > most[move.rank]:
            most[move.rank] = move.count
    return most


def move_value(sit: Situation, move: Move, most: Sequence[int]) -> float:
    """The value of any move; ``most[r]``: the biggest legal play of rank r."""
    kind = move.kind
    if kind == "play":
        return play_value(sit, move, most[move.rank])
    if kind == "pickup":
        return PICKUP - sit.pile_size
    if kind == "blind":
        return -0.01 * move.slot
    if kind == "swap":
        gain = swap_value(move)
        # A swap that gains nothing loses to ``ready``: no pointless churn.
        return gain if gain > 0 else gain - 1.0
    return 0.0


def best_move(sit: Situation, moves: Sequence[Move]) -> Move:
    """The move of highest value (the first of equals, so the legal list's order breaks
    ties)."""
    most = _most_by_rank(moves)
    best = moves[0]
    best_value = move_value(sit, best, most)
    for move in moves[1:]:
        value = move_value(sit, move, most)
        if value > best_value:
            best, best_value = move, value
    return best


def value_moves(sit: Situation, moves: Sequence[Move]) -> list[tuple[float, str]]:
    """Value and reason of each move (same order), higher is better."""
    most = _most_by_rank(moves)
    out: list[tuple[float, str]] = []
    for move in moves:
        value = move_value(sit, move, most)
        if move.kind == "play":
            reason = play_reason(sit, move, most[move.rank])
        elif move.kind == "pickup":
            reason = f"picks up {sit.pile_size} cards"
        elif move.kind == "blind":
            reason = f"turns over face-down slot {move.slot}"
        elif move.kind == "swap":
            _, up, down = move.text.split()
            reason = f"puts {up} face up for {down}"
        else:
            reason = "keeps the face-up cards as they are"
        out.append((value, reason))
    return out
