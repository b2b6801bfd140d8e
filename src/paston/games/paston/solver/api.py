"""Typed Python API of the Paston double-dummy solver.

Card encoding (project-wide): card id ``c = suit * 8 + r`` with suits
0=spades, 1=clubs, 2=diamonds, 3=hearts and ranks r 0..7 = 7, 8, 9, T, J, Q, K, A.
A hand is an int bitmask (bit ``c`` set = the hand holds card ``c``).

Example::

    >>> from paston.games.paston.solver import Position, solve
    >>> pos = Position(hands=(0xFF, 0xFF00, 0xFF0000), trump=0, declarer=0,
    ...                active=(0, 1, 2), leader=0)
    >>> solve(pos)
    8
"""

from __future__ import annotations

import operator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from paston.games.paston.solver import core

__all__ = [
    "Position",
    "Solver",
    "card_name",
    "card_values",
    "clear",
    "default_solver",
    "legal_cards",
    "solve",
    "to_move",
]

_ALL_CARDS = (1 << 32) - 1
_TABLES: npt.NDArray[np.uint8] | None = None


def _tables() -> npt.NDArray[np.uint8]:
    global _TABLES
    if _TABLES is None:
        _TABLES = core.build_tables()
    return _TABLES


def card_name(card: int) -> str:
    """Debug name of a card id, e.g. ``card_name(31) == "AH"``."""
    return "789TJQKA"[card & 7] + "SCDH"[card >> 3]


@dataclass(frozen=True)
class Position:
    """A card-play position.

    Attributes:
        hands: Current hand bitmask per seat; the inactive seat's mask is ignored.
        trump: Trump suit 0..3.
        declarer: The declarer's seat.
        active: Active seats, ascending, two or three of them, including the declarer.
        leader: Seat that led (or leads) the current trick.
        trick: Cards already played to the current trick, in play order from the leader.
        must_overtrump: Whether a player who ruffs must overtrump a trump already in
            the trick when able.
    """

    hands: tuple[int, int, int]
    trump: int
    declarer: int
    active: tuple[int, ...]
    leader: int
    trick: tuple[int, ...] = ()
    must_overtrump: bool = False


@dataclass(frozen=True)
class _State:
    """Validated, search-ready form of a :class:`Position`."""

    hands: tuple[int, int, int]
    seat: int
    ncard: int
    lead_suit: int
    win_card: int
    win_seat: int
    tcards: int
    trump: int
    declarer: int
    active: tuple[int, ...]
    must_overtrump: bool
    trick: tuple[int, ...]


def _next_seat(active: tuple[int, ...], seat: int) -> int:
    i = active.index(seat)
    return active[(i + 1) % len(active)]


def _legal_for(hand: int, trick: tuple[int, ...], trump: int, must_overtrump: bool) -> int:
    if not trick:
        return hand
    win = trick[0]
    for c in trick[1:]:
        if core.beats(c, win, trump):
            win = c
    return int(
        core.legal_mask(hand, len(trick), trick[0] >> 3, win, trump, 1 if must_overtrump else 0)
    )


def _as_int(x: object, what: str) -> int:
    """``x`` as a Python int (numpy integers accepted), else ``ValueError``."""
    if isinstance(x, bool):
        return int(x)
    try:
        return operator.index(x)  # type: ignore[arg-type]
    except TypeError:
        raise ValueError(f"{what} must be an integer, got {x!r}") from None


