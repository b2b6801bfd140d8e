"""Information-state encodings of a :class:`~paston.games.paston.view.SeatView` for learning agents.

Everything here is computed from one seat's view and nothing else, so nothing a seat may not
see (spec/rules.md §10) can reach a network through it. Three encodings:

* :func:`encode` — a fixed-size ``float32`` tensor of 0/1 values; :data:`INFO_STATE_LAYOUT`
  (perfect recall, the whole trick history) or :data:`OBSERVATION_LAYOUT` (the same without
  the trick-by-trick history); :func:`describe_layout` lists every field;
* :func:`info_state_string` / :func:`observation_string` — compact, human-readable and
  deterministic strings;
* :func:`legal_mask` — an ``int8`` mask of length :data:`~paston.actions.NUM_ACTIONS`.

Seats in the tensor are **relative** to the viewer: 0 = the viewer, 1 = the seat on the
viewer's left (who acts after the viewer), 2 = the seat on the viewer's right. Only the
``seat`` field names the absolute seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache

import numpy as np
import numpy.typing as npt

from .actions import CONTRACT_NAMES, NUM_ACTIONS, TRUMP_OF
from .cards import SUIT_CHARS, card_name, cards_of
from .rules import DEFAULT_RULES, Rules
from .state import PHASE_NAMES
from .view import SeatView

__all__ = [
    "INFO_STATE_LAYOUT",
    "OBSERVATION_LAYOUT",
    "PHASES",
    "Field",
    "Layout",
    "dealing_view",
    "describe_layout",
    "encode",
    "info_state_string",
    "layout_for",
    "legal_mask",
    "observation_string",
    "public_view",
]

#: Phases of the tensor's ``phase`` one-hot: ``dealing`` (only while OpenSpiel's chance
#: nodes deal the cards) and then the engine's phases.
PHASES: tuple[str, ...] = ("dealing", *PHASE_NAMES)

_BID_WORDS = {name: level for level, name in enumerate(CONTRACT_NAMES) if name}


@dataclass(frozen=True, slots=True)
class Field:
    """One named block of the tensor. ``private``: depends on the viewer's own cards (left
    out of a public-only layout); ``recall``: only in the perfect-recall layout."""

    name: str
    shape: tuple[int, ...]
    doc: str
    private: bool = False
    recall: bool = False

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))


FIELDS: tuple[Field, ...] = (
    Field("seat", (3,), "the viewer's absolute seat, one-hot"),
    Field("phase", (len(PHASES),), "phase one-hot: " + ", ".join(PHASES)),
    Field("dealer", (3,), "dealer, relative seat one-hot"),
    Field("first_deal", (1,), "1 if the J♠/7♠ first-bidder rule of a game's first deal applies"),
    Field("first_bidder", (3,), "first bidder, relative seat one-hot (0s while dealing)"),
    Field("to_act", (3,), "seat that decides next, relative one-hot (0s when nobody)"),
    Field("hand_to_play", (3,), "seat whose cards are played next, relative one-hot"),
    Field("hand", (32,), "the viewer's hand now (12 cards mid-exchange for the declarer)", True),
    Field("dealt_hand", (32,), "the viewer's hand as dealt", True),
    Field("open_hands", (3, 32), "hands lying face up for everyone, per relative seat"),
    Field("bids", (3, 5), "[seat, level-1] = the seat bid paston..grkha in the auction"),
    Field("passes", (3, 6), "[seat, L] = the seat passed in the auction with bid level L standing"),
    Field("bid", (6,), "level of the highest bid so far, one-hot (0 = none)"),
    Field("all_pass", (1,), "1 if all three passed and the marker holder declares"),
    Field("declarer", (3,), "declarer, relative seat one-hot"),
    Field("contract", (5,), "declared contract paston..grkha, one-hot"),
    Field("surrendered", (1,), "1 if the declarer surrendered"),
    Field("trump", (4,), "trump suit S C D H, one-hot"),
    Field("prikup", (32,), "the two prikup cards (the declarer only; 0s for others)", True),
    Field("discards", (32,), "the declarer's two discards (the declarer only)", True),
    Field("defence", (3, 2), "[seat, 0] = said whist, [seat, 1] = said pass as a defender"),
    Field("active", (3,), "seats whose hands take part in the play"),
    Field("played", (3, 32), "cards played so far from each relative seat's hand"),
    Field("trick", (3, 32), "the current trick, [position in play order, card]"),
    Field("leader", (3,), "leader of the current trick, relative one-hot"),
    Field("tricks_won", (3, 11), "[seat, n] = the seat's hand has won n tricks"),
    Field(
        "trick_history",
        (10, 3, 32),
        "finished tricks: [trick number, relative seat, card]",
        recall=True,
    ),
    Field("trick_leaders", (10, 3), "leader of each finished trick, relative one-hot", recall=True),
)


class Layout:
    """Where each field lies in a flat tensor: ``offsets[name]`` and ``size``."""

    def __init__(self, fields: Sequence[Field]) -> None:
        self.fields: tuple[Field, ...] = tuple(fields)
        self.offsets: dict[str, int] = {}
        offset = 0
        for f in self.fields:
            self.offsets[f.name] = offset
            offset += f.size
        self.size = offset

    def views(self, tensor: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """Named, reshaped views into ``tensor`` (writing to them writes the tensor)."""
        return {
            f.name: tensor[self.offsets[f.name] : self.offsets[f.name] + f.size].reshape(f.shape)
            for f in self.fields
        }

    def __contains__(self, name: object) -> bool:
        return name in self.offsets

    def __repr__(self) -> str:
        return f"<Layout {len(self.fields)} fields, size {self.size}>"


@cache
def layout_for(perfect_recall: bool = True, private: bool = True) -> Layout:
    """The layout with or without the trick history and the viewer's private cards."""
    return Layout(
        [f for f in FIELDS if (perfect_recall or not f.recall) and (private or not f.private)]
    )


