"""A fixed-size observation vector of a Paris :class:`~paston.games.paris.view.ParisView`.

Everything is computed from one seat's view and nothing else, so no card a seat may not see
(``paris.md`` §10: other hands, face-down cards, the deck) can reach an agent through it. The
vector has one layout per number of players (:func:`paris_layout`); every value lies in
``[0, 1]``.

Seats are **relative** to the viewer: 0 = the viewer, 1 = the next seat in the order of play,
and so on. Card blocks hold 52 entries in card order (``3C 3D … 2S``), each the number of
copies (0, 1 or 2) divided by 2.

>>> from paston.games.paris.shuffle import deal_game
>>> layout = paris_layout(3)
>>> obs = encode_paris(deal_game(3, seed=1).view(0), layout)
>>> obs.shape == (layout.size,), float(obs[layout.slice("hand")].sum() * 2)
(True, 5.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .actions import NUM_ACTIONS
from .cards import NUM_CARDS, SEVEN
from .view import ParisView

if TYPE_CHECKING:
    from .state import ParisState

__all__ = [
    "PARIS_PHASES",
    "ParisField",
    "ParisLayout",
    "describe_paris_layout",
    "encode_paris",
    "encode_paris_state",
    "paris_layout",
    "paris_legal_mask",
]

#: The phases of the ``phase`` one-hot.
PARIS_PHASES: tuple[str, ...] = ("swap", "play", "over")
#: Counts (cards held, pile size, deck size) are divided by the size of the pack.
_PACK = 104.0


@dataclass(frozen=True, slots=True)
class ParisField:
    """One named block of the vector."""

    name: str
    size: int
    doc: str


@dataclass(frozen=True, slots=True)
class ParisLayout:
    """The blocks of the vector for ``players`` seats, in order; ``size`` is their total."""

    players: int
    fields: tuple[ParisField, ...]
    size: int

    def offset(self, name: str) -> int:
        start = 0
        for f in self.fields:
            if f.name == name:
                return start
            start += f.size
        raise KeyError(f"no field {name!r} in the Paris layout")

    def slice(self, name: str) -> slice:
        start = self.offset(name)
        return slice(start, start + next(f.size for f in self.fields if f.name == name))


@cache
def paris_layout(players: int) -> ParisLayout:
    """The layout for a table of ``players`` (2 to 9)."""
    if not 2 <= players <= 9:
        raise ValueError(f"Paris is for 2 to 9 players, not {players}")
    n = players
    fields = (
        ParisField("phase", 3, "phase one-hot: swap, play, over"),
        ParisField("opening", 1, "1 while the opening play (lowest rank only) is to be made"),
        ParisField("to_act", n, "the seat to act, relative one-hot (0s once over)"),
        ParisField("dealer", n, "the dealer, relative one-hot"),
        ParisField("hand", NUM_CARDS, "the viewer's hand, copies / 2 per card"),
        ParisField("hand_count", n, "cards in each seat's hand / 104, relative seats"),
        ParisField("face_up", n * NUM_CARDS, "each seat's face-up cards, relative seat-major"),
        ParisField("face_down", n * 3, "each seat's face-down slots that still hold a card"),
        ParisField("finished", n, "1 for each seat that has gone out, relative seats"),
        ParisField("swaps_left", n, "swaps each seat may still make / 3 (swap phase)"),
        ParisField("ready", n, "1 for each seat done with its swaps"),
        ParisField("pile", NUM_CARDS, "the cards in the pile, copies / 2 per card"),
        ParisField("pile_count", 1, "cards in the pile / 104"),
        ParisField("top_rank", 13, "the top card's rank one-hot, 3 … 2 (0s: empty pile)"),
        ParisField("top_run", 3, "how many cards of the top rank lie on top: 1, 2, 3 one-hot"),
        ParisField("seven", 1, "1 when a 7 is on top (next play 3-7 or a 10)"),
        ParisField("burned", NUM_CARDS, "the burned cards seen, copies / 2 per card"),
        ParisField("burned_count", 1, "cards burned / 104"),
        ParisField("deck_count", 1, "cards left in the deck / 104"),
        ParisField("turns", 1, "play-phase turns so far / max_turns"),
    )
    return ParisLayout(n, fields, sum(f.size for f in fields))


def describe_paris_layout(players: int) -> str:
    """One line per block: offset, size, name and meaning (for docs and debugging)."""
    layout = paris_layout(players)
    lines = []
    for f in layout.fields:
        lines.append(f"{layout.offset(f.name):5d} {f.size:4d}  {f.name:<13} {f.doc}")
    return "\n".join(lines)


@cache
def _offsets(players: int) -> dict[str, int]:
    layout = paris_layout(players)
    return {f.name: layout.offset(f.name) for f in layout.fields}


def encode_paris(
    view: ParisView,
    layout: ParisLayout | None = None,
    out: npt.NDArray[np.float32] | None = None,
) -> npt.NDArray[np.float32]:
    """The ``float32`` observation of ``view`` (written into ``out`` when given)."""
    n = view.players
    if layout is None:
        layout = paris_layout(n)
    elif layout.players != n:
        raise ValueError(f"a {layout.players}-player layout cannot encode a {n}-player view")
    at = _offsets(n)
    me = view.seat
    # Built in a plain list and handed to numpy once: Python list stores cost a fraction of
    # numpy scalar stores, and a view has at most a few hundred cards to count.
    buf = [0.0] * layout.size
    buf[at["phase"] + PARIS_PHASES.index(view.phase)] = 1.0
    buf[at["dealer"] + (view.dealer - me) % n] = 1.0
    if view.opening:
        buf[at["opening"]] = 1.0
    if view.to_act is not None:
        buf[at["to_act"] + (view.to_act - me) % n] = 1.0
    base = at["hand"]
    for card in view.hand:
        buf[base + card] += 0.5
    face_up, face_down = at["face_up"], at["face_down"]
    hand_count, swaps_left, finished, ready = (
        at["hand_count"],
        at["swaps_left"],
        at["finished"],
        at["ready"],
    )
    for seat, info in enumerate(view.seats):
        rel = (seat - me) % n
        base = face_up + rel * NUM_CARDS
        for card in info.face_up:
            buf[base + card] += 0.5
        base = face_down + rel * 3
        for slot in info.face_down_slots:
            buf[base + slot] = 1.0
        buf[hand_count + rel] = min(info.hand_count / _PACK, 1.0)
        buf[swaps_left + rel] = info.swaps_left / 3.0
        if info.finished:
            buf[finished + rel] = 1.0
        if info.ready:
            buf[ready + rel] = 1.0
    pile = view.pile
    base = at["pile"]
    for card in pile:
        buf[base + card] += 0.5
    if pile:
        top = pile[-1] >> 2
        run = 0
        for card in reversed(pile):
            if card >> 2 != top:
                break
            run += 1
        buf[at["top_rank"] + top] = 1.0
        buf[at["top_run"] + min(run, 3) - 1] = 1.0
        buf[at["seven"]] = float(view.seven)
    base = at["burned"]
    for card in view.burned_cards:
        buf[base + card] += 0.5
    buf[at["pile_count"]] = len(pile) / _PACK
    buf[at["burned_count"]] = min(view.burned / _PACK, 1.0)
    buf[at["deck_count"]] = view.deck / _PACK
    buf[at["turns"]] = min(view.turns / view.rules.max_turns, 1.0)
    if out is None:
        return np.array(buf, np.float32)
    out[:] = buf
    return out


@cache
def _scalar_slots(players: int) -> npt.NDArray[np.intp]:
    """Where :func:`encode_paris_state` writes its fractions: each relative seat's
    ``hand_count``, then each one's ``swaps_left``, then ``pile_count``, ``burned_count``,
    ``deck_count`` and ``turns``."""
    at = _offsets(players)
    seats = range(players)
    slots = [at["hand_count"] + r for r in seats] + [at["swaps_left"] + r for r in seats]
    slots += [at["pile_count"], at["burned_count"], at["deck_count"], at["turns"]]
    return np.array(slots, dtype=np.intp)


def encode_paris_state(
    state: ParisState, seat: int, layout: ParisLayout | None = None
) -> npt.NDArray[np.float32]:
    """:func:`encode_paris` of ``state.view(seat)``, value for value, without building the
    view: the Gymnasium and PettingZoo adapters' observer. It reads only what that view
    holds (the seat's own hand, the public seats, pile, burned cards and counts); the env
    tests compare the two on random games.

    Every value but a few fractions is a whole number of half units (a card's copies over
    the two packs; a one-hot 1 is two halves), so they are counted in a ``bytearray`` and
    handed to numpy in one piece: far cheaper than numpy's per-item conversion of a list.
    """
    n = state.players
    if layout is None:
        layout = paris_layout(n)
    elif layout.players != n:
        raise ValueError(f"a {layout.players}-player layout cannot encode a {n}-player game")
    at = _offsets(n)
    (phase, dealer, opening, to_act, up, down, hand_n, swaps, out_, ready_, pile, burned_counts,
     burned, deck_count, turns) = state.encoder_table()  # fmt: skip
    halves = bytearray(layout.size)
    halves[at["phase"] + phase] = 2
    halves[at["dealer"] + (dealer - seat) % n] = 2
    if opening:
        halves[at["opening"]] = 2
    if to_act >= 0:
        halves[at["to_act"] + (to_act - seat) % n] = 2
    base = at["hand"]
    halves[base : base + NUM_CARDS] = bytes(state.hand_counts(seat))
    face_up, face_down = at["face_up"], at["face_down"]
    finished, ready = at["finished"], at["ready"]
    fractions: list[float] = []
    swaps_left: list[float] = []
    for rel in range(n):
        other = (seat + rel) % n
        base = face_up + rel * NUM_CARDS
        halves[base : base + NUM_CARDS] = bytes(up[other])
        base = face_down + rel * 3
        slots = down[other]  # only whether a slot holds a card is read
        if slots[0] >= 0:
            halves[base] = 2
        if slots[1] >= 0:
            halves[base + 1] = 2
        if slots[2] >= 0:
            halves[base + 2] = 2
        fractions.append(min(hand_n[other] / _PACK, 1.0))
        swaps_left.append((3 - swaps[other]) / 3.0)
        if out_[other]:
            halves[finished + rel] = 2
        if ready_[other]:
            halves[ready + rel] = 2
    base = at["pile"]
    for card in pile:
        halves[base + card] += 1
    if pile:
        top = pile[-1] >> 2
        run = 0
        for card in reversed(pile):
            if card >> 2 != top:
                break
            run += 1
        halves[at["top_rank"] + top] = 2
        halves[at["top_run"] + min(run, 3) - 1] = 2
        if top == SEVEN:
            halves[at["seven"]] = 2
    base = at["burned"]
    halves[base : base + NUM_CARDS] = bytes(burned_counts)
    out = np.frombuffer(halves, dtype=np.uint8).astype(np.float32)
    out *= 0.5
    fractions += swaps_left
    fractions += (
        len(pile) / _PACK,
        min(burned / _PACK, 1.0),
        deck_count / _PACK,
        min(turns / state.rules.max_turns, 1.0),
    )
    out[_scalar_slots(n)] = fractions
    return out


def paris_legal_mask(view: ParisView) -> npt.NDArray[np.int8]:
    """An ``int8`` mask over the :data:`~paston.games.paris.actions.NUM_ACTIONS` ids: 1 for
    each legal action of the viewer (all 0 when it is not the viewer's turn)."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[list(view.legal)] = 1
    return mask
