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
with the deck gone, :func:`forced_cycle_keys` plays each candidate on for as long as every
seat has a single move, and reports the candidates after which a position comes back. Whether
the line is forced can hang on a card the seat cannot see (one card in another hand that is a
2 or not: the Paris self-play arena's deal 1746 ran to the turn limit so), so the line is
played in every world that differs where it matters (:func:`forced_worlds`), not in one
guess.

Plays from the face-up cards cannot be told from plays from the hand in the events; they are
taken for hand plays. That can only report a repeat that is not quite one, which costs a
bot a second-best move, never a missed cycle.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

from ..actions import parse_action
from ..cards import card_rank, parse_card
from ..state import ParisState
from ..view import ParisView
from .knowledge import Knowledge, read_knowledge
from .moves import Move, move_of
from .worlds import sample_world

__all__ = [
    "FORCED_SAMPLES",
    "FORCED_STEPS",
    "FORCED_WORLDS",
    "MAX_WALK",
    "earlier_choices",
    "forced_cycle_keys",
    "forced_worlds",
    "keys_to_avoid",
    "repeated_keys",
]

#: How far a forced line is followed (a forced cycle is a few turns per seat long).
FORCED_STEPS = 120

#: The most worlds a forced line is played in: every one that differs where it matters while
#: there are no more than this (one hidden card: a world per rank) …
FORCED_WORLDS = 32

#: … else this many sampled.
FORCED_SAMPLES = 8

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
    knowledge = read_knowledge(view)
    hidden = {s for s, n in enumerate(knowledge.unknown_hand) if s != view.seat and n > 0}
    # Built as the lines need them: most lines end at once whatever the hidden cards are.
    worlds = forced_worlds(view, knowledge, rng)
    built: list[ParisState] = []
    out: set[tuple[str, int, int]] = set()
    for key, move in keys.items():
        if move.kind == "blind":
            continue  # a blind card always moves the game on
        for i in itertools.count():
            if i == len(built):
                world = next(worlds, None)
                if world is None:
                    break
                built.append(world)
            comes_back, blind_to_it = _comes_back(built[i], move.action, hidden)
            if comes_back:
                out.add(key)
            if comes_back or blind_to_it:
                break  # every other world plays the line alike
    return out


def _comes_back(world: ParisState, action: int, hidden: set[int]) -> tuple[bool, bool]:
    """Whether, after ``action`` in ``world``, a position comes back while every seat has one
    move only; and whether the line went the same way whatever the cards in the ``hidden``
    seats' hands (none of them had to act in it)."""
    state = world.copy()
    state.apply(action)
    seen: set[tuple[object, ...]] = set()
    blind_to_it = True
    for _ in range(FORCED_STEPS):
        if state.is_over:
            return False, blind_to_it
        blind_to_it = blind_to_it and state.to_act not in hidden
        legal = state.legal_actions()
        if len({move_of(a).key for a in legal}) != 1 or move_of(legal[0]).kind == "blind":
            return False, blind_to_it
        players = range(state.players)
        position = (
            state.to_act,
            state.pile,
            tuple(tuple(state.hand_counts(s)) for s in players),
            tuple(tuple(state.face_up_counts(s)) for s in players),
            state.finished,
        )
        if position in seen:
            return True, blind_to_it
        seen.add(position)
        state.apply(legal[0])
    return False, blind_to_it


def forced_worlds(
    view: ParisView, knowledge: Knowledge, rng: random.Random
) -> Iterator[ParisState]:
    """The worlds to play forced lines in, with the deck gone. A forced line never turns a
    face-down card (a blind card ends it) and suits change no rule, so worlds differ where it
    matters only in the ranks of the other seats' unseen hand cards: one world for each way
    of giving them ranks while there are at most :data:`FORCED_WORLDS`, else
    :data:`FORCED_SAMPLES` sampled worlds (many hidden cards seldom leave a line forced)."""
    by_rank: dict[int, list[int]] = {}
    for card in sorted(knowledge.unseen.elements()):
        by_rank.setdefault(card_rank(card), []).append(card)
    hidden = [(s, n) for s, n in enumerate(knowledge.unknown_hand) if s != view.seat and n > 0]
    ways = list(
        itertools.islice(
            _rank_ways(Counter({r: len(c) for r, c in by_rank.items()}), hidden), FORCED_WORLDS + 1
        )
    )
    if len(ways) > FORCED_WORLDS:
        for _ in range(FORCED_SAMPLES):
            yield sample_world(view, knowledge, rng)
        return
    for way in ways:
        pool = {r: list(c) for r, c in by_rank.items()}
        hands: dict[int, list[int]] = {}
        for (s, _), ranks in zip(hidden, way, strict=True):
            hands[s] = [pool[r].pop() for r in ranks]
        rest = [c for cards in pool.values() for c in cards]
        rng.shuffle(rest)
        yield _world(view, knowledge, hands, rest)


def _rank_ways(
    left: Counter[int], hidden: list[tuple[int, int]]
) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every way of giving each ``(seat, count)`` of ``hidden`` ``count`` ranks out of
    ``left`` (copies per rank), as rank tuples per seat."""
    if not hidden:
        yield ()
        return
    _, count = hidden[0]
    for ranks in itertools.combinations_with_replacement(sorted(left), count):
        need = Counter(ranks)
        if any(need[r] > left[r] for r in need):
            continue
        for rest in _rank_ways(left - need, hidden[1:]):
            yield (ranks, *rest)


def _world(
    view: ParisView, knowledge: Knowledge, hands: dict[int, list[int]], rest: list[int]
) -> ParisState:
    """The world in which the other seats' unseen hand cards are ``hands`` and ``rest`` fill
    the face-down slots (the deck is gone)."""
    at = 0
    seats: list[tuple[list[int], list[int], list[int | None]]] = []
    for s in range(view.players):
        hand = list(knowledge.known[s].elements()) + hands.get(s, [])
        down: list[int | None] = [None, None, None]
        for slot in knowledge.face_down[s]:
            down[slot] = rest[at]
            at += 1
        seats.append((hand, list(view.seats[s].face_up), down))
    return ParisState.from_position(
        view.players,
        view.dealer,
        seats,
        to_act=view.seat,
        pile=view.pile,
        burned=view.burned,
        finished=view.finished,
        turns=view.turns,
        rules=view.rules,
    )


def keys_to_avoid(
    view: ParisView, moves: Sequence[Move], rng: random.Random
) -> set[tuple[str, int, int]]:
    """The moves that would go round a cycle: chosen here before, or into a forced one."""
    return repeated_keys(view) | forced_cycle_keys(view, moves, rng)
