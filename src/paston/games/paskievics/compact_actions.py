"""A compact action space for learners: a discard as a sequence of single cards.

The flat ids (:mod:`.actions`) give every set of one to three cards its own discard id:
12,383 of the 12,517 ids, yet discards are about 3 % of a deal's decisions and a seat has at
most a few hundred legal sets. Here a discard of ``k`` cards is ``k`` steps ``discard C``
over the 42 cards, taken in ascending card order (the engine's card order, the order of
:data:`.actions.DISCARD_SETS`), so each set has exactly one sequence. Every other id is the
flat id itself (bids, ``annul``, plays, calls, tarokk counts, bonuses, kontras; an
announcement already is a sequence of words ending in ``pass``):

* ``0 … 133``: the flat ids ``0 … 133`` unchanged (:data:`.actions.DISCARD` is 134);
* ``DISCARD_CARD + c`` (``134 … 175``): put card ``c`` into the discard being chosen.

:data:`NUM_COMPACT_ACTIONS` is 176. Which cards are legal next is read off the engine's own
legal discard sets (:func:`compact_legal`): card ``c`` is legal after the cards ``partial``
when some legal set begins with ``partial`` and then ``c``: so enough discardable cards lie
above ``c`` to complete the set and the tarokk budget of ``tarokk_discard_last_resort``
still allows a completion. No sequence dead-ends, and ``annul`` is legal only before the
first card. The engine, the records and the notation are unchanged: once the set is
complete, the flat discard is what is applied and recorded.

:class:`CompactDiscards` is one seat's partial-discard buffer as the research adapters use
it (``compact_actions=True``, the ``action_codec`` research hook): the Gymnasium env takes
the learner's discard card by card and applies the flat action when the set is complete;
its observation gets :data:`CHOSEN_SIZE` more entries, the cards chosen so far.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ...core.errors import IllegalAction
from . import actions as A
from .cards import NUM_CARDS, card_name
from .state import PaskievicsState

__all__ = [
    "CHOSEN_SIZE",
    "DISCARD_CARD",
    "NUM_COMPACT_ACTIONS",
    "CompactDiscards",
    "action_codec",
    "compact_action_str",
    "compact_legal",
    "compact_sequence",
    "discard_size",
    "to_flat",
]

#: The first compact discard-card id: ``DISCARD_CARD + c`` puts card ``c`` into the discard.
DISCARD_CARD = A.DISCARD
NUM_COMPACT_ACTIONS = DISCARD_CARD + NUM_CARDS
#: Entries the compact mode appends to an observation: the cards chosen for the discard so far.
CHOSEN_SIZE = NUM_CARDS


def compact_action_str(action: int) -> str:
    """The notation of a compact id: the flat id's, or ``discard C`` for one card.

    >>> compact_action_str(DISCARD_CARD + 1), compact_action_str(A.PASS)
    ('discard T21', 'pass')
    """
    if not 0 <= action < NUM_COMPACT_ACTIONS:
        raise IllegalAction(f"unparsable: no compact action has id {action}")
    if action >= DISCARD_CARD:
        return "discard " + card_name(action - DISCARD_CARD)
    return A.action_str(action)


def discard_size(state: PaskievicsState, seat: int) -> int:
    """How many cards ``seat`` discards (the talon cards it took); 0 outside its discard."""
    if state.phase != "discard" or state.to_act != seat or state.received is None:
        return 0
    return len(state.received[seat])


def compact_legal(state: PaskievicsState, seat: int, partial: Sequence[int] = ()) -> list[int]:
    """``seat``'s legal compact ids now, after choosing the cards ``partial`` (ascending) of a
    discard: empty when ``seat`` is not to act, the flat ids outside a discard."""
    if state.to_act != seat or state.is_over:
        return []
    legal = state.legal_actions()
    if state.phase != "discard":
        if partial:
            raise ValueError(f"cards chosen for a discard outside the discard: {list(partial)}")
        return legal
    prefix = tuple(partial)
    depth = len(prefix)
    nxt: set[int] = set()
    annul = False
    for action in legal:
        if action == A.ANNUL:
            annul = True
            continue
        cards = A.DISCARD_SETS[action - A.DISCARD]
        if len(cards) > depth and cards[:depth] == prefix:
            nxt.add(cards[depth])
    out = [A.ANNUL] if annul and not prefix else []
    out.extend(DISCARD_CARD + c for c in sorted(nxt))
    return out


def to_flat(partial: Sequence[int], action: int, size: int) -> int | None:
    """The flat action of compact ``action`` after ``partial`` in a discard of ``size`` cards:
    the flat discard once the set is complete, ``None`` while cards are still to choose, the
    id itself for every other action (legality is :func:`compact_legal`'s)."""
    if action < DISCARD_CARD:
        return action
    cards = (*partial, action - DISCARD_CARD)
    if len(cards) < size:
        return None
    return A.discard_id(cards)


def compact_sequence(action: int) -> list[int]:
    """The compact ids that make up flat ``action``: one card per step for a discard (in
    ascending card order), else the id itself."""
    if action >= A.DISCARD:
        return [DISCARD_CARD + c for c in A.DISCARD_SETS[action - A.DISCARD]]
    if not 0 <= action < A.NUM_ACTIONS:
        raise IllegalAction(f"unparsable: no action has id {action}")
    return [action]


class CompactDiscards:
    """One seat's compact action space over a deal: its legal ids, its partial-discard buffer
    and the observation entries of the cards chosen so far (the ``action_codec`` of the
    research hooks; a fresh deal needs :meth:`reset`)."""

    num_actions = NUM_COMPACT_ACTIONS
    observation_size = CHOSEN_SIZE

    def __init__(self, seat: int) -> None:
        self.seat = seat
        #: The cards chosen so far for the discard being made (ascending).
        self.chosen: list[int] = []

    def reset(self) -> None:
        self.chosen = []

    def legal(self, state: PaskievicsState) -> list[int]:
        return compact_legal(state, self.seat, self.chosen)

    def take(self, state: PaskievicsState, action: int) -> int | None:
        """The flat action to apply for compact ``action`` of the seat, or ``None`` when it
        was one card of a discard not yet complete (kept here; nothing else changes).
        Raises :class:`IllegalAction` naming the legal compact actions."""
        legal = self.legal(state)
        if action not in legal:
            what = compact_action_str(action) if 0 <= action < NUM_COMPACT_ACTIONS else "no id"
            chosen = " ".join(card_name(c) for c in self.chosen)
            after = f" after choosing {chosen}" if chosen else ""
            names = ", ".join(compact_action_str(a) for a in legal) or "none"
            raise IllegalAction(
                f"seat {self.seat} may not take compact action {action} ({what}) now{after}; "
                f"legal: {names}",
                action=what,
                legal=tuple(compact_action_str(a) for a in legal),
            )
        flat = to_flat(self.chosen, action, discard_size(state, self.seat))
        if flat is None:
            self.chosen.append(action - DISCARD_CARD)
        else:
            self.chosen = []
        return flat

    def observe(self, state: PaskievicsState) -> npt.NDArray[np.float32]:
        """The cards chosen so far for the seat's discard, one-hot over the 42 cards."""
        out = np.zeros(CHOSEN_SIZE, dtype=np.float32)
        if self.chosen:
            out[self.chosen] = 1.0
        return out

    def action_str(self, action: int) -> str:
        return compact_action_str(action)


def action_codec(seat: int, players: int, options: Mapping[str, Any]) -> CompactDiscards | None:
    """The research hook: the compact space when ``compact_actions`` is true, else ``None``
    (the flat ids)."""
    flag = options.get("compact_actions", False)
    if not isinstance(flag, bool):
        raise ValueError(f"compact_actions must be True or False, not {flag!r}")
    return CompactDiscards(seat) if flag else None
