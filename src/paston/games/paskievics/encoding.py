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
#: The auction's words are the first action ids, in :data:`_BIDS`'s order.
_LAST_BID_ID = len(_BIDS) - 1
_DISCARDS_DONE = ("announce", "play", "scored")
_TAROKKS = frozenset(c for c in range(NUM_CARDS) if is_tarokk(c))
#: Where each side's row of each item starts in the ``announced`` block.
_ROWS = {
    (side, item): (side * len(ITEMS) + i) * (_MAX_LEVEL + 1)
    for side in range(len(_SIDES))
    for i, item in enumerate(ITEMS)
}


def encode_paskievics_state(
    state: PaskievicsState, seat: int, layout: PaskievicsLayout
) -> npt.NDArray[np.float32]:
    """:func:`encode_paskievics` of ``state.view(seat)``, value for value, without building
    the view (its JSON-ready data, every card a name): the Gymnasium and PettingZoo
    adapters' observer. It reads only what that view holds, under the view's own rules of
    who may know what (:func:`.view.view_data`: the partner, the sides, others' discards);
    the env tests compare the two on random deals.

    The 0/1 entries are set in a ``bytearray`` handed to numpy in one piece (numpy converts
    a list item by item), the few fractions written after."""
    n = layout.players
    if state.seats != n:
        raise ValueError(f"a {state.seats}-seat deal does not fit the {n}-seat layout")
    at = _offsets(n)
    me = seat
    ones = bytearray(layout.size)
    slots: list[int] = []
    fractions: list[float] = []
    phase = state.phase
    if phase in PASKIEVICS_PHASES:
        ones[at["phase"] + PASKIEVICS_PHASES.index(phase)] = 1
    active = me in state.active
    dealer = state.dealer
    over = state.is_over
    dealer_sees = me == dealer and not active and state.rules.five_dealer_sees
    if active:
        base = at["hand"]
        for card in state.hands[me]:
            ones[base + card] = 1
    received = state.received
    if received is not None and not dealer_sees:
        base = at["talon_received"]
        for card in received[me]:
            ones[base + card] = 1
    discards = state.discards
    base = at["own_discard"]
    for card in discards[me]:
        ones[base + card] = 1
    discards_done = phase in _DISCARDS_DONE
    declarer = state.declarer
    if discards_done and declarer is not None:
        base = at["declarer_discarded_tarokks"]
        for card in discards[declarer]:
            if is_tarokk(card):
                ones[base + card] = 1
    called = state.called
    if called is not None:
        ones[at["called"] + called] = 1

    forehand = state.forehand
    order = [(forehand + i) % n for i in range(4)]
    played_by, won_by = at["played_by"], at["won_by"]
    tricks = state.tricks
    for leader, cards, winner in tricks:
        start = order.index(leader)
        won = won_by + (winner - me) % n * NUM_CARDS
        for i, card in enumerate(cards):
            ones[played_by + (order[(start + i) % 4] - me) % n * NUM_CARDS + card] = 1
            ones[won + card] = 1
    leader = tricks[-1][2] if tricks else forehand
    start = order.index(leader)
    base = at["trick"]
    for i, card in enumerate(state.trick):
        ones[base + (order[(start + i) % 4] - me) % n * NUM_CARDS + card] = 1

    ones[at["dealer"] + (dealer - me) % n] = 1
    to_act = state.to_act
    if to_act is not None:
        ones[at["to_act"] + (to_act - me) % n] = 1
    if declarer is not None:
        ones[at["declarer"] + (declarer - me) % n] = 1
    if phase != "raise":
        # Each seat's last auction word (a pass in the announcements counts too, as in the
        # view's encoding): the latest first, until every seat that acts has one.
        last: dict[int, int] = {}
        history, actors = state.history, state.actors
        acting = len(state.active)
        for i in range(len(history) - 1, -1, -1):
            action = history[i]
            if action <= _LAST_BID_ID and actors[i] not in last:
                last[actors[i]] = action
                if len(last) == acting:
                    break
        base = at["last_bid"]
        for actor, word in last.items():
            ones[base + (actor - me) % n * len(_BIDS) + word] = 1
    if state.contract is not None:
        ones[at["contract"] + state.contract] = 1
    invitation = state.invitation
    if invitation is not None:
        base = at["invitation"]
        ones[base + (invitation[1] - me) % n] = 1
        shown = _SHOWN.get(invitation[0])
        if shown is not None:
            ones[base + n + shown] = 1
    if received is not None:
        base = at["talon_split"]
        for other, taken in enumerate(received):
            if other < n:
                slots.append(base + (other - me) % n)
                fractions.append(len(taken) / 3.0)
    base = at["discard_sizes"]
    for other, discard in enumerate(discards):
        slots.append(base + (other - me) % n)
        fractions.append(len(discard) / 3.0)
    if discards_done:
        base = at["discarded_tarokks"]
        for other, discard in enumerate(discards):
            count = len(_TAROKKS.intersection(discard))
            slots.append(base + (other - me) % n)
            fractions.append(min(count, 3) / 3.0)
    partner_known = _partner_known(state, me)
    if called is not None:
        base = at["sides"]
        for other in state.active:
            if over or state.is_revealed(other) or other == me or partner_known:
                ones[base + (other - me) % n * 2 + state.side(other)] = 1
    if partner_known:
        if state.partner is not None:
            ones[at["partner"] + (state.partner - me) % n] = 1
        if state.alone:
            ones[at["partner"] + n] = 1
    base = at["announced"]
    announcers = at["announcers"]
    rows: dict[int, int] = {}
    for item, side, by, level in state.announced:
        rows[_ROWS[side, item]] = level if level < _MAX_LEVEL else _MAX_LEVEL
        if by is not None:
            ones[announcers + (by - me) % n] = 1
    for row, level in rows.items():
        ones[base + row + level] = 1
    if called is not None and state.game_level is not None:
        ones[at["game_kontra"] + min(state.game_level, _MAX_LEVEL)] = 1
    base = at["tarokk_counts"]
    for other, count in state.counts:
        ones[base + (other - me) % n * 2 + count - 8] = 1
    slots.append(at["tricks_done"])
    fractions.append(len(tricks) / 9.0)
    slots.append(at["multiplier"])
    fractions.append(min(math.log2(max(int(state.multiplier), 1)), 4.0) / 4.0)
    if state.thrown_in in _THROWN:
        ones[at["thrown_in"] + _THROWN.index(state.thrown_in)] = 1
    if state.scores is not None:
        base = at["scores"]
        for other, score in enumerate(state.scores):
            slots.append(base + (other - me) % n)
            fractions.append(0.5 + math.atan(float(score) / 20.0) / math.pi)
    out = np.frombuffer(ones, dtype=np.uint8).astype(np.float32)
    out[slots] = fractions
    return out


def paskievics_legal_mask(view: PaskievicsView) -> npt.NDArray[np.int8]:
    """The ``int8`` mask over the engine's ``NUM_ACTIONS`` ids (all 0 when not to act)."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[list(view.legal)] = 1
    return mask
