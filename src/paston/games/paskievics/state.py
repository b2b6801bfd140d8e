"""One Paskievics deal as a state machine (spec §3–§10): auction, talon, discards, call,
announcements, play and scoring, with undo.

The state knows every card; :meth:`PaskievicsState.view` gives one seat's share of it. Seats are
numbered in playing order; ``active`` lists the four seats that play, from forehand.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from functools import cache
from itertools import combinations
from operator import attrgetter
from typing import Any, Self

from ...core.errors import IllegalAction
from . import actions as A
from .actions import SIDE_NAMES as SIDE_NAMES  # re-exported: records import it from here
from .cards import (
    CARD_NAMES,
    HONOURS,
    KINGS,
    NUM_CARDS,
    PAGAT,
    SKIZ,
    T18,
    T19,
    T20,
    T21,
    card_points,
    format_cards,
    is_tarokk,
    suit_of,
    tarokk,
)
from .rules import DEFAULT_RULES, PaskievicsRules
from .scoring import D, DealFacts, O, deal_value, settle

__all__ = ["PaskievicsState"]

FRESH, IN, OUT = 0, 1, 2
SOLO = 3
TALON_SHARES = {0: (3, 1, 1, 1), 1: (2, 2, 1, 1), 2: (1, 2, 2, 1), 3: (0, 2, 2, 2)}
# The state's fields that actions change; undo restores a snapshot of them.
_MUTABLE = (
    "hands", "phase", "to_act", "status", "cur", "cur_by", "cur_held", "invitation",
    "bidders", "trial", "owes_ultimo", "declarer", "contract", "received", "discards",
    "discard_queue", "called", "partner", "alone", "office", "announced", "game_level",
    "counts", "presumed", "revealed", "all_revealed", "turn_said", "_starts", "bare_run",
    "tricks", "trick", "leader", "scores", "thrown_in", "value", "facts", "last_words",
)  # fmt: skip
_MUTABLE_VALUES = attrgetter(*_MUTABLE)
#: Field names and their getter: what an action's undo snapshot holds.
_Fields = tuple[tuple[str, ...], "attrgetter[Any]"]
_ALL_FIELDS: _Fields = (_MUTABLE, _MUTABLE_VALUES)


def _fields(*names: str) -> _Fields:
    return names, attrgetter(*names)


# The fields an action of the two longest phases may change (its own, and those of the
# deal's end it may bring: the scores); an action of another phase may change any.
# tests/paskievics/test_engine_memos.py checks that no action changes another field.
_PLAY_FIELDS = _fields(
    "hands", "phase", "to_act", "all_revealed", "tricks", "trick", "leader", "scores",
    "value", "facts",
)  # fmt: skip
_PASS_FIELDS = _fields(
    "phase", "to_act", "_starts", "all_revealed", "turn_said", "bare_run", "leader",
    "scores", "value", "last_words",
)  # fmt: skip
_CALL_FIELDS = _fields("called", "partner", "alone", "office", "all_revealed", "turn_said")
_COUNT_FIELDS = _fields("counts", "presumed", "revealed", "all_revealed", "turn_said")
_BONUS_FIELDS = _fields("announced", "presumed", "revealed", "all_revealed", "turn_said")
_KONTRA_FIELDS = _fields(
    "announced", "game_level", "presumed", "revealed", "all_revealed", "turn_said"
)


def _announcement_fields(action: int) -> _Fields:
    if action == A.PASS:
        return _PASS_FIELDS
    if A.CALL <= action < A.COUNT:
        return _CALL_FIELDS
    if A.COUNT <= action < A.BONUS:
        return _COUNT_FIELDS
    if A.BONUS <= action < A.KONTRA:
        return _BONUS_FIELDS
    if A.KONTRA <= action < A.DISCARD:
        return _KONTRA_FIELDS
    return _ALL_FIELDS  # never an announcement: refused before any snapshot


#: Per action id below ``DISCARD``: the fields it may change as an announcement.
_ANNOUNCE_SNAPSHOTS = tuple(_announcement_fields(a) for a in range(A.DISCARD))


def snapshot_fields(phase: str, action: int) -> tuple[str, ...]:
    """The fields ``action`` may change in ``phase`` (what its undo snapshot keeps)."""
    if phase == "announce" and 0 <= action < A.DISCARD:
        return _ANNOUNCE_SNAPSHOTS[action][0]
    if phase == "play":
        return _PLAY_FIELDS[0]
    return _MUTABLE


# Actions never change a container of these fields in place: they build a new one (a new
# list, a new hand's set, a new announcement entry) and assign it. So a snapshot is just the
# fields' values, sharing every container with the state and with earlier snapshots.
# A copy gets its own top-level lists (:meth:`PaskievicsState.copy`): code that builds a
# sampled world changes a copy's lists in place.
_LISTS = (
    "hands", "received", "discards", "discard_queue", "announced", "counts", "turn_said",
    "_starts", "tricks", "trick",
)  # fmt: skip
_TAROKKS = frozenset(c for c in range(NUM_CARDS) if is_tarokk(c))
#: Per card: its suit (:func:`.cards.suit_of`), looked up rather than computed.
_SUIT = tuple(suit_of(c) for c in range(NUM_CARDS))
#: Per announceable item: its index in :data:`.actions.ITEMS` (kontra ids are built on it).
_ITEM_INDEX = {item: i for i, item in enumerate(A.ITEMS)}
_GAME_KONTRA = A.KONTRA + _ITEM_INDEX["game"]
_DOUBLE = A.BONUS + A.BONUSES.index("double")
_BONUS_IDS = tuple((A.BONUS + b, bonus) for b, bonus in enumerate(A.BONUSES))
#: The highest id of an auction word (``pass``, ``hold``, the four levels).
_LAST_WORD_ID = A.LEVEL + len(A.LEVELS) - 1


#: Per announceable bonus: its bit in the bitmasks of announced or barred bonuses.
_BONUS_BIT = {bonus: 1 << b for b, bonus in enumerate(A.BONUSES)}
#: The same for an announcements entry's item (the game is never one: its kontras are
#: ``game_level``).
_ANNOUNCED_BIT = {**_BONUS_BIT, "game": 0}
_TRULL_BIT, _DOUBLE_BIT = _BONUS_BIT["trull"], _BONUS_BIT["double"]
_VOLAT_BIT, _ULTIMO_BIT = _BONUS_BIT["volat"], _BONUS_BIT["ultimo"]
#: What an announced volat bars under ``volat_restrictions="tournament"``.
_VOLAT_BARS_TOURNAMENT = _DOUBLE_BIT | _TRULL_BIT | _BONUS_BIT["kings"]
#: Per bitmask of barred bonuses: the bonus ids left, in :data:`.actions.BONUSES` order.
_FREE_BONUSES = tuple(
    tuple(A.BONUS + b for b in range(len(A.BONUSES)) if not barred >> b & 1)
    for barred in range(1 << len(A.BONUSES))
)
_KONTRA_IDS = len(A.ITEMS)
#: Per kontra id (less ``KONTRA``): its level (0 = kontra) and its item's index in ITEMS.
_KONTRA_WORD = tuple(divmod(k, _KONTRA_IDS) for k in range(len(A.KONTRA_WORDS) * _KONTRA_IDS))


def _announced_facts(
    announced: list[list[Any]], side: int, count_pending: bool, max_kontra: int
) -> tuple[int, tuple[int, ...]]:
    """What an announcements list allows ``side``: the bitmask of the bonuses it has announced
    and the kontra ids it may say, in the list's order (an ultimo's not while a count is
    owed)."""
    announced_bits = 0
    kontras: list[int] = []
    for item, owner, _by, level in announced:
        if owner == side:
            announced_bits |= _ANNOUNCED_BIT[item]
        if (
            level < max_kontra
            and side == (owner if level % 2 else 1 - owner)
            and not (item == "ultimo" and count_pending)
        ):
            kontras.append(A.KONTRA + level * _KONTRA_IDS + _ITEM_INDEX[item])
    return announced_bits, tuple(kontras)


#: An ``announced`` list, its length, and per (side, ultimo held back, kontra cap) what it
#: allows that side (:func:`_announced_facts`).
_KontraMemo = tuple[list[Any], int, dict[tuple[int, bool, int], tuple[int, tuple[int, ...]]]]


@cache
def _seat_order(
    seats: int, forehand: int
) -> tuple[tuple[int, ...], dict[int, int], dict[int, tuple[int, ...]]]:
    """The active seats from ``forehand``, each one's next, and each one's trick order."""
    active = tuple((forehand + i) % seats for i in range(4))
    after = {seat: active[(i + 1) % 4] for i, seat in enumerate(active)}
    trick_seats = {
        seat: tuple(active[(i + k) % 4] for k in range(4)) for i, seat in enumerate(active)
    }
    return active, after, trick_seats


class PaskievicsState:
    """A deal from its dealt hands and talon to its scores.

    >>> from paston.games.paskievics.shuffle import deal_cards
    >>> import random
    >>> state = PaskievicsState(*deal_cards(random.Random(1), dealer=3))
    >>> state.phase, state.to_act
    ('bidding', 0)
    """

    # Slots: the engine reads and writes these fields for every action (faster than a
    # dictionary of some fifty keys) and the undo snapshot reads them all.
    __slots__ = (
        "_after", "_kontra_memo", "_legal_memo", "_log", "_starts", "_trick_seats",
        "active", "actors", "all_revealed", "alone", "announced", "bare_run", "bidders",
        "called", "contract", "counts", "cur", "cur_by", "cur_held", "dealer", "dealt",
        "declarer", "discard_queue", "discards", "facts", "forehand", "game_level",
        "hands", "history", "invitation", "last_words", "leader", "multiplier",
        "office", "owes_ultimo", "partner", "phase", "presumed", "received", "revealed",
        "rules", "scores", "seats", "status", "talon", "thrown_in", "to_act", "trial",
        "trick", "tricks", "turn_said", "value",
    )  # fmt: skip

    def __init__(
        self,
        hands: Sequence[Sequence[int]],
        talon: Sequence[int],
        dealer: int,
        rules: PaskievicsRules = DEFAULT_RULES,
        multiplier: int = 1,
    ) -> None:
        self.rules = rules
        self.seats = rules.players
        self.dealer = dealer
        self.multiplier = multiplier
        self.forehand = (dealer + 1) % self.seats
        # Per active seat: the next one (next_seat's answer), and the seats of a trick it
        # leads (trick_seats'), looked up in the busiest steps; shared by every deal of a
        # table size and forehand (never changed).
        self.active, self._after, self._trick_seats = _seat_order(self.seats, self.forehand)
        self.talon: tuple[int, ...] = tuple(talon)
        self.dealt: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(h)) for h in hands)
        self.hands: list[set[int]] = [set(h) for h in hands]
        self.history: list[int] = []
        self.actors: list[int] = []  # the seat that took each action of ``history``
        # Per action: the names of the fields it may change and their values before it.
        self._log: list[tuple[tuple[str, ...], tuple[Any, ...]]] = []
        self.phase = "bidding"
        self.to_act: int | None = self.forehand
        self.status = {s: FRESH for s in self.active}
        self.cur: int | None = None
        self.cur_by: int | None = None
        self.cur_held = False
        self.invitation: tuple[int, int, str] | None = None  # (card, inviter, kind)
        self.bidders: set[int] = set()
        self.trial = False
        self.owes_ultimo: int | None = None
        self.declarer: int | None = None
        self.contract: int | None = None
        self.received: list[list[int]] | None = None
        self.discards: list[list[int]] = [[] for _ in range(self.seats)]
        self.discard_queue: list[int] = []
        self.called: int | None = None
        self.partner: int | None = None
        self.alone: bool | None = None
        self.office: int | None = None  # the discarder of the called card (§7.4)
        self.announced: list[list[Any]] = []  # [item, side, by, level]
        self.game_level: int | None = None
        self.counts: list[tuple[int, int]] = []
        self.presumed = D
        self.revealed: set[int] = set()
        self.all_revealed = False
        self.turn_said: list[int] = []
        self._starts: list[int] = []  # the seat of every announcement turn begun, in order
        self.bare_run = 0
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []  # (leader, cards, winner)
        self.trick: list[int] = []
        self.leader: int | None = None
        self.scores: list[int] | None = None
        self.thrown_in: str | None = None
        self.value: int | None = None
        self.facts: DealFacts | None = None
        # Per seat: the id of its latest auction word (pass, hold or a level, the
        # announcements' and the raise's included), -1 before it has one; what the
        # observation's ``last_bid`` block shows, kept here rather than searched for.
        self.last_words: tuple[int, ...] = (-1,) * self.seats
        # The legal actions of the position as it stands, once asked for: apply and undo
        # drop it, and so does copy (a copy is often changed by hand: a sampled world).
        self._legal_memo: list[int] | None = None
        # The kontra ids of _legal_announce per (side, ultimo held back) for one
        # ``announced`` list (compared by identity: actions replace that list).
        self._kontra_memo: _KontraMemo | None = None

    # ----------------------------------------------------------------- protocol basics
    @property
    def players(self) -> int:
        return self.seats

    @property
    def is_over(self) -> bool:
        return self.phase in ("scored", "thrown-in")

    def next_seat(self, seat: int) -> int:
        """The next active seat in playing order."""
        return self.active[(self.active.index(seat) + 1) % 4]

    def pos(self, seat: int) -> int:
        return self.active.index(seat)

    def action_str(self, action: int) -> str:
        return A.action_str(action)

    def parse_action(self, text: str) -> int:
        return A.parse_action(text)

    def copy(self) -> Self:
        other = copy.deepcopy(self)
        other._legal_memo = None
        for name in _LISTS:  # not shared with its undo log's snapshots: see _MUTABLE
            value = getattr(other, name)
            if value is not None:
                setattr(other, name, list(value))
        return other

    def result(self) -> tuple[float, ...]:
        return tuple(float(x) for x in self.scores) if self.scores else (0.0,) * self.seats

    def view(self, seat: int) -> Any:
        from .view import build_view

        return build_view(self, seat)

    def side(self, seat: int) -> int:
        """A seat's true side once the call is made (before: the declarer's is D)."""
        return D if seat == self.declarer or (seat == self.partner and not self.alone) else O

    # ----------------------------------------------------------------- legal actions
    def legal_actions(self) -> list[int]:
        memo = self._legal_memo
        if memo is None:
            memo = self._legal_memo = self._legal_now()
        return memo[:]

    def _legal_now(self) -> list[int]:
        if self.to_act is None:
            return []
        p = self.to_act
        phase = self.phase  # the longest phases first
        if phase == "announce":
            return self._legal_announce(p)
        if phase == "play":
            return [A.PLAY + c for c in self._legal_cards(p)]
        if phase == "bidding":
            return self._legal_bidding(p)
        if phase == "raise":
            return [A.LEVEL + i for i in range(4)]
        return self._legal_discard(p)  # discard

    # auction (§4.9)
    def _has_honour(self, p: int) -> bool:
        return bool(self.hands[p] & HONOURS)

    def _high(self, p: int) -> bool:
        return SKIZ in self.hands[p] or T21 in self.hands[p]

    def _tarokks(self, p: int) -> int:
        # A hand holds each card once: its tarokks are its cards among the 22 tarokks.
        return len(_TAROKKS.intersection(self.hands[p]))

    def _may_hold(self, p: int) -> bool:
        return (
            self.cur is not None
            and not self.cur_held
            and self.cur_by != p
            and self.status[p] == IN
            and (
                self.rules.hold_rule == "any_bidder"
                or self.cur_by is None
                or self.pos(p) < self.pos(self.cur_by)
            )
        )

    def _minimum(self, p: int) -> int:
        if self._may_hold(p):
            assert self.cur is not None
            return self.cur
        return 0 if self.cur is None else self.cur + 1

    def _acceptable(self, p: int, level: int) -> bool:
        others = [q for q in self.active if q != p and self.status[q] != OUT]
        if level < SOLO:
            return bool(others)
        return any(
            self.status[q] == IN
            and (self.rules.hold_rule == "any_bidder" or self.pos(q) < self.pos(p))
            for q in others
        )

    def _free(self, p: int, level: int) -> bool:
        return self.invitation is not None or not self._acceptable(p, level)

    def _yield_position(self, p: int) -> bool:
        return (
            self.cur == 1
            and not self.cur_held
            and self.cur_by != p
            and self._may_hold(p)
            and self.invitation is None
            and all(self.status[q] == OUT for q in self.active if q not in (p, self.cur_by))
        )

    def _yield_ok(self, p: int) -> bool:
        ok = T20 in self.hands[p] and self._high(p)
        if self.rules.yield_requirements == "xx_high_honour_5":
            ok = ok and self._tarokks(p) >= 5
        return ok

    def _invite_ok(self, p: int) -> bool:
        req = self.rules.invite_requirements
        if req == "any_honour":
            return True
        if req == "high_honour":
            return self._high(p)
        return self._high(p) and self._tarokks(p) >= 5

    def _shown(self, jump: int, level: int) -> int:
        if self.rules.jump_meaning == "old" and level == SOLO:
            return T18
        return T19 if jump == 1 else T18

    def _legal_bidding(self, p: int) -> list[int]:
        inv = self.invitation
        if not self.rules.inviter_may_rebid and inv is not None and inv[1] == p:
            return [A.PASS]
        acts: list[int] = []
        if not (self._yield_position(p) and not self._yield_ok(p)):
            acts.append(A.PASS)
        if self._may_hold(p):
            acts.append(A.HOLD)
        if self._has_honour(p):
            start = 0 if self.cur is None else self.cur + 1
            minimum = self._minimum(p)
            for level in range(start, 4):
                jump = level - minimum
                if (
                    jump <= 0
                    or self._free(p, level)
                    or (
                        jump <= 2
                        and self._shown(jump, level) in self.hands[p]
                        and self._invite_ok(p)
                    )
                ):
                    acts.append(A.LEVEL + level)
        elif (
            self.pos(p) == 3
            and self.cur is None
            and all(self.status[q] == OUT for q in self.active if q != p)
        ):
            acts.append(A.LEVEL)  # the trial bid (§4.8)
        return acts

    # discards (§6)
    def _protected(self, p: int) -> set[int]:
        keep = set(HONOURS | KINGS)
        if not self.rules.xx_discardable:
            keep.add(T20)
        inv = self.invitation  # covers the yielder's XX under xx_discardable
        if inv is not None and inv[1] == p and self.declarer != p:
            keep.add(inv[0])
        return keep

    def _may_annul(self, p: int) -> bool:
        if self.rules.annul_timing == "never":
            return False
        hand = self.hands[p]
        trumps = {c for c in hand if is_tarokk(c)}
        cases = [hand >= KINGS, not trumps, trumps == {T21}]
        if self.rules.annul_holdings == "five":
            cases += [trumps == {PAGAT}, trumps == {T21, PAGAT}]
        return any(cases)

    def _legal_discard(self, p: int) -> list[int]:
        assert self.received is not None
        k = len(self.received[p])
        free = sorted(self.hands[p] - self._protected(p))
        combos = list(combinations(free, k))
        if self.rules.tarokk_discard_last_resort:
            # Tarokks only when the discardable plain cards do not suffice (AMBIG-P11).
            plain = sum(1 for c in free if not is_tarokk(c))
            most = max(0, k - plain)
            combos = [c for c in combos if sum(1 for x in c if is_tarokk(x)) <= most]
        # Each combination of the sorted free cards is sorted: discard_id's key as it is.
        index = A.DISCARD_INDEX
        acts = [A.DISCARD + index[combo] for combo in combos]
        if self._may_annul(p):
            acts.append(A.ANNUL)
        return acts

    # the call (§7.2)
    def callable_cards(self) -> list[int]:
        decl = self.declarer
        assert decl is not None
        inv = self.invitation
        if inv is not None and inv[1] != decl:
            return [inv[0]]
        hand, own = self.hands[decl], set(self.discards[decl])
        avail = [tarokk(n) for n in range(19, 1, -1) if tarokk(n) not in hand | own]
        others_discarded = any(
            is_tarokk(c) for s in self.active if s != decl for c in self.discards[s]
        )
        free = self.rules.free_call
        # Case 3 "without T20" when the XX lies in his own discard (xx_discardable).
        xx = [T20] if T20 in hand else []
        if T20 not in hand and T20 not in own:
            cards = [T20, *avail] if others_discarded and free == "always" else [T20]
        elif others_discarded and free in ("declarer_holds_xx", "always"):
            cards = [*xx, *avail]
        else:
            cards = [*xx, *avail[:1]]
        if self.rules.self_call == "any_held":
            # Calling a tarokk of his own hand: the declarer plays alone.
            cards += [c for c in sorted(hand) if tarokk(20) <= c <= tarokk(2) and c not in cards]
        return sorted(cards)

    # announcements (§8.8)
    def _item_index(self, side: int, item: str) -> int | None:
        for i, entry in enumerate(self.announced):
            if entry[0] == item and entry[1] == side:
                return i
        return None

    def is_revealed(self, p: int) -> bool:
        return self.all_revealed or p == self.declarer or p in self.revealed

    def _count_pending(self, p: int) -> bool:
        n = self._tarokks(p)
        declared = any(s == p for s, _ in self.counts)
        return self.rules.count_before_ultimo and n >= 8 and not declared

    def _compulsory(self, p: int) -> bool:
        """Whether ``p`` may not end his turn yet (§8.6)."""
        if self.owes_ultimo == p and self.turns_begun_count(p) <= 1:
            return self._item_index(self.side(p), "ultimo") is None
        inv = self.invitation
        if (
            self.rules.acceptor_must_announce
            and p == self.declarer
            and inv is not None
            and inv[1] != p
            and self.turns_begun_count(p) == 1
        ):
            return self._item_index(D, "trull") is None and self._item_index(D, "ultimo") is None
        return False

    def turns_begun_count(self, p: int) -> int:
        return self._starts.count(p)

    def _legal_announce(self, p: int) -> list[int]:
        declarer = self.declarer
        if p == declarer and self.called is None:
            return [A.CALL + c for c in self.callable_cards()]
        game_level = self.game_level
        assert game_level is not None
        turn_said = self.turn_said
        if p == self.office and game_level == 0 and not turn_said and self._starts.count(p) == 1:
            return [_GAME_KONTRA]
        rules = self.rules
        # self.side(p) and self.is_revealed(p), inline: this runs for most actions of a deal.
        side = D if p == declarer or (p == self.partner and not self.alone) else O
        ok = self.all_revealed or p == declarer or p in self.revealed or side == self.presumed
        acts: list[int] = []
        n = len(_TAROKKS.intersection(self.hands[p]))  # _tarokks(p)
        counted = False
        for s, _ in self.counts:
            if s == p:
                counted = True
                break
        if (n == 8 or n == 9) and not counted and (ok or not rules.count_identifies_side):
            acts.append(A.COUNT + n - 8)
        # _count_pending(p), from the same facts (the hand's tarokks, the counts declared).
        count_pending = rules.count_before_ultimo and n >= 8 and not counted
        max_kontra = rules.max_kontra
        # What the announcements list allows this side: the bonuses it has announced (a
        # bitmask over BONUSES) and the kontras it may say, worked out once per list (actions
        # replace it rather than change it) and side.
        announced = self.announced
        key = (side, count_pending, max_kontra)
        memo = self._kontra_memo
        if memo is None or memo[0] is not announced or memo[1] != len(announced):
            memo = self._kontra_memo = (announced, len(announced), {})
        found = memo[2].get(key)
        if found is None:
            found = memo[2][key] = _announced_facts(announced, side, count_pending, max_kontra)
        if ok:
            # The bonuses this side may not announce now: those it has announced, those a
            # volat rules out, the volat after a double of this turn, the ultimo before a
            # count owed, the trull without the honours it promises (trull_conventions).
            barred = found[0]
            tournament = rules.volat_restrictions == "tournament"
            if barred & _VOLAT_BIT:
                barred |= _VOLAT_BARS_TOURNAMENT if tournament else _DOUBLE_BIT
            if not tournament and _DOUBLE in turn_said:
                barred |= _VOLAT_BIT
            if count_pending:
                barred |= _ULTIMO_BIT
            if not barred & _TRULL_BIT and rules.trull_conventions and not self._trull_promise(p):
                barred |= _TRULL_BIT
            acts.extend(_FREE_BONUSES[barred])
        # The game (side D's), then every announced item: (item, owner, level).
        if game_level < max_kontra and side == (D if game_level % 2 else O):
            acts.append(A.KONTRA + game_level * _KONTRA_IDS)
        acts.extend(found[1])
        if (self.owes_ultimo != p and not rules.acceptor_must_announce) or not self._compulsory(p):
            acts.append(A.PASS)
        return acts

    def _trull_promise(self, p: int) -> bool:
        """Note T (``trull_conventions``): the honours an announcer of trull must hold."""
        hand = self.hands[p]
        high = SKIZ in hand or T21 in hand
        inv = self.invitation
        accepted = inv is not None and inv[1] != self.declarer
        first_turn = self.turns_begun_count(p) == 1
        if p == self.declarer and first_turn:
            if accepted:
                return high
            return SKIZ in hand and (T21 in hand or len(self.bidders) >= 3)
        inviter_turn = accepted and inv is not None and p == inv[1] and first_turn
        if inviter_turn and self._item_index(D, "trull") is None:
            return len(hand & HONOURS) >= 2
        return high

    # play (§9)
    def _legal_cards(self, p: int) -> list[int]:
        hand = sorted(self.hands[p])
        if self.trick:
            led = _SUIT[self.trick[0]]
            cards = [c for c in hand if _SUIT[c] == led]
            if not cards and led != 4:
                cards = [c for c in hand if c < 22]  # is_tarokk
            if not cards:
                cards = hand
        else:
            cards = hand
        # The pagat is held back for a side's announced ultimo (asked only when it matters).
        if (
            PAGAT in cards
            and len(cards) > 1
            and self._item_index(self.side(p), "ultimo") is not None
        ):
            cards = [c for c in cards if c != PAGAT]
        return cards

    # ----------------------------------------------------------------- applying
    def apply(self, action: int | str) -> None:
        if isinstance(action, str):
            action = A.parse_action(action)
        legal = self._legal_memo
        if legal is None:
            legal = self._legal_now()
        if action not in legal:
            raise IllegalAction(self._illegal_reason(action, legal), legal=self._names(legal))
        self._legal_memo = None
        phase = self.phase
        # The undo snapshot of the fields this action may change (snapshot_fields).
        if phase == "announce":
            names, values = _ANNOUNCE_SNAPSHOTS[action]
        elif phase == "play":
            names, values = _PLAY_FIELDS
        else:
            names, values = _ALL_FIELDS
        self._log.append((names, values(self)))
        p = self.to_act
        assert p is not None
        self.history.append(action)
        self.actors.append(p)
        if action <= _LAST_WORD_ID:
            words = list(self.last_words)
            words[p] = action
            self.last_words = tuple(words)  # replaced, never changed: see _snapshot
        if phase == "announce":  # the longest phases first
            self._apply_announce(p, action)
        elif phase == "play":
            self._apply_play(p, action - A.PLAY)
        elif phase == "bidding":
            self._apply_bid(p, action)
        elif phase == "raise":
            self.contract = action - A.LEVEL
            self._hand_out_talon()
        else:  # discard
            self._apply_discard(p, action)

    def undo(self) -> int:
        if not self.history:
            raise IllegalAction("nothing to undo")
        self._legal_memo = None
        names, values = self._log.pop()
        for name, value in zip(names, values, strict=True):
            setattr(self, name, value)
        self.actors.pop()
        return self.history.pop()

    @staticmethod
    def _names(legal: list[int]) -> tuple[str, ...]:
        return tuple(A.action_str(a) for a in sorted(legal))

    def _illegal_reason(self, action: int, legal: list[int]) -> str:
        if self.to_act is None:
            return "not legal (the deal is over)"
        names = " ".join(self._names(legal))
        if len(legal) > 40:
            names = " ".join(self._names(legal)[:40]) + " …"
        what = f"seat {self.to_act}, phase {self.phase}"
        if self.phase == "play":
            card = action - A.PLAY
            if 0 <= card < 42 and card not in self.hands[self.to_act]:
                what += f"; {CARD_NAMES[card]} is not in the hand"
            elif self.trick:
                what += "; " + ("tarokk led" if is_tarokk(self.trick[0]) else "suit led")
        return f"not legal ({what}; legal: {names})"

    def _apply_bid(self, p: int, action: int) -> None:
        if action == A.PASS:
            if self._yield_position(p):
                self.invitation = (T20, p, "yield")
            # status, bidders and revealed are replaced, never changed: see _snapshot.
            self.status = {**self.status, p: OUT}
        elif action == A.HOLD:
            self.cur_by, self.cur_held = p, True
            self.status = {**self.status, p: IN}
            self.bidders = self.bidders | {p}
        else:
            level = action - A.LEVEL
            jump = level - self._minimum(p)
            if jump >= 1 and not self._free(p, level):
                self.invitation = (self._shown(jump, level), p, "jump")
                if self.rules.invite_requirements == "any_honour" and not self._high(p):
                    self.owes_ultimo = p
            if not self._has_honour(p):
                self.trial = True
            self.cur, self.cur_by, self.cur_held = level, p, False
            self.status = {**self.status, p: IN}
            self.bidders = self.bidders | {p}
        self._after_bid(p)

    def _after_bid(self, p: int) -> None:
        left = [q for q in self.active if self.status[q] != OUT]
        if not left:
            self._throw_in("pass-out")
            return
        if (self.cur == SOLO and self.cur_held) or (len(left) == 1 and left[0] == self.cur_by):
            assert self.cur is not None and self.cur_by is not None
            self.declarer, self.contract = self.cur_by, self.cur
            if self.owes_ultimo == self.declarer or (
                self.invitation is not None and self.invitation[1] == self.declarer
            ):
                self.owes_ultimo = None
            if (
                self.rules.sole_bidder_may_raise
                and self.bidders == {self.declarer}
                and self.cur == 0
                and self.pos(self.declarer) <= 2
                and not self.trial
            ):
                self.phase, self.to_act = "raise", self.declarer
            else:
                self._hand_out_talon()
            return
        q = self._after[p]
        while self.status[q] == OUT:
            q = self._after[q]
        self.to_act = q

    def _hand_out_talon(self) -> None:
        assert self.declarer is not None and self.contract is not None
        received: list[list[int]] = [[] for _ in range(self.seats)]
        seat, i = self.declarer, 0
        for share in TALON_SHARES[self.contract]:
            received[seat] = list(self.talon[i : i + share])
            hands = list(self.hands)  # replaced, never changed: see _snapshot
            hands[seat] = hands[seat] | set(received[seat])
            self.hands = hands
            i += share
            seat = self._after[seat]
        self.received = received
        if self.trial and not self._has_honour(self.declarer):
            penalty = self.rules.trial_bid_penalty * self.multiplier
            scores = [0] * self.seats
            for s in self.active:
                scores[s] = -3 * penalty if s == self.declarer else penalty
            self._throw_in("trial-failed", scores)
            return
        seat = self.declarer
        queue: list[int] = []
        for _ in range(4):
            if received[seat]:
                queue.append(seat)
            seat = self._after[seat]
        self.discard_queue = queue
        self.phase = "discard"
        self._next_discarder()

    def _next_discarder(self) -> None:
        if self.discard_queue:
            self.to_act = self.discard_queue[0]
            self.discard_queue = self.discard_queue[1:]
            return
        self._start_announcements()

    def _apply_discard(self, p: int, action: int) -> None:
        if action == A.ANNUL:
            self._throw_in("annulled")
            return
        cards = A.DISCARD_SETS[action - A.DISCARD]
        hands, discards = list(self.hands), list(self.discards)
        hands[p] = hands[p].difference(cards)
        discards[p] = sorted(cards)
        self.hands, self.discards = hands, discards
        self._next_discarder()

    def _start_announcements(self) -> None:
        self.phase = "announce"
        self.game_level = 0
        assert self.declarer is not None
        self._starts = [self.declarer]
        self.to_act = self.declarer
        self.turn_said = []

    def _apply_announce(self, p: int, action: int) -> None:
        if action == A.PASS:
            self.bare_run = 0 if self.turn_said else self.bare_run + 1
            self.turn_said = []
            if self.bare_run >= 3:
                if self._trull_only_three():
                    self._score_unplayed()
                    return
                self.phase, self.leader = "play", self.forehand
                self.to_act = self.forehand
                return
            self.to_act = self._after[p]
            self._starts = [*self._starts, self.to_act]
            if self.to_act == self.office:
                self.all_revealed = True  # §7.4: public from the start of his first turn
            return
        self.turn_said = [*self.turn_said, action]
        if action >= A.CALL and action < A.COUNT:
            self._apply_call(action - A.CALL)
        elif action < A.BONUS:
            self.counts = [*self.counts, (p, 8 + action - A.COUNT)]
            if self.rules.count_identifies_side:
                self._spoke(p)
        elif action < A.KONTRA:
            bonus = A.BONUSES[action - A.BONUS]
            side = self.side(p)
            self.announced = [*self.announced, [bonus, side, p, 0]]
            self._spoke(p, side)
        else:
            level, item_index = _KONTRA_WORD[action - A.KONTRA]
            declarer = self.declarer  # self.side(p), inline: kontras are most announcements
            side = D if p == declarer or (p == self.partner and not self.alone) else O
            if item_index == 0:  # the game
                self.game_level = level + 1
            else:
                owner = side if level % 2 else 1 - side  # the owner of the item raised
                item = A.ITEMS[item_index]
                announced = list(self.announced)
                for index, entry in enumerate(announced):  # _item_index(owner, item)
                    if entry[0] == item and entry[1] == owner:
                        announced[index] = [entry[0], entry[1], entry[2], level + 1]
                        break
                else:
                    raise AssertionError(f"no {item} of side {owner} to raise")
                self.announced = announced
            # self._spoke(p, side), inline.
            self.presumed = side
            if p not in self.revealed:
                self.revealed = self.revealed | {p}  # replaced, never changed: see _snapshot
            if side == D and p != declarer:
                self.all_revealed = True

    def _spoke(self, p: int, side: int | None = None) -> None:
        """``p`` (of ``side``: his true side, found when not given) announced or raised: his
        side is public and is now the presumed one."""
        if side is None:
            side = self.side(p)
        self.presumed = side
        if p not in self.revealed:
            self.revealed = self.revealed | {p}  # replaced, never changed: see _snapshot
        if side == D and p != self.declarer:
            self.all_revealed = True

    def _apply_call(self, card: int) -> None:
        decl = self.declarer
        assert decl is not None
        self.called = card
        holder = next((s for s in self.active if card in self.hands[s]), None)
        discarder = next((s for s in self.active if card in self.discards[s]), None)
        if holder is not None and holder != decl:
            self.partner, self.alone = holder, False
        else:
            self.partner, self.alone = decl, True
            if discarder is not None and discarder != decl:
                self.office = discarder
        inv = self.invitation
        if inv is not None and inv[1] != decl:
            self.all_revealed = True

    def _apply_play(self, p: int, card: int) -> None:
        hands = list(self.hands)
        hands[p] = hands[p] - {card}
        self.hands = hands
        self.trick = [*self.trick, card]
        if self.called is not None and card == self.called:
            self.all_revealed = True
        if len(self.trick) < 4:
            self.to_act = self._after[p]
            return
        assert self.leader is not None
        winner = self._trick_seats[self.leader][_winning_index(self.trick)]
        self.tricks = [*self.tricks, (self.leader, tuple(self.trick), winner)]
        self.trick = []
        self.leader = winner
        self.to_act = winner
        if len(self.tricks) == 9:
            self._score()

    # ----------------------------------------------------------------- ends
    def _throw_in(self, cause: str, scores: list[int] | None = None) -> None:
        self.phase, self.to_act, self.thrown_in = "thrown-in", None, cause
        self.scores = scores if scores is not None else [0] * self.seats

    def trick_seats(self, leader: int) -> list[int]:
        seats = [leader]
        for _ in range(3):
            seats.append(self.next_seat(seats[-1]))
        return seats

    def discard_credit(self) -> int:
        """Card points of the discards credited to side D (§6.4)."""
        if self.alone and self.office is not None and self.rules.lone_gets_all_discards:
            return card_points(c for s in self.active for c in self.discards[s])
        assert self.declarer is not None
        return card_points(self.discards[self.declarer])

    def gather_facts(self) -> DealFacts:
        points_d = self.discard_credit()
        tricks_d = 0
        taken: dict[int, set[int]] = {D: set(), O: set()}
        pagat_side, pagat_last, pagat_won, catch_by = None, False, False, None
        for number, (leader, cards, winner) in enumerate(self.tricks):
            side = self.side(winner)
            taken[side].update(cards)
            if side == D:
                tricks_d += 1
                points_d += card_points(cards)
            by_card = dict(zip(cards, self.trick_seats(leader), strict=True))
            if PAGAT in by_card:
                pagat_side = self.side(by_card[PAGAT])
                pagat_last = number == 8
                pagat_won = pagat_last and winner == by_card[PAGAT]
            if (
                SKIZ in by_card
                and T21 in by_card
                and self.side(by_card[SKIZ]) != self.side(by_card[T21])
            ):
                catch_by = self.side(by_card[SKIZ])
        trull_by = next((s for s in (D, O) if taken[s] >= HONOURS), None)
        kings_by = next((s for s in (D, O) if taken[s] >= KINGS), None)
        return DealFacts(
            points_d, tricks_d, trull_by, kings_by, pagat_side, pagat_last, pagat_won, catch_by
        )

    def _score(self) -> None:
        assert self.contract is not None and self.declarer is not None
        assert self.partner is not None and self.game_level is not None
        facts = self.gather_facts()
        g = self.contract + 1
        if self.alone and self.rules.lone_game_value == "solo":
            g = 4
        announced = {(e[1], e[0]): e[3] for e in self.announced}
        value = deal_value(self.rules, g, facts, announced, self.game_level)
        self.facts, self.value = facts, value
        self._settle(value)

    def _settle(self, value: int) -> None:
        """Scores from V (§10.5): tarokk counts, 2 v 2 or alone, the multiplier."""
        assert self.declarer is not None and self.partner is not None
        counts = self.counts
        if self.rules.tarokk_count_payment == "team":
            # A count is a team item: +-c on V for the counting player's side (AMBIG-P22).
            for seat, n in counts:
                c = 1 if n == 8 else 2
                value += c if self.side(seat) == D else -c
            counts = []
        self.scores = settle(
            value,
            seats=self.seats,
            active=self.active,
            declarer=self.declarer,
            partner=self.partner,
            alone=bool(self.alone),
            counts=counts,
            multiplier=self.multiplier,
        )
        self.phase, self.to_act = "scored", None

    def _trull_only_three(self) -> bool:
        """Note U (``three_trull_not_played``): a Three whose only announcement is side D's
        trull, nothing raised, is scored without play."""
        return (
            self.rules.three_trull_not_played
            and self.contract == 0
            and self.game_level == 0
            and [(e[0], e[1], e[3]) for e in self.announced] == [("trull", D, 0)]
        )

    def _score_unplayed(self) -> None:
        assert self.declarer is not None and self.partner is not None
        self.value = 3  # game 1 + announced trull 2, whatever lone_game_value says
        self._settle(self.value)

    # replay support
    def public_partner(self) -> bool | None:
        """``partner_public`` of the notation: the partnership is public (§8.5, §9)."""
        if self.called is None:
            return None
        return self.all_revealed


def _winning_index(cards: Sequence[int]) -> int:
    """The place in ``cards`` (a trick in playing order) of the card that wins it: the
    highest tarokk, else the highest card of the suit led (a lower number ranks higher)."""
    best = cards[0]
    trump = best < 22  # is_tarokk
    led = _SUIT[best]
    won = 0
    for i in range(1, len(cards)):
        card = cards[i]
        if card < 22:
            if not trump or card < best:
                best, won, trump = card, i, True
        elif not trump and card < best and _SUIT[card] == led:
            best, won = card, i
    return won


#: The format of a deal record (paskievics-notation.md); read in :mod:`.record`.
DEAL_FORMAT = "paskievics-deal/1"


def _deal_body(state: PaskievicsState) -> dict[str, Any]:
    return {
        "dealer": state.dealer,
        "multiplier": state.multiplier,
        "hands": [format_cards(h) for h in state.dealt],
        "talon": [CARD_NAMES[c] for c in state.talon],
        "actions": [A.action_str(a) for a in state.history],
    }


def deal_record(state: PaskievicsState, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One deal as a ``paskievics-deal/1`` record."""
    record: dict[str, Any] = {"format": DEAL_FORMAT, "rules": state.rules.to_dict()}
    record.update(_deal_body(state))
    if meta:
        record["meta"] = dict(meta)
    return record
