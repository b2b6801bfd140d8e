"""One Paston deal as a state machine: auction, prikup exchange, contract, whist, play, score.

``Deal`` is to Paston what python-chess's ``Board`` is to chess: ``legal_actions()``,
``apply()``, ``undo()``, a ``phase`` and a ``to_act`` seat, and ``view(seat)`` for what one seat
may know. Actions are the integer ids of :mod:`paston.actions` (strings in the notation are
accepted too). Cards are the numbers of :mod:`paston.cards`; hands are kept as bit masks.

>>> from paston.games.paston.shuffle import deal_cards
>>> d = deal_cards(seed=1, dealer=0)
>>> d.phase, d.to_act in (0, 1, 2)
('bidding', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ...core.errors import IllegalAction, RecordError
from .actions import (
    BID_BASE,
    CONTRACT_NAMES,
    DECLARE_BASE,
    DISCARD_BASE,
    GRKHA,
    NUM_ACTIONS,
    PASS,
    SURRENDER,
    TRUMP_OF,
    WHIST,
    ActionParseError,
    action_str,
    discard_cards,
    parse_action,
)
from .cards import (
    ALL_CARDS,
    JACK_SPADES,
    SEVEN_SPADES,
    SUIT_ENGLISH,
    SUIT_ENGLISH_SINGULAR,
    SUIT_MASKS,
    CardError,
    card_name,
    cards_of,
    parse_card,
)
from .rules import DEFAULT_RULES, Rules, spade_run
from .scoring import deal_scores, surrender_scores

if TYPE_CHECKING:
    from .view import MatchStanding, SeatView

__all__ = [
    "BIDDING",
    "DECLARE",
    "DEFENCE",
    "EXCHANGE",
    "PHASE_NAMES",
    "PLAY",
    "REDEAL",
    "SCORED",
    "Deal",
    "spade_run",
]

BIDDING, EXCHANGE, DECLARE, DEFENCE, PLAY, SCORED, REDEAL = range(7)
PHASE_NAMES = ("bidding", "exchange", "declare", "defence", "play", "scored", "redeal")

# _SUIT_CARDS[suit][byte] = card numbers of that suit whose bits are set in byte, high first.
_SUIT_CARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * s + r for r in range(7, -1, -1) if byte >> r & 1) for byte in range(256))
    for s in range(4)
)

# The length of the snapshot a card's ``apply`` keeps (the whole state's is longer).
_PLAY_SNAPSHOT_SIZE = 8

# _PAIR_ID[a][b]: the discard action id of cards a and b.
_PAIR_ID = [[0] * 32 for _ in range(32)]
for _b in range(32):
    for _a in range(_b):
        _PAIR_ID[_a][_b] = _PAIR_ID[_b][_a] = DISCARD_BASE + _b * (_b - 1) // 2 + _a


def _cards(mask: int) -> list[int]:
    """Card numbers of a mask (fast path of :func:`paston.cards.cards_of`)."""
    out: list[int] = []
    if mask & 0xFF:
        out += _SUIT_CARDS[0][mask & 0xFF]
    if mask & 0xFF00:
        out += _SUIT_CARDS[1][mask >> 8 & 0xFF]
    if mask & 0xFF0000:
        out += _SUIT_CARDS[2][mask >> 16 & 0xFF]
    if mask & 0xFF000000:
        out += _SUIT_CARDS[3][mask >> 24 & 0xFF]
    return out


def _to_mask(cards: Any, what: str) -> tuple[int, int]:
    """(mask, count) of a hand given as a mask or an iterable of card numbers or strings."""
    if isinstance(cards, int) and not isinstance(cards, bool):
        if cards < 0 or cards > ALL_CARDS:
            raise RecordError(f"{what}: not a card mask")
        return cards, cards.bit_count()
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise RecordError(f"{what} must be a list of cards")
    mask = 0
    count = 0
    for item in cards:
        if isinstance(item, str):
            try:
                card = parse_card(item)
            except CardError as exc:
                raise RecordError(f"{what}: {exc}") from None
        elif isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 32:
            card = item
        else:
            raise RecordError(f"{what}: not a card: {item!r}")
        if mask >> card & 1:
            raise RecordError(f"{what}: card {card_name(card)} appears twice")
        mask |= 1 << card
        count += 1
    return mask, count


class Deal:
    """One deal, from the dealt cards to the score (or a redeal).

    ``hands`` are the three hands as dealt (10 cards each, as bit masks or lists of cards),
    ``prikup`` the two talon cards, ``dealer`` the dealing seat and ``first_deal`` whether the
    J♠/7♠ first-bidder rule of the first deal of a game applies (§3.4).
    """

    __slots__ = (
        "_actors",
        "_history",
        "_next_seat",
        "actions",
        "all_pass",
        "bid",
        "bidder",
        "contract",
        "dealer",
        "dealt",
        "declarer",
        "defence",
        "discards",
        "first_bidder",
        "first_deal",
        "hand_to_play",
        "hands",
        "leader",
        "match",
        "meta",
        "n_active",
        "passed",
        "phase_id",
        "played",
        "prikup",
        "redeal_reason",
        "rules",
        "scores",
        "seat_to_act",
        "trick",
        "trick_seats",
        "tricks",
        "tricks_won",
        "trump",
        "whisters",
    )

    def __init__(
        self,
        hands: Sequence[Any],
        prikup: Any,
        dealer: int = 0,
        first_deal: bool = True,
        rules: Rules | None = None,
    ) -> None:
        self.rules = rules if rules is not None else DEFAULT_RULES
        # ``type() is int``: 1.0 == 1 and True == 1, but a record's seat is a JSON integer.
        if type(dealer) is not int or dealer not in (0, 1, 2):
            raise RecordError(f"dealer must be a seat 0, 1 or 2, not {dealer!r}")
        if not isinstance(first_deal, bool):
            raise RecordError(f"first_deal must be true or false, not {first_deal!r}")
        if isinstance(hands, (str, bytes)) or len(hands) != 3:
            raise RecordError("hands must be a list of three hands")
        masks: list[int] = []
        seen = 0
        for seat, hand in enumerate(hands):
            mask, count = _to_mask(hand, f"hand of seat {seat}")
            if count != 10:
                raise RecordError(f"hand of seat {seat} has {count} cards, not 10")
            if seen & mask:
                dup = cards_of(seen & mask)[0]
                raise RecordError(f"card {card_name(dup)} is dealt twice (again to seat {seat})")
            seen |= mask
            masks.append(mask)
        prikup_mask, count = _to_mask(prikup, "prikup")
        if count != 2:
            raise RecordError(f"the prikup has {count} card{'' if count == 1 else 's'}, not 2")
        if seen & prikup_mask:
            dup = cards_of(seen & prikup_mask)[0]
            raise RecordError(f"card {card_name(dup)} is both in a hand and in the prikup")
        self.dealt: tuple[int, int, int] = (masks[0], masks[1], masks[2])
        self.prikup = prikup_mask
        self.dealer = dealer
        self.first_deal = first_deal
        self.hands = masks
        self.actions: list[int] = []
        self._actors: list[int] = []
        self._history: list[tuple[Any, ...]] = []
        self.bid = 0
        self.bidder = -1
        self.passed = 0
        self.declarer = -1
        self.all_pass = False
        self.discards = 0
        self.contract = 0
        self.defence: list[tuple[int, bool]] = []
        self.whisters: tuple[int, ...] = ()
        self.trump = -1
        self.leader = -1
        self.trick: tuple[int, ...] = ()
        self.trick_seats: tuple[int, ...] = ()
        self.tricks: list[tuple[int, tuple[int, ...], tuple[int, ...], int]] = []
        self.tricks_won = [0, 0, 0]
        self.played = 0
        self.scores: tuple[int, int, int] | None = None
        self.redeal_reason: str | None = None
        self._next_seat = (1, 2, 0)
        self.n_active = 3
        self.hand_to_play = -1
        self.first_bidder = -1
        self.phase_id = BIDDING
        self.seat_to_act = -1
        #: The record's ``meta`` tags when the deal was read from a record (kept, never read).
        self.meta: Any = None
        #: The game's public standing before this deal (set by the game that deals it; ``None``
        #: for a deal played alone): it reaches every seat's view.
        self.match: MatchStanding | None = None
        if any(spade_run(m, self.rules) for m in masks):
            self._end_redeal("spade-run")
            return
        if first_deal:
            fb = self._marker_holder()
            if fb < 0:
                self._end_redeal("no-first-bidder")
                return
        else:
            fb = (dealer + 1) % 3
        self.first_bidder = fb
        self.seat_to_act = fb

    # ----------------------------------------------------------------- basic queries

    @property
    def players(self) -> int:
        """Seats taking part: always 3 (the game protocol's ``State.players``)."""
        return 3

    @property
    def phase(self) -> str:
        """The phase name: bidding, exchange, declare, defence, play, scored or redeal."""
        return PHASE_NAMES[self.phase_id]

    @property
    def to_act(self) -> int | None:
        """The seat that decides the next action, or ``None`` once the deal is over.

        In the open lone-whist variant the whister also decides for the passer's hand
        (``hand_to_play`` says whose cards are played).
        """
        return self.seat_to_act if self.seat_to_act >= 0 else None

    @property
    def is_over(self) -> bool:
        return self.phase_id >= SCORED

    def _marker_holder(self) -> int:
        for marker in (JACK_SPADES, SEVEN_SPADES):
            for seat in range(3):
                if self.dealt[seat] >> marker & 1:
                    return seat
        return -1

    def active_seats(self) -> tuple[int, ...]:
        """Seats whose hands take part in the play (ascending); empty when nobody plays."""
        if not self.whisters:
            return ()
        if self.n_active == 2:
            return tuple(sorted((self.declarer, self.whisters[0])))
        return (0, 1, 2)

    # ----------------------------------------------------------------- legal actions

    def legal_actions(self) -> list[int]:
        """Ids of every legal action for ``to_act`` (empty once the deal is over)."""
        phase = self.phase_id
        if phase == PLAY:
            return _cards(self._legal_play_mask())
        if phase == BIDDING:
            if self.rules.allow_jump_bids:
                return [PASS, *range(BID_BASE + self.bid + 1, BID_BASE + 6)]
            return [PASS, BID_BASE + self.bid + 1]
        if phase == DEFENCE:
            return [WHIST, PASS]
        if phase == EXCHANGE:
            cs = _cards(self.hands[self.declarer])
            return [_PAIR_ID[a][b] for i, a in enumerate(cs) for b in cs[i + 1 :]]
        if phase == DECLARE:
            return [*self._declarable(), SURRENDER]
        return []

    def legal_action_strs(self) -> list[str]:
        """Canonical notation of every legal action."""
        return [action_str(a) for a in self.legal_actions()]

    def action_str(self, action: int) -> str:
        """The canonical notation of action id ``action`` (the same in every position)."""
        return action_str(action)

    def parse_action(self, text: str) -> int:
        """The id of an action written in the notation (any position: ids are fixed).

        Raises :class:`~paston.core.errors.IllegalAction` with a reason starting
        ``unparsable`` for a string that is not an action; legality is :meth:`apply`'s.
        """
        try:
            return parse_action(text)
        except ActionParseError as exc:
            raise IllegalAction(
                f"unparsable: {exc}", action=text, legal=self._legal_strs()
            ) from None

    def _declarable(self) -> list[int]:
        if self.all_pass:
            top = 1 if self.rules.all_pass_contracts == "paston_only" else 4
            return [DECLARE_BASE + level for level in range(1, top + 1)]
        if self.bid == GRKHA:
            return [DECLARE_BASE + GRKHA]
        return [DECLARE_BASE + level for level in range(self.bid, 5)]

    def _legal_play_mask(self) -> int:
        hand = self.hands[self.hand_to_play]
        if not self.trick:
            return hand
        same = hand & SUIT_MASKS[self.trick[0] >> 3]
        if same:
            return same
        trumps = hand & SUIT_MASKS[self.trump]
        if trumps:
            if self.rules.must_overtrump:
                top = max((c for c in self.trick if c >> 3 == self.trump), default=-1)
                if top >= 0:
                    higher = trumps & ~((2 << top) - 1)
                    if higher:
                        return higher
            return trumps
        return hand

    # ----------------------------------------------------------------- apply / undo

    def apply(self, action: int | str) -> None:
        """Take ``action`` (an id or a notation string) for ``to_act``.

        Raises :class:`~paston.errors.IllegalAction` naming why it is not legal.
        """
        # An illegal action is reported as it was written (notation.md: "the action as written").
        written: str | None = None
        if isinstance(action, str):
            written = action
            try:
                action = parse_action(action)
            except ActionParseError as exc:
                raise IllegalAction(str(exc), action=written, legal=self._legal_strs()) from None
        phase = self.phase_id
        if phase == PLAY:
            if not (0 <= action < 32 and self._legal_play_mask() >> action & 1):
                self._refuse(action, written)
            # _take_card(action), inline: a card is most of a deal's actions.
            hand_seat = self.hand_to_play
            seat = self.seat_to_act
            self._history.append(
                (hand_seat, self.hands[hand_seat], seat, self.trick, self.trick_seats,
                 self.leader, self.played, len(self.tricks))
            )  # fmt: skip
            self.actions.append(action)
            self._actors.append(seat)
            self._play(action)
            return
        if not self._is_legal_other(phase, action):
            self._refuse(action, written)
        self._take_other(phase, action)

    def apply_legal(self, action: int) -> None:
        """Take ``action``, an id from :meth:`legal_actions` of this very position, without
        checking it again: for simulation loops that have just listed the legal actions
        (:meth:`apply` checks, and refuses what is not legal)."""
        phase = self.phase_id
        if phase == PLAY:
            self._take_card(action)
        else:
            self._take_other(phase, action)

    def _take_card(self, card: int) -> None:
        # A card changes only the play's fields: a short snapshot (``undo`` tells the two
        # kinds apart by their length), cheaper than the whole state at every card.
        hand_seat = self.hand_to_play
        seat = self.seat_to_act
        self._history.append(
            (hand_seat, self.hands[hand_seat], seat, self.trick, self.trick_seats,
             self.leader, self.played, len(self.tricks))
        )  # fmt: skip
        self.actions.append(card)
        self._actors.append(seat)
        self._play(card)

    def _take_other(self, phase: int, action: int) -> None:
        seat = self.seat_to_act
        self._history.append(self._snapshot())
        self.actions.append(action)
        self._actors.append(seat)
        if phase == BIDDING:
            self._bid(seat, action)
        elif phase == EXCHANGE:
            self._discard(action)
        elif phase == DECLARE:
            self._declare(action)
        else:
            self._defend(seat, action)

    def _is_legal_other(self, phase: int, action: int) -> bool:
        if phase == BIDDING:
            if action == PASS:
                return True
            if self.rules.allow_jump_bids:
                return BID_BASE + self.bid < action <= BID_BASE + 5
            return action == BID_BASE + self.bid + 1
        if phase == DEFENCE:
            return action in (WHIST, PASS)
        if phase == EXCHANGE:
            if not DISCARD_BASE <= action < NUM_ACTIONS:
                return False
            a, b = discard_cards(action)
            hand = self.hands[self.declarer]
            return bool(hand >> a & 1 and hand >> b & 1)
        if phase == DECLARE:
            return action == SURRENDER or action in self._declarable()
        return False

    def undo(self) -> int:
        """Take back the last action and return it. Raises ``IndexError`` if there is none."""
        if not self._history:
            raise IndexError("no action to undo")
        state = self._history.pop()
        if len(state) == _PLAY_SNAPSHOT_SIZE:
            self._restore_play(state)
        else:
            self._restore(state)
        self._actors.pop()
        return self.actions.pop()

    def copy(self) -> Deal:
        """An independent copy (history included), e.g. for search."""
        other = Deal.__new__(Deal)
        for name in Deal.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other.actions = list(self.actions)
        other._actors = list(self._actors)
        other._history = list(self._history)
        other.defence = list(self.defence)
        other.tricks = list(self.tricks)
        other.tricks_won = list(self.tricks_won)
        return other

    # The tricks list and the defence list are append-only: their lengths are enough.
    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.hands[0], self.hands[1], self.hands[2], self.phase_id, self.seat_to_act,
            self.hand_to_play, self.bid, self.bidder, self.passed, self.declarer, self.all_pass,
            self.discards, self.contract, len(self.defence), self.whisters, self.trump,
            self.leader, self.trick, self.trick_seats, len(self.tricks), self.tricks_won[0],
            self.tricks_won[1], self.tricks_won[2], self.played, self.scores,
            self.redeal_reason, self._next_seat, self.n_active,
        )  # fmt: skip

    def _restore_play(self, s: tuple[Any, ...]) -> None:
        # Before a card the phase was the play's and no score was set.
        (hand_seat, self.hands[hand_seat], self.seat_to_act, self.trick, self.trick_seats,
         self.leader, self.played, n_tricks) = s  # fmt: skip
        self.hand_to_play = hand_seat
        if len(self.tricks) > n_tricks:  # the card ended a trick
            self.tricks_won[self.tricks.pop()[3]] -= 1
        self.phase_id = PLAY
        self.scores = None

    def _restore(self, s: tuple[Any, ...]) -> None:
        (h0, h1, h2, self.phase_id, self.seat_to_act, self.hand_to_play, self.bid, self.bidder,
         self.passed, self.declarer, self.all_pass, self.discards, self.contract, n_defence,
         self.whisters, self.trump, self.leader, self.trick, self.trick_seats, n_tricks, t0, t1,
         t2, self.played, self.scores, self.redeal_reason, self._next_seat,
         self.n_active) = s  # fmt: skip
        self.hands = [h0, h1, h2]
        self.tricks_won = [t0, t1, t2]
        del self.defence[n_defence:]
        del self.tricks[n_tricks:]

    # ----------------------------------------------------------------- the phases

    def _bid(self, seat: int, action: int) -> None:
        if action == PASS:
            self.passed |= 1 << seat
            n_passed = self.passed.bit_count()
            if n_passed == 3:
                self._all_pass()
                return
            if n_passed == 2 and self.bid:
                self._start_exchange(self.bidder)
                return
        else:
            self.bid = action - BID_BASE
            self.bidder = seat
            # A grkha bid ends the auction; so does any bid once the other two have passed
            # (B2: pass, pass, paston -- nobody is left to answer it).
            if self.bid == GRKHA or self.passed.bit_count() == 2:
                self._start_exchange(seat)
                return
        nxt = (seat + 1) % 3
        while self.passed >> nxt & 1:
            nxt = (nxt + 1) % 3
        self.seat_to_act = nxt

    def _all_pass(self) -> None:
        holder = self._marker_holder()
        if holder < 0:
            self._end_redeal("all-pass")
            return
        self.all_pass = True
        self._start_exchange(holder)

    def _start_exchange(self, declarer: int) -> None:
        self.declarer = declarer
        self.hands[declarer] |= self.prikup
        self.phase_id = EXCHANGE
        self.seat_to_act = declarer

    def _discard(self, action: int) -> None:
        a, b = discard_cards(action)
        self.discards = (1 << a) | (1 << b)
        self.hands[self.declarer] &= ~self.discards
        self.phase_id = DECLARE

    def _declare(self, action: int) -> None:
        if action == SURRENDER:
            self.scores = surrender_scores(self.rules, self.declarer, self.bid)
            self._end(SCORED)
            return
        self.contract = action - DECLARE_BASE
        self.trump = TRUMP_OF[self.contract]
        self.phase_id = DEFENCE
        self.seat_to_act = (self.declarer + 1) % 3

    def _defend(self, seat: int, action: int) -> None:
        self.defence.append((seat, action == WHIST))
        if len(self.defence) == 1:
            self.seat_to_act = (self.declarer + 2) % 3
            return
        self.whisters = tuple(sorted(s for s, w in self.defence if w))
        if not self.whisters:
            self.scores = deal_scores(self.rules, self.declarer, self.contract, (), (0, 0, 0))
            self._end(SCORED)
            return
        decl = self.declarer
        if len(self.whisters) == 1 and self.rules.lone_whist_mode == "two_handed":
            other = self.whisters[0]
            nxt = [0, 0, 0]
            nxt[decl] = other
            nxt[other] = decl
            self._next_seat = (nxt[0], nxt[1], nxt[2])
            self.n_active = 2
        self.phase_id = PLAY
        self.leader = decl
        self.hand_to_play = decl
        self.seat_to_act = decl

    def _controller(self, seat: int) -> int:
        # In the open lone-whist variant the whister plays the passer's hand.
        if len(self.whisters) == 1 and seat != self.declarer:
            return self.whisters[0]
        return seat

    def _play(self, card: int) -> None:
        seat = self.hand_to_play
        self.hands[seat] &= ~(1 << card)
        self.played |= 1 << card
        trick = (*self.trick, card)
        seats = (*self.trick_seats, seat)
        n_active = self.n_active
        if len(trick) < n_active:
            self.trick = trick
            self.trick_seats = seats
            nxt = self._next_seat[seat]
            self.hand_to_play = nxt
            self.seat_to_act = self._controller(nxt)
            return
        trump = self.trump
        best = trick[0]
        win_i = 0
        for i in range(1, n_active):
            c = trick[i]
            if c >> 3 == best >> 3:
                if c > best:
                    best = c
                    win_i = i
            elif c >> 3 == trump:
                best = c
                win_i = i
        winner = seats[win_i]
        self.tricks.append((self.leader, seats, trick, winner))
        self.tricks_won[winner] += 1
        self.trick = ()
        self.trick_seats = ()
        if len(self.tricks) == 10:
            self._score_play()
            return
        self.leader = winner
        self.hand_to_play = winner
        self.seat_to_act = self._controller(winner)

    def _score_play(self) -> None:
        self.scores = deal_scores(
            self.rules, self.declarer, self.contract, self.whisters, self.credited_tricks()
        )
        self._end(SCORED)

    def _end(self, phase: int) -> None:
        self.phase_id = phase
        self.seat_to_act = -1
        self.hand_to_play = -1

    def _end_redeal(self, reason: str) -> None:
        self.redeal_reason = reason
        self._end(REDEAL)

    # ----------------------------------------------------------------- explanations

    def _legal_strs(self) -> tuple[str, ...]:
        return tuple(self.legal_action_strs())

    def _refuse(self, action: int, written: str | None = None) -> None:
        if written is not None:
            text = written
        else:
            text = action_str(action) if 0 <= action < NUM_ACTIONS else str(action)
        raise IllegalAction(self.explain_illegal(action), action=text, legal=self._legal_strs())

    def explain_illegal(self, action: int) -> str:
        """Why ``action`` is not legal now (a human sentence, naming what would be legal)."""
        phase = self.phase_id
        legal = self.legal_action_strs()
        options = ", ".join(legal)
        if phase >= SCORED:
            what = "scored" if phase == SCORED else f"to be redealt ({self.redeal_reason})"
            return f"the deal is over ({what}); no more actions"
        if not 0 <= action < NUM_ACTIONS:
            return f"no action has id {action}"
        seat = self.seat_to_act
        kind = _kind(action)
        if phase == BIDDING:
            if kind == "bid":
                if self.rules.allow_jump_bids:
                    return f"a bid must be higher than {self._bid_name()}; legal: {options}"
                return (
                    f"bids go one step at a time: after {self._bid_name()} the only bid is "
                    f"{legal[1]}; legal: {options}"
                    if self.bid
                    else f"the first bid must be paston; legal: {options}"
                )
            return f"it is seat {seat}'s turn in the auction; legal: {options}"
        if phase == EXCHANGE:
            if kind == "discard":
                a, b = discard_cards(action)
                missing = [card_name(c) for c in (a, b) if not self.hands[seat] >> c & 1]
                return (
                    f"seat {seat} does not hold {' and '.join(missing)}; discard two of "
                    + " ".join(card_name(c) for c in cards_of(self.hands[seat]))
                )
            return (
                f"the declarer (seat {seat}) must first discard two cards, e.g. "
                f"'discard {legal[0].split()[1]} {legal[0].split()[2]}'"
            )
        if phase == DECLARE:
            if kind == "declare":
                if self.all_pass:
                    return f"after an all-pass the declarer may choose only: {options}"
                return (
                    f"the final bid was {CONTRACT_NAMES[self.bid]}, so the contract may be only: "
                    f"{options}"
                )
            return f"the declarer (seat {seat}) must declare a contract or surrender: {options}"
        if phase == DEFENCE:
            return f"seat {seat} must say whist or pass"
        # play
        if kind != "card":
            return f"it is the play: seat {self.hand_to_play} must play a card ({options})"
        hand = self.hands[self.hand_to_play]
        name = card_name(action)
        if not hand >> action & 1:
            whose = "" if self.hand_to_play == seat else " (the passer's hand)"
            if self.played >> action & 1:
                return f"{name} has already been played; legal: {options}"
            return f"{name} is not in seat {self.hand_to_play}'s hand{whose}; legal: {options}"
        led = self.trick[0] >> 3
        same = hand & SUIT_MASKS[led]
        if same:
            return (
                f"must follow suit ({SUIT_ENGLISH[led]} led, {name} is a "
                f"{SUIT_ENGLISH_SINGULAR[action >> 3]}; holds "
                f"{' '.join(card_name(c) for c in cards_of(same))})"
            )
        trumps = hand & SUIT_MASKS[self.trump]
        if action >> 3 != self.trump:
            return (
                f"must play a trump (no {SUIT_ENGLISH[led]}; {SUIT_ENGLISH[self.trump]} are "
                f"trumps; holds {' '.join(card_name(c) for c in cards_of(trumps))})"
            )
        return f"must overtrump when able; legal: {options}"

    def _bid_name(self) -> str:
        return CONTRACT_NAMES[self.bid] if self.bid else "no bid"

    # ----------------------------------------------------------------- results

    @property
    def auction_length(self) -> int:
        """How many of ``actions`` belong to the auction (they come first)."""
        n = 0
        for a in self.actions:
            if a != PASS and not BID_BASE < a <= BID_BASE + 5:
                break
            n += 1
        return n

    def actor(self, index: int) -> int:
        """The seat that took ``actions[index]``."""
        return self._actors[index]

    def action_history(self) -> list[tuple[int, int]]:
        """``(seat, action id)`` of every action taken so far."""
        return list(zip(self._actors, self.actions, strict=True))

    def view(self, seat: int) -> SeatView:
        """Everything ``seat`` may know now (spec §10), and nothing more."""
        from .view import build_view

        return build_view(self, seat)

    def result(self) -> tuple[float, ...]:
        """What this deal adds to the game's totals per seat: its scores once scored, zeros
        while it is being played or when it is redealt (before the −121 reset, which is the
        game's)."""
        if self.scores is None:
            return (0.0, 0.0, 0.0)
        return (float(self.scores[0]), float(self.scores[1]), float(self.scores[2]))

    def hand_tricks(self) -> tuple[int, int, int]:
        """Tricks won by each seat's hand so far."""
        return (self.tricks_won[0], self.tricks_won[1], self.tricks_won[2])

    def credited_tricks(self) -> tuple[int, int, int]:
        """Tricks counted for each player so far: each hand's own tricks, except that in the
        open lone-whist variant the passer's hand plays for the whister and its tricks are
        the whister's (the passer, who does not play, has none)."""
        won = list(self.tricks_won)
        if len(self.whisters) == 1 and self.n_active == 3:
            whister = self.whisters[0]
            for seat in range(3):
                if seat not in (self.declarer, whister):
                    won[whister] += won[seat]
                    won[seat] = 0
        return (won[0], won[1], won[2])

    def __repr__(self) -> str:
        return (
            f"<Deal dealer={self.dealer} phase={self.phase} to_act={self.to_act} "
            f"actions={len(self.actions)}>"
        )


def _kind(action: int) -> str:
    if action < 32:
        return "card"
    if action == PASS:
        return "pass"
    if action <= BID_BASE + 5:
        return "bid"
    if action <= DECLARE_BASE + 5 or action == SURRENDER:
        return "declare"
    if action == WHIST:
        return "whist"
    return "discard"


#: The format of a deal record (the notation, spec/notation.md); read in :mod:`.record`.
DEAL_FORMAT = "paston-deal/1"


def deal_record(deal: Deal, *, in_game: bool = False) -> dict[str, Any]:
    """The record of a deal as played so far (in a game: without ``format`` and ``rules``)."""
    body: dict[str, Any] = {
        "dealer": deal.dealer,
        "first_deal": deal.first_deal,
        "hands": [[card_name(c) for c in cards_of(h)] for h in deal.dealt],
        "prikup": [card_name(c) for c in cards_of(deal.prikup)],
        "actions": [action_str(a) for a in deal.actions],
    }
    if deal.meta is not None:
        body["meta"] = deal.meta  # read from a record: a rewritten record keeps its tags
    if in_game:
        return body
    return {"format": DEAL_FORMAT, "rules": deal.rules.to_dict(), **body}
