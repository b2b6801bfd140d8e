"""Dealing (spec §3.1): a shuffled pack cut into the talon and the two batches of 5 and 4."""

from __future__ import annotations

import random

from .cards import NUM_CARDS

__all__ = ["deal_cards", "deal_from_deck"]


def deal_from_deck(
    deck: list[int], dealer: int, players: int = 4
) -> tuple[list[list[int]], list[int], int]:
    """Hands (``[]`` for a sitting-out dealer), talon and dealer from a deck in dealing order."""
    hands: list[list[int]] = [[] for _ in range(players)]
    order = [(dealer + 1 + i) % players for i in range(4)]
    talon = deck[:6]
    for i, seat in enumerate(order):
        hands[seat] = deck[6 + 5 * i : 11 + 5 * i] + deck[26 + 4 * i : 30 + 4 * i]
    return [sorted(h) for h in hands], talon, dealer


def deal_cards(
    rng: random.Random, dealer: int, players: int = 4
) -> tuple[list[list[int]], list[int], int]:
    """A fresh deal from ``rng``: the same generator state gives the same deal."""
    deck = list(range(NUM_CARDS))
    rng.shuffle(deck)
    return deal_from_deck(deck, dealer, players)
