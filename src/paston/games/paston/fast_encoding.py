"""One seat's observation tensor of a deal, kept up to date action by action.

:func:`paston.games.paston.encoding.encode` builds the tensor from a
:class:`~paston.games.paston.view.SeatView`, and building a view (history strings, card
tuples, trick records) costs far more than the tensor itself. A :class:`DealEncoder` reads
the :class:`~paston.games.paston.state.Deal` directly and, between two calls, only the actions
taken since: a finished trick, a bid or a played card sets a few entries; the fields that
change all the time (phase, seat to act, current trick, tricks won...) are cleared and set
again. The tensor is **the same, value for value**, as ``encode(deal.view(seat), layout)``
(tests compare them after every action of thousands of random deals, every rule variant
included), so it holds nothing the seat may not see: it reads the other hands only where
the view shows them (open hands), the prikup and the discards only for the declarer.

>>> from paston.games.paston.shuffle import deal_cards
>>> from paston.games.paston.encoding import encode
>>> deal = deal_cards(seed=4, dealer=1)
>>> enc = DealEncoder(seat=2)
>>> bool((enc.encode(deal) == encode(deal.view(2))).all())
True
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np
import numpy.typing as npt

from .actions import BID_BASE, PASS, SURRENDER, TRUMP_OF
from .encoding import INFO_STATE_LAYOUT, Layout
from .state import REDEAL, Deal, spade_run

__all__ = ["DealEncoder"]

_NO = -1  # the offset of a field the layout leaves out
_ZERO6 = array("f", bytes(4 * 6))
_ZERO32 = array("f", bytes(4 * 32))
_ZERO96 = array("f", bytes(4 * 96))

# _BYTE_BITS[b]: the positions of the bits set in byte b (a generator per mask is slower).
_BYTE_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(8) if b >> i & 1) for b in range(256)
)


# _BYTE_PATTERN[b]: byte b's eight bits as eight 0.0/1.0 floats, lowest first.
_BYTE_PATTERN: tuple[array[float], ...] = tuple(
    array("f", [float(b >> i & 1) for i in range(8)]) for b in range(256)
)


def _card_floats(mask: int) -> array[float]:
    """A 32-bit card mask as 32 floats 0.0/1.0 (the tensor's card fields)."""
    p = _BYTE_PATTERN
    return p[mask & 0xFF] + p[mask >> 8 & 0xFF] + p[mask >> 16 & 0xFF] + p[mask >> 24 & 0xFF]


def _bits(mask: int) -> list[int]:
    """The card numbers of a 32-bit card mask, lowest first."""
    out: list[int] = []
    for base in (0, 8, 16, 24):
        byte = mask >> base & 0xFF
        if byte:
            out.extend(base + i for i in _BYTE_BITS[byte])
    return out


def _float_view(arr: npt.NDArray[np.float32]) -> Any:
    """A memoryview of ``arr`` to write floats through (typed ``Any``: typeshed's memoryview
    takes ints only)."""
    return memoryview(arr)  # type: ignore[arg-type]


class DealEncoder:
    """Keeps the tensor of ``seat``'s view of one deal (any ``layout`` of
    :func:`~paston.games.paston.encoding.layout_for`).

    :meth:`sync` brings it up to date with a deal and returns the internal buffer;
    :meth:`encode` returns a copy. Giving another deal, or the same deal after an ``undo``
    or with a different history, starts again from the deal's first action, so the result
    is always that of :func:`~paston.games.paston.encoding.encode` of the seat's view.
    """

    def __init__(self, seat: int, layout: Layout = INFO_STATE_LAYOUT) -> None:
        if isinstance(seat, bool) or seat not in (0, 1, 2):
            raise ValueError(f"a seat is 0, 1 or 2, not {seat!r}")
        self.seat = seat
        self.layout = layout
        # The tensor, written through a memoryview: writing one item of a memoryview costs a
        # fraction of writing one element of a numpy array.
        self._arr = np.zeros(layout.size, dtype=np.float32)
        self._buf = _float_view(self._arr)
        off = layout.offsets
        self._o = {f.name: off[f.name] for f in layout.fields}
        self._rel = tuple((s - seat) % 3 for s in range(3))
        # The offsets read at every update, as attributes (cheaper than dict lookups).
        self._o_to_act = off["to_act"]
        self._o_hand = off.get("hand", _NO)
        self._o_leader = off["leader"]
        self._o_trick = off["trick"]
        self._o_played = off["played"]
        self._o_history = off.get("trick_history", _NO)
        self._o_trick_leaders = off.get("trick_leaders", _NO)
        self._template = np.zeros(layout.size, dtype=np.float32)
        self._template[off["seat"] + seat] = 1.0
        # The leader and tricks-won fields lie side by side (3 + 3 × 11 entries): their
        # bytes by (leader, tricks won by each seat), built as they first occur.
        assert off["tricks_won"] == off["leader"] + 3 and off["leader"] == off["trick"] + 96
        assert off["hand_to_play"] == off["to_act"] + 3
        self._leader_won: dict[tuple[int, int, int, int], array[float]] = {}
        self._deal: Deal | None = None
        self._actions: list[int] = []
        self._reset_counters()

    def _reset_counters(self) -> None:
        self._hand = 0  # the hand mask the buffer shows
        self._standing = 0  # the auction's standing bid level, for the passes field
        self._auction_done = False  # every auction action is in the buffer
        self._n_auction = 0  # auction actions in the buffer
        self._n_defence = 0
        self._n_tricks = 0
        self._prikup_done = "prikup" not in self._o  # nothing to write: done
        self._discards_done = "discards" not in self._o
        self._slow_phase = -1  # the phase and bid the slow fields were set for
        self._slow_bid = -1
        self._slow: list[int] = []  # entries of the fields set again on a new phase or bid

    # ----------------------------------------------------------------- public

    def sync(self, deal: Deal) -> npt.NDArray[np.float32]:
        """The tensor for ``deal`` now (a new array)."""
        actions = deal.actions
        seen = self._actions
        n_seen = len(seen)
        if deal is not self._deal or len(actions) < n_seen or (n_seen and actions[:n_seen] != seen):
            self._restart(deal)
        self._update(deal)
        self._actions = actions[:]
        return self._arr.copy()

    def encode(self, deal: Deal) -> npt.NDArray[np.float32]:
        """A new array holding the tensor for ``deal`` now (the same as :meth:`sync`)."""
        return self.sync(deal)

    # ----------------------------------------------------------------- internals

    def _restart(self, deal: Deal) -> None:
        self._deal = deal
        self._actions = []
        self._reset_counters()
        self._arr = self._template.copy()  # the seat written, all else 0
        buf = self._buf = _float_view(self._arr)
        o = self._o
        buf[o["dealer"] + self._rel[deal.dealer]] = 1.0
        buf[o["first_deal"]] = float(deal.first_deal)
        dealt = o.get("dealt_hand", _NO)
        if dealt != _NO:
            mask = self._hand = deal.dealt[self.seat]
            cards = _card_floats(mask)
            buf[dealt : dealt + 32] = cards
            buf[self._o_hand : self._o_hand + 32] = cards

    def _update(self, deal: Deal) -> None:
        rel = self._rel
        seat = self.seat
        buf = self._buf
        if not self._auction_done:
            self._auction(deal)
        # Finished tricks: the cards each hand played and, with perfect recall, the history.
        tricks = deal.tricks
        n_tricks = len(tricks)
        if n_tricks > self._n_tricks:
            played = self._o_played
            history = self._o_history
            for i in range(self._n_tricks, n_tricks):
                leader, seats, cards, _ = tricks[i]
                if history == _NO:
                    for s, c in zip(seats, cards, strict=True):
                        buf[played + rel[s] * 32 + c] = 1.0
                    continue
                at = history + i * 96
                for s, c in zip(seats, cards, strict=True):
                    r = rel[s] * 32 + c
                    buf[played + r] = 1.0
                    buf[at + r] = 1.0
                buf[self._o_trick_leaders + i * 3 + rel[leader]] = 1.0
            self._n_tricks = n_tricks
        if len(deal.defence) > self._n_defence:
            d = self._o["defence"]
            for s, whist in deal.defence[self._n_defence :]:
                buf[d + rel[s] * 2 + (0 if whist else 1)] = 1.0
            self._n_defence = len(deal.defence)
        declarer = deal.declarer
        if declarer == seat and not (self._prikup_done and self._discards_done):
            self._declarer_cards(deal)
        hand_off = self._o_hand
        if hand_off != _NO:
            hand = deal.hands[seat]
            changed = hand ^ self._hand
            if changed:
                if changed & (changed - 1) == 0:  # one card played: the common case
                    buf[hand_off + changed.bit_length() - 1] = 0.0
                else:
                    for c in _bits(changed):
                        buf[hand_off + c] = float(hand >> c & 1)
                self._hand = hand
        # Fields that change only with the phase or the bid, set again when those change.
        if deal.phase_id != self._slow_phase or deal.bid != self._slow_bid:
            self._slow_phase = deal.phase_id
            self._slow_bid = deal.bid
            self._reset_fields(self._slow, self._slow_fields(deal))
        # Fields that change with almost every action, written whole every time.
        o_ta = self._o_to_act  # to_act and hand_to_play lie side by side (3 + 3 entries)
        buf[o_ta : o_ta + 6] = _ZERO6
        if deal.seat_to_act >= 0:
            buf[o_ta + rel[deal.seat_to_act]] = 1.0
        if deal.hand_to_play >= 0:
            buf[o_ta + 3 + rel[deal.hand_to_play]] = 1.0
        won = deal.tricks_won
        if len(deal.whisters) == 1 and deal.n_active == 3:
            won = list(deal.credited_tricks())
            self._open_lone_whist(deal)
        key = (deal.leader, won[0], won[1], won[2])
        block = self._leader_won.get(key)
        if block is None:
            block = self._leader_won[key] = self._leader_won_bytes(key)
        o_lead = self._o_leader
        buf[o_lead : o_lead + 36] = block
        tr = self._o_trick
        buf[tr : tr + 96] = _ZERO96
        trick = deal.trick
        if trick:
            # The current trick's cards are played for good (written again: harmless).
            played = self._o_played
            for pos, (s, c) in enumerate(zip(deal.trick_seats, trick, strict=True)):
                buf[tr + pos * 32 + c] = 1.0
                buf[played + rel[s] * 32 + c] = 1.0

    def _leader_won_bytes(self, key: tuple[int, int, int, int]) -> array[float]:
        """The leader field then the tricks-won field, for (leader, won by seat 0, 1, 2)."""
        leader, *won = key
        out = array("f", bytes(4 * 36))
        if leader >= 0:
            out[self._rel[leader]] = 1.0
        for s in range(3):
            out[3 + self._rel[s] * 11 + won[s]] = 1.0
        return out

    def _open_lone_whist(self, deal: Deal) -> None:
        """The open lone-whist variant: both defending hands lie face up, as they now are."""
        oh = self._o["open_hands"]
        buf = self._buf
        for s in range(3):
            r = self._rel[s]
            cards = _card_floats(deal.hands[s]) if s != deal.declarer else _ZERO32
            buf[oh + r * 32 : oh + r * 32 + 32] = cards

    def _auction(self, deal: Deal) -> None:
        """The bids and passes of the auction not yet in the buffer (the auction's actions
        come first in the history and end with the first other action)."""
        o = self._o
        rel = self._rel
        buf = self._buf
        actions = deal.actions
        i = self._n_auction
        while i < len(actions):
            a = actions[i]
            if not BID_BASE <= a <= BID_BASE + 5:
                self._auction_done = True
                break
            r = rel[deal.actor(i)]
            if a == PASS:
                buf[o["passes"] + r * 6 + self._standing] = 1.0
            else:
                level = a - BID_BASE
                buf[o["bids"] + r * 5 + level - 1] = 1.0
                self._standing = level
            i += 1
        self._n_auction = i

    def _declarer_cards(self, deal: Deal) -> None:
        """The prikup and the discards, which only the declarer sees."""
        o = self._o
        buf = self._buf
        if not self._prikup_done:
            self._prikup_done = True
            for c in _bits(deal.prikup):
                buf[o["prikup"] + c] = 1.0
        if not self._discards_done and deal.discards:
            self._discards_done = True
            for c in _bits(deal.discards):
                buf[o["discards"] + c] = 1.0

    def _reset_fields(self, old: list[int], new: list[int]) -> None:
        """Clear the entries ``old`` then set ``new`` (scalar writes: cheaper than a
        fancy-indexed write for so few entries); ``old`` becomes ``new``."""
        buf = self._buf
        for i in old:
            buf[i] = 0.0
        for i in new:
            buf[i] = 1.0
        old[:] = new

    def _slow_fields(self, deal: Deal) -> list[int]:
        """Entries of the fields that change only with the phase or the bid."""
        o = self._o
        rel = self._rel
        out = [o["phase"] + deal.phase_id + 1, o["bid"] + deal.bid]
        if deal.first_bidder >= 0:
            out.append(o["first_bidder"] + rel[deal.first_bidder])
        declarer = deal.declarer
        if declarer >= 0:
            out.append(o["declarer"] + rel[declarer])
            if deal.all_pass:
                out.append(o["all_pass"])
            if deal.contract:
                out.append(o["contract"] + deal.contract - 1)
                out.append(o["trump"] + TRUMP_OF[deal.contract])
            if deal.actions[-1] == SURRENDER:
                out.append(o["surrendered"])
        if deal.whisters:
            out.extend(o["active"] + rel[s] for s in deal.active_seats())
        if deal.phase_id == REDEAL and deal.redeal_reason == "spade-run":
            oh = o["open_hands"]
            for s in range(3):
                if spade_run(deal.dealt[s], deal.rules):
                    out.extend(oh + rel[s] * 32 + c for c in _bits(deal.dealt[s]))
        return out
