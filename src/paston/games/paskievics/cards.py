"""The 42 cards of Paskievics, their notation (with the input aliases) and their card points.

A card is an ``int`` from 0 to 41 in the notation's canonical order: ``SK`` = 0, ``T21`` = 1 …
``T1`` = 21 (tarokk ``Tn`` is ``22 - n``), then the plain cards ``KH QH CH JH AH KD … TS``
= 22..41. Sorting card numbers therefore sorts them canonically, and a lower number is a higher
tarokk.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "CARD_NAMES",
    "CARD_POINTS",
    "HONOURS",
    "KINGS",
    "NUM_CARDS",
    "PAGAT",
    "SKIZ",
    "T20",
    "T21",
    "CardError",
    "card_name",
    "card_points",
    "format_cards",
    "is_tarokk",
    "parse_card",
    "suit_of",
    "tarokk",
]

NUM_CARDS = 42
SUITS = "HDCS"
_PLAIN_RANKS = {"H": "KQCJA", "D": "KQCJA", "C": "KQCJT", "S": "KQCJT"}

CARD_NAMES: tuple[str, ...] = (
    "SK",
    *tuple(f"T{n}" for n in range(21, 0, -1)),
    *tuple(rank + suit for suit in SUITS for rank in _PLAIN_RANKS[suit]),
)


def tarokk(n: int) -> int:
    """The card number of tarokk ``n`` (1 = Pagát … 21 = XXI, 22 = Skíz)."""
    return 22 - n


SKIZ = 0
T21 = tarokk(21)
T20 = tarokk(20)
T19 = tarokk(19)
T18 = tarokk(18)
PAGAT = tarokk(1)
HONOURS = frozenset({SKIZ, T21, PAGAT})
KINGS = frozenset(22 + 5 * i for i in range(4))


def is_tarokk(card: int) -> bool:
    return card < 22


def suit_of(card: int) -> int:
    """0..3 for hearts, diamonds, clubs, spades; 4 for a tarokk (the trump "suit")."""
    return 4 if card < 22 else (card - 22) // 5


def _points(card: int) -> int:
    if card in HONOURS:
        return 5
    if card < 22:
        return 1
    return (5, 4, 3, 2, 1)[(card - 22) % 5]


#: Card points by card number (they add up to 94).
CARD_POINTS: tuple[int, ...] = tuple(_points(c) for c in range(NUM_CARDS))


def card_points(cards: Iterable[int]) -> int:
    """The plain sum of the cards' values (spec §2.2: no counting in threes)."""
    return sum(CARD_POINTS[c] for c in cards)


_ROMAN = {
    1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII", 9: "IX", 10: "X",
    11: "XI", 12: "XII", 13: "XIII", 14: "XIV", 15: "XV", 16: "XVI", 17: "XVII", 18: "XVIII",
    19: "XIX", 20: "XX", 21: "XXI", 22: "XXII",
}  # fmt: skip

_INPUT: dict[str, int] = {name: i for i, name in enumerate(CARD_NAMES)}
_INPUT.update({roman: tarokk(n) for n, roman in _ROMAN.items()})
_INPUT["IIII"] = tarokk(4)
_INPUT.update({"SKIZ": SKIZ, "SKÍZ": SKIZ, "MOND": T21, "PAGAT": PAGAT, "PAGÁT": PAGAT})
_INPUT.update({"10C": _INPUT["TC"], "10S": _INPUT["TS"]})
_SYMBOLS = {"♥": "H", "♦": "D", "♣": "C", "♠": "S"}


class CardError(ValueError):
    """A string that is not a card of the notation (§2)."""


def parse_card(text: str) -> int:
    """The card a string names, canonical or alias, in any case.

    >>> [CARD_NAMES[parse_card(t)] for t in ("xxi", "Skíz", "pagat", "10♠", "k♥", "t7")]
    ['T21', 'SK', 'T1', 'TS', 'KH', 'T7']
    """
    if not isinstance(text, str):
        raise CardError(f"not a card: {text!r}")
    key = text.strip().upper()
    if key and key[-1] in _SYMBOLS:
        key = key[:-1] + _SYMBOLS[key[-1]]
    card = _INPUT.get(key)
    if card is None:
        raise CardError(f"not a card: {text!r}")
    return card


def card_name(card: int) -> str:
    return CARD_NAMES[card]


def format_cards(cards: Iterable[int]) -> list[str]:
    """Canonical names in canonical order."""
    return [CARD_NAMES[c] for c in sorted(cards)]
