"""Worlds consistent with one seat's view of a Paskievics deal in its play phase.

A *world* gives every card this seat cannot see a place: another player's hand or another
player's face-down discard. It respects everything public in the view (spec §12):

* hand sizes (nine minus the cards each player has played) and discard sizes;
* the number of tarokks in each discard, and the declarer's discarded tarokks card by card;
* what may never be discarded (honours, kings, the XX — the default ``xx_discardable`` off);
* voids shown by play (a player who did not follow suit, or did not trump, has none left);
* the called card: with its partner known it is in his hand, otherwise in the hand of a player
  not known to be a defender (the declarer only for the XX, a self-call); its holder is the
  partner in that world — so the partner's identity is sampled, not read;
* an accepted invitation: the inviter still holds the shown card (it may not be discarded),
  a yielder the XX;
* declared tarokk counts: that player held exactly that many tarokks after discarding.

Cards are drawn most-constrained first, each to a random holder with room, weighted by the
room left; a draw that ends in a dead end or breaks a count is drawn again. The result is a
sample of consistent worlds, not an exactly uniform one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..cards import HONOURS, KINGS, NUM_CARDS, T20, is_tarokk, parse_card, suit_of

__all__ = ["SeatKnowledge", "World", "WorldError", "sample_world"]

_MAX_TRIES = 200


class WorldError(ValueError):
    """No world fits the view (a view the sampler does not understand)."""


@dataclass(frozen=True, slots=True)
class World:
    """Every active seat's hand in one world, and the places of side D."""

    hands: dict[int, frozenset[int]]
    declarer_side: frozenset[int]


