"""Paris actions as small integers (the engine's and research APIs' form) and their notation.

======================  ==========================================================
ids                     action
======================  ==========================================================
0 .. 1039               ``play``: ``rank * 80 + (combo - 1)``, where ``combo`` =
                        ``n_C + 3 n_D + 9 n_H + 27 n_S`` counts the cards of each
                        suit played (0..2 each: the pack holds every card twice)
1040 .. 3743            ``swap X Y``: ``1040 + X * 52 + Y`` (card numbers)
3744                    ``ready``
3745                    ``pickup``
3746 .. 3748            ``blind 0`` .. ``blind 2``
======================  ==========================================================

Written actions that name no id (mixed ranks, a card three times, ``blind 7``) still parse into
a :class:`Written` so that the engine can say precisely what is wrong with them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import IllegalAction
from .cards import CARD_NAMES, CardError, card_rank, card_suit, parse_card

__all__ = [
    "BLIND_BASE",
    "COMBOS",
    "LOG_MISS",
    "LOG_PICKUP",
    "LOG_PLAY",
    "LOG_READY",
    "LOG_SWAP",
    "NUM_ACTIONS",
    "PICKUP",
    "PLAY_BASE",
    "READY",
    "SUBCOMBOS",
    "SWAP_BASE",
    "Written",
    "action_str",
    "blind_action",
    "combo_cards",
    "parse_action",
    "parse_written",
    "play_action",
    "play_cards",
    "swap_action",
    "written_of",
    "written_to_id",
]

PLAY_BASE = 0
COMBOS = 80  # 3**4 - 1 suit-count vectors per rank
SWAP_BASE = PLAY_BASE + 13 * COMBOS
READY = SWAP_BASE + 52 * 52
PICKUP = READY + 1
BLIND_BASE = PICKUP + 1
NUM_ACTIONS = BLIND_BASE + 3

# Change-log entry kinds of a state (the first item of every entry of its undo log; the view
# reads the log too, so they live below both).
LOG_SWAP, LOG_READY, LOG_PLAY, LOG_PICKUP, LOG_MISS = range(5)

_POW3 = (1, 3, 9, 27)


def _digits(combo: int) -> tuple[int, int, int, int]:
    return (combo % 3, combo // 3 % 3, combo // 9 % 3, combo // 27)


def _combo_suits(combo: int) -> list[int]:
    """The suits of a combo's cards in card order, duplicates adjacent."""
    out: list[int] = []
    for suit, k in enumerate(_digits(combo)):
        out.extend([suit] * k)
    return out


def _build_subcombos() -> tuple[tuple[int, ...], ...]:
    # SUBCOMBOS[c]: every non-empty sub-multiset of combo c, in the notation's reference order
    # (number of cards, then the cards in card order) — the legal list is built from it.
    table: list[tuple[int, ...]] = []
    for combo in range(81):
        top = _digits(combo)
        subs = [
            a + 3 * b + 9 * c + 27 * d
            for a in range(top[0] + 1)
            for b in range(top[1] + 1)
            for c in range(top[2] + 1)
            for d in range(top[3] + 1)
        ]
        subs = [s for s in subs if s]
        subs.sort(key=lambda s: (len(_combo_suits(s)), _combo_suits(s)))
        table.append(tuple(subs))
    return tuple(table)


SUBCOMBOS = _build_subcombos()
#: Number of cards in each combo.
COMBO_SIZE = tuple(sum(_digits(c)) for c in range(81))


def combo_cards(rank: int, combo: int) -> list[int]:
    """The cards (card numbers, card order) of ``combo`` in ``rank``."""
    return [rank * 4 + s for s in _combo_suits(combo)]


def play_action(rank: int, combo: int) -> int:
    """The id of playing ``combo`` (1..80) of ``rank``."""
    return PLAY_BASE + rank * COMBOS + combo - 1


def play_cards(action: int) -> list[int]:
    """The cards of a play id, in card order."""
    rank, sub = divmod(action - PLAY_BASE, COMBOS)
    return combo_cards(rank, sub + 1)


def swap_action(hand_card: int, face_up_card: int) -> int:
    return SWAP_BASE + hand_card * 52 + face_up_card


def blind_action(slot: int) -> int:
    return BLIND_BASE + slot


def action_str(action: int) -> str:
    """The canonical notation of an action id.

    >>> action_str(play_action(4, 2)), action_str(READY), action_str(blind_action(1))
    ('play 7C 7C', 'ready', 'blind 1')
    """
    if PLAY_BASE <= action < SWAP_BASE:
        return "play " + " ".join(CARD_NAMES[c] for c in play_cards(action))
    if SWAP_BASE <= action < READY:
        x, y = divmod(action - SWAP_BASE, 52)
        return f"swap {CARD_NAMES[x]} {CARD_NAMES[y]}"
    if action == READY:
        return "ready"
    if action == PICKUP:
        return "pickup"
    if BLIND_BASE <= action < NUM_ACTIONS:
        return f"blind {action - BLIND_BASE}"
    raise ValueError(f"no Paris action has id {action!r} (ids are 0 to {NUM_ACTIONS - 1})")


