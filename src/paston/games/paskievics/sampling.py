"""Paskievics's sampling hooks: a deal ``seat`` cannot tell from the real one (like
OpenSpiel's ``ResampleFromInfostate``).

A world keeps what ``seat`` has seen where it was (its own dealt hand, the talon cards it
received) and every card another player has shown where it lay (the cards it played, the
card it invited with, a declarer's discarded tarokks, an annulling hand). Every other card
(the rest of the other hands and the talon) is shuffled among the places left, the deal
rebuilt and its actions replayed, another player's face-down discard taking the cards that
lie in that world where the real discard's cards lay. A world in which an action is illegal
(a bid without an honour, a card that does not follow suit) or in which ``seat`` would have
seen anything else is drawn again: the result is consistent with the seat's information
state, drawn by a search over such deals (not exactly uniform). A deal bound by very many
announcements may exhaust the search: :class:`SamplingError` says so rather than hand back
a world that could leak the real cards.
"""

from __future__ import annotations

import random

from ...core.errors import IllegalAction
from ...core.hooks.sampling import SamplingHooks
from . import actions as A
from .cards import is_tarokk
from .infostate import information_state_string
from .state import PaskievicsState

__all__ = ["HOOKS", "SamplingError", "resample"]

#: Replays tried before giving up, and after how many a fresh shuffle starts again.
MAX_TRIES = 5000
_RESTART = 500
#: How often a change that replays less far is kept all the same (to leave a dead end).
_DOWNHILL = 0.05

# A place of the deal: ("hand", seat, index in the dealt hand) or ("talon", index, 0).
Place = tuple[str, int, int]


class SamplingError(RuntimeError):
    """No world consistent with the seat's information was found."""


def _shown(state: PaskievicsState, seat: int) -> set[int]:
    """The cards another player has shown to be his (they stay where they lie)."""
    cards: set[int] = set()
    for actor, action in zip(state.actors, state.history, strict=True):
        if A.PLAY <= action < A.CALL and actor != seat:
            cards.add(action - A.PLAY)
    if state.invitation is not None and state.invitation[1] != seat:
        cards.add(state.invitation[0])
    declarer = state.declarer
    if declarer is not None and declarer != seat:
        cards.update(c for c in state.discards[declarer] if is_tarokk(c))
    if state.thrown_in == "annulled" and state.actors and state.actors[-1] != seat:
        cards.update(state.hands[state.actors[-1]])
    return cards


def _replay(
    state: PaskievicsState, seat: int, world_at: dict[Place, int], where: dict[int, Place]
) -> tuple[int, PaskievicsState]:
    """The deal ``world_at`` describes with ``state``'s actions replayed in it, as far as
    they are legal: how many were, and the world."""
    hands = [
        [world_at[("hand", s, i)] for i in range(len(hand))] for s, hand in enumerate(state.dealt)
    ]
    talon = [world_at[("talon", j, 0)] for j in range(len(state.talon))]
    world = PaskievicsState(hands, talon, state.dealer, state.rules, state.multiplier)
    for done, (actor, action) in enumerate(zip(state.actors, state.history, strict=True)):
        if action >= A.DISCARD and actor != seat:
            real = A.DISCARD_SETS[action - A.DISCARD]
            cards = sorted(world_at[where[c]] for c in real)
            if sum(map(is_tarokk, cards)) != sum(map(is_tarokk, real)):
                return done, world  # the tarokks in a discard are counted in public
            action = A.discard_id(cards)
        try:
            world.apply(action)
        except IllegalAction:
            return done, world
    return len(state.history), world


def _forcing(
    state: PaskievicsState,
    world: PaskievicsState,
    world_at: dict[Place, int],
    free: list[Place],
    done: int,
) -> list[Place]:
    """When the replay stopped at a card the player could not play there (he holds a card
    of the suit led, or a tarokk), the free places of the cards that forbid it: moving one
    of them to another player is what can help."""
    if done >= len(state.history) or not A.PLAY <= state.history[done] < A.CALL:
        return []
    legal = set(world.legal_actions())
    return [p for p in free if A.PLAY + world_at[p] in legal]


def resample(state: PaskievicsState, seat: int, rng: random.Random) -> PaskievicsState:
    """A copy of ``state`` whose cards hidden from ``seat`` are redealt consistently with
    everything ``seat`` has seen (raises :class:`SamplingError` when no world is found in
    :data:`MAX_TRIES` replays).

    The cards left free are shuffled, then, while the replay stops at an action that is
    illegal in the world, a free card of the player who took that action changes places
    with a free card elsewhere; a change that lets the replay go no less far is kept (and,
    now and then, one that does not, to leave a dead end), with a fresh shuffle every
    :data:`_RESTART` replays. So a world with many card-bound actions (an ultimo, a catch,
    a shown invitation, voids) is found in a few hundred replays rather than by luck.
    """
    place: dict[Place, int] = {}
    for s, hand in enumerate(state.dealt):
        for i, c in enumerate(hand):
            place[("hand", s, i)] = c
    for j, c in enumerate(state.talon):
        place[("talon", j, 0)] = c
    seen = set(state.dealt[seat]) if seat < len(state.dealt) else set()
    if state.received is not None:
        seen.update(state.received[seat])
    keep = seen | _shown(state, seat)
    free = [p for p, c in place.items() if c not in keep]
    where = {c: p for p, c in place.items()}
    target = information_state_string(state, seat)
    goal = len(state.history)
    world_at: dict[Place, int] = {}
    done = -1
    for attempt in range(MAX_TRIES):
        if attempt % _RESTART == 0:
            cards = [place[p] for p in free]
            rng.shuffle(cards)
            world_at = {**place, **dict(zip(free, cards, strict=True))}
            done, world = _replay(state, seat, world_at, where)
        else:
            # Stuck at action ``done`` (or, with all replayed, told apart at the end: the
            # last actor's cards change).
            actor = state.actors[min(done, goal - 1)]
            own = _forcing(state, world, world_at, free, done) or [
                p for p in free if p[0] == "talon" or p[1] == actor
            ]
            other = [p for p in free if p[0] == "talon" or p[1] != actor]
            if not own or not other:
                continue
            a, b = rng.choice(own), rng.choice(other)
            world_at[a], world_at[b] = world_at[b], world_at[a]
            got, candidate = _replay(state, seat, world_at, where)
            if got < done and rng.random() >= _DOWNHILL:
                world_at[a], world_at[b] = world_at[b], world_at[a]
                continue
            done, world = got, candidate
        if done == goal and information_state_string(world, seat) == target:
            return world
    raise SamplingError(f"no world consistent with seat {seat}'s view in {MAX_TRIES} replays")


HOOKS = SamplingHooks(resample=resample)