#: Perfect recall: everything, the finished tricks one by one included.
INFO_STATE_LAYOUT = layout_for(True, True)
#: The current situation: as :data:`INFO_STATE_LAYOUT` without ``trick_history`` and
#: ``trick_leaders`` (``played`` still says who played what).
OBSERVATION_LAYOUT = layout_for(False, True)


def describe_layout(layout: Layout = INFO_STATE_LAYOUT) -> str:
    """A table of the fields: offset, shape, meaning (for the docs and for debugging)."""
    lines = [f"{'offset':>6}  {'shape':<12} {'field':<14} meaning"]
    for f in layout.fields:
        shape = "×".join(map(str, f.shape))
        lines.append(f"{layout.offsets[f.name]:>6}  {shape:<12} {f.name:<14} {f.doc}")
    lines.append(f"{layout.size:>6}  total")
    return "\n".join(lines)


def _rel(view: SeatView, seat: int | None) -> int | None:
    return None if seat is None else (seat - view.seat) % 3


def _auction(view: SeatView) -> list[tuple[int, int]]:
    """``(seat, level)`` of the auction's actions, level 0 for a pass: the history up to the
    declarer's discard (auction passes and defence passes share the word ``pass``)."""
    out: list[tuple[int, int]] = []
    for seat, text in view.history:
        if text.startswith("discard"):
            break
        if text == "pass":
            out.append((seat, 0))
        elif text in _BID_WORDS:
            out.append((seat, _BID_WORDS[text]))
    return out


