"""Repeated positions, seen from one seat's view: how every Paris bot steps out of a cycle.

Paris can loop for ever (``paris.md`` §9, vector V33): once the deck is gone, plays that burn
nothing and forced pick-ups can bring back exactly the same position. A bot that decides by a
fixed rule then makes the same choice again, and the game runs into the turn limit.

The public events are enough to tell that the position has come back. Walking back from the
present over turns that change nothing for good (no burn, no card drawn, no blind card), each
play took cards from the pile's top and each pick-up the whole pile, so the pile at every
earlier turn is known; and a seat's hand is the same as now exactly when the cards it played
since are the cards it picked up since. The position before an event is the present one when
the same seat was to act, the pile was the same and every seat's hand balance is zero. What
this seat chose there is what :func:`earlier_choices` returns; a bot that chooses something
else steps out of the cycle (and a cycle in which nobody has a choice is a real endless game,
for the turn limit).

Such a game exists (every action the only one legal, round and round: each seat holds one
card that fits or none that does). No bot can leave it once in it, so a bot stays out of it:
with the deck gone, :func:`forced_cycle_keys` plays each candidate on in one world sampled
from the view for as long as every seat has a single move, and reports the candidates after
which a position comes back.

Plays from the face-up cards cannot be told from plays from the hand in the events; they are
taken for hand plays. That can only report a repeat that is not quite one, which costs a
bot a second-best move, never a missed cycle.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import parse_action
from ..cards import parse_card
from ..view import ParisView
from .knowledge import read_knowledge
from .moves import Move, move_of
from .worlds import sample_world

__all__ = [
    "FORCED_STEPS",
    "MAX_WALK",
    "earlier_choices",
    "forced_cycle_keys",
    "keys_to_avoid",
    "repeated_keys",
]

#: How far a forced line is followed (a forced cycle is a few turns per seat long).
FORCED_STEPS = 120

#: How many events the walk looks back at most (a cycle is a few dozen turns long).
MAX_WALK = 600


def earlier_choices(view: ParisView) -> list[str]:
    """The actions this seat took at earlier occurrences of the present position, most recent
    first (empty when the position is new, or the game is not in its play phase)."""
    if view.phase != "play" or view.to_act != view.seat:
        return []
    pile = [int(c) for c in view.pile]
    # (seat, card) -> cards picked up minus cards played since that point
    balance: dict[tuple[int, int], int] = {}
    unbalanced = 0
    out: list[str] = []
    events = view.events
    for event in reversed(events[max(0, len(events) - MAX_WALK) :]):
        if event.burn is not None or event.drew or event.blind_card is not None:
            break
        words = event.action.split()
        if words[0] == "pickup" and event.picked_up is not None:
            if pile:
                break  # a pick-up leaves an empty pile: the events do not fit (never happens)
            pile = list(event.picked_up)
            changes = [(c, 1) for c in event.picked_up]
        elif words[0] == "play":
            cards = [parse_card(w) for w in words[1:]]
            if pile[len(pile) - len(cards) :] != cards:
                break
            del pile[len(pile) - len(cards) :]
            changes = [(c, -1) for c in cards]
        else:
            break
        # Undoing the event: the balance since the earlier point gains this event's change.
        for card, delta in changes:
            key = (event.seat, card)
            before = balance.get(key, 0)
            after = before + delta
            balance[key] = after
            unbalanced += (after != 0) - (before != 0)
        if event.seat == view.seat and unbalanced == 0 and pile == list(view.pile):
            out.append(event.action)
    return out


def repeated_keys(view: ParisView) -> set[tuple[str, int, int]]:
    """The moves (as :attr:`Move.key`, suits ignored) this seat already chose at this very
    position; choosing one of them again goes round the same cycle."""
    return {move_of(parse_action(action)).key for action in earlier_choices(view)}


def forced_cycle_keys(
    view: ParisView, moves: Sequence[Move], rng: random.Random
) -> set[tuple[str, int, int]]:
    """The moves (keys) after which, in a world sampled from the view, every seat has one
    move only and a position comes back: a game that would never end. Empty while the deck
    lasts (a draw moves the game on) and outside the play phase."""
    if view.phase != "play" or view.deck or view.to_act != view.seat:
        return set()
    keys = {m.key: m for m in moves}
    if len(keys) < 2:
        return set()
    world = sample_world(view, read_knowledge(view), rng)
    out: set[tuple[str, int, int]] = set()
    for key, move in keys.items():
        if move.kind == "blind":
            continue  # a blind card always moves the game on
        state = world.copy()
        state.apply(move.action)
        seen: set[tuple[object, ...]] = set()
        for _ in range(FORCED_STEPS):
            if state.is_over:
                break
            legal = state.legal_actions()
            if len({move_of(a).key for a in legal}) != 1 or move_of(legal[0]).kind == "blind":
                break
            players = range(state.players)
            position = (
                state.to_act,
                state.pile,
                tuple(tuple(state.hand_counts(s)) for s in players),
                tuple(tuple(state.face_up_counts(s)) for s in players),
                state.finished,
            )
            if position in seen:
                out.add(key)
                break
            seen.add(position)
            state.apply(legal[0])
    return out


def keys_to_avoid(
    view: ParisView, moves: Sequence[Move], rng: random.Random
) -> set[tuple[str, int, int]]:
    """The moves that would go round a cycle: chosen here before, or into a forced one."""
    return repeated_keys(view) | forced_cycle_keys(view, moves, rng)