class SeatKnowledge:
    """The facts of a play-phase view that constrain the hidden cards."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.seat = int(data["seat"])
        players = int(data["players"])
        forehand = int(data["forehand"])
        #: the active seats in playing order from forehand
        self.order = [(forehand + i) % players for i in range(4)]
        self.declarer = int(data["declarer"])
        self.hand = frozenset(parse_card(c) for c in data["hand"])
        self.played_by: dict[int, list[int]] = {s: [] for s in self.order}
        self.voids: dict[int, set[int]] = {s: set() for s in self.order}
        seen: set[int] = set(self.hand)
        tricks = [(int(t["leader"]), [parse_card(c) for c in t["cards"]]) for t in data["tricks"]]
        leader = int(data["tricks"][-1]["winner"]) if data["tricks"] else forehand
        self.trick_leader = leader
        self.trick = [parse_card(c) for c in data["trick"]]
        for lead_seat, cards in [*tricks, (leader, self.trick)]:
            start = self.order.index(lead_seat)
            for i, card in enumerate(cards):
                seat = self.order[(start + i) % 4]
                self.played_by[seat].append(card)
                seen.add(card)
                if i == 0:
                    continue
                led = suit_of(cards[0])
                if suit_of(card) != led:
                    self.voids[seat].add(led)
                    if not is_tarokk(card):
                        self.voids[seat].add(4)  # no tarokk either
        discards = data["discards"]
        self.own_discard = frozenset(parse_card(c) for c in discards[self.seat])
        seen |= self.own_discard
        public = [parse_card(c) for c in data.get("declarer_discarded_tarokks") or []]
        seen |= set(public)
        counts = data.get("discarded_tarokks") or [0] * players
        #: per other seat: (unknown tarokk slots, unknown plain slots) of its discard
        self.discard_slots: dict[int, tuple[int, int]] = {}
        for s in self.order:
            if s == self.seat:
                continue
            size = discards[s] if isinstance(discards[s], int) else len(discards[s])
            tarokks = int(counts[s]) - (len(public) if s == self.declarer else 0)
            self.discard_slots[s] = (tarokks, size - int(counts[s]))
        self.hand_sizes = {s: 9 - len(self.played_by[s]) for s in self.order}
        self.unknown = [c for c in range(NUM_CARDS) if c not in seen]
        self.called = None if data.get("called") is None else parse_card(data["called"])
        partner = data.get("partner")
        self.partner: int | None = None if partner is None else int(partner)
        sides: dict[str, str] = data.get("sides") or {}
        self.known_sides = {int(s): side for s, side in sides.items()}
        if self.called is not None and self.partner is None:
            for s, cards in self.played_by.items():
                if self.called in cards:
                    self.partner = s
        #: cards a seat must still hold (unless it has played them)
        self.must_hold: dict[int, int] = {}
        invitation = data.get("invitation")
        if invitation and int(invitation["by"]) != self.declarer:
            by = int(invitation["by"])
            card = parse_card(invitation["card"])
            if card in self.unknown and by != self.seat:
                self.must_hold[card] = by
        self.counts = {int(x["seat"]): int(x["count"]) for x in data.get("tarokk_counts") or []}
        ultimo_sides = {a["side"] for a in data.get("announcements") or [] if a["item"] == "ultimo"}
        self.ultimo_sides = frozenset(ultimo_sides)

    def _may_hold(self, seat: int, card: int) -> bool:
        suit = suit_of(card)
        return suit not in self.voids[seat]

    def _called_candidates(self) -> list[int]:
        called = self.called
        if called is None or called not in self.unknown:
            return []
        if self.partner is not None:
            return [self.partner] if self.partner != self.seat else []
        out = []
        for s in self.order:
            if s == self.seat or self.known_sides.get(s) == "defenders":
                continue
            if s == self.declarer and called != T20:
                continue
            if self._may_hold(s, called) and self.hand_sizes[s] > 0:
                out.append(s)
        return out

    def sample(self, rng: random.Random) -> World:
        for _ in range(_MAX_TRIES):
            world = self._draw(rng, strict=True)
            if world is not None:
                return world
        world = self._draw(rng, strict=False)
        if world is None:
            raise WorldError("no world fits the view's hand and discard sizes")
        return world

    def _draw(self, rng: random.Random, strict: bool) -> World | None:
        room: dict[tuple[str, int], int] = {}
        for s in self.order:
            if s != self.seat:
                if s in self.counts and strict:
                    # A declared count fixes how many tarokks the hand still holds.
                    need = self.counts[s] - sum(1 for c in self.played_by[s] if is_tarokk(c))
                    if not 0 <= need <= self.hand_sizes[s]:
                        return None
                    room[("ht", s)] = need
                    room[("hp", s)] = self.hand_sizes[s] - need
                else:
                    room[("h", s)] = self.hand_sizes[s]
                tarokks, plain = self.discard_slots[s]
                room[("t", s)] = tarokks
                room[("p", s)] = plain
        placed: dict[tuple[str, int], list[int]] = {k: [] for k in room}
        fixed: dict[int, tuple[str, int]] = {}
        candidates = self._called_candidates()
        if self.called is not None and self.called in self.unknown:
            if not candidates:
                return None
            fixed[self.called] = ("h", rng.choice(candidates))
        for card, seat in self.must_hold.items():
            if card not in fixed:
                fixed[card] = ("h", seat)
        for card, (_kind, seat) in list(fixed.items()):
            if ("h", seat) not in room:
                fixed[card] = ("ht" if is_tarokk(card) else "hp", seat)
        for card, key in fixed.items():
            if room.get(key, 0) <= 0:
                return None
            room[key] -= 1
            placed[key].append(card)
        rest = [c for c in self.unknown if c not in fixed]
        rng.shuffle(rest)
        # Tarokk-only slots first (a counted hand's tarokks, the discards' tarokks): filled one
        # card at a time they would leave too many tarokks for the other hands.
        for key in [k for k in room if k[0] in ("ht", "t")]:
            pool = [c for c in rest if key in self._holders(c, room, strict)]
            if len(pool) < room[key]:
                return None
            for card in rng.sample(pool, room[key]):
                placed[key].append(card)
                rest.remove(card)
            room[key] = 0
        # Holders without room do not count: a tarokk with only hands open goes before a plain
        # card that could also fill a discard.
        options = {c: [k for k in self._holders(c, room, strict) if room[k] > 0] for c in rest}
        rest.sort(key=lambda c: len(options[c]))
        for card in rest:
            keys = [k for k in options[card] if room[k] > 0]
            if not keys:
                return None
            key = rng.choices(keys, weights=[room[k] for k in keys])[0]
            room[key] -= 1
            placed[key].append(card)
        hands = {
            s: frozenset(
                placed.get(("h", s), []) + placed.get(("ht", s), []) + placed.get(("hp", s), [])
            )
            for s in self.order
            if s != self.seat
        }
        hands[self.seat] = self.hand
        side = {self.declarer}
        if self.called is not None:
            holder = next((s for s, h in hands.items() if self.called in h), self.partner)
            if holder is not None:
                side.add(holder)
        return World(hands, frozenset(side))

    def _holders(
        self, card: int, room: dict[tuple[str, int], int], strict: bool
    ) -> list[tuple[str, int]]:
        out = []
        for kind, s in room:
            if kind in ("h", "ht", "hp"):
                if strict and not self._may_hold(s, card):
                    continue
                if card == self.called:
                    continue
                if (kind == "ht" and not is_tarokk(card)) or (kind == "hp" and is_tarokk(card)):
                    continue
            elif kind == "t":
                if not is_tarokk(card) or card in HONOURS or card == T20:
                    continue
            else:
                if is_tarokk(card) or card in KINGS:
                    continue
            out.append((kind, s))
        return out


def sample_world(data: dict[str, Any], rng: random.Random) -> World:
    """One world for the seat whose view data is ``data`` (phase ``play``)."""
    return SeatKnowledge(data).sample(rng)
