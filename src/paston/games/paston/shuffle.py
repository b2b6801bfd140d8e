"""The seeded dealing procedure of spec/rules.md §3: shuffle, cut, bottom-7♠ check, deal 2-2-2-P."""

from __future__ import annotations

import random

from .cards import SEVEN_SPADES
from .rules import DEFAULT_RULES, Rules
from .state import REDEAL, Deal

__all__ = ["DEAL_ORDER", "deal_cards", "deal_from_deck", "deal_until_playable", "shuffled_deck"]

# DEAL_ORDER[i] = who receives deck[i], relative to the dealer: 0 = left, 1 = right,
# 2 = dealer, 3 = prikup (§3.2: 2 each from the left, the prikup, then four rounds of 2).
DEAL_ORDER: tuple[int, ...] = (0, 0, 1, 1, 2, 2, 3, 3) + (0, 0, 1, 1, 2, 2) * 4


def _shuffle(rng: random.Random, deck: list[int]) -> None:
    """``rng.shuffle(deck)``, draw for draw: the same Fisher-Yates swaps, each index drawn by
    rejection from ``getrandbits`` as ``random.Random`` does, without its per-draw method
    calls (a third of the cost of dealing)."""
    getrandbits = rng.getrandbits
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]


def shuffled_deck(rng: random.Random, rules: Rules = DEFAULT_RULES) -> list[int]:
    """A shuffled and cut deck whose bottom card (``deck[31]``) is not 7♠ (unless the
    ``bottom_7s_reshuffle`` flag is off). The cut is a random rotation of the pack."""
    while True:
        deck = list(range(32))
        if type(rng) is random.Random:
            _shuffle(rng, deck)
        else:
            rng.shuffle(deck)
        cut = rng.randrange(1, 32)
        deck = deck[cut:] + deck[:cut]
        if deck[31] != SEVEN_SPADES or not rules.bottom_7s_reshuffle:
            return deck


def deal_from_deck(
    deck: list[int], dealer: int, first_deal: bool = True, rules: Rules = DEFAULT_RULES
) -> Deal:
    """Deal a deck (``deck[0]`` on top) in the order of §3.2 and return the deal."""
    if sorted(deck) != list(range(32)):
        raise ValueError("a deck is the 32 card numbers, each once")
    return _deal_checked_deck(deck, dealer, first_deal, rules)


def _deal_checked_deck(deck: list[int], dealer: int, first_deal: bool, rules: Rules) -> Deal:
    """:func:`deal_from_deck` of a deck known to hold each card once."""
    masks = [0, 0, 0, 0]
    for card, to in zip(deck, DEAL_ORDER, strict=True):
        masks[to] |= 1 << card
    hands = [0, 0, 0]
    hands[(dealer + 1) % 3] = masks[0]
    hands[(dealer + 2) % 3] = masks[1]
    hands[dealer] = masks[2]
    return Deal(hands, masks[3], dealer=dealer, first_deal=first_deal, rules=rules)


def deal_cards(
    seed: int | None = None,
    dealer: int = 0,
    first_deal: bool = True,
    rules: Rules = DEFAULT_RULES,
    rng: random.Random | None = None,
) -> Deal:
    """One pass of the dealing procedure. The result may be a redeal (its ``phase`` is
    ``redeal``: a spade run, or J♠ and 7♠ both in the prikup on a first deal)."""
    if rng is None:
        rng = random.Random(seed)
    # A shuffled deck holds each card once: no need to check it again.
    return _deal_checked_deck(shuffled_deck(rng, rules), dealer, first_deal, rules)


def deal_until_playable(
    seed: int | None = None,
    dealer: int = 0,
    first_deal: bool = True,
    rules: Rules = DEFAULT_RULES,
    rng: random.Random | None = None,
) -> list[Deal]:
    """Deal until a deal can be bid; returns the redealt deals (if any) and then that deal.
    The same dealer deals again after a redeal (§3.5)."""
    if rng is None:
        rng = random.Random(seed)
    out = [deal_cards(dealer=dealer, first_deal=first_deal, rules=rules, rng=rng)]
    while out[-1].phase_id == REDEAL:
        out.append(deal_cards(dealer=dealer, first_deal=first_deal, rules=rules, rng=rng))
    return out
