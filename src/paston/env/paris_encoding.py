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

import numpy as np
import numpy.typing as npt

from ..games.paris.actions import NUM_ACTIONS
from ..games.paris.cards import NUM_CARDS
from ..games.paris.view import ParisView

__all__ = [
    "PARIS_PHASES",
    "ParisField",
    "ParisLayout",
    "describe_paris_layout",
    "encode_paris",
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
    if out is None:
        out = np.empty(layout.size, np.float32)
    at = _offsets(n)
    me = view.seat
    # Two numpy calls instead of hundreds of scalar writes: every card block is a count of
    # copies (one bincount over all of them), every other entry goes in with one fancy store.
    cards: list[int] = []
    base = at["hand"]
    cards.extend(base + c for c in view.hand)
    pos: list[int] = [
        at["phase"] + PARIS_PHASES.index(view.phase),
        at["dealer"] + (view.dealer - me) % n,
    ]
    val: list[float] = [1.0, 1.0]
    if view.opening:
        pos.append(at["opening"])
        val.append(1.0)
    if view.to_act is not None:
        pos.append(at["to_act"] + (view.to_act - me) % n)
        val.append(1.0)
    for seat, info in enumerate(view.seats):
        rel = (seat - me) % n
        base = at["face_up"] + rel * NUM_CARDS
        cards.extend(base + c for c in info.face_up)
        base = at["face_down"] + rel * 3
        pos.extend(base + slot for slot in info.face_down_slots)
        val.extend(1.0 for _ in info.face_down_slots)
        pos += [at["hand_count"] + rel, at["swaps_left"] + rel]
        val += [min(info.hand_count / _PACK, 1.0), info.swaps_left / 3.0]
        if info.finished:
            pos.append(at["finished"] + rel)
            val.append(1.0)
        if info.ready:
            pos.append(at["ready"] + rel)
            val.append(1.0)
    pile = view.pile
    base = at["pile"]
    cards.extend(base + c for c in pile)
    if pile:
        top = pile[-1] >> 2
        run = 0
        for card in reversed(pile):
            if card >> 2 != top:
                break
            run += 1
        pos += [at["top_rank"] + top, at["top_run"] + min(run, 3) - 1, at["seven"]]
        val += [1.0, 1.0, float(view.seven)]
    base = at["burned"]
    cards.extend(base + c for c in view.burned_cards)
    pos += [at["pile_count"], at["burned_count"], at["deck_count"], at["turns"]]
    val += [
        len(pile) / _PACK,
        min(view.burned / _PACK, 1.0),
        view.deck / _PACK,
        min(view.turns / view.rules.max_turns, 1.0),
    ]
    counts = np.bincount(cards, minlength=layout.size) if cards else 0
    np.multiply(counts, 0.5, out=out, casting="unsafe")
    out[pos] = val
    return out


def paris_legal_mask(view: ParisView) -> npt.NDArray[np.int8]:
    """An ``int8`` mask over the :data:`~paston.games.paris.actions.NUM_ACTIONS` ids: 1 for
    each legal action of the viewer (all 0 when it is not the viewer's turn)."""
    mask = np.zeros(NUM_ACTIONS, np.int8)
    if view.legal:
        mask[list(view.legal)] = 1
    return mask
