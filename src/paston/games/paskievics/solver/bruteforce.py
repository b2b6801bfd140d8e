"""Reference card-point solver: plain minimax over every legal card, no pruning, no table.

Written apart from :mod:`.core` (list-based rules code straight from spec §9, no equivalent
cards, no bounds) so that the tests can use it as an oracle. Exponential: only for positions
of a few cards per hand.
"""

from __future__ import annotations

from ..cards import CARD_POINTS, PAGAT, is_tarokk, suit_of
from .api import PlayPosition


def _legal(hand: list[int], trick: list[int], holds_back: bool) -> list[int]:
    if not trick:
        legal = list(hand)
    else:
        led = suit_of(trick[0])
        legal = [c for c in hand if suit_of(c) == led]
        if not legal:
            legal = [c for c in hand if is_tarokk(c)] or list(hand)
    if holds_back and PAGAT in legal and len(legal) > 1:
        legal.remove(PAGAT)
    return legal


def _winner(trick: list[int]) -> int:
    """Index of the winning card: the highest tarokk, else the highest card of the suit led."""
    tarokks = [i for i, c in enumerate(trick) if is_tarokk(c)]
    if tarokks:
        return min(tarokks, key=lambda i: trick[i])  # a lower number is a higher tarokk
    led = suit_of(trick[0])
    return min((i for i, c in enumerate(trick) if suit_of(c) == led), key=lambda i: trick[i])


def brute_force(pos: PlayPosition) -> int:
    """Side D's card points from now on (current trick included) under perfect play."""
    hands = [[c for c in range(42) if h >> c & 1] for h in pos.hands]

    def rec(leader: int, trick: list[int]) -> int:
        if len(trick) == 4:
            win = (leader + _winner(trick)) % 4
            got = sum(CARD_POINTS[c] for c in trick) if win in pos.side_d else 0
            if not hands[win]:
                return got
            return got + rec(win, [])
        place = (leader + len(trick)) % 4
        values = []
        for card in _legal(hands[place], trick, place in pos.holdback):
            hands[place].remove(card)
            values.append(rec(leader, [*trick, card]))
            hands[place].append(card)
        return max(values) if place in pos.side_d else min(values)

    return rec(pos.leader, list(pos.trick))
