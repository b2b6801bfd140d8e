"""The 52 card identities of Paris (two packs: each exists twice), their notation and order.

A card is an ``int`` from 0 to 51: ``rank * 4 + suit``, ranks ``3 4 5 6 7 8 9 T J Q K A 2``
= 0..12 (the rank number is the spec's v(r)) and suits ``C D H S`` = 0..3. So the card order of
the notation (by rank, then suit) is simply the order of the numbers. A multiset of cards (a hand,
face-up cards) is a list of 52 counts; the engine works on these plain integers for speed.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "CARD_NAMES",
    "NUM_CARDS",
    "RANK_CHARS",
    "SEVEN",
    "SUIT_CHARS",
    "TEN",
    "CardError",
    "card_name",
    "card_rank",
    "card_suit",
    "cards_from_counts",
    "counts_of",
    "format_cards",
    "parse_card",
    "rank_label",
]

NUM_CARDS = 52
RANK_CHARS = "3456789TJQKA2"
SUIT_CHARS = "CDHS"
#: The rank numbers of the two ranks with a power: the 7 (next play 3-7 or a 10), the 10 (burns).
SEVEN = RANK_CHARS.index("7")
TEN = RANK_CHARS.index("T")

CARD_NAMES: tuple[str, ...] = tuple(r + s for r in RANK_CHARS for s in SUIT_CHARS)

_RANK_INPUT = {ch: i for i, ch in enumerate(RANK_CHARS)}
_RANK_INPUT["10"] = TEN
_SUIT_INPUT = {ch: i for i, ch in enumerate(SUIT_CHARS)}
# Only the four black/filled symbols: the notation refuses the outlined ones and variation
# selectors.
_SUIT_INPUT.update({"♣": 0, "♦": 1, "♥": 2, "♠": 3})

# Every accepted spelling, built once: parsing a card is then one dictionary look-up.
_INPUT: dict[str, int] = {}
for _rank_text, _rank in _RANK_INPUT.items():
    for _suit_text, _suit in _SUIT_INPUT.items():
        for _spelling in {_rank_text + _suit_text, (_rank_text + _suit_text).lower()}:
            _INPUT[_spelling] = _rank * 4 + _suit
# Mixed case such as "tD" or "Td" is still "lower case" input for a person typing.
for _rank_text, _rank in _RANK_INPUT.items():
    for _suit_text, _suit in _SUIT_INPUT.items():
        _INPUT.setdefault(_rank_text.lower() + _suit_text, _rank * 4 + _suit)
        _INPUT.setdefault(_rank_text + _suit_text.lower(), _rank * 4 + _suit)


class CardError(ValueError):
    """A string is not a card of the notation."""


def card_rank(card: int) -> int:
    """The rank number, 0 (the 3) to 12 (the 2)."""
    return card >> 2


def card_suit(card: int) -> int:
    """The suit number: C D H S = 0..3."""
    return card & 3


def card_name(card: int) -> str:
    """Canonical two-character notation, e.g. ``7H``, ``TD``, ``2S``."""
    return CARD_NAMES[card]


def rank_label(rank: int) -> str:
    """How messages name a rank in the plural: ``3s``, ``Ts``."""
    return RANK_CHARS[rank] + "s"


def parse_card(text: str) -> int:
    """One card in any input form of the notation: canonical, lower case, ``10`` for ``T``,
    suit symbols ``♣ ♦ ♥ ♠``.

    >>> [card_name(parse_card(t)) for t in ("7H", "td", "10♦", "q♠", "2s")]
    ['7H', 'TD', 'TD', 'QS', '2S']
    """
    card = _INPUT.get(text)
    if card is None:
        raise CardError(
            f"not a card: {text!r} (a rank 3-9, T or 10, J, Q, K, A, 2 and a suit C D H S "
            "or ♣ ♦ ♥ ♠, e.g. 7H, 10♦, td)"
        )
    return card


def counts_of(cards: Iterable[int]) -> list[int]:
    """The multiset of ``cards`` as 52 counts."""
    counts = [0] * NUM_CARDS
    for card in cards:
        counts[card] += 1
    return counts


def cards_from_counts(counts: list[int]) -> list[int]:
    """The cards of a multiset of counts, in card order, duplicates adjacent."""
    out: list[int] = []
    for card, k in enumerate(counts):
        if k:
            out.extend([card] * k)
    return out


def format_cards(cards: Iterable[int]) -> list[str]:
    """Canonical strings of cards, sorted in card order."""
    return [CARD_NAMES[c] for c in sorted(cards)]
