"""A fixed-size observation vector of one seat's Paskievics view.

Everything is computed from :class:`~paston.games.paskievics.view.PaskievicsView` data and
nothing else, so no card a seat may not know (other hands, the talon, others' discards, the
partner's identity before it is public) can reach an agent through it. One layout per table
size (4, or 5 with the dealer sitting out: :func:`paskievics_layout`); every value lies in
``[0, 1]``. Seats are **relative** to the viewer: 0 = the viewer, 1 = the next seat in
playing order, and so on. Card blocks have 42 entries in the engine's card order
(``SK T21 … T1 KH … TS``).

>>> from paston.games.paskievics.platform import new_match
>>> import random
>>> state = new_match(4).next_state(random.Random(1))
>>> layout = paskievics_layout(4)
>>> obs = encode_paskievics(state.view(0), layout)
>>> obs.shape == (layout.size,), float(obs[layout.slice("hand")].sum())
(True, 9.0)
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .actions import ITEMS, LEVELS, NUM_ACTIONS
from .cards import CARD_NAMES, NUM_CARDS, is_tarokk, parse_card
from .view import PaskievicsView, _partner_known

if TYPE_CHECKING:
    from .state import PaskievicsState

__all__ = [
    "PASKIEVICS_PHASES",
    "PaskievicsLayout",
    "encode_paskievics",
    "encode_paskievics_state",
    "paskievics_layout",
    "paskievics_legal_mask",
]

#: The phases of the ``phase`` one-hot (a thrown-in deal ends in ``scored`` too).
PASKIEVICS_PHASES: tuple[str, ...] = ("bidding", "raise", "discard", "announce", "play", "scored")
#: A seat's last word in the auction: none yet, pass, hold, or a level.
_BIDS: tuple[str, ...] = ("pass", "hold", *LEVELS)
_SIDES = ("declarer", "defenders")
_MAX_LEVEL = 5  # mordkontra
_THROWN = ("pass-out", "annulled", "trial-failed")


@dataclass(frozen=True, slots=True)
class PaskievicsLayout:
    """The named blocks of the vector for ``players`` seats, in order; ``size`` is their
    total."""

    players: int
    fields: tuple[tuple[str, int, str], ...]
    size: int

    def slice(self, name: str) -> slice:
        start = 0
        for field, size, _doc in self.fields:
            if field == name:
                return slice(start, start + size)
            start += size
        raise KeyError(f"no field {name!r} in the Paskievics layout")


@cache
def paskievics_layout(players: int) -> PaskievicsLayout:
    """The layout for a table of 4 or 5 seats."""
    if players not in (4, 5):
        raise ValueError(f"Paskievics is for 4 or 5 players, not {players!r}")
    n = players
    fields: tuple[tuple[str, int, str], ...] = (
        ("phase", len(PASKIEVICS_PHASES), "one-hot phase"),
        ("hand", NUM_CARDS, "the viewer's cards"),
        ("talon_received", NUM_CARDS, "the talon cards the viewer took"),
        ("own_discard", NUM_CARDS, "the viewer's discarded cards"),
        ("declarer_discarded_tarokks", NUM_CARDS, "the declarer's discarded tarokks (public)"),
        ("called", NUM_CARDS, "the called card"),
        ("played_by", n * NUM_CARDS, "per relative seat: cards it played in earlier tricks"),
        ("trick", n * NUM_CARDS, "per relative seat: its card in the current trick"),
        ("won_by", n * NUM_CARDS, "per relative seat: cards in the tricks it won"),
        ("dealer", n, "one-hot relative seat"),
        ("to_act", n, "one-hot relative seat (all 0 when nobody)"),
        ("declarer", n, "one-hot relative seat (all 0 before the auction ends)"),
        ("last_bid", n * len(_BIDS), "per relative seat: its last auction word, one-hot"),
        ("contract", len(LEVELS), "one-hot contract level"),
        ("invitation", n + 3, "inviter (relative seat) and shown card T19/T18/T20"),
        ("talon_split", n, "talon cards each relative seat took / 3"),
        ("discard_sizes", n, "cards each relative seat discarded / 3"),
        ("discarded_tarokks", n, "tarokks each relative seat discarded / 3"),
        ("sides", 2 * n, "per relative seat: known declarer's side, known defenders"),
        ("partner", n + 1, "the partner's relative seat if the viewer knows it; alone"),
        ("announced", 2 * len(ITEMS) * (_MAX_LEVEL + 1), "per side and item: level one-hot"),
        ("game_kontra", _MAX_LEVEL + 1, "the game's kontra level, one-hot (after the call)"),
        ("announcers", n, "relative seats that made an announcement"),
        ("tarokk_counts", 2 * n, "per relative seat: declared 8, declared 9 tarokks"),
        ("tricks_done", 1, "tricks played / 9"),
        ("multiplier", 1, "log2 of the deal multiplier / 4"),
        ("thrown_in", len(_THROWN), "why the deal was thrown in, one-hot"),
        ("scores", n, "each relative seat's deal score, squashed: 0.5 + atan(x / 20) / pi"),
    )
    return PaskievicsLayout(players, fields, sum(size for _n, size, _d in fields))


def _cards(names: list[str] | None) -> list[int]:
    return [parse_card(c) for c in names or []]


def encode_paskievics(view: PaskievicsView, layout: PaskievicsLayout) -> npt.NDArray[np.float32]:
    """The observation vector of ``view`` (a seat's view, never the state)."""
    data: dict[str, Any] = view.data
    n = layout.players
    if int(data["players"]) != n:
        raise ValueError(f"a {data['players']}-seat view does not fit the {n}-seat layout")
    me = int(view.seat)
    out = np.zeros(layout.size, dtype=np.float32)

    def rel(seat: int) -> int:
        return (seat - me) % n

    def block(name: str) -> npt.NDArray[np.float32]:
        return out[layout.slice(name)]

    def seat_block(name: str, seat: int, width: int) -> npt.NDArray[np.float32]:
        start = layout.slice(name).start + rel(seat) * width
        return out[start : start + width]

    phase = data["phase"]
    if phase in PASKIEVICS_PHASES:
        block("phase")[PASKIEVICS_PHASES.index(phase)] = 1.0
    block("hand")[_cards(data["hand"])] = 1.0
    received = data.get("talon_received")
    if received and isinstance(received[0], str):
        block("talon_received")[_cards(received)] = 1.0
    own = data["discards"][me] if me < len(data["discards"]) else []
    if isinstance(own, list):
        block("own_discard")[_cards(own)] = 1.0
    block("declarer_discarded_tarokks")[_cards(data.get("declarer_discarded_tarokks"))] = 1.0
    if data.get("called"):
        block("called")[parse_card(data["called"])] = 1.0

    forehand = int(data["forehand"])
    dealer = int(data["dealer"])
    active = [(forehand + i) % n for i in range(4)]
    tricks = data["tricks"]
    for trick in tricks:
        start = active.index(int(trick["leader"]))
        for i, name in enumerate(trick["cards"]):
            seat = active[(start + i) % 4]
            seat_block("played_by", seat, NUM_CARDS)[parse_card(name)] = 1.0
            seat_block("won_by", int(trick["winner"]), NUM_CARDS)[parse_card(name)] = 1.0
    leader = int(tricks[-1]["winner"]) if tricks else forehand
    start = active.index(leader)
    for i, name in enumerate(data["trick"]):
        seat_block("trick", active[(start + i) % 4], NUM_CARDS)[parse_card(name)] = 1.0

    block("dealer")[rel(dealer)] = 1.0
    if data["to_act"] is not None:
        block("to_act")[rel(int(data["to_act"]))] = 1.0
    if data["declarer"] is not None:
        block("declarer")[rel(int(data["declarer"]))] = 1.0
    for entry in data["actions"]:
        word = str(entry["action"]).split()[0]
        if word in _BIDS and data["phase"] != "raise":
            bids = seat_block("last_bid", int(entry["seat"]), len(_BIDS))
            bids[:] = 0.0
            bids[_BIDS.index(word)] = 1.0
    if data["bid"] in LEVELS:
        block("contract")[LEVELS.index(data["bid"])] = 1.0
    invitation = data.get("invitation")
    if invitation:
        inv = block("invitation")
        inv[rel(int(invitation["by"]))] = 1.0
        shown = {"T19": 0, "T18": 1, "T20": 2}.get(invitation["card"])
        if shown is not None:
            inv[n + shown] = 1.0
    for seat, taken in enumerate(data.get("talon_split") or []):
        if seat < n:
            block("talon_split")[rel(seat)] = taken / 3.0
    for seat, discard in enumerate(data["discards"]):
        size = discard if isinstance(discard, int) else len(discard)
        block("discard_sizes")[rel(seat)] = size / 3.0
    for seat, count in enumerate(data.get("discarded_tarokks") or []):
        block("discarded_tarokks")[rel(seat)] = min(count, 3) / 3.0
    for seat, side in (data.get("sides") or {}).items():
        seat_block("sides", int(seat), 2)[_SIDES.index(side)] = 1.0
    if data.get("partner") is not None:
        block("partner")[rel(int(data["partner"]))] = 1.0
    if data.get("alone"):
        block("partner")[n] = 1.0
    announced = block("announced")
    for item in data["announcements"]:
        side = _SIDES.index(item["side"])
        row = (side * len(ITEMS) + ITEMS.index(item["item"])) * (_MAX_LEVEL + 1)
        announced[row : row + _MAX_LEVEL + 1] = 0.0
        announced[row + min(int(item["level"]), _MAX_LEVEL)] = 1.0
        if item.get("by") is not None:
            block("announcers")[rel(int(item["by"]))] = 1.0
    if data.get("game_kontra") is not None:
        block("game_kontra")[min(int(data["game_kontra"]), _MAX_LEVEL)] = 1.0
    for count in data.get("tarokk_counts") or []:
        seat_block("tarokk_counts", int(count["seat"]), 2)[int(count["count"]) - 8] = 1.0
    block("tricks_done")[0] = len(tricks) / 9.0
    block("multiplier")[0] = min(math.log2(max(int(data["multiplier"]), 1)), 4.0) / 4.0
    if data.get("thrown_in") in _THROWN:
        block("thrown_in")[_THROWN.index(data["thrown_in"])] = 1.0
    for seat, score in enumerate(data.get("scores") or []):
        block("scores")[rel(seat)] = 0.5 + math.atan(float(score) / 20.0) / math.pi
    return out


@cache
def _offsets(players: int) -> dict[str, int]:
    layout = paskievics_layout(players)
    return {name: layout.slice(name).start for name, _size, _doc in layout.fields}


#: The shown card of an invitation: its entry after the inviter's seats.
_SHOWN = {CARD_NAMES.index("T19"): 0, CARD_NAMES.index("T18"): 1, CARD_NAMES.index("T20"): 2}
_DISCARDS_DONE = frozenset(("announce", "play", "scored"))
_TAROKKS = frozenset(c for c in range(NUM_CARDS) if is_tarokk(c))
#: Where side 0's row of each item starts in the ``announced`` block; side 1's rows follow
#: :data:`_SIDE_ROWS` entries later.
_ITEM_ROWS = {item: i * (_MAX_LEVEL + 1) for i, item in enumerate(ITEMS)}
_SIDE_ROWS = len(ITEMS) * (_MAX_LEVEL + 1)
_PHASE_INDEX = {phase: i for i, phase in enumerate(PASKIEVICS_PHASES)}
_THROWN_INDEX = {cause: i for i, cause in enumerate(_THROWN)}
#: The fractions the encoder writes, precomputed: ``k / 3``, ``k / 9``, the multiplier's.
_THIRDS = tuple(k / 3.0 for k in range(NUM_CARDS + 1))
_NINTHS = tuple(k / 9.0 for k in range(10))


@dataclass(frozen=True, slots=True)
class _SeatTables:
    """What one viewer's encoding needs that depends only on the table size and the seat:
    block offsets with the seat's relative position already added."""

    at: dict[str, int]
    #: ``rel[s]``: seat ``s`` relative to the viewer.
    rel: tuple[int, ...]
    #: per seat: the start of its row in the per-seat card blocks.
    played_by: tuple[int, ...]
    won_by: tuple[int, ...]
    trick: tuple[int, ...]
    last_bid: tuple[int, ...]
    sides: tuple[int, ...]
    tarokk_counts: tuple[int, ...]
    #: per seat: its entry in the one-entry-per-seat blocks.
    seat_entry: dict[str, tuple[int, ...]]


@cache
def _seat_tables(players: int, me: int) -> _SeatTables:
    at = _offsets(players)
    rel = tuple((s - me) % players for s in range(players))

    def rows(name: str, width: int) -> tuple[int, ...]:
        return tuple(at[name] + r * width for r in rel)

    per_seat = (
        "dealer", "to_act", "declarer", "talon_split", "discard_sizes", "discarded_tarokks",
        "partner", "announcers", "scores",
    )  # fmt: skip
    return _SeatTables(
        at=at,
        rel=rel,
        played_by=rows("played_by", NUM_CARDS),
        won_by=rows("won_by", NUM_CARDS),
        trick=rows("trick", NUM_CARDS),
        last_bid=rows("last_bid", len(_BIDS)),
        sides=rows("sides", 2),
        tarokk_counts=tuple(at["tarokk_counts"] + r * 2 - 8 for r in rel),
        seat_entry={name: rows(name, 1) for name in per_seat},
    )


@cache
def _trick_rows(players: int, me: int, forehand: int) -> dict[int, tuple[int, ...]]:
    """Per leader: the rows of the four cards of a trick it leads, in the ``played_by``
    block (the ``trick`` block's are these moved by a constant)."""
    rows = _seat_tables(players, me).played_by
    order = [(forehand + i) % players for i in range(4)]
    return {
        leader: tuple(rows[order[(start + i) % 4]] for i in range(4))
        for start, leader in enumerate(order)
    }


def encode_paskievics_state(
    state: PaskievicsState, seat: int, layout: PaskievicsLayout
) -> npt.NDArray[np.float32]:
    """:func:`encode_paskievics` of ``state.view(seat)``, value for value, without building
    the view (its JSON-ready data, every card a name): the Gymnasium and PettingZoo
    adapters' observer. It reads only what that view holds, under the view's own rules of
    who may know what (:func:`.view.view_data`: the partner, the sides, others' discards);
    the env tests compare the two on random deals.

    Blocks that change a few times a deal come from the last encoding of this table size
    and seat while what they are read from is equal (compared by value, so a state changed
    in place is encoded afresh; :class:`_Viewer`): the settled entries (the talon, the
    discards, the contract, the call), the hand, the last auction words, the
    announcements, the finished tricks. The rest is set entry by entry in a copy of the
    settled entries (an ``array('f')``: cheaper than numpy's scalar writes), which numpy
    then wraps without copying."""
    n = layout.players
    if state.seats != n:
        raise ValueError(f"a {state.seats}-seat deal does not fit the {n}-seat layout")
    me = seat
    viewer = _VIEWERS.get((n, me))
    if viewer is None:
        viewer = _VIEWERS[n, me] = _Viewer(n, me)
    phase = state.phase
    ones = array("f", viewer.settled_block(state, phase in _DISCARDS_DONE))
    index = _PHASE_INDEX.get(phase)
    if index is not None:
        ones[index] = 1.0  # the phase block comes first
    if me in state.active:
        hand = state.hands[me]
        kept = viewer.hand
        if hand != kept[0]:
            kept = viewer.new_hand(hand)
        ones[viewer.hand_at : viewer.hand_at + NUM_CARDS] = kept[1]

    tricks = state.tricks
    trick = state.trick
    if tricks or trick:
        forehand = state.forehand
        by_leader = _trick_rows(n, me, forehand)
        if tricks:
            region = viewer.tricks_region(forehand, tricks, by_leader)
            start = viewer.played_by_at
            ones[start : start + len(region)] = region
        if trick:  # a trick under way
            rows = by_leader[tricks[-1][2] if tricks else forehand]
            shift = viewer.trick_shift
            for row, card in zip(rows, trick, strict=False):
                ones[row + shift + card] = 1.0

    to_act = state.to_act
    if to_act is not None:
        ones[viewer.to_act_entry[to_act]] = 1.0
    if phase != "raise":
        # Each seat's last auction word (a pass in the announcements counts too, as in the
        # view's encoding), which the state keeps up to date.
        words = state.last_words
        kept_words = viewer.words
        if words != kept_words[0]:
            kept_words = viewer.new_words(words)
        start = viewer.last_bid_at
        ones[start : start + len(kept_words[1])] = kept_words[1]
    called = state.called
    announced = state.announced
    if announced:
        # The announced, game_kontra (zero here) and announcers blocks, which follow each
        # other, in one copy.
        kept_announced = viewer.announced
        if announced != kept_announced[0]:
            kept_announced = viewer.new_announced(announced)
        start = viewer.announced_at
        ones[start : start + len(kept_announced[1])] = kept_announced[1]
    if called is not None:
        partner_known = _partner_known(state, me)
        # state.side and state.is_revealed of each active seat, inline.
        declarer = state.declarer
        partner = state.partner
        alone = state.alone
        revealed = state.revealed
        everyone = partner_known or state.all_revealed or state.is_over
        side_rows = viewer.tables.sides
        for other in state.active:
            if everyone or other in (me, declarer) or other in revealed:
                on_d = other == declarer or (other == partner and not alone)
                ones[side_rows[other] + (0 if on_d else 1)] = 1.0
        if partner_known:
            if partner is not None:
                ones[viewer.partner_entry[partner]] = 1.0
            if alone:
                ones[viewer.alone_entry] = 1.0
        game_level = state.game_level
        if game_level is not None:
            level = game_level if game_level < _MAX_LEVEL else _MAX_LEVEL
            ones[viewer.game_kontra_at + level] = 1.0
    counts = state.counts
    if counts:
        count_rows = viewer.tables.tarokk_counts
        for other, count in counts:
            ones[count_rows[other] + count] = 1.0
    ones[viewer.tricks_done_at] = _NINTHS[len(tricks)]
    thrown_in = state.thrown_in
    if thrown_in is not None:
        thrown = _THROWN_INDEX.get(thrown_in)
        if thrown is not None:
            ones[viewer.thrown_in_at + thrown] = 1.0
    scores = state.scores
    if scores is not None:
        score_rows = viewer.score_entry
        for other, score in enumerate(scores):
            ones[score_rows[other]] = 0.5 + math.atan(float(score) / 20.0) / math.pi
    out: npt.NDArray[np.float32] = np.frombuffer(ones, _FLOAT32)
    return out


#: The observation's dtype, built once (``frombuffer`` converts a ``dtype=`` argument on
#: every call).
_FLOAT32 = np.dtype(np.float32)


@cache
def _zeros(size: int) -> array[float]:
    return array("f", bytes(4 * size))


class _Viewer:
    """One viewer's encoding (a table size and a seat): its offsets, and per slowly
    changing part of a deal what it was last read from (a copy, compared by value) and
    the entries it gave. A learner's observations follow one deal, whose talon, discards,
    contract and call change a few times, its hand once a trick, its finished tricks
    every fourth card."""

    __slots__ = (
        "alone_entry", "announced", "announced_at", "announced_size", "game_kontra_at",
        "hand", "hand_at", "last_bid_at", "me", "n", "partner_entry", "played_by_at",
        "score_entry", "settled", "tables", "thrown_in_at", "to_act_entry", "trick_shift",
        "tricks", "tricks_done_at", "words",
    )  # fmt: skip

    def __init__(self, n: int, me: int) -> None:
        self.n, self.me = n, me
        tables = self.tables = _seat_tables(n, me)
        at, entry = tables.at, tables.seat_entry
        assert at["phase"] == 0
        self.hand_at = at["hand"]
        self.played_by_at = at["played_by"]
        self.trick_shift = at["trick"] - at["played_by"]
        self.last_bid_at = at["last_bid"]
        self.announced_at = at["announced"]
        self.game_kontra_at = at["game_kontra"]
        self.tricks_done_at = at["tricks_done"]
        self.thrown_in_at = at["thrown_in"]
        self.alone_entry = at["partner"] + n
        self.to_act_entry = entry["to_act"]
        self.partner_entry = entry["partner"]
        self.score_entry = entry["scores"]
        # Each kept block is one tuple with what it was read from, replaced whole, so an
        # encoding reads a consistent pair even while another thread encodes for this
        # viewer. ``None`` (no state's field equals it): the first encoding fills it.
        self.settled: tuple[tuple[Any, ...] | None, array[float]] = (None, _zeros(0))
        self.hand: tuple[set[int] | None, array[float]] = (None, _zeros(0))
        self.words: tuple[tuple[int, ...] | None, array[float]] = (None, _zeros(0))
        self.announced: tuple[list[list[Any]] | None, array[float]] = (None, _zeros(0))
        self.announced_size = max(entry["announcers"]) - self.announced_at + 1
        self.tricks: tuple[list[tuple[int, tuple[int, ...], int]], int, array[float]] = (
            [],
            -1,
            _zeros(0),
        )

    def settled_block(self, state: PaskievicsState, discards_done: bool) -> array[float]:
        """A vector holding only the entries that change a few times a deal: the talon
        cards the viewer took and each seat's share, the discards (the viewer's cards, each
        seat's size, its tarokks once the discards are done, the declarer's tarokks), the
        called card, the dealer, the declarer, the contract, the invitation and the
        multiplier; zero elsewhere."""
        key, block = self.settled
        # The cheap fields first; the lists (a copy's may be changed in place) by value.
        if (
            key is not None
            and key[0] == state.declarer
            and key[1] == discards_done
            and key[2] == state.called
            and key[3] == state.contract
            and key[4] == state.invitation
            and key[5] == state.dealer
            and key[6] == state.multiplier
            and key[7] == state.rules.five_dealer_sees
            and key[8] == state.discards
            and key[9] == state.received
        ):
            return block
        received = state.received
        discards = state.discards
        key = (
            state.declarer,
            discards_done,
            state.called,
            state.contract,
            state.invitation,
            state.dealer,
            state.multiplier,
            state.rules.five_dealer_sees,
            [list(d) for d in discards],
            None if received is None else [list(r) for r in received],
        )
        n, me, tables = self.n, self.me, self.tables
        at, entry = tables.at, tables.seat_entry
        ones = array("f", _zeros(paskievics_layout(n).size))
        dealer = state.dealer
        active = me in state.active
        if received is not None and not (
            me == dealer and not active and state.rules.five_dealer_sees
        ):
            base = at["talon_received"]
            for card in received[me]:
                ones[base + card] = 1.0
        base = at["own_discard"]
        for card in discards[me]:
            ones[base + card] = 1.0
        declarer = state.declarer
        if discards_done and declarer is not None:
            base = at["declarer_discarded_tarokks"]
            for card in _TAROKKS.intersection(discards[declarer]):
                ones[base + card] = 1.0
        called = state.called
        if called is not None:
            ones[at["called"] + called] = 1.0
        ones[entry["dealer"][dealer]] = 1.0
        if declarer is not None:
            ones[entry["declarer"][declarer]] = 1.0
        if state.contract is not None:
            ones[at["contract"] + state.contract] = 1.0
        invitation = state.invitation
        if invitation is not None:
            base = at["invitation"]
            ones[base + tables.rel[invitation[1]]] = 1.0
            shown = _SHOWN.get(invitation[0])
            if shown is not None:
                ones[base + n + shown] = 1.0
        if received is not None:
            split = entry["talon_split"]
            for other, taken in enumerate(received):
                if other < n:
                    ones[split[other]] = _THIRDS[len(taken)]
        sizes = entry["discard_sizes"]
        for other, discard in enumerate(discards):
            ones[sizes[other]] = _THIRDS[len(discard)]
        if discards_done:
            tarokk_rows = entry["discarded_tarokks"]
            for other, discard in enumerate(discards):
                count = len(_TAROKKS.intersection(discard))
                ones[tarokk_rows[other]] = _THIRDS[count if count < 3 else 3]
        ones[at["multiplier"]] = _multiplier_entry(int(state.multiplier))
        self.settled = (key, ones)
        return ones

    def new_hand(self, hand: set[int]) -> tuple[set[int], array[float]]:
        """The ``hand`` block of ``hand``, kept."""
        block = array("f", _zeros(NUM_CARDS))
        for card in hand:
            block[card] = 1.0
        kept = self.hand = (set(hand), block)
        return kept

    def new_words(self, words: tuple[int, ...]) -> tuple[tuple[int, ...], array[float]]:
        """The ``last_bid`` block of each seat's last auction word (-1: none yet), kept."""
        block = array("f", _zeros(self.n * len(_BIDS)))
        rows, base = self.tables.last_bid, self.last_bid_at
        for actor, word in enumerate(words):
            if word >= 0:
                block[rows[actor] - base + word] = 1.0
        kept = self.words = (tuple(words), block)
        return kept

    def new_announced(self, announced: list[list[Any]]) -> tuple[list[list[Any]], array[float]]:
        """The ``announced``, ``game_kontra`` (all 0) and ``announcers`` blocks, from the
        start of ``announced``, as the announcements set them, kept."""
        block = array("f", _zeros(self.announced_size))
        announcers, base = self.tables.seat_entry["announcers"], self.announced_at
        # Each side announces an item once (the engine's rule), so each row gets one entry.
        for item, side, by, level in announced:
            row = _ITEM_ROWS[item] + side * _SIDE_ROWS
            block[row + (level if level < _MAX_LEVEL else _MAX_LEVEL)] = 1.0
            if by is not None:
                block[announcers[by] - base] = 1.0
        kept = self.announced = ([list(e) for e in announced], block)
        return kept

    def tricks_region(
        self,
        forehand: int,
        tricks: list[tuple[int, tuple[int, ...], int]],
        by_leader: dict[int, tuple[int, ...]],
    ) -> array[float]:
        """The ``played_by``, ``trick`` (all 0) and ``won_by`` blocks of finished
        ``tricks`` (their tuples compare by identity first)."""
        known, known_forehand, known_block = self.tricks
        done = 0
        if known_forehand == forehand:
            if len(known) == len(tricks) and known == tricks:
                return known_block
            if len(known) < len(tricks) and known == tricks[: len(known)]:
                done = len(known)  # the same deal, some tricks on: add only those
        start = self.played_by_at
        won_by = self.tables.won_by
        region = array("f", known_block if done else _zeros(3 * self.n * NUM_CARDS))
        for leader, cards, winner in tricks[done:] if done else tricks:
            rows = by_leader[leader]
            won = won_by[winner] - start
            for row, card in zip(rows, cards, strict=True):
                region[row - start + card] = 1.0
                region[won + card] = 1.0
        self.tricks = (list(tricks), forehand, region)
        return region


#: Per table size and viewer: its tables and the blocks last encoded.
_VIEWERS: dict[tuple[int, int], _Viewer] = {}


@cache
def _multiplier_entry(multiplier: int) -> float:
    return min(math.log2(max(multiplier, 1)), 4.0) / 4.0


def paskievics_legal_mask(view: PaskievicsView) -> npt.NDArray[np.int8]:
    """The ``int8`` mask over the engine's ``NUM_ACTIONS`` ids (all 0 when not to act)."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[list(view.legal)] = 1
    return mask