def encode(
    view: SeatView,
    layout: Layout = INFO_STATE_LAYOUT,
    out: npt.NDArray[np.float32] | None = None,
) -> npt.NDArray[np.float32]:
    """The view as a flat ``float32`` tensor of ``layout.size`` zeros and ones.

    ``out`` (optional) is filled in place and returned; otherwise a new array is made.
    """
    if out is None:
        out = np.zeros(layout.size, dtype=np.float32)
    else:
        if out.shape != (layout.size,):
            raise ValueError(f"out must have shape ({layout.size},), not {out.shape}")
        out.fill(0.0)
    v = layout.views(out)

    def put_seat(name: str, seat: int | None) -> None:
        r = _rel(view, seat)
        if r is not None and name in v:
            v[name][r] = 1.0

    def put_cards(arr: npt.NDArray[np.float32], cards: Iterable[int]) -> None:
        for c in cards:
            arr[c] = 1.0

    v["seat"][view.seat] = 1.0
    v["phase"][PHASES.index(view.phase)] = 1.0
    put_seat("dealer", view.dealer)
    v["first_deal"][0] = float(view.first_deal)
    put_seat("first_bidder", view.first_bidder)
    put_seat("to_act", view.to_act)
    put_seat("hand_to_play", view.hand_to_play)
    if "hand" in v:
        put_cards(v["hand"], view.hand)
        put_cards(v["dealt_hand"], view.dealt_hand)
    for seat, cards in view.open_hands.items():
        put_cards(v["open_hands"][(seat - view.seat) % 3], cards)
    standing = 0
    for seat, level in _auction(view):
        r = (seat - view.seat) % 3
        if level:
            v["bids"][r, level - 1] = 1.0
            standing = level
        else:
            v["passes"][r, standing] = 1.0
    v["bid"][view.bid] = 1.0
    v["all_pass"][0] = float(view.all_pass)
    put_seat("declarer", view.declarer)
    if view.contract:
        v["contract"][view.contract - 1] = 1.0
        v["trump"][TRUMP_OF[view.contract]] = 1.0
    v["surrendered"][0] = float(view.surrendered)
    if "prikup" in v:
        put_cards(v["prikup"], view.prikup or ())
        put_cards(v["discards"], view.discards or ())
    for seat, whist in view.defence:
        v["defence"][(seat - view.seat) % 3, 0 if whist else 1] = 1.0
    for seat in view.active:
        v["active"][(seat - view.seat) % 3] = 1.0
    played = v["played"]
    for t in view.tricks:
        for seat, card in zip(t.seats, t.cards, strict=True):
            played[(seat - view.seat) % 3, card] = 1.0
    for position, (seat, card) in enumerate(view.trick):
        played[(seat - view.seat) % 3, card] = 1.0
        v["trick"][position, card] = 1.0
    put_seat("leader", view.leader)
    for seat in range(3):
        v["tricks_won"][(seat - view.seat) % 3, view.tricks_won[seat]] = 1.0
    if "trick_history" in v:
        for i, t in enumerate(view.tricks):
            for seat, card in zip(t.seats, t.cards, strict=True):
                v["trick_history"][i, (seat - view.seat) % 3, card] = 1.0
            v["trick_leaders"][i, (t.leader - view.seat) % 3] = 1.0
    return out