@dataclass(frozen=True, slots=True)
class Written:
    """An action as written, parsed but not yet checked against a state.

    ``kind`` is the keyword; ``cards`` the cards named (``play``: any number, in card order;
    ``swap``: hand card then face-up card); ``slot`` the number of ``blind``.
    """

    kind: str
    cards: tuple[int, ...] = ()
    slot: int = 0


_ARITY = {"swap": 2, "ready": 0, "pickup": 0, "blind": 1}

#: The slot a ``blind`` names when its number is 3 or more: no such slot.
BEYOND_SLOTS = 3


def _unparsable(text: str, detail: str | None) -> IllegalAction:
    reason = "unparsable" if detail is None else f"unparsable: {detail}"
    return IllegalAction(reason, action=text)


def parse_written(text: str) -> Written:
    """Parse a string of the notation (with its input tolerance) into a :class:`Written`.

    Raises :class:`IllegalAction` with reason ``unparsable`` for anything else.
    """
    tokens = text.split()
    if not tokens:
        raise _unparsable(text, "an empty action")
    word = tokens[0]
    keyword = word.lower() if word.isascii() else ""
    args = tokens[1:]
    if keyword == "play":
        if not args:
            raise _unparsable(text, "play needs at least one card")
        try:
            cards = sorted(parse_card(t) for t in args)
        except CardError as exc:
            raise _unparsable(text, str(exc)) from None
        return Written("play", tuple(cards))
    arity = _ARITY.get(keyword)
    if arity is None:
        # An unknown keyword: the notation's own example shows the bare key.
        raise _unparsable(text, None)
    if len(args) != arity:
        raise _unparsable(
            text, f"{keyword} takes {arity} argument{'s' if arity != 1 else ''}, got {len(args)}"
        )
    if keyword == "swap":
        try:
            x, y = parse_card(args[0]), parse_card(args[1])
        except CardError as exc:
            raise _unparsable(text, str(exc)) from None
        return Written("swap", (x, y))
    if keyword == "blind":
        digits = args[0]
        if not (digits.isascii() and digits.isdigit()):
            raise _unparsable(text, f"the slot of blind is a number 0, 1 or 2, not {digits!r}")
        # Leading zeros are allowed (``blind 01``). A number of two or more digits is beyond
        # the slots and is never converted (int() refuses strings of over 4,300 digits).
        significant = digits.lstrip("0") or "0"
        slot = int(significant) if len(significant) == 1 else BEYOND_SLOTS
        return Written("blind", slot=min(slot, BEYOND_SLOTS))
    return Written(keyword)


def written_to_id(written: Written) -> int | None:
    """The id of a written action, or ``None`` when no id names it (mixed ranks, a card named
    more than twice, a slot above 2)."""
    kind = written.kind
    if kind == "play":
        rank = card_rank(written.cards[0])
        combo = 0
        for card in written.cards:
            if card_rank(card) != rank:
                return None
            combo += _POW3[card_suit(card)]
        counts = _digits(combo)
        if combo >= 81 or sum(counts) != len(written.cards):
            return None  # a digit overflowed: some card named three or more times
        return play_action(rank, combo)
    if kind == "swap":
        return swap_action(written.cards[0], written.cards[1])
    if kind == "ready":
        return READY
    if kind == "pickup":
        return PICKUP
    return blind_action(written.slot) if written.slot <= 2 else None


def written_of(action: int) -> Written:
    """The :class:`Written` form of an action id."""
    if PLAY_BASE <= action < SWAP_BASE:
        return Written("play", tuple(play_cards(action)))
    if SWAP_BASE <= action < READY:
        x, y = divmod(action - SWAP_BASE, 52)
        return Written("swap", (x, y))
    if action == READY:
        return Written("ready")
    if action == PICKUP:
        return Written("pickup")
    if BLIND_BASE <= action < NUM_ACTIONS:
        return Written("blind", slot=action - BLIND_BASE)
    raise ValueError(f"no Paris action has id {action!r} (ids are 0 to {NUM_ACTIONS - 1})")


def parse_action(text: str) -> int:
    """The id of an action string; raises :class:`IllegalAction` (``unparsable``, or
    ``mixed ranks`` / ``not held`` / ``no such slot`` for a well-formed action that no id
    can name).

    >>> action_str(parse_action("PLAY 7h 7h 7s")), action_str(parse_action("blind 01"))
    ('play 7H 7H 7S', 'blind 1')
    """
    written = parse_written(text)
    action = written_to_id(written)
    if action is not None:
        return action
    if written.kind == "blind":
        raise IllegalAction("no such slot: slots are 0, 1 and 2", action=text)
    ranks = {card_rank(c) for c in written.cards}
    if len(ranks) > 1:
        raise IllegalAction("mixed ranks: a play is cards of one rank", action=text)
    raise IllegalAction("not held: the pack holds each card only twice", action=text)
