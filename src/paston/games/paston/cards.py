"""Cards, suits and ranks of the 32-card Paston deck, their notation, and bit-set helpers.

A card is an ``int`` from 0 to 31: ``suit * 8 + rank``, suits ``S C D H`` = 0..3 and ranks
``7 8 9 T J Q K A`` = 0..7, so within a suit a higher number is a higher card. A set of cards
is an ``int`` bit mask (bit ``c`` set = card ``c`` present). The engine works on these plain
integers for speed; :class:`Suit` and :class:`Rank` name the parts for readable code.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum

__all__ = [
    "ALL_CARDS",
    "DECK_SIZE",
    "RANK_CHARS",
    "SUIT_CHARS",
    "SUIT_MASKS",
    "SUIT_NAMES",
    "CardError",
    "Rank",
    "Suit",
    "card_name",
    "card_rank",
    "card_suit",
    "cards_of",
    "format_cards",
    "mask_of",
    "parse_card",
    "parse_cards",
    "popcount",
    "sort_key",
    "sorted_cards",
]

DECK_SIZE = 32
ALL_CARDS = (1 << DECK_SIZE) - 1

SUIT_CHARS = "SCDH"
RANK_CHARS = "789TJQKA"
#: The Paston names of the suits, in suit order (spades = paston, clubs = glitch, ...).
SUIT_NAMES = ("paston", "glitch", "dineri", "gupa")
SUIT_ENGLISH = ("spades", "clubs", "diamonds", "hearts")
SUIT_ENGLISH_SINGULAR = ("spade", "club", "diamond", "heart")
SUIT_SYMBOLS = "♠♣♦♥"
SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))


class CardError(ValueError):
    """A string is not a card (or not a list of cards) in the notation."""


class Suit(IntEnum):
    """The four suits, in the notation's sort order."""

    S = 0
    C = 1
    D = 2
    H = 3

    @property
    def paston_name(self) -> str:
        """The suit's Paston name: paston, glitch, dineri or gupa."""
        return SUIT_NAMES[self]

    @property
    def english(self) -> str:
        return SUIT_ENGLISH[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]


class Rank(IntEnum):
    """The eight ranks, lowest first (A K Q J 10 9 8 7 from the top, in every suit)."""

    R7 = 0
    R8 = 1
    R9 = 2
    T = 3
    J = 4
    Q = 5
    K = 6
    A = 7

    @property
    def char(self) -> str:
        return RANK_CHARS[self]


def card_suit(card: int) -> int:
    """The suit number (0..3) of a card number."""
    return card >> 3


def card_rank(card: int) -> int:
    """The rank number (0 = 7 .. 7 = ace) of a card number."""
    return card & 7


def card_name(card: int) -> str:
    """Canonical two-character notation, e.g. ``AS``, ``TD``, ``7H``."""
    return RANK_CHARS[card & 7] + SUIT_CHARS[card >> 3]


def pretty_card(card: int) -> str:
    """Human form with a suit symbol, e.g. ``10♦``, ``A♠``."""
    rank = RANK_CHARS[card & 7]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[card >> 3]


#: The marker cards of the first-bidder and all-pass rules, and the cards of the spade run.
SEVEN_SPADES = 0
JACK_SPADES = 4
KING_SPADES = 6
ACE_SPADES = 7
SPADE_RUN = 0b0011_1111  # 7S 8S 9S TS JS QS


_SUIT_INPUT = {
    "S": 0,
    "C": 1,
    "D": 2,
    "H": 3,
    "♠": 0,
    "♣": 1,
    "♦": 2,
    "♥": 3,
    "♤": 0,
    "♧": 1,
    "♢": 2,
    "♡": 3,
}
_RANK_INPUT = {ch: i for i, ch in enumerate(RANK_CHARS)}
_RANK_INPUT["10"] = 3


def _parse_card_or_none(text: str) -> int | None:
    t = text.strip().upper()
    if len(t) < 2:
        return None
    suit = _SUIT_INPUT.get(t[-1])
    rank = _RANK_INPUT.get(t[:-1])
    if suit is None or rank is None:
        return None
    return suit * 8 + rank


_PARSE_CACHE: dict[str, int] = {}


def parse_card(text: str) -> int:
    """Parse one card: canonical ``TD``, or lower case, ``10`` for ``T``, suit symbols.

    >>> card_name(parse_card("10♦")), card_name(parse_card("a♠")), card_name(parse_card("td"))
    ('TD', 'AS', 'TD')
    """
    cached = _PARSE_CACHE.get(text)
    if cached is not None:
        return cached
    card = _parse_card_or_none(text)
    if card is None:
        raise CardError(
            f"not a card: {text!r} (a card is a rank 7 8 9 T/10 J Q K A and a suit "
            "S C D H or ♠ ♣ ♦ ♥, e.g. AS, 10♦, td)"
        )
    if len(_PARSE_CACHE) < 4096:
        _PARSE_CACHE[text] = card
    return card


def parse_cards(items: Iterable[str] | str) -> list[int]:
    """Parse several cards, given as a list of strings or one space/comma separated string."""
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    return [parse_card(item) for item in items]


def sort_key(card: int) -> int:
    """Key of the notation's output order: suits S C D H, ranks high to low."""
    return (card & ~7) | (7 - (card & 7))


def sorted_cards(cards: Iterable[int]) -> list[int]:
    """Cards in the notation's output order."""
    return sorted(cards, key=sort_key)


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of a collection of card numbers."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    """The card numbers in a bit mask, in the notation's output order (S C D H, high to low)."""
    out: list[int] = []
    for suit in range(4):
        bits = (mask >> (8 * suit)) & 0xFF
        while bits:
            top = bits.bit_length() - 1
            out.append(8 * suit + top)
            bits ^= 1 << top
    return out


def iter_bits(mask: int) -> Iterator[int]:
    """The card numbers in a bit mask, lowest number first (fast; order not canonical)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def popcount(mask: int) -> int:
    """Number of cards in a bit mask."""
    return mask.bit_count()


def format_cards(cards: Iterable[int]) -> list[str]:
    """Canonical strings of cards, in the notation's output order."""
    return [card_name(c) for c in sorted_cards(cards)]
