"""Dealing (spec §3.1): a shuffled pack cut into the talon and the two batches of 5 and 4."""

from __future__ import annotations

import random
from typing import Any

from .cards import NUM_CARDS

__all__ = ["deal_cards", "deal_from_deck", "seeded_record"]


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


def seeded_record(players: int, seed: int, dealer: int = 0) -> dict[str, Any]:
    """The ``paskievics-deal/1`` record ``paston deal --game paskievics`` prints (no actions):
    the deal of ``random.Random(seed)`` (Python's Mersenne Twister; not a cross-language
    reference shuffle)."""
    from .cards import CARD_NAMES

    if players not in (4, 5):
        raise ValueError(f"Paskievics is for 4 or 5 players, not {players}")
    hands, talon, dealer = deal_cards(random.Random(seed), dealer, players)
    record: dict[str, Any] = {"format": "paskievics-deal/1", "rules": {}}
    if players == 5:
        record["rules"] = {"players": 5}
    record.update(
        {
            "dealer": dealer,
            "hands": [[CARD_NAMES[c] for c in hand] for hand in hands],
            "talon": [CARD_NAMES[c] for c in talon],
            "actions": [],
        }
    )
    return record
