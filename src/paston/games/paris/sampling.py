"""Paris's sampling hooks: a game ``seat`` cannot tell from the real one (like OpenSpiel's
``ResampleFromInfostate``).

A world keeps every card ``seat`` has seen where it was (its own hand as dealt and its
draws, every face-up card, every face-down card turned) and every card another seat is known
to have held (each card it took out of its hand in public is put back in the earliest place
it could have come from: its dealt hand or one of its draws). The cards left (the rest of the
other hands and their draws, the face-down cards never turned, the deck not yet drawn) are
shuffled among their places, the deal rebuilt and the game's actions replayed in it. A world
in which an action is illegal (a pick-up while a play was possible, another starter) or in
which ``seat`` would have seen anything else is drawn again: the result is a world
consistent with the seat's information state, drawn by rejection (not exactly uniform).
"""

from __future__ import annotations

import random
from collections import Counter

from ...core.errors import IllegalAction
from ...core.hooks.sampling import SamplingHooks
from .actions import COMBOS, LOG_MISS, LOG_PICKUP, LOG_PLAY, LOG_SWAP, SWAP_BASE, combo_cards
from .cards import NUM_CARDS
from .infostate import information_state_string
from .state import ParisState

__all__ = ["HOOKS", "SamplingError", "resample"]

#: Worlds drawn before giving up.
MAX_TRIES = 3000

# A place of the deal: ("hand", seat, index), ("down", seat, slot) or ("deck", position).
Place = tuple[str, int, int]


class SamplingError(RuntimeError):
    """No world consistent with the seat's information was found."""


def _places(state: ParisState, seat: int) -> tuple[dict[Place, int], list[Place]]:
    """Every place of the deal with its card, and the places whose card ``seat`` does not
    know (the ones a world may change)."""
    origin = state.origin
    layout, deck = origin["layout"], origin["deck"]
    card: dict[Place, int] = {}
    for s, (down, _up, hand) in enumerate(layout):
        for k, c in enumerate(down):
            card[("down", s, k)] = c
        for i, c in enumerate(hand):
            card[("hand", s, i)] = c
    for j, c in enumerate(deck):
        card[("deck", j, 0)] = c
    known: set[Place] = {("hand", seat, i) for i in range(len(layout[seat][2]))}
    # Where each other seat's hand cards may have come from, in the order it got them.
    sources: list[list[tuple[int, Place]]] = [
        [(-1, ("hand", s, i)) for i in range(len(layout[s][2]))] for s in range(state.players)
    ]
    public: list[Counter[int]] = [Counter() for _ in range(state.players)]

    def shown(s: int, c: int, turn: int) -> None:
        # ``s`` took ``c`` out of its hand in public: a card it got in public explains it,
        # else the earliest unknown place it could have come from holds ``c``.
        if s == seat:
            return
        if public[s][c]:
            public[s][c] -= 1
            return
        for when, place in sources[s]:
            if when < turn and place not in known and card[place] == c:
                known.add(place)
                return

    at = 0
    for turn, entry in enumerate(state.log_entries(0)):
        kind, action, s = entry[0], entry[1], entry[2]
        if kind == LOG_SWAP:
            went_up, came_down = divmod(action - SWAP_BASE, NUM_CARDS)
            shown(s, went_up, turn)
            public[s][came_down] += 1
        elif kind == LOG_PLAY:
            hand_combo, slot, drew = entry[4], entry[6], entry[9]
            if slot >= 0:
                known.add(("down", s, slot))
            elif hand_combo:
                for c in combo_cards(action // COMBOS, hand_combo):
                    shown(s, c, turn)
            for j in range(at, at + drew):
                if s == seat:
                    known.add(("deck", j, 0))
                else:
                    sources[s].append((turn, ("deck", j, 0)))
            at += drew
        elif kind == LOG_PICKUP:
            public[s].update(entry[4])
        elif kind == LOG_MISS:
            known.add(("down", s, entry[4]))
            public[s].update(entry[6])
    hidden = [
        p for p in card if p not in known and not (p[0] == "hand" and p[1] == seat) and p[0] != "up"
    ]
    return card, hidden


def _world(state: ParisState, card: dict[Place, int]) -> ParisState:
    origin = state.origin
    layout = [
        (
            tuple(card[("down", s, k)] for k in range(len(down))),
            tuple(up),
            tuple(card[("hand", s, i)] for i in range(len(hand))),
        )
        for s, (down, up, hand) in enumerate(origin["layout"])
    ]
    deck = [card[("deck", j, 0)] for j in range(len(origin["deck"]))]
    return ParisState.from_layout(state.players, state.dealer, layout, deck, state.rules)


def resample(state: ParisState, seat: int, rng: random.Random) -> ParisState:
    """A copy of ``state`` whose cards hidden from ``seat`` are redealt consistently with
    everything ``seat`` has seen (raises :class:`SamplingError` when no world is found in
    :data:`MAX_TRIES` draws, :class:`ValueError` for a game that began from a position)."""
    if state.origin.get("kind") != "game":
        raise ValueError("a game that began from a position has no deal to redraw")
    card, hidden = _places(state, seat)
    target = information_state_string(state, seat)
    history = state.history
    for _ in range(MAX_TRIES):
        cards = [card[p] for p in hidden]
        rng.shuffle(cards)
        world = _world(state, {**card, **dict(zip(hidden, cards, strict=True))})
        try:
            for action in history:
                world.apply(action)
        except IllegalAction:
            continue
        if information_state_string(world, seat) == target:
            return world
    raise SamplingError(f"no world consistent with seat {seat}'s view in {MAX_TRIES} draws")


HOOKS = SamplingHooks(resample=resample)
