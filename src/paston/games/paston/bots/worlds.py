"""Deal sampling from one seat's view: complete deals consistent with everything it knows.

A bot that searches (``pimc``, ``wpimc``) needs "worlds": full deals that could be the real
one as far as its :class:`~paston.games.paston.view.SeatView` can tell. :class:`WorldSampler`
builds them
from the view alone:

* its own hand, the cards played (and by whom), the prikup and discards if it is the
  declarer, and hands shown to everyone (``open_hands``) are fixed;
* the other cards go to the unknown places -- the other hands, the prikup before the
  exchange, the declarer's two discards for a defender -- with the right counts;
* a seat that failed to follow suit holds no card of that suit any more, and one that then
  did not trump holds no trump either (§8); discards are not bound by that, since they left
  the hand before the play;
* the public marker facts (§3.4, §4): on a first deal the first bidder holds J♠, or holds
  7♠ with J♠ in the prikup; after an all-pass the same holds for the declarer; no dealt hand
  is a spade run (§3.3) since the deal was not thrown in;
* the dealer's bottom card is never 7♠ (§3.1): a deal where the dealer holds 7♠ is
  9/10 as likely as one where they do not (the other 9 of its 10 cards could have been at
  the bottom), which the sampler reproduces by rejection.

Sampling is uniform over the deals that satisfy these facts: the suit-restricted hands are
filled by an exact count of the completions (a small dynamic programme over the suits), the
global facts are enforced by rejection, and for a defender the declarer's 12 cards are split
into dealt hand and prikup uniformly. The bids, whists and the choice of cards are *not*
used as evidence here (that is what ``wpimc`` adds with weights). Everything is
deterministic given the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import factorial

from ..actions import discard_action, parse_action
from ..cards import ALL_CARDS, JACK_SPADES, SEVEN_SPADES, SUIT_MASKS, iter_bits
from ..state import Deal, spade_run
from ..view import HIDDEN_DISCARD, SeatView

__all__ = [
    "SamplingError",
    "World",
    "WorldSampler",
    "marker_holder",
    "replay_world",
    "sample_worlds",
]

PRIKUP = 3  # slot id of the prikup (before the exchange)
DISCARDS = 4  # slot id of the declarer's discards, for a defender


class SamplingError(RuntimeError):
    """No deal consistent with the view was found (a broken view or an extreme case)."""


@dataclass(frozen=True, slots=True)
class World:
    """One complete deal that fits a view.

    ``hands`` are the seats' hands as they are now (the declarer's after the exchange, or
    with the prikup during it), ``dealt`` the hands as dealt, ``prikup`` the talon and
    ``discards`` the declarer's discards (0 before the exchange).
    """

    hands: tuple[int, int, int]
    dealt: tuple[int, int, int]
    prikup: int
    discards: int


def marker_holder(dealt: tuple[int, int, int]) -> int:
    """Seat holding J♠ in its dealt hand, else the one holding 7♠, else -1 (§3.4)."""
    for marker in (JACK_SPADES, SEVEN_SPADES):
        for seat in range(3):
            if dealt[seat] >> marker & 1:
                return seat
    return -1


def _multinomial(n: int, parts: tuple[int, ...]) -> int:
    out = factorial(n)
    for p in parts:
        out //= factorial(p)
    return out


def _compositions(
    n: int, caps: tuple[int, ...], allowed: tuple[bool, ...]
) -> list[tuple[int, ...]]:
    """Ways to split n cards among slots (at most cap each, none where not allowed)."""
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == len(caps) - 1:
            if left <= caps[i] and (allowed[i] or left == 0):
                out.append((*acc, left))
            return
        top = min(left, caps[i]) if allowed[i] else 0
        for a in range(top + 1):
            rec(i + 1, left - a, (*acc, a))

    rec(0, n, ())
    return out


class WorldSampler:
    """Samples :class:`World` s consistent with ``view`` (see the module docstring)."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        seat = view.seat
        decl = view.declarer
        self.declarer = decl
        played_by = [0, 0, 0]
        for t in view.tricks:
            for s, c in zip(t.seats, t.cards, strict=True):
                played_by[s] |= 1 << c
        for s, c in view.trick:
            played_by[s] |= 1 << c
        self.played_by = tuple(played_by)
        # Suits each seat can no longer hold (failed to follow, then maybe failed to trump).
        void = [0, 0, 0]
        trump = view.trump
        tricks = [(t.seats, t.cards) for t in view.tricks]
        if view.trick:
            tricks.append((tuple(s for s, _ in view.trick), tuple(c for _, c in view.trick)))
        for seats, cards in tricks:
            led = cards[0] >> 3
            for s, c in zip(seats[1:], cards[1:], strict=True):
                if c >> 3 != led:
                    void[s] |= 1 << led
                    if trump is not None and c >> 3 != trump:
                        void[s] |= 1 << trump
        self.void = tuple(void)

        own = 0
        for c in view.hand:
            own |= 1 << c
        known = [-1, -1, -1]  # current hands fixed by the view (-1 = unknown)
        known[seat] = own
        for s, cards in view.open_hands.items():
            if view.redeal is None:
                m = 0
                for c in cards:
                    m |= 1 << c
                known[s] = m
        self.known = known
        located = 0
        for s in range(3):
            if known[s] >= 0:
                located |= known[s]
            located |= played_by[s]
        self.own_dealt = sum(1 << c for c in view.dealt_hand)
        self.own_prikup = sum(1 << c for c in view.prikup) if view.prikup else 0
        self.own_discards = sum(1 << c for c in view.discards) if view.discards else 0
        if decl == seat:
            located |= self.own_discards | self.own_prikup
        self.unknown = ALL_CARDS & ~located

        discarded = any(a == "discard" or a.startswith("discard ") for _, a in view.history)
        self.discarded = discarded
        # Slots: (slot id, size, suits allowed mask). Seats 0..2 are current hands.
        slots: list[tuple[int, int, int]] = []
        n_active = len(view.active) if view.active else 3
        for s in range(3):
            if known[s] >= 0:
                continue
            if decl is None:
                size = 10
            elif s == decl:
                size = (10 if discarded else 12) - played_by[s].bit_count()
            else:
                size = 10 - played_by[s].bit_count()
            allowed = 0xF & ~void[s]
            if n_active == 2 and view.active and s not in view.active:
                allowed = 0xF  # the passer's hand never plays, so shows nothing
            slots.append((s, size, allowed))
        if decl is None:
            slots.append((PRIKUP, 2, 0xF))
        elif decl != seat and discarded:
            slots.append((DISCARDS, 2, 0xF))
        total = sum(size for _, size, _ in slots)
        if total != self.unknown.bit_count():
            raise SamplingError(
                f"the view of seat {seat} does not add up: {self.unknown.bit_count()} unseen "
                f"cards for {total} places"
            )
        self.slots = slots
        self.suit_cards = [[c for c in iter_bits(self.unknown & SUIT_MASKS[su])] for su in range(4)]
        self.restricted = any(allowed != 0xF for _, _, allowed in slots)
        self._choices: dict[
            tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int], int]
        ] = {}
        if self.restricted and self._count(0, tuple(size for _, size, _ in slots)) == 0:
            raise SamplingError(f"no deal fits the view of seat {seat} (void constraints)")
        self.attempts = 0
        self.accepted = 0

    # ------------------------------------------------------------------ exact counting

    def _count(self, suit: int, caps: tuple[int, ...]) -> int:
        if suit == 4:
            return 1 if not any(caps) else 0
        return self._options(suit, caps)[2]

    def _options(
        self, suit: int, caps: tuple[int, ...]
    ) -> tuple[list[tuple[int, ...]], list[int], int]:
        key = (suit, caps)
        hit = self._choices.get(key)
        if hit is not None:
            return hit
        n = len(self.suit_cards[suit])
        allowed = tuple(bool(a >> suit & 1) for _, _, a in self.slots)
        comps: list[tuple[int, ...]] = []
        weights: list[int] = []
        for comp in _compositions(n, caps, allowed):
            rest = tuple(c - a for c, a in zip(caps, comp, strict=True))
            w = _multinomial(n, comp) * self._count(suit + 1, rest)
            if w:
                comps.append(comp)
                weights.append(w)
        out = (comps, weights, sum(weights))
        self._choices[key] = out
        return out

    def _fill(self, rng: random.Random) -> list[int]:
        """Masks of the slots, uniform among the fillings that respect the suit limits."""
        k = len(self.slots)
        masks = [0] * k
        if not self.restricted:
            cards = [c for su in range(4) for c in self.suit_cards[su]]
            rng.shuffle(cards)
            i = 0
            for j, (_, size, _) in enumerate(self.slots):
                for c in cards[i : i + size]:
                    masks[j] |= 1 << c
                i += size
            return masks
        caps = tuple(size for _, size, _ in self.slots)
        for suit in range(4):
            comps, weights, total = self._options(suit, caps)
            r = rng.randrange(total)
            pick = 0
            while r >= weights[pick]:
                r -= weights[pick]
                pick += 1
            comp = comps[pick]
            cards = list(self.suit_cards[suit])
            rng.shuffle(cards)
            i = 0
            for j, a in enumerate(comp):
                for c in cards[i : i + a]:
                    masks[j] |= 1 << c
                i += a
            caps = tuple(c - a for c, a in zip(caps, comp, strict=True))
        return masks

    # ------------------------------------------------------------------ one world

    def _assemble(self, masks: list[int], rng: random.Random) -> World:
        view = self.view
        decl = self.declarer
        hands = [self.known[s] if self.known[s] >= 0 else 0 for s in range(3)]
        prikup = 0
        discards = 0
        for (slot, _, _), m in zip(self.slots, masks, strict=True):
            if slot < 3:
                hands[slot] = m
            elif slot == PRIKUP:
                prikup = m
            else:
                discards = m
        dealt = [hands[s] | self.played_by[s] for s in range(3)]
        if decl is None:
            return World((hands[0], hands[1], hands[2]), (dealt[0], dealt[1], dealt[2]), prikup, 0)
        if decl == view.seat:
            prikup = self.own_prikup
            discards = self.own_discards
            dealt[decl] = self.own_dealt
        else:
            # The declarer's 12 cards: which two came from the prikup is unknown (uniform).
            pool = dealt[decl] | discards
            cards = list(iter_bits(pool))
            a, b = rng.sample(cards, 2)
            prikup = (1 << a) | (1 << b)
            dealt[decl] = pool & ~prikup
        return World(
            (hands[0], hands[1], hands[2]), (dealt[0], dealt[1], dealt[2]), prikup, discards
        )

    def _acceptable(self, world: World, rng: random.Random) -> bool:
        view = self.view
        rules = view.rules
        dealt = world.dealt
        if rules.spade_run_redeal != "off" and any(spade_run(h, rules) for h in dealt):
            return False
        if view.first_deal or view.all_pass:
            holder = marker_holder(dealt)
            if view.first_deal and holder != view.first_bidder:
                return False
            if view.all_pass and holder != view.declarer:
                return False
        return not (
            rules.bottom_7s_reshuffle
            and view.dealer != view.seat
            and dealt[view.dealer] >> SEVEN_SPADES & 1
            and rng.random() < 0.1
        )

    def sample(self, rng: random.Random, max_tries: int = 20000) -> World:
        """One world; raises :class:`SamplingError` if none is found in ``max_tries``."""
        for _ in range(max_tries):
            self.attempts += 1
            world = self._assemble(self._fill(rng), rng)
            if self._acceptable(world, rng):
                self.accepted += 1
                return world
        raise SamplingError(
            f"no deal consistent with the view of seat {self.view.seat} in {max_tries} tries"
        )

    def sample_many(self, n: int, rng: random.Random) -> list[World]:
        return [self.sample(rng) for _ in range(n)]


def sample_worlds(view: SeatView, n: int, seed: int | random.Random | None = None) -> list[World]:
    """``n`` worlds consistent with ``view`` (deterministic for an int seed)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return WorldSampler(view).sample_many(n, rng)


def replay_world(view: SeatView, world: World) -> Deal:
    """The deal ``world`` describes, replayed through ``view.history`` (hidden discards
    taken from the world). Raises :class:`~paston.errors.IllegalAction` if the history is
    not legal in that world -- the strongest consistency check there is."""
    deal = Deal(
        list(world.dealt),
        world.prikup,
        dealer=view.dealer,
        first_deal=view.first_deal,
        rules=view.rules,
    )
    deal.match = view.match  # the game's standing is public: every world shares it
    for _, text in view.history:
        if text == HIDDEN_DISCARD:
            a, b = list(iter_bits(world.discards))
            deal.apply(discard_action(a, b))
        else:
            deal.apply(parse_action(text))
    return deal