def legal_mask(view: SeatView) -> npt.NDArray[np.int8]:
    """1 at every legal action id of the viewer (all 0 when the viewer is not to act)."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[list(view.legal)] = 1
    return mask


def _names(cards: Iterable[int]) -> str:
    return " ".join(card_name(c) for c in cards) or "-"


def _header(view: SeatView) -> list[str]:
    fb = "-" if view.first_bidder is None else str(view.first_bidder)
    lines = [
        f"seat {view.seat}; dealer {view.dealer}; first bidder {fb}"
        + ("; first deal" if view.first_deal else ""),
        f"hand: {_names(view.hand)}",
    ]
    if view.phase != "dealing" and tuple(view.dealt_hand) != tuple(view.hand):
        lines.append(f"dealt: {_names(view.dealt_hand)}")
    if view.prikup is not None:
        line = f"prikup: {_names(view.prikup)}"
        if view.discards is not None:
            line += f"; discards: {_names(view.discards)}"
        lines.append(line)
    for seat in sorted(view.open_hands):
        lines.append(f"open {seat}: {_names(view.open_hands[seat])}")
    return lines


def _bidding_lines(view: SeatView) -> list[str]:
    # Every action before the first card: the auction, the discard, the contract, the defence.
    before_play = [f"{s} {a}" for s, a in view.history if not _is_card_word(a)]
    lines = []
    if before_play:
        lines.append("actions: " + ", ".join(before_play))
    if view.declarer is not None:
        line = f"declarer {view.declarer}"
        if view.all_pass:
            line += " (all-pass)"
        if view.surrendered:
            line += "; surrendered"
        elif view.contract:
            line += (
                f"; contract {CONTRACT_NAMES[view.contract]}, trump {SUIT_CHARS[view.trump or 0]}"
            )
        if view.whisters:
            line += "; whisters " + " ".join(map(str, view.whisters))
        lines.append(line)
    return lines


def _is_card_word(text: str) -> bool:
    return len(text) == 2 and text[1] in SUIT_CHARS


def _footer(view: SeatView) -> list[str]:
    lines = []
    if view.trick:
        lines.append("trick: " + " ".join(f"{s}:{card_name(c)}" for s, c in view.trick))
    if view.tricks or view.trick:
        lines.append("won: " + " ".join(map(str, view.tricks_won)))
    if view.scores is not None:
        lines.append("scores: " + " ".join(map(str, view.scores)))
    line = f"phase: {view.phase}"
    if view.to_act is not None:
        line += f"; to act: {view.to_act}"
        if view.hand_to_play is not None and view.hand_to_play != view.to_act:
            line += f" (plays {view.hand_to_play}'s hand)"
    if view.redeal:
        line += f"; redeal ({view.redeal})"
    lines.append(line)
    return lines


def info_state_string(view: SeatView) -> str:
    """Everything the seat has seen, in order (perfect recall), one fact per line.

    Finished tricks appear as ``leader:card seat:card ... >winner``. The string is a
    function of the view only, so equal views give equal strings.
    """
    lines = _header(view) + _bidding_lines(view)
    if view.tricks:
        lines.append(
            "tricks: "
            + " | ".join(
                " ".join(f"{s}:{card_name(c)}" for s, c in zip(t.seats, t.cards, strict=True))
                + f" >{t.winner}"
                for t in view.tricks
            )
        )
    return "\n".join(lines + _footer(view))


def observation_string(view: SeatView) -> str:
    """The current situation: as :func:`info_state_string` but the finished tricks are
    summarised as the cards each seat has played."""
    lines = _header(view) + _bidding_lines(view)
    if view.tricks:
        per_seat: dict[int, list[int]] = {0: [], 1: [], 2: []}
        for t in view.tricks:
            for s, c in zip(t.seats, t.cards, strict=True):
                per_seat[s].append(c)
        lines.append(
            "played: "
            + "; ".join(
                f"{s}: {_names(cards_of(sum(1 << c for c in cs)))}"
                for s, cs in per_seat.items()
                if cs
            )
        )
    return "\n".join(lines + _footer(view))


def dealing_view(
    seat: int,
    dealer: int,
    first_deal: bool,
    cards: Iterable[int],
    rules: Rules = DEFAULT_RULES,
) -> SeatView:
    """The view of ``seat`` while the cards are still being dealt (OpenSpiel's chance nodes):
    only the seat's own cards so far, in phase ``dealing``."""
    hand = tuple(cards_of(sum(1 << c for c in cards)))
    return SeatView(
        seat=seat,
        rules=rules,
        dealer=dealer,
        first_deal=first_deal,
        first_bidder=None,
        phase="dealing",
        to_act=None,
        hand_to_play=None,
        hand=hand,
        dealt_hand=hand,
        legal=(),
        history=(),
        bid=0,
        bidder=None,
        declarer=None,
        all_pass=False,
        contract=0,
        surrendered=False,
        prikup=None,
        discards=None,
        defence=(),
        whisters=(),
        active=(),
        leader=None,
        trick=(),
        tricks=(),
        tricks_won=(0, 0, 0),
        played=(),
    )


def public_view(view: SeatView) -> SeatView:
    """``view`` with the viewer's private knowledge removed (own cards, prikup, discards,
    legal actions): what every seat, and an onlooker, knows. Used for public observers."""
    return replace(
        view,
        hand=(),
        dealt_hand=(),
        legal=(),
        prikup=None,
        discards=None,
        history=tuple((s, "discard" if a.startswith("discard") else a) for s, a in view.history),
    )
