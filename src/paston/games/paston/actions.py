"""Actions as small integers (the engine's and research APIs' form) and their notation strings.

Every action of every phase has one integer id, the way OpenSpiel numbers actions:

======================  ============================================
ids                     action
======================  ============================================
0 .. 31                 play that card (the card's number)
32                      ``pass`` (in the auction and as a defender)
33 .. 37                bid ``paston`` .. ``grkha`` (32 + level)
38 .. 42                ``declare paston`` .. ``declare grkha`` (37 + level)
43                      ``surrender``
44                      ``whist``
45 .. 540               ``discard C1 C2`` (45 + index of the card pair)
======================  ============================================
"""

from __future__ import annotations

from .cards import CardError, card_name, parse_card, sort_key

__all__ = [
    "BID_BASE",
    "CONTRACT_NAMES",
    "DECLARE_BASE",
    "DISCARD_BASE",
    "GRKHA",
    "MULTIPLIER",
    "NUM_ACTIONS",
    "PASS",
    "SURRENDER",
    "TRUMP_OF",
    "WHIST",
    "ActionParseError",
    "action_str",
    "bid_action",
    "contract_name",
    "declare_action",
    "discard_action",
    "discard_cards",
    "is_bid",
    "is_card",
    "is_declare",
    "is_discard",
    "parse_action",
]

PASS = 32
BID_BASE = 32  # bid of level L (1..5) is BID_BASE + L
DECLARE_BASE = 37  # declaring contract level L is DECLARE_BASE + L
SURRENDER = 43
WHIST = 44
DISCARD_BASE = 45
NUM_ACTIONS = DISCARD_BASE + 32 * 31 // 2

#: Contract levels 1..5 (index 0 unused): the ladder of spec §1.
PASTON, GLITCH, DINERI, GUPA, GRKHA = 1, 2, 3, 4, 5
CONTRACT_NAMES = ("", "paston", "glitch", "dineri", "gupa", "grkha")
CONTRACT_LETTERS = ("", "P", "G", "D", "U", "PG")
#: The trump suit of each contract level (grkha plays with spades, like paston).
TRUMP_OF = (-1, 0, 1, 2, 3, 0)
MULTIPLIER = (0, 1, 2, 3, 4, 4)

_LEVEL_OF_NAME = {name: level for level, name in enumerate(CONTRACT_NAMES) if name}


class ActionParseError(ValueError):
    """A string is not an action in the notation."""


def contract_name(level: int) -> str:
    """``paston`` .. ``grkha`` for levels 1..5."""
    return CONTRACT_NAMES[level]


def bid_action(level: int) -> int:
    return BID_BASE + level


def declare_action(level: int) -> int:
    return DECLARE_BASE + level


def _pair_index(a: int, b: int) -> int:
    if a > b:
        a, b = b, a
    return b * (b - 1) // 2 + a


# Decoding table of the discard pairs, index -> (lower card, higher card).
_PAIRS: list[tuple[int, int]] = [(0, 0)] * (32 * 31 // 2)
for _b in range(32):
    for _a in range(_b):
        _PAIRS[_pair_index(_a, _b)] = (_a, _b)


def discard_action(a: int, b: int) -> int:
    """The id of discarding cards ``a`` and ``b`` (order does not matter; they must differ)."""
    if a == b:
        raise ValueError("the two discards must be different cards")
    return DISCARD_BASE + _pair_index(a, b)


def discard_cards(action: int) -> tuple[int, int]:
    """The two cards of a discard action, in the notation's output order."""
    a, b = _PAIRS[action - DISCARD_BASE]
    return (a, b) if sort_key(a) < sort_key(b) else (b, a)


def is_card(action: int) -> bool:
    return 0 <= action < 32


def is_bid(action: int) -> bool:
    return BID_BASE < action <= BID_BASE + 5


def is_declare(action: int) -> bool:
    return DECLARE_BASE < action <= DECLARE_BASE + 5


def is_discard(action: int) -> bool:
    return DISCARD_BASE <= action < NUM_ACTIONS


def _build_names() -> list[str]:
    names = [card_name(c) for c in range(32)]
    names.append("pass")
    names.extend(CONTRACT_NAMES[1:])
    names.extend("declare " + n for n in CONTRACT_NAMES[1:])
    names.append("surrender")
    names.append("whist")
    for index in range(32 * 31 // 2):
        a, b = discard_cards(DISCARD_BASE + index)
        names.append(f"discard {card_name(a)} {card_name(b)}")
    return names


_NAMES = _build_names()
_IDS = {name: i for i, name in enumerate(_NAMES) if not name.startswith("discard")}


def action_str(action: int) -> str:
    """The canonical notation of an action id, e.g. ``pass``, ``declare gupa``, ``QH``."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"no action has id {action}")
    return _NAMES[action]


def parse_action(text: str) -> int:
    """Parse an action in the notation (case-insensitive; cards as ``parse_card`` accepts).

    >>> action_str(parse_action("Discard 8c 7C")), action_str(parse_action("10♥"))
    ('discard 8C 7C', 'TH')
    """
    if not isinstance(text, str):
        raise ActionParseError(f"an action must be a string, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise ActionParseError("empty action")
    head = words[0].lower()
    if len(words) == 1:
        found = _IDS.get(head)
        if found is not None and not 0 <= found < 32:
            return found
        try:
            return parse_card(words[0])
        except CardError:
            pass
    elif head == "declare" and len(words) == 2:
        level = _LEVEL_OF_NAME.get(words[1].lower())
        if level is not None:
            return DECLARE_BASE + level
    elif head == "discard":
        if len(words) != 3:
            raise ActionParseError(
                f"not an action: {text!r} (a discard names exactly two cards, e.g. 'discard 7C 8C')"
            )
        try:
            a, b = parse_card(words[1]), parse_card(words[2])
        except CardError as exc:
            raise ActionParseError(f"not an action: {text!r} ({exc})") from None
        if a == b:
            raise ActionParseError(f"not an action: {text!r} (the two discards must differ)")
        return discard_action(a, b)
    raise ActionParseError(
        f"not an action: {text!r} (expected pass, a bid paston/glitch/dineri/gupa/grkha, "
        "'discard C1 C2', 'declare <contract>', surrender, whist or a card such as QH)"
    )