def _validate(pos: Position) -> _State:
    """Check ``pos`` and convert it; raise ``ValueError`` if it is inconsistent."""
    if not isinstance(pos.hands, (tuple, list)) or len(pos.hands) != 3:
        raise ValueError(f"hands must be a tuple of three bitmasks, got {pos.hands!r}")
    trump = _as_int(pos.trump, "trump")
    if not 0 <= trump <= 3:
        raise ValueError(f"trump must be 0..3, got {pos.trump}")
    active = tuple(_as_int(s, "active seat") for s in pos.active)
    if len(active) not in (2, 3) or list(active) != sorted(set(active)):
        raise ValueError(
            f"active must be 2 or 3 distinct seats in ascending order, got {pos.active!r}"
        )
    if any(s not in (0, 1, 2) for s in active):
        raise ValueError(f"active seats must be in 0..2, got {pos.active!r}")
    declarer = _as_int(pos.declarer, "declarer")
    must_overtrump = bool(pos.must_overtrump)
    if declarer not in active:
        raise ValueError(f"declarer {pos.declarer} is not an active seat {active}")
    leader = _as_int(pos.leader, "leader")
    if leader not in active:
        raise ValueError(f"leader {pos.leader} is not an active seat {active}")
    hands = [0, 0, 0]
    seen = 0
    for s in active:
        h = _as_int(pos.hands[s], f"hand of seat {s}")
        if h < 0 or h > _ALL_CARDS:
            raise ValueError(f"hand of seat {s} is not a 32-bit card mask: {h!r}")
        if h & seen:
            raise ValueError(
                f"hand of seat {s} shares cards with another hand: "
                f"{[card_name(c) for c in range(32) if (h & seen) >> c & 1]}"
            )
        seen |= h
        hands[s] = h
    trick = tuple(_as_int(c, "trick card") for c in pos.trick)
    if len(trick) >= len(active):
        raise ValueError(
            f"current trick has {len(trick)} cards but only "
            f"{len(active)} seats are active (a complete trick is not allowed)"
        )
    tcards = 0
    players: list[int] = []
    s = leader
    for c in trick:
        if not 0 <= c < 32:
            raise ValueError(f"trick card {c!r} is not a card id 0..31")
        if (tcards | seen) >> c & 1:
            raise ValueError(f"trick card {card_name(c)} is duplicated or still in a hand")
        tcards |= 1 << c
        players.append(s)
        s = _next_seat(active, s)
    seat = s
    # Card counts: seats still to play hold n cards, those that played hold n - 1.
    n = hands[seat].bit_count()
    for p in active:
        want = n - 1 if p in players else n
        if hands[p].bit_count() != want:
            raise ValueError(
                f"inconsistent card counts: seat {p} holds {hands[p].bit_count()} cards, "
                f"expected {want} (seat to move {seat} holds {n})"
            )
    if trick and n == 0:
        raise ValueError("the seat to move has no card to play to the current trick")
    # Each trick card must have been a legal play.
    for i, (p, c) in enumerate(zip(players, trick, strict=True)):
        before = hands[p] | (1 << c)
        if not (_legal_for(before, trick[:i], trump, must_overtrump) >> c) & 1:
            raise ValueError(f"trick card {card_name(c)} of seat {p} was not a legal play")
    if trick:
        win_card = trick[0]
        win_seat = players[0]
        for p, c in zip(players[1:], trick[1:], strict=True):
            if core.beats(c, win_card, trump):
                win_card = c
                win_seat = p
        lead_suit = trick[0] >> 3
    else:
        win_card = 0
        win_seat = 0
        lead_suit = 0
    return _State(
        (hands[0], hands[1], hands[2]),
        seat,
        len(trick),
        lead_suit,
        win_card,
        win_seat,
        tcards,
        trump,
        declarer,
        active,
        must_overtrump,
        trick,
    )


