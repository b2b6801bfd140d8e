"""Dealing Paris (spec/paris.md §3): the reference shuffle for seeded deals and the deal order.

Seeded deals (``paston deal --game paris``, tests) use SplitMix64 and Fisher-Yates exactly as
§3.3 says, so that every implementation deals the same cards from a seed. Live play passes a
``random.Random``-like generator (a CSPRNG) instead.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .cards import NUM_CARDS
from .rules import DEFAULT_RULES, ParisRules
from .state import ParisState, hand_target

__all__ = [
    "Layout",
    "deal_game",
    "deal_layout",
    "fresh_pack",
    "reference_shuffle",
    "seeded_record",
    "splitmix64",
]

_MASK = (1 << 64) - 1

#: One seat's dealt cards: (face_down slots 0-2, face_up, hand), in the order dealt.
Layout = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def splitmix64(seed: int) -> Any:
    """The SplitMix64 generator of §3.3 as an endless iterator of 64-bit outputs.

    >>> gen = splitmix64(0)
    >>> hex(next(gen)), hex(next(gen)), hex(next(gen))
    ('0xe220a8397b1dcdaf', '0x6e789e6aa1b965f4', '0x6c45d188009454f')
    """
    state = seed & _MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield z ^ (z >> 31)


def fresh_pack() -> list[int]:
    """The 52 cards in card order, then the same 52 again (§3.3 step 1)."""
    return list(range(NUM_CARDS)) * 2


def reference_shuffle(seed: int) -> list[int]:
    """The pack shuffled from ``seed`` (0 ... 2**64-1) by §3.3; ``[0]`` is the top card."""
    if not 0 <= seed <= _MASK:
        raise ValueError(f"a seed is an integer 0 to 2**64-1, not {seed}")
    seq = fresh_pack()
    gen = splitmix64(seed)
    for i in range(len(seq) - 1, 0, -1):
        j = next(gen) % (i + 1)
        seq[i], seq[j] = seq[j], seq[i]
    return seq


def deal_layout(seq: Sequence[int], players: int, dealer: int) -> tuple[list[Layout], list[int]]:
    """Deal a pack one card at a time from the dealer's left (§3.2): 3 rounds face down
    (slot k in round k), 3 face up, H of hand; the rest is the deck, first to be drawn first."""
    n = players
    h = hand_target(n)
    parts: list[list[list[int]]] = [[[], [], []] for _ in range(n)]
    k = 0
    for part, rounds in ((0, 3), (1, 3), (2, h)):
        for _ in range(rounds):
            for j in range(n):
                parts[(dealer + 1 + j) % n][part].append(seq[k])
                k += 1
    layout = [(tuple(p[0]), tuple(p[1]), tuple(p[2])) for p in parts]
    return layout, list(seq[k:])


def deal_game(
    players: int,
    seed: int | None = None,
    dealer: int = 0,
    rules: ParisRules | None = None,
    rng: random.Random | None = None,
) -> ParisState:
    """A freshly dealt game in its swap phase: seeded by the reference shuffle, or shuffled
    by ``rng`` (live play; a system CSPRNG when neither is given)."""
    if not 2 <= players <= 9:
        raise ValueError(f"Paris is for 2 to 9 players, not {players}")
    if not 0 <= dealer < players:
        raise ValueError(f"the dealer must be a seat 0 to {players - 1}, not {dealer}")
    if seed is not None and rng is None:
        seq = reference_shuffle(seed)
    else:
        seq = fresh_pack()
        (rng or random.SystemRandom()).shuffle(seq)
    layout, deck = deal_layout(seq, players, dealer)
    return ParisState.from_layout(players, dealer, layout, deck, rules or DEFAULT_RULES)


def seeded_record(players: int, seed: int, dealer: int = 0) -> dict[str, Any]:
    """The ``paris-game/1`` record ``paston deal --game paris`` prints (no actions)."""
    from .record import game_record

    return game_record(deal_game(players, seed=seed, dealer=dealer))
