"""One game of Paris as a state machine (spec/paris.md §4-§9): swap phase, play phase, undo.

The state keeps every holding as plain integers for speed: a hand or a set of face-up cards is
a list of 52 counts (see :mod:`.cards`), face-down cards are three slots (``-1`` = empty), the
deck is a list read from a moving index, and the pile and the burned cards are lists. ``undo``
reverses a change log of small immutable tuples, so a step never copies a holding.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.errors import IllegalAction
from .actions import (
    BLIND_BASE,
    COMBO_SIZE,
    COMBOS,
    LOG_MISS,
    LOG_PICKUP,
    LOG_PLAY,
    LOG_READY,
    LOG_SWAP,
    NUM_ACTIONS,
    PICKUP,
    READY,
    SUBCOMBOS,
    SWAP_BASE,
    Written,
    action_str,
    combo_cards,
    parse_action,
    parse_written,
    written_of,
    written_to_id,
)
from .cards import CARD_NAMES, NUM_CARDS, RANK_CHARS, SEVEN, TEN, card_rank, rank_label
from .rules import DEFAULT_RULES, ParisRules

if TYPE_CHECKING:
    from .view import ParisView

__all__ = [
    "LOG_MISS",
    "LOG_PICKUP",
    "LOG_PLAY",
    "OVER",
    "PHASE_NAMES",
    "PLAY",
    "SWAP",
    "ParisState",
    "hand_target",
]

SWAP, PLAY, OVER = 0, 1, 2
PHASE_NAMES = ("swap", "play", "over")
#: The most swaps a player may make (§4).
SWAP_LIMIT = 3

# _PLAYABLE[top + 1]: the ranks that may go on a pile whose top card has rank ``top`` (-1 for
# an empty pile), ascending (§6.2): on a 7, 3-7 and the 10; on any other rank t, t and up and
# the 10.
_PLAYABLE: tuple[tuple[int, ...], ...] = (
    tuple(range(13)),
    *(
        (*range(SEVEN + 1), TEN) if top == SEVEN else tuple(sorted({*range(top, 13), TEN}))
        for top in range(13)
    ),
)
# _CARDS_OF[rank][combo]: the cards of a combo in card order (the pile receives them so).
_CARDS_OF: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(combo_cards(rank, combo)) for combo in range(81)) for rank in range(13)
)
# _PLAY_IDS[rank][combo]: the ids of every distinct play within ``combo`` of ``rank``, in the
# notation's reference order (the legal list is built by concatenating these).
_PLAY_IDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(rank * COMBOS + sub - 1 for sub in SUBCOMBOS[combo]) for combo in range(81))
    for rank in range(13)
)
_DIGITS: tuple[tuple[int, int, int, int], ...] = tuple(
    (c % 3, c // 3 % 3, c // 9 % 3, c // 27) for c in range(81)
)


def hand_target(players: int) -> int:
    """H of §1: the hand size dealt and refilled to (10 with two players, else 5)."""
    return 10 if players == 2 else 5


def _combo(counts: list[int], base: int) -> int:
    return counts[base] + 3 * counts[base + 1] + 9 * counts[base + 2] + 27 * counts[base + 3]


class ParisState:
    """A Paris game in progress (implements :class:`paston.core.protocol.State`).

    Build one with :func:`paston.games.paris.shuffle.deal_game`, from a record
    (:mod:`.record`), or with :meth:`from_layout` / :meth:`from_position`.
    """

    __slots__ = (
        "_active",
        "_burned",
        "_burned_cards",
        "_burned_counts",
        "_dealer",
        "_deck",
        "_deck_pos",
        "_down",
        "_down_n",
        "_end",
        "_events",
        "_finished",
        "_hand",
        "_hand_n",
        "_history",
        "_legal",
        "_log",
        "_loser",
        "_n",
        "_opening",
        "_origin",
        "_out",
        "_phase",
        "_pile",
        "_r_star",
        "_ranking",
        "_ready",
        "_starter",
        "_swaps",
        "_to_act",
        "_turns",
        "_up",
        "_up_n",
        "hand_size",
        "rules",
    )

    rules: ParisRules
    hand_size: int

    # ------------------------------------------------------------ construction

    def __init__(self, players: int, dealer: int, rules: ParisRules = DEFAULT_RULES) -> None:
        """An empty table; use :meth:`from_layout` or :meth:`from_position` to fill it."""
        if not 2 <= players <= 9:
            raise ValueError(f"Paris is for 2 to 9 players, not {players}")
        if not 0 <= dealer < players:
            raise ValueError(f"the dealer must be a seat 0 to {players - 1}, not {dealer}")
        n = players
        self.rules = rules
        self.hand_size = hand_target(n)
        self._n = n
        self._dealer = dealer
        self._hand = [[0] * NUM_CARDS for _ in range(n)]
        self._hand_n = [0] * n
        self._up = [[0] * NUM_CARDS for _ in range(n)]
        self._up_n = [0] * n
        self._down = [[-1, -1, -1] for _ in range(n)]
        self._down_n = [0] * n
        self._deck: list[int] = []
        self._deck_pos = 0
        self._pile: list[int] = []
        self._burned_cards: list[int] = []
        # Copies of each card among the burned cards seen, kept with ``_burned_cards`` (for
        # the encoders, which would otherwise count a list of up to 104 cards every step).
        self._burned_counts = [0] * NUM_CARDS
        self._burned = 0
        self._finished: list[int] = []
        self._out = [False] * n
        self._active = n
        self._to_act = (dealer + 1) % n
        self._phase = SWAP
        self._swaps = [0] * n
        self._ready = [False] * n
        self._opening = False
        self._r_star = -1
        self._starter = -1
        self._turns = 0
        self._end: str | None = None
        self._loser = -1
        self._ranking: tuple[int, ...] | None = None
        self._history: list[int] = []
        self._log: list[tuple[Any, ...]] = []
        # Public events built from the log so far (by .view, on demand; undo trims it).
        self._events: list[Any] = []
        # The legal list of the current state once asked for (apply and undo clear it), so
        # that applying an id just taken from it needs no other check.
        self._legal: list[int] | None = None
        self._origin: dict[str, Any] = {}

    @classmethod
    def from_layout(
        cls,
        players: int,
        dealer: int,
        layout: Sequence[tuple[Sequence[int], Sequence[int], Sequence[int]]],
        deck: Sequence[int],
        rules: ParisRules = DEFAULT_RULES,
    ) -> ParisState:
        """The state right after a deal: ``layout[s]`` is seat s's (face_down, face_up, hand)
        as card numbers, ``deck[0]`` the first card drawn. The swap phase begins."""
        state = cls(players, dealer, rules)
        for seat, (down, up, hand) in enumerate(layout):
            state._down[seat] = list(down)
            state._down_n[seat] = len(down)
            for card in up:
                state._up[seat][card] += 1
            state._up_n[seat] = len(up)
            for card in hand:
                state._hand[seat][card] += 1
            state._hand_n[seat] = len(hand)
        state._deck = list(deck)
        state._origin = {
            "kind": "game",
            "layout": tuple((tuple(d), tuple(u), tuple(h)) for d, u, h in layout),
            "deck": tuple(deck),
        }
        return state

    @classmethod
    def from_position(
        cls,
        players: int,
        dealer: int,
        seats: Sequence[tuple[Sequence[int], Sequence[int], Sequence[int | None]]],
        *,
        to_act: int,
        deck: Sequence[int] = (),
        pile: Sequence[int] = (),
        burned: int = 0,
        finished: Sequence[int] = (),
        turns: int = 0,
        rules: ParisRules = DEFAULT_RULES,
    ) -> ParisState:
        """A play-phase position (``paris-position/1``): ``seats[s]`` is (hand, face_up,
        face_down slots with ``None`` for an empty slot). Validity is the caller's (the record
        reader checks it); the opening restriction never applies."""
        state = cls(players, dealer, rules)
        for seat, (hand, up, down) in enumerate(seats):
            for card in hand:
                state._hand[seat][card] += 1
            state._hand_n[seat] = len(hand)
            for card in up:
                state._up[seat][card] += 1
            state._up_n[seat] = len(up)
            state._down[seat] = [-1 if c is None else c for c in down]
            state._down_n[seat] = sum(c is not None for c in down)
        state._deck = list(deck)
        state._pile = list(pile)
        state._burned = burned
        state._finished = list(finished)
        for seat in finished:
            state._out[seat] = True
        state._active = players - len(finished)
        state._phase = PLAY
        state._to_act = to_act
        state._turns = turns
        state._swaps = [SWAP_LIMIT] * players
        state._ready = [True] * players
        state._origin = {
            "kind": "position",
            "seats": tuple((tuple(h), tuple(u), tuple(d)) for h, u, d in seats),
            "deck": tuple(deck),
            "pile": tuple(pile),
            "burned": burned,
            "finished": tuple(finished),
            "to_act": to_act,
            "turns": turns,
        }
        return state

    def copy(self) -> ParisState:
        """An independent copy (its undo history included)."""
        other = ParisState.__new__(ParisState)
        other.rules = self.rules
        other.hand_size = self.hand_size
        other._n = self._n
        other._dealer = self._dealer
        other._hand = [h[:] for h in self._hand]
        other._hand_n = self._hand_n[:]
        other._up = [u[:] for u in self._up]
        other._up_n = self._up_n[:]
        other._down = [d[:] for d in self._down]
        other._down_n = self._down_n[:]
        other._deck = self._deck  # never written after construction
        other._deck_pos = self._deck_pos
        other._pile = self._pile[:]
        other._burned_cards = self._burned_cards[:]
        other._burned_counts = self._burned_counts[:]
        other._burned = self._burned
        other._finished = self._finished[:]
        other._out = self._out[:]
        other._active = self._active
        other._to_act = self._to_act
        other._phase = self._phase
        other._swaps = self._swaps[:]
        other._ready = self._ready[:]
        other._opening = self._opening
        other._r_star = self._r_star
        other._starter = self._starter
        other._turns = self._turns
        other._end = self._end
        other._loser = self._loser
        other._ranking = self._ranking
        other._history = self._history[:]
        other._log = self._log[:]  # entries are immutable tuples
        other._events = self._events[:]  # so are the events
        other._legal = None
        other._origin = self._origin
        return other

    # ------------------------------------------------------------ public read-outs

    @property
    def players(self) -> int:
        return self._n

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def to_act(self) -> int | None:
        return None if self._phase == OVER else self._to_act

    @property
    def phase(self) -> str:
        return PHASE_NAMES[self._phase]

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    @property
    def finished(self) -> tuple[int, ...]:
        return tuple(self._finished)

    @property
    def loser(self) -> int | None:
        return None if self._loser < 0 else self._loser

    @property
    def ranking(self) -> tuple[int, ...] | None:
        return self._ranking

    @property
    def end(self) -> str | None:
        """``last_player`` or ``turn_limit`` once over."""
        return self._end

    @property
    def turns(self) -> int:
        return self._turns

    @property
    def starter(self) -> int | None:
        return None if self._starter < 0 else self._starter

    @property
    def opening(self) -> bool:
        """True while the opening play (§5) is still to be made."""
        return self._opening

    @property
    def pile(self) -> tuple[int, ...]:
        """The pile, bottom to top (card numbers)."""
        return tuple(self._pile)

    @property
    def burned(self) -> int:
        return self._burned

    @property
    def burned_cards(self) -> tuple[int, ...]:
        """The burned cards whose faces are known (a position record only gives a count)."""
        return tuple(self._burned_cards)

    @property
    def deck_count(self) -> int:
        return len(self._deck) - self._deck_pos

    @property
    def deck(self) -> tuple[int, ...]:
        """The undealt cards, next to be drawn first (hidden information)."""
        return tuple(self._deck[self._deck_pos :])

    @property
    def history(self) -> tuple[int, ...]:
        """Every action taken, in order."""
        return tuple(self._history)

    @property
    def origin(self) -> dict[str, Any]:
        """Where the state started: a deal (``kind`` ``game``) or a position."""
        return self._origin

    def hand(self, seat: int) -> list[int]:
        """Seat's hand in card order (hidden information)."""
        return _cards_of(self._hand[seat])

    def face_up(self, seat: int) -> list[int]:
        return _cards_of(self._up[seat])

    def hand_counts(self, seat: int) -> list[int]:
        """Seat's hand as copies of each card number, 0 … 51 (hidden information). The
        engine's own list, for encoders: read it, never change it."""
        return self._hand[seat]

    def face_up_counts(self, seat: int) -> list[int]:
        """Seat's face-up cards as copies of each card number (the engine's own list: read
        only)."""
        return self._up[seat]

    def encoder_table(
        self,
    ) -> tuple[
        int,
        int,
        bool,
        int,
        list[list[int]],
        list[list[int]],
        list[int],
        list[int],
        list[bool],
        list[bool],
        list[int],
        list[int],
        int,
        int,
        int,
    ]:
        """The engine's own fields an encoder of a seat's view reads, in one call (an
        observation is built at every step): the phase number (0 swap, 1 play, 2 over), the
        dealer, the opening flag, the seat to act (-1 once over), each seat's face-up
        counts, each seat's three face-down slots (an encoder may read only whether a slot
        holds a card: -1 for an empty one), hand sizes, swaps made, gone out, ready, the
        pile, the burned counts, burned, deck count and turns. Read only, never change."""
        return (
            self._phase,
            self._dealer,
            self._opening,
            -1 if self._phase == OVER else self._to_act,
            self._up,
            self._down,
            self._hand_n,
            self._swaps,
            self._out,
            self._ready,
            self._pile,
            self._burned_counts,
            self._burned,
            len(self._deck) - self._deck_pos,
            self._turns,
        )

    def burned_counts(self) -> list[int]:
        """:attr:`burned_cards` as copies of each card number (the engine's own list: read
        only)."""
        return self._burned_counts

    def face_down(self, seat: int) -> tuple[int, ...]:
        """Seat's three slots, ``-1`` for an empty one (hidden information)."""
        return tuple(self._down[seat])

    def face_down_slots(self, seat: int) -> tuple[int, ...]:
        """The slot numbers that still hold a card (public)."""
        return tuple(i for i, c in enumerate(self._down[seat]) if c >= 0)

    def hand_count(self, seat: int) -> int:
        return self._hand_n[seat]

    def held(self, seat: int) -> int:
        """Cards held in all: hand, face-up and face-down."""
        return self._hand_n[seat] + self._up_n[seat] + self._down_n[seat]

    def swaps_made(self, seat: int) -> int:
        return self._swaps[seat]

    def is_ready(self, seat: int) -> bool:
        return self._ready[seat]

    def has_finished(self, seat: int) -> bool:
        return self._out[seat]

    def result(self) -> tuple[float, ...]:
        """Per seat, the session score of this game: -1 for the loser, 0 for the others."""
        if self._phase != OVER:
            return (0.0,) * self._n
        return tuple(-1.0 if s == self._loser else 0.0 for s in range(self._n))

    def log_entries(self, start: int = 0) -> list[tuple[Any, ...]]:
        """The change log from entry ``start`` on (for :mod:`.view`'s public events)."""
        return self._log[start:]

    def event_cache(self) -> list[Any]:
        """The public events built so far, one per log entry (owned by :mod:`.view`)."""
        return self._events

    def view(self, seat: int) -> ParisView:
        """What ``seat`` may know (§10)."""
        from .view import build_view

        return build_view(self, seat)

    def action_str(self, action: int) -> str:
        return action_str(action)

    def parse_action(self, text: str) -> int:
        return parse_action(text)

    def legal_strs(self) -> list[str]:
        return [action_str(a) for a in self.legal_actions()]

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[int]:
        """The legal action ids of ``to_act``, in the notation's reference order."""
        legal = self._legal
        if legal is None:
            if self._phase == PLAY:
                legal = self._play_legal()
            elif self._phase == SWAP:
                legal = self._swap_legal()
            else:
                legal = []
            self._legal = legal
        return legal[:]

    def _swap_legal(self) -> list[int]:
        seat = self._to_act
        if self._swaps[seat] >= SWAP_LIMIT:
            return [READY]
        hand, up = self._hand[seat], self._up[seat]
        ups = [c for c in range(NUM_CARDS) if up[c]]
        acts = [
            SWAP_BASE + x * NUM_CARDS + y
            for x in range(NUM_CARDS)
            if hand[x]
            for y in ups
            if x != y
        ]
        acts.append(READY)
        return acts

    def _play_legal(self) -> list[int]:
        seat = self._to_act
        pile = self._pile
        if self._hand_n[seat]:
            acts = self._plays(seat, self._hand[seat], True)
        elif self._up_n[seat]:
            acts = self._plays(seat, self._up[seat], False)
        else:
            acts = [PICKUP] if pile and self.rules.voluntary_pickup else []
            acts.extend(BLIND_BASE + i for i, c in enumerate(self._down[seat]) if c >= 0)
            return acts
        if pile and (not acts or self.rules.voluntary_pickup):
            acts.append(PICKUP)
        return acts

    def _plays(self, seat: int, src: list[int], from_hand: bool) -> list[int]:
        acts: list[int] = []
        pile = self._pile
        if self._opening:
            r = self._r_star
            combo = _combo(src, r * 4)
            if self.rules.starter_plays_all_lowest:
                return [r * COMBOS + combo - 1]
            return list(_PLAY_IDS[r][combo])
        ranks = _PLAYABLE[(pile[-1] >> 2) + 1 if pile else 0]
        for r in ranks:
            base = r * 4
            combo = src[base] + 3 * src[base + 1] + 9 * src[base + 2] + 27 * src[base + 3]
            if combo:
                acts.extend(_PLAY_IDS[r][combo])
                if from_hand and self.rules.play_faceup_with_last_hand:
                    acts.extend(self._combined_plays(seat, r, combo))
        return acts

    def _combined_plays(self, seat: int, rank: int, hand_combo: int) -> list[int]:
        """Under ``play_faceup_with_last_hand``: the whole hand plus face-up cards of its rank
        (§6.3), when the deck is empty and the hand is all of that rank."""
        if self._deck_pos < len(self._deck) or COMBO_SIZE[hand_combo] != self._hand_n[seat]:
            return []
        up_combo = _combo(self._up[seat], rank * 4)
        if not up_combo:
            return []
        # Digits never carry: hand and face-up together hold each card at most twice.
        combos = [hand_combo + sub for sub in SUBCOMBOS[up_combo]]
        combos.sort(key=lambda c: (COMBO_SIZE[c], _CARDS_OF[rank][c]))
        return [rank * COMBOS + c - 1 for c in combos]

    # ------------------------------------------------------------ checking an action

    def check(self, written: Written) -> str | None:
        """Why ``written`` is illegal now (the notation's key first, in its precedence), or
        ``None`` when it is legal."""
        if self._phase == OVER:
            return "game over"
        kind = written.kind
        seat = self._to_act
        if self._phase == SWAP:
            if kind in ("play", "pickup", "blind"):
                return (
                    f"wrong phase: {kind} belongs to the play phase; seat {seat} is in the swap "
                    "phase (swap X Y or ready)"
                )
            if kind == "ready":
                return None
            return self._check_swap(seat, written.cards[0], written.cards[1])
        if kind in ("swap", "ready"):
            return f"wrong phase: {kind} belongs to the swap phase, which is over"
        if kind == "play":
            return self._check_play(seat, written.cards)
        if kind == "pickup":
            return self._check_pickup(seat)
        return self._check_blind(seat, written.slot)

    def _check_swap(self, seat: int, x: int, y: int) -> str | None:
        if self._swaps[seat] >= SWAP_LIMIT:
            return f"swap limit: seat {seat} has made {SWAP_LIMIT} swaps; only ready is left"
        if not self._hand[seat][x]:
            return f"not held: {CARD_NAMES[x]} is not in seat {seat}'s hand"
        if not self._up[seat][y]:
            return f"not held: {CARD_NAMES[y]} is not among seat {seat}'s face-up cards"
        if x == y:
            return f"same card: swapping {CARD_NAMES[x]} for {CARD_NAMES[y]} changes nothing"
        return None

    def _check_play(self, seat: int, cards: tuple[int, ...]) -> str | None:
        if not self._hand_n[seat] and not self._up_n[seat]:
            slots = ", ".join(f"blind {i}" for i in self.face_down_slots(seat))
            return f"blind stage: seat {seat} has only face-down cards ({slots})"
        rank = card_rank(cards[0])
        if any(card_rank(c) != rank for c in cards):
            names = " ".join(CARD_NAMES[c] for c in cards)
            return f"mixed ranks: {names} (a play is cards of one rank)"
        if not self._holds(seat, cards):
            names = " ".join(CARD_NAMES[c] for c in cards)
            where = "hand" if self._hand_n[seat] else "face-up cards"
            return f"not held: {names} are not all in seat {seat}'s {where}"
        if self._opening:
            r = self._r_star
            if rank != r:
                return f"starter: the opening play must be {rank_label(r)}"
            if self.rules.starter_plays_all_lowest:
                have = _combo(self._hand[seat], r * 4)
                if COMBO_SIZE[have] != len(cards):
                    return (
                        f"starter: the opening play must be all {COMBO_SIZE[have]} of the "
                        f"starter's {rank_label(r)}"
                    )
        if rank not in _PLAYABLE[(self._pile[-1] >> 2) + 1 if self._pile else 0]:
            top = self._pile[-1]
            if top >> 2 == SEVEN:
                allowed = "a 7 allows 3-7 or a 10"
            else:
                allowed = f"play {RANK_CHARS[top >> 2]} or higher, or a 10"
            return f"not playable: {CARD_NAMES[cards[0]]} on {CARD_NAMES[top]} ({allowed})"
        return None

    def _holds(self, seat: int, cards: tuple[int, ...]) -> bool:
        """Are ``cards`` in the seat's source (or, under the flag, the whole hand plus face-up
        cards with the deck empty)?"""
        want = [0] * NUM_CARDS
        for card in cards:
            want[card] += 1
        if self._hand_n[seat]:
            hand = self._hand[seat]
            if all(want[c] <= hand[c] for c in cards):
                return True
            if (
                not self.rules.play_faceup_with_last_hand
                or self._opening
                or self._deck_pos < len(self._deck)
            ):
                return False
            # The whole hand must be in the play, and the rest must be face up.
            if not all(want[c] >= hand[c] for c in range(NUM_CARDS) if hand[c]):
                return False
            up = self._up[seat]
            return all(want[c] - hand[c] <= up[c] for c in cards)
        up = self._up[seat]
        return all(want[c] <= up[c] for c in cards)

    def _check_pickup(self, seat: int) -> str | None:
        if not self._pile:
            return "empty pile: there is nothing to pick up"
        if self.rules.voluntary_pickup:
            return None
        if not self._hand_n[seat] and not self._up_n[seat]:
            slots = ", ".join(f"blind {i}" for i in self.face_down_slots(seat))
            return f"must play: in the face-down stage a blind card is always playable ({slots})"
        plays = self._play_legal()
        if plays and plays[-1] != PICKUP:
            top = self._pile[-1]
            fits = sorted({c for a in plays for c in _CARDS_OF[a // COMBOS][a % COMBOS + 1]})
            names = ", ".join(CARD_NAMES[c] for c in fits)
            if top >> 2 == SEVEN:
                verb = "go on" if len(fits) > 1 else "goes on"
            else:
                verb = "beat" if len(fits) > 1 else "beats"
            return f"must play: holds {names} which {verb} {CARD_NAMES[top]}"
        return None

    def _check_blind(self, seat: int, slot: int) -> str | None:
        if self._hand_n[seat] or self._up_n[seat]:
            where = "hand" if self._hand_n[seat] else "face-up"
            return f"not blind stage: seat {seat} still has {where} cards to play"
        if slot > 2 or self._down[seat][slot] < 0:
            left = ", ".join(str(i) for i in self.face_down_slots(seat))
            # A number above 2 is not repeated: the error line quotes the action as written.
            what = f"slot {slot} holds no card" if slot <= 2 else "slots are 0, 1 and 2"
            return f"no such slot: {what} (slots left: {left})"
        return None

    # ------------------------------------------------------------ applying

    def apply(self, action: int | str) -> None:
        """Take an action (id, or a string in the notation); raises :class:`IllegalAction`
        whose reason starts with the notation's key."""
        if isinstance(action, str):
            written = parse_written(action)
            reason = self.check(written)
            if reason is not None:
                raise IllegalAction(reason, action=action, legal=tuple(self.legal_strs()))
            action_id = written_to_id(written)
            assert action_id is not None  # every legal action has an id
        elif self._legal is not None and action in self._legal and type(action) is int:
            action_id = action  # known legal: the list was built for this very state
        else:
            if isinstance(action, bool) or not isinstance(action, int):
                raise IllegalAction(f"unparsable: an action is an id or a string, not {action!r}")
            if not 0 <= action < NUM_ACTIONS:
                raise IllegalAction(
                    f"unparsable: no Paris action has id {action} (0 to {NUM_ACTIONS - 1})"
                )
            reason = self.check(written_of(action))
            if reason is not None:
                raise IllegalAction(
                    reason, action=action_str(action), legal=tuple(self.legal_strs())
                )
            action_id = action
        self._do(action_id)

    def _scalars(self) -> tuple[Any, ...]:
        return (
            self._to_act,
            self._phase,
            self._turns,
            self._opening,
            self._end,
            self._loser,
            self._ranking,
            len(self._finished),
            self._starter,
            self._r_star,
        )

    def _do(self, action: int) -> None:
        """Carry out a legal action (no check)."""
        self._legal = None
        seat = self._to_act
        saved = self._scalars()
        if action < SWAP_BASE:
            rank, sub = divmod(action, COMBOS)
            self._play(action, seat, saved, rank, sub + 1, -1)
        elif action < READY:
            x, y = divmod(action - SWAP_BASE, NUM_CARDS)
            hand, up = self._hand[seat], self._up[seat]
            hand[x] -= 1
            up[x] += 1
            up[y] -= 1
            hand[y] += 1
            self._swaps[seat] += 1
            self._log.append((LOG_SWAP, action, seat, saved))
        elif action == READY:
            self._ready[seat] = True
            if seat == self._dealer:
                self._start_play()
            else:
                self._to_act = (seat + 1) % self._n
            self._log.append((LOG_READY, action, seat, saved))
        elif action == PICKUP:
            picked = tuple(self._pile)
            self._take_pile(seat)
            self._log.append((LOG_PICKUP, action, seat, saved, picked))
            self._after_pickup(seat)
        else:
            slot = action - BLIND_BASE
            card = self._down[seat][slot]
            self._down[seat][slot] = -1
            self._down_n[seat] -= 1
            rank = card >> 2
            if rank in _PLAYABLE[(self._pile[-1] >> 2) + 1 if self._pile else 0]:
                self._play(action, seat, saved, rank, 3 ** (card & 3), slot)
            else:
                self._pile.append(card)
                picked = tuple(self._pile)
                self._take_pile(seat)
                self._log.append((LOG_MISS, action, seat, saved, slot, card, picked))
                self._after_pickup(seat)
        self._history.append(action)

    def _start_play(self) -> None:
        """The dealer said ready: find the starting rank and the starter (§5)."""
        n, d = self._n, self._dealer
        order = [(d + 1 + j) % n for j in range(n)]
        r_star = min(card_rank(c) for s in range(n) for c in range(NUM_CARDS) if self._hand[s][c])
        base = r_star * 4
        counts = [sum(self._hand[s][base : base + 4]) for s in range(n)]
        if self.rules.start_rule == "most_lowest":
            most = max(counts)
            starter = next(s for s in order if counts[s] == most)
        else:
            starter = next(s for s in order if counts[s])
        self._phase = PLAY
        self._r_star = r_star
        self._starter = starter
        self._opening = True
        self._to_act = starter

    def _play(
        self, action: int, seat: int, saved: tuple[Any, ...], rank: int, combo: int, slot: int
    ) -> None:
        """§7.1: move, burn check, refill, count, going out, next player, turn limit."""
        base = rank * 4
        hand_combo = up_combo = 0
        if slot < 0:
            digits = _DIGITS[combo]
            hand, up = self._hand[seat], self._up[seat]
            if self._hand_n[seat]:
                # From the hand; under play_faceup_with_last_hand the rest from face-up.
                for s in range(4):
                    k = digits[s]
                    if k:
                        h = min(k, hand[base + s])
                        hand[base + s] -= h
                        hand_combo += h * (1, 3, 9, 27)[s]
                        if k > h:
                            up[base + s] -= k - h
                up_combo = combo - hand_combo
            else:
                for s in range(4):
                    if digits[s]:
                        up[base + s] -= digits[s]
                up_combo = combo
            self._hand_n[seat] -= COMBO_SIZE[hand_combo]
            self._up_n[seat] -= COMBO_SIZE[up_combo]
        pile = self._pile
        pile.extend(_CARDS_OF[rank][combo])
        run = 0
        i = len(pile) - 1
        while i >= 0 and pile[i] >> 2 == rank:
            run += 1
            i -= 1
        burned_k = 0
        burn: str | None = None
        if rank == TEN or run >= 4:
            burn = "four" if run >= 4 else "ten"
            burned_k = len(pile)
            self._burned_cards.extend(pile)
            counts = self._burned_counts
            for card in pile:
                counts[card] += 1
            self._burned += burned_k
            pile.clear()
        drew = 0
        hand = self._hand[seat]
        deck = self._deck
        need = self.hand_size - self._hand_n[seat]
        while need > drew and self._deck_pos < len(deck):
            hand[deck[self._deck_pos]] += 1
            self._deck_pos += 1
            drew += 1
        self._hand_n[seat] += drew
        self._turns += 1
        self._opening = False
        self._log.append(
            (
                LOG_PLAY,
                action,
                seat,
                saved,
                hand_combo,
                up_combo,
                slot,
                combo,
                burned_k,
                drew,
                burn,
                _CARDS_OF[rank][combo][0] if slot >= 0 else -1,
            )
        )
        if not (self._hand_n[seat] or self._up_n[seat] or self._down_n[seat]):
            self._finished.append(seat)
            self._out[seat] = True
            self._active -= 1
            if self._active == 1:
                self._end_game("last_player")
                return
            self._to_act = self._next_active(seat)
        elif burn is not None and (run >= 4 or self.rules.ten_grants_extra_turn):
            self._to_act = seat
        else:
            self._to_act = self._next_active(seat)
        if self._turns >= self.rules.max_turns:
            self._end_game("turn_limit")

    def _take_pile(self, seat: int) -> None:
        hand = self._hand[seat]
        for card in self._pile:
            hand[card] += 1
        self._hand_n[seat] += len(self._pile)
        self._pile.clear()

    def _after_pickup(self, seat: int) -> None:
        self._turns += 1
        self._to_act = self._next_active(seat)
        if self._turns >= self.rules.max_turns:
            self._end_game("turn_limit")

    def _next_active(self, seat: int) -> int:
        n, out = self._n, self._out
        s = (seat + 1) % n
        while out[s]:
            s = (s + 1) % n
        return s

    def _end_game(self, reason: str) -> None:
        n, d = self._n, self._dealer
        order = [(d + 1 + j) % n for j in range(n)]
        rest = [s for s in order if not self._out[s]]
        if reason == "turn_limit":
            rest.sort(key=self.held)  # stable: ties stay in seat order from the dealer's left
        self._ranking = (*self._finished, *rest)
        self._loser = rest[-1]
        self._end = reason
        self._phase = OVER

    # ------------------------------------------------------------ undo

    def undo(self) -> int:
        """Take back the last action and return its id."""
        if not self._log:
            raise ValueError("nothing to undo")
        entry = self._log.pop()
        self._history.pop()
        self._legal = None
        if len(self._events) > len(self._log):
            del self._events[len(self._log) :]
        kind, action, seat, saved = entry[0], entry[1], entry[2], entry[3]
        (
            self._to_act,
            self._phase,
            self._turns,
            self._opening,
            self._end,
            self._loser,
            self._ranking,
            n_finished,
            self._starter,
            self._r_star,
        ) = saved
        while len(self._finished) > n_finished:
            self._out[self._finished.pop()] = False
            self._active += 1
        if kind == LOG_PLAY:
            _, _, _, _, hand_combo, up_combo, slot, combo, burned_k, drew, _, _ = entry
            hand = self._hand[seat]
            for _ in range(drew):
                self._deck_pos -= 1
                hand[self._deck[self._deck_pos]] -= 1
            self._hand_n[seat] -= drew
            pile = self._pile
            if burned_k:
                back = self._burned_cards[-burned_k:]
                pile.extend(back)
                del self._burned_cards[-burned_k:]
                counts = self._burned_counts
                for card in back:
                    counts[card] -= 1
                self._burned -= burned_k
            if slot >= 0:
                self._down[seat][slot] = pile.pop()
                self._down_n[seat] += 1
            else:
                del pile[-COMBO_SIZE[combo] :]
                base = action // COMBOS * 4
                up = self._up[seat]
                hd, ud = _DIGITS[hand_combo], _DIGITS[up_combo]
                for s in range(4):
                    hand[base + s] += hd[s]
                    up[base + s] += ud[s]
                self._hand_n[seat] += COMBO_SIZE[hand_combo]
                self._up_n[seat] += COMBO_SIZE[up_combo]
        elif kind in (LOG_PICKUP, LOG_MISS):
            picked = entry[-1]
            hand = self._hand[seat]
            for card in picked:
                hand[card] -= 1
            self._hand_n[seat] -= len(picked)
            self._pile.extend(picked)
            if kind == LOG_MISS:
                slot, card = entry[4], entry[5]
                self._pile.pop()
                self._down[seat][slot] = card
                self._down_n[seat] += 1
        elif kind == LOG_SWAP:
            x, y = divmod(action - SWAP_BASE, NUM_CARDS)
            hand, up = self._hand[seat], self._up[seat]
            hand[x] += 1
            up[x] -= 1
            up[y] += 1
            hand[y] -= 1
            self._swaps[seat] -= 1
        else:
            self._ready[seat] = False
        return int(action)

    # ------------------------------------------------------------ snapshots (tests, debugging)

    def snapshot(self) -> dict[str, Any]:
        """Everything the state holds, as plain data (equal snapshots = equal states)."""
        return {
            "phase": self._phase,
            "to_act": self.to_act,
            "hands": [self.hand(s) for s in range(self._n)],
            "face_up": [self.face_up(s) for s in range(self._n)],
            "face_down": [list(d) for d in self._down],
            "counts": (self._hand_n[:], self._up_n[:], self._down_n[:]),
            "deck": list(self.deck),
            "pile": self._pile[:],
            "burned": self._burned,
            "burned_cards": self._burned_cards[:],
            "finished": self._finished[:],
            "out": self._out[:],
            "active": self._active,
            "swaps": self._swaps[:],
            "ready": self._ready[:],
            "opening": self._opening,
            "r_star": self._r_star,
            "starter": self._starter,
            "turns": self._turns,
            "end": self._end,
            "loser": self._loser,
            "ranking": self._ranking,
            "history": self._history[:],
            "log": len(self._log),
        }


def _cards_of(counts: list[int]) -> list[int]:
    out: list[int] = []
    for card in range(NUM_CARDS):
        k = counts[card]
        if k:
            out.extend((card,) * k)
    return out
