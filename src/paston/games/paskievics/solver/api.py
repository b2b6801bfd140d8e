"""Typed Python API of the Paskievics card-point double-dummy solver.

A position is given in *play order*: places 0..3 are the four active players, place ``p + 1``
plays after place ``p`` (wrapping). Hands are bit masks over the engine's card numbers
(``1 << card``). The value of a position is the card points side D takes from now on, the
cards already in the current trick included (spec §2.2: a plain sum; discards and tricks
already won are not part of it).

    >>> from paston.games.paskievics.cards import parse_card
    >>> hand = lambda *names: sum(1 << parse_card(n) for n in names)
    >>> pos = PlayPosition(
    ...     hands=(hand("SK", "KH"), hand("T2", "QH"), hand("T3", "AH"), hand("T4", "JH")),
    ...     leader=0, side_d=frozenset({0, 2}))
    >>> solve(pos)  # SK draws the trumps (5 + 3 points), then KH takes the hearts (12)
    20
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from ..cards import NUM_CARDS, card_name
from . import core

__all__ = ["PlayPosition", "Solver", "legal_cards", "solve", "start_warm_up", "warm_up"]


class PositionError(ValueError):
    """A position the solver cannot take: the message says what is wrong and where."""


@dataclass(frozen=True, slots=True)
class PlayPosition:
    """A card-play position of one deal.

    Attributes:
        hands: The four places' remaining cards as bit masks, in play order.
        leader: The place that led (or leads) the current trick.
        side_d: The places of side D (the side whose points are counted); any non-empty set.
        trick: Cards already played to the current trick, from the leader on.
        holdback: Places that must hold the Pagát back (their side announced ultimó, §9).
    """

    hands: tuple[int, int, int, int]
    leader: int
    side_d: frozenset[int]
    trick: tuple[int, ...] = ()
    holdback: frozenset[int] = field(default_factory=frozenset)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4


def _validate(pos: PlayPosition) -> None:
    if len(pos.hands) != 4:
        raise PositionError(f"a position has 4 hands, not {len(pos.hands)}")
    if pos.leader not in range(4):
        raise PositionError(f"leader must be a place 0..3, not {pos.leader!r}")
    if len(pos.trick) > 3:
        raise PositionError(f"a current trick holds 0 to 3 cards, not {len(pos.trick)}")
    if not pos.side_d or not pos.side_d <= {0, 1, 2, 3}:
        raise PositionError(f"side_d must be a non-empty set of places 0..3, not {pos.side_d}")
    if not pos.holdback <= {0, 1, 2, 3}:
        raise PositionError(f"holdback must be places 0..3, not {pos.holdback}")
    seen = 0
    for place, hand in enumerate(pos.hands):
        if hand < 0 or hand >> NUM_CARDS:
            raise PositionError(f"hand of place {place} holds a bit outside the 42 cards")
        if hand & seen:
            raise PositionError(f"card {card_name((hand & seen).bit_length() - 1)} in two hands")
        seen |= hand
    for card in pos.trick:
        if card not in range(NUM_CARDS):
            raise PositionError(f"trick card {card!r} is not a card number 0..41")
        if seen >> card & 1:
            raise PositionError(f"card {card_name(card)} is both in the trick and in a hand")
        seen |= 1 << card
    played = set(range(pos.leader, pos.leader + len(pos.trick)))
    sizes = [h.bit_count() + (1 if (p in played or p + 4 in played) else 0)
             for p, h in enumerate(pos.hands)]  # fmt: skip
    if len(set(sizes)) != 1:
        raise PositionError(
            "hands do not fit the trick: counting the cards played to the current trick, the "
            f"places hold {sizes} cards; they must hold equally many"
        )
    for i, card in enumerate(pos.trick):
        place = (pos.leader + i) % 4
        earlier = pos.trick[0] if i else -1
        hand = pos.hands[place] | (1 << card)
        hold = 1 if place in pos.holdback else 0
        if not core.legal_mask(hand, earlier, hold) >> card & 1:
            raise PositionError(f"trick card {card_name(card)} of place {place} is not legal")


def legal_cards(pos: PlayPosition) -> list[int]:
    """The legal cards of the place to move, lowest card number first."""
    place = pos.to_move
    lead = pos.trick[0] if pos.trick else -1
    mask = int(core.legal_mask(pos.hands[place], lead, 1 if place in pos.holdback else 0))
    return [c for c in range(NUM_CARDS) if mask >> c & 1]


class Solver:
    """Card-point double-dummy solver owning a transposition table.

    Entries are exact and keyed with the context (sides, hold-back places), so they stay valid
    for later positions, also of other deals: reuse one ``Solver`` for all the worlds of a
    decision. :meth:`clear` forgets everything in O(1). Not thread-safe.

    Args:
        tt_bits: log2 of the number of table slots (default 2**18 slots, 6 MiB).
    """

    def __init__(self, tt_bits: int = 18) -> None:
        if not 10 <= tt_bits <= 26:
            raise ValueError(f"tt_bits must be in 10..26, not {tt_bits}")
        self._tt: npt.NDArray[np.int64] = np.zeros((1 << tt_bits, 3), np.int64)
        self._ctx: npt.NDArray[np.int64] = np.zeros(core.C_SIZE, np.int64)
        self._ctx[core.C_TTMASK] = (1 << tt_bits) - 1
        self._ctx[core.C_GEN] = 1
        self._hands: npt.NDArray[np.int64] = np.zeros(4, np.int64)
        self._trick: npt.NDArray[np.int64] = np.zeros(4, np.int64)

    @property
    def nodes(self) -> int:
        """Search nodes visited since construction (diagnostics)."""
        return int(self._ctx[core.C_NODES])

    def clear(self) -> None:
        """Forget every table entry (bumps the generation that is part of every key)."""
        gen = int(self._ctx[core.C_GEN]) + 1
        if gen >= 1 << 18:
            self._tt[:] = 0
            gen = 1
        self._ctx[core.C_GEN] = gen

    def _load(self, pos: PlayPosition) -> None:
        self._ctx[core.C_SIDES] = sum(1 << p for p in pos.side_d)
        self._ctx[core.C_HOLD] = sum(1 << p for p in pos.holdback)
        for p in range(4):
            self._hands[p] = pos.hands[p]
        for i, card in enumerate(pos.trick):
            self._trick[i] = card

    def solve(self, pos: PlayPosition, guess: int | None = None) -> int:
        """Side D's card points from now on (current trick included) under perfect play.

        ``guess``, where the value probably lies (a quick play-out's value, the value of a
        similar position), only saves search: the result is exact whatever it is.
        """
        _validate(pos)
        self._load(pos)
        value = core.solve(
            self._hands, self._trick, len(pos.trick), pos.leader, self._ctx, self._tt,
            core.POINTS, -1 if guess is None else max(0, guess),
        )  # fmt: skip
        return int(value)

    def card_values(self, pos: PlayPosition, guesses: bool = True) -> dict[int, int]:
        """For the place to move: each legal card → side D's points from now on if it is
        played (the card's own trick included). With ``guesses`` each card's value is the
        guess for the next card's search (the values are exact either way; off only to
        measure what the guesses save)."""
        _validate(pos)
        place = pos.to_move
        out: dict[int, int] = {}
        guess = -1  # a card's value is a good guess for the next card's
        for card in legal_cards(pos):
            hands = list(pos.hands)
            hands[place] &= ~(1 << card)
            trick = (*pos.trick, card)
            self._load(pos)
            self._hands[place] = hands[place]
            for i, c in enumerate(trick):
                self._trick[i] = c
            if len(trick) < 4:
                value = core.solve(
                    self._hands, self._trick, len(trick), pos.leader, self._ctx, self._tt,
                    core.POINTS, guess,
                )  # fmt: skip
            else:
                value = self._after_trick(trick, pos.leader, guess)
            out[card] = int(value)
            guess = int(value) if guesses else -1
        return out

    def _after_trick(self, trick: tuple[int, ...], leader: int, guess: int = -1) -> int:
        """Value when ``trick`` (four cards) has just been completed; hands are loaded."""
        win = 0
        for i in range(1, 4):
            if core.beats(trick[i], trick[win]):
                win = i
        winner = (leader + win) % 4
        pts = sum(int(core.POINTS[c]) for c in trick)
        gain = pts if self._ctx[core.C_SIDES] >> winner & 1 else 0
        rest = core.solve(
            self._hands, self._trick, 0, winner, self._ctx, self._tt, core.POINTS,
            guess - gain if guess >= gain else -1,
        )  # fmt: skip
        return gain + int(rest)


_DEFAULT: Solver | None = None


def solve(pos: PlayPosition) -> int:
    """:meth:`Solver.solve` with a module-wide solver (created on first use)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Solver()
    return _DEFAULT.solve(pos)


def warm_up() -> None:
    """Compile the solver's search now (numba cannot cache it on disk: it is recursive), so
    that a bot's first card decision in this process does not wait seconds for it."""
    hand = [1 << card for card in range(8)]
    solve(
        PlayPosition(
            hands=(hand[0] | hand[4], hand[1] | hand[5], hand[2] | hand[6], hand[3] | hand[7]),
            leader=0,
            side_d=frozenset({0, 2}),
        )
    )


_WARMING: threading.Thread | None = None
_WARMING_LOCK = threading.Lock()


def start_warm_up() -> None:
    """:func:`warm_up` in a daemon thread, once per process: a search bot starts it when it
    is made, so the compile runs while the deal is dealt and the first calls are made (which
    need no solver), not at its first card decision."""
    global _WARMING
    with _WARMING_LOCK:
        if _WARMING is None:
            _WARMING = threading.Thread(
                target=warm_up, name="paskievics-solver-warm-up", daemon=True
            )
            _WARMING.start()
