"""Integer action ids of Paskievics, fixed for every deal, and their notation (notation §3).

Layout (``NUM_ACTIONS`` ids in all):

* ``PASS`` 0 (bidding and announcement), ``HOLD`` 1, the levels ``three two one solo`` 2..5
  (bids and the sole bidder's raise), ``ANNUL`` 6;
* ``PLAY + card`` (42 ids), ``CALL + card`` (42 ids; only ``T2``..``T20`` are ever legal);
* ``tarokks 8`` / ``tarokks 9``, the six bonuses, ``KONTRA + 7 * (level - 1) + item`` for the
  five kontra words and the seven items;
* ``DISCARD + i`` for every set of 1 to 3 cards, in a fixed enumeration.
"""

from __future__ import annotations

from itertools import combinations

from ...core.errors import IllegalAction
from .cards import CardError, card_name, parse_card

__all__ = [
    "ANNUL",
    "BONUSES",
    "CALL",
    "COUNT",
    "DISCARD",
    "DISCARD_INDEX",
    "DISCARD_SETS",
    "HOLD",
    "ITEMS",
    "KONTRA",
    "KONTRA_WORDS",
    "LEVEL",
    "LEVELS",
    "NUM_ACTIONS",
    "PASS",
    "PLAY",
    "SIDE_NAMES",
    "action_str",
    "discard_id",
    "parse_action",
]

LEVELS = ("three", "two", "one", "solo")
BONUSES = ("trull", "kings", "double", "volat", "ultimo", "catch")
ITEMS = ("game", *BONUSES)
#: The two sides of a deal, as records and views name them.
SIDE_NAMES = ("declarer", "defenders")
KONTRA_WORDS = ("kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")

PASS = 0
HOLD = 1
LEVEL = 2
ANNUL = 6
PLAY = 7
CALL = PLAY + 42
COUNT = CALL + 42  # COUNT = "tarokks 8", COUNT + 1 = "tarokks 9"
BONUS = COUNT + 2
KONTRA = BONUS + len(BONUSES)
DISCARD = KONTRA + len(KONTRA_WORDS) * len(ITEMS)

#: Every discardable set of 1 to 3 cards, each sorted (canonical order).
DISCARD_SETS: tuple[tuple[int, ...], ...] = tuple(
    combo for k in (1, 2, 3) for combo in combinations(range(42), k)
)
#: Per sorted set of :data:`DISCARD_SETS`: its index there (``discard_id`` less ``DISCARD``).
DISCARD_INDEX: dict[tuple[int, ...], int] = {combo: i for i, combo in enumerate(DISCARD_SETS)}
_DISCARD_INDEX = DISCARD_INDEX
NUM_ACTIONS = DISCARD + len(DISCARD_SETS)


def discard_id(cards: tuple[int, ...] | list[int]) -> int:
    return DISCARD + _DISCARD_INDEX[tuple(sorted(cards))]


def action_str(action: int) -> str:
    """The canonical notation of an action id.

    >>> [action_str(a) for a in (PASS, LEVEL + 3, PLAY + 1, KONTRA + 7 + 1)]
    ['pass', 'solo', 'T21', 'rekontra trull']
    """
    if not 0 <= action < NUM_ACTIONS:
        raise IllegalAction(f"unparsable: no action has id {action}")
    if action == PASS:
        return "pass"
    if action == HOLD:
        return "hold"
    if action < ANNUL:
        return LEVELS[action - LEVEL]
    if action == ANNUL:
        return "annul"
    if action < CALL:
        return card_name(action - PLAY)
    if action < COUNT:
        return "call " + card_name(action - CALL)
    if action < BONUS:
        return f"tarokks {8 + action - COUNT}"
    if action < KONTRA:
        return BONUSES[action - BONUS]
    if action < DISCARD:
        level, item = divmod(action - KONTRA, len(ITEMS))
        return f"{KONTRA_WORDS[level]} {ITEMS[item]}"
    return "discard " + " ".join(card_name(c) for c in DISCARD_SETS[action - DISCARD])


def parse_action(text: str) -> int:
    """The id of an action written in the notation (any case, any spacing, card aliases).

    >>> action_str(parse_action("Discard ts cc ad"))
    'discard AD CC TS'
    """
    if not isinstance(text, str):
        raise IllegalAction("unparsable: an action is a string")
    words = text.split()
    if not words:
        raise IllegalAction("unparsable: empty action")
    head = words[0].lower()
    rest = words[1:]
    try:
        if not rest:
            if head == "pass":
                return PASS
            if head == "hold":
                return HOLD
            if head in LEVELS:
                return LEVEL + LEVELS.index(head)
            if head == "annul":
                return ANNUL
            if head in BONUSES:
                return BONUS + BONUSES.index(head)
            return PLAY + parse_card(words[0])
        if head == "call" and len(rest) == 1:
            return CALL + parse_card(rest[0])
        if head == "tarokks" and len(rest) == 1 and rest[0] in ("8", "9"):
            return COUNT + int(rest[0]) - 8
        if head in KONTRA_WORDS and len(rest) == 1 and rest[0].lower() in ITEMS:
            return KONTRA + KONTRA_WORDS.index(head) * len(ITEMS) + ITEMS.index(rest[0].lower())
        if head == "discard" and 1 <= len(rest) <= 3:
            cards = [parse_card(w) for w in rest]
            if len(set(cards)) != len(cards):
                raise IllegalAction(f"unparsable: {text.strip()!r} discards a card twice")
            return discard_id(cards)
    except CardError as exc:
        raise IllegalAction(f"unparsable: {exc}") from None
    raise IllegalAction(f"unparsable: {text.strip()!r} is not an action of the notation")