class Solver:
    """Double-dummy solver owning a transposition table.

    Table entries are keyed by rank-compressed positions plus the contract
    context (trump, declarer, active seats, overtrump rule), so they stay valid
    for any later call, even on another deal; reuse one ``Solver`` for all the
    positions of a deal.  :meth:`clear` empties the table in O(1).

    A ``Solver`` is not thread-safe; use one per thread (the compiled core
    releases the GIL, so threads do run in parallel).

    Args:
        tt_bits: log2 of the number of table slots (default 2**16 slots, 1.5 MiB: small
            enough to stay in the CPU caches, large enough for a full 10-card deal).
    """

    def __init__(self, tt_bits: int = 16) -> None:
        if not 10 <= tt_bits <= 28:
            raise ValueError(f"tt_bits must be in 10..28, got {tt_bits}")
        self._tt: npt.NDArray[np.int64] = np.empty((1 << tt_bits, 3), np.int64)
        self._tt.fill(0)  # touch every page now rather than during the first searches
        self._tab = _tables()
        self._prm: npt.NDArray[np.int64] = np.zeros(core.P_SIZE, np.int64)
        self._prm[core.P_TTMASK] = (1 << tt_bits) - 1
        self._prm[core.P_GEN] = 1
        self._stk: npt.NDArray[np.int64] = core.new_stack()

    @property
    def nodes(self) -> int:
        """Search nodes visited since construction (diagnostics)."""
        return int(self._prm[core.P_NODES])

    def clear(self) -> None:
        """Forget every table entry (O(1): bumps a generation counter)."""
        gen = int(self._prm[core.P_GEN]) + 1
        if gen >= 1 << 30:
            self._tt[:] = 0
            gen = 1
        self._prm[core.P_GEN] = gen

    def _setup(self, pos: Position) -> _State:
        st = _validate(pos)
        prm = self._prm
        active = st.active
        prm[core.P_TRUMP] = st.trump
        prm[core.P_DECL] = st.declarer
        prm[core.P_MUSTOVER] = 1 if st.must_overtrump else 0
        for s in range(3):
            prm[core.P_NEXT + s] = _next_seat(active, s) if s in active else s
        prm[core.P_NACTIVE] = len(active)
        amask = sum(1 << s for s in active)
        prm[core.P_CTX] = (
            st.trump | (st.declarer << 2) | (int(st.must_overtrump) << 4) | (amask << 5)
        )
        return st

    def _run(
        self,
        hands: tuple[int, int, int],
        seat: int,
        ncard: int = 0,
        lead_suit: int = 0,
        win_card: int = 0,
        win_seat: int = 0,
        tcards: int = 0,
    ) -> int:
        """Exact value of a search state (the context must have been set by ``_setup``)."""
        value = core.solve_state(
            hands[0],
            hands[1],
            hands[2],
            seat,
            ncard,
            lead_suit,
            win_card,
            win_seat,
            tcards,
            self._tt,
            self._tab,
            self._prm,
            self._stk,
        )
        return int(value)

    def solve(self, pos: Position) -> int:
        """Tricks the declarer takes from now on (current trick included) with perfect play."""
        st = self._setup(pos)
        return self._run(
            st.hands, st.seat, st.ncard, st.lead_suit, st.win_card, st.win_seat, st.tcards
        )

    def card_values(self, pos: Position) -> dict[int, int]:
        """For the seat to move: legal card -> declarer's tricks from now on if it is played."""
        st = self._setup(pos)
        nact = len(st.active)
        hand = st.hands[st.seat]
        legal = _legal_for(hand, st.trick, st.trump, st.must_overtrump)
        out: dict[int, int] = {}
        for c in range(32):
            if not (legal >> c) & 1:
                continue
            hands = list(st.hands)
            hands[st.seat] &= ~(1 << c)
            if st.ncard == 0:
                wc, ws, ls = c, st.seat, c >> 3
            elif core.beats(c, st.win_card, st.trump):
                wc, ws, ls = c, st.seat, st.lead_suit
            else:
                wc, ws, ls = st.win_card, st.win_seat, st.lead_suit
            after = (hands[0], hands[1], hands[2])
            if st.ncard + 1 == nact:
                # the card completes the trick: ``ws`` won it and leads the next one
                out[c] = int(ws == st.declarer) + self._run(after, ws)
            else:
                nxt = _next_seat(st.active, st.seat)
                out[c] = self._run(after, nxt, st.ncard + 1, ls, wc, ws, st.tcards | (1 << c))
        return out


_DEFAULT: Solver | None = None


def default_solver() -> Solver:
    """The module-level solver used by the convenience functions (created lazily)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Solver()
    return _DEFAULT


def clear() -> None:
    """Clear the module-level solver's transposition table."""
    if _DEFAULT is not None:
        _DEFAULT.clear()


def solve(pos: Position) -> int:
    """Tricks the declarer takes from now on (current trick included) under perfect play."""
    return default_solver().solve(pos)


def card_values(pos: Position) -> dict[int, int]:
    """For the seat to move: each legal card -> declarer's tricks from now on after it."""
    return default_solver().card_values(pos)


def to_move(pos: Position) -> int:
    """Seat whose turn it is."""
    return _validate(pos).seat


def legal_cards(pos: Position) -> int:
    """Bitmask of the legal cards of the seat to move."""
    st = _validate(pos)
    return _legal_for(st.hands[st.seat], st.trick, st.trump, st.must_overtrump)
