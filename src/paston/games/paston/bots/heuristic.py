"""The ``heuristic`` bot: rule-of-thumb hand evaluation and card play, fast and reasonably sound.

It plays every phase from the acting seat's :class:`~paston.games.paston.view.SeatView` only:

* **Bidding.** For each trump suit it estimates the tricks the hand would take as declarer
  (top cards by the "position rule", trump length, side aces and kings discounted by the
  chance of a ruff, spare trumps for ruffing when short in a side suit, plus a little for the
  prikup exchange). Tricks become a chance of making six, and that an expected score with the
  contract's multiplier (§9). A bid is made while some contract the declarer could still
  choose at or above the bid has a positive expected score.
* **Exchange.** Every pair of the 12 cards is tried with every contract the final bid allows;
  the pair that leaves the best expected score is discarded (this keeps trumps and winners
  and voids short side suits by itself).
* **Declaration.** The contract with the best expected score, or surrender when even that is
  worse than surrender's −10.
* **Whist.** Expected defensive tricks become an expected defender score on the quota-2 table
  (both whist) or the quota-4 table (lone whist), weighted by what the other defender is likely
  to do (the right-hand defender knows what the left one said).
* **Play.** Win a trick as cheaply as possible when the card will hold, lead masters, draw
  trumps as declarer, play low when the trick is lost, trump in when it wins, and never
  overtake a defending partner who is already winning the trick.

Every decision takes well under a millisecond: the per-suit estimates are cached.
"""

from __future__ import annotations

import math
from functools import cache

from ....bots.base import Bot, Choice
from ..actions import (
    BID_BASE,
    CONTRACT_NAMES,
    DECLARE_BASE,
    GRKHA,
    MULTIPLIER,
    PASS,
    SURRENDER,
    TRUMP_OF,
    WHIST,
    discard_cards,
)
from ..cards import card_name
from ..view import SeatView

__all__ = ["HeuristicBot", "declarer_tricks", "defender_tricks", "discard_tricks"]

SURRENDER_SCORE = -10.0
#: Tricks the prikup exchange is worth on average when bidding (two cards in, two losers out).
PRIKUP_BONUS = 0.6
#: Expected score of not declaring (defending or sitting out); a bid must beat it.
PASS_VALUE = 1.0
#: Chance that both defenders pass (the declarer then wins outright), used when bidding.
NO_WHIST_CHANCE = 0.15


def _bits(mask: int, suit: int) -> int:
    return (mask >> (8 * suit)) & 0xFF


def _mask(cards: tuple[int, ...] | list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# Expected longest holding of one opponent when k cards of a suit are split between two.
_EXPECTED_MAX_SPLIT = (0.0, 1.0, 1.5, 2.25, 2.75, 3.3, 3.9, 4.5, 5.1)


@cache
def _safe_round(r: int, k: int) -> float:
    """Chance that both opponents still follow in round ``r`` when they hold ``k`` cards of the
    suit between them (each card equally likely with either)."""
    if r <= 0:
        return 1.0
    total = 0
    for x in range(r, k - r + 1):
        total += math.comb(k, x)
    return total / (1 << k) if k else 0.0


@cache
def _declarer_suit(mine: int, gone: int, is_trump: bool, trumps: int) -> float:
    """Tricks the declarer expects from one suit: ``mine`` and ``gone`` are 8-bit rank masks
    of the cards held and of the cards out of play; ``trumps`` is the declarer's trump length.
    """
    length = mine.bit_count()
    if not length:
        return 0.0
    k = 8 - length - gone.bit_count()  # cards of the suit the opponents may hold
    split = _EXPECTED_MAX_SPLIT[k]
    tricks = 0.0
    n = 0
    missing_above = 0
    for r in range(7, -1, -1):
        if mine >> r & 1:
            if missing_above <= n:
                win = 1.0
            elif missing_above == n + 1 and length >= n + 2:
                win = 0.4  # a guarded honour below one missing card (a finesse, a lead to it)
            else:
                win = 0.0
            if is_trump:
                # Once the opponents' trumps are out, every remaining trump wins.
                length_win = min(1.0, max(0.0, n + 1 - split))
                win = max(win, length_win)
            else:
                # The round may be ruffed; drawn trumps make it safer.
                safe = _safe_round(n + 1, k)
                drawn = min(0.8, max(0.0, 0.25 * (trumps - 2)))
                win *= safe + (1.0 - safe) * drawn
            tricks += win
            n += 1
        elif not gone >> r & 1:
            missing_above += 1
    if not is_trump and k == 0:
        tricks = float(length)  # nobody else holds the suit: every card wins (barring ruffs)
    return tricks


def declarer_tricks(hand: int, trump: int, gone: int = 0) -> float:
    """Estimated tricks of ``hand`` (a card mask of 10) as declarer with ``trump`` suit."""
    t_bits = _bits(hand, trump)
    trumps = t_bits.bit_count()
    total = _declarer_suit(t_bits, _bits(gone, trump), True, trumps)
    trump_counted = total
    shortness = 0
    for s in range(4):
        if s == trump:
            continue
        b = _bits(hand, s)
        total += _declarer_suit(b, _bits(gone, s), False, trumps)
        shortness += max(0, 2 - b.bit_count())
    # Trumps that would not win by rank or length can still ruff a short side suit.
    spare = max(0.0, trumps - trump_counted)
    total += 0.6 * min(spare, float(shortness))
    return min(10.0, total)


@cache
def _defender_suit(mine: int, is_trump: bool, trumps: int) -> float:
    length = mine.bit_count()
    if not length:
        return 0.3 * min(trumps, 2) if not is_trump and trumps else 0.0
    tricks = 0.0
    if is_trump:
        n = 0
        missing_above = 0
        for r in range(7, -1, -1):
            if mine >> r & 1:
                if missing_above <= n:
                    tricks += 1.0
                elif missing_above == n + 1 and length >= n + 2:
                    tricks += 0.55
                elif missing_above == n + 2 and length >= n + 3:
                    tricks += 0.3
                n += 1
            else:
                missing_above += 1
        tricks += 0.35 * max(0, length - 3)
        return tricks
    # Side suit: the declarer is usually short in it and long in trumps.
    if mine >> 7 & 1:
        tricks += 0.9 if length <= 3 else 0.75
    if mine >> 6 & 1:
        if mine >> 7 & 1:
            tricks += 0.6 if length <= 3 else 0.4
        elif length >= 2:
            tricks += 0.45
        else:
            tricks += 0.1
    if mine >> 5 & 1 and length >= 3 and mine & 0xC0:
        tricks += 0.2
    if length == 1 and trumps:
        tricks += 0.2  # a ruff later
    return tricks


def discard_tricks(hand: int, trump: int, pairs: list[tuple[int, int]]) -> list[float]:
    """``declarer_tricks`` of ``hand`` (12 cards) without each pair of ``pairs``, the pair
    counting as out of play. Equal to calling it once per pair, only faster: a discard that
    keeps the trumps changes at most two suits' values."""
    bits = [_bits(hand, s) for s in range(4)]
    trumps = bits[trump].bit_count()
    base = [_declarer_suit(bits[s], 0, s == trump, trumps) for s in range(4)]
    short = [0 if s == trump else max(0, 2 - bits[s].bit_count()) for s in range(4)]
    base_total = sum(base)
    base_short = sum(short)
    spare = max(0.0, trumps - base[trump])
    out: list[float] = []
    for a, b in pairs:
        sa, sb = a >> 3, b >> 3
        if sa == trump or sb == trump:
            gone = (1 << a) | (1 << b)
            out.append(declarer_tricks(hand & ~gone, trump, gone))
            continue
        total = base_total
        shortness = base_short
        if sa == sb:
            g = (1 << (a & 7)) | (1 << (b & 7))
            nb = bits[sa] & ~g
            total += _declarer_suit(nb, g, False, trumps) - base[sa]
            shortness += max(0, 2 - nb.bit_count()) - short[sa]
        else:
            for c, sc in ((a, sa), (b, sb)):
                g = 1 << (c & 7)
                nb = bits[sc] & ~g
                total += _declarer_suit(nb, g, False, trumps) - base[sc]
                shortness += max(0, 2 - nb.bit_count()) - short[sc]
        total += 0.6 * min(spare, float(shortness))
        out.append(min(10.0, total))
    return out


def defender_tricks(hand: int, trump: int) -> float:
    """Estimated tricks of ``hand`` defending against a contract in ``trump``."""
    trumps = _bits(hand, trump).bit_count()
    total = 0.0
    for s in range(4):
        total += _defender_suit(_bits(hand, s), s == trump, trumps)
    return min(10.0, total)


def make_chance(tricks: float) -> float:
    """Chance of taking six tricks or more when about ``tricks`` are expected."""
    return 1.0 / (1.0 + math.exp(-1.6 * (tricks - 5.5)))


def contract_value(level: int, tricks: float, no_whist: float = 0.0) -> float:
    """The declarer's expected score of contract ``level`` with ``tricks`` expected."""
    p = make_chance(tricks)
    p = p + (1.0 - p) * no_whist
    mult = MULTIPLIER[level]
    win = 10.0 if level == GRKHA else 10.0 * mult
    return p * win - (1.0 - p) * 10.0 * mult


def _spread(mean: float) -> list[tuple[int, float]]:
    """A discrete distribution of trick counts around ``mean`` (standard deviation ~1)."""
    weights = [(t, math.exp(-((t - mean) ** 2) / 2.0)) for t in range(11)]
    total = sum(w for _, w in weights)
    return [(t, w / total) for t, w in weights]


def _defender_base(t: int, lone: bool) -> float:
    if t == 0:
        return -10.0
    if t == 1:
        return -9.0
    if lone:
        return -10.0 + t if t < 4 else 10.0 * (t - 4)
    return 10.0 * (t - 2)


def _expected_defence(mean: float, lone: bool) -> float:
    return sum(w * _defender_base(t, lone) for t, w in _spread(mean))


def allowed_contracts(view: SeatView) -> list[int]:
    """The contract levels the declarer may still choose (from the public auction)."""
    if view.all_pass:
        top = 1 if view.rules.all_pass_contracts == "paston_only" else 4
        return list(range(1, top + 1))
    if view.bid == GRKHA:
        return [GRKHA]
    return list(range(max(1, view.bid), 5))


class _Play:
    """What the seat to play knows about the play so far, in masks."""

    __slots__ = (
        "declarer",
        "gone",
        "hand",
        "later",
        "led",
        "me",
        "opponents",
        "partner",
        "trick",
        "trump",
        "unseen",
        "void",
        "win_card",
        "win_seat",
    )

    def __init__(self, view: SeatView) -> None:
        me = view.hand_to_play if view.hand_to_play is not None else view.seat
        self.me = me
        hand = view.hand if me == view.seat else view.open_hands.get(me, view.hand)
        self.hand = _mask(hand)
        self.trump = view.trump if view.trump is not None else 0
        self.declarer = view.declarer if view.declarer is not None else -1
        gone = _mask(view.played)
        if view.discards:
            gone |= _mask(view.discards)
        self.gone = gone
        self.unseen = ((1 << 32) - 1) & ~self.hand & ~gone
        active = view.active or (0, 1, 2)
        if me == self.declarer:
            self.opponents = tuple(s for s in active if s != me)
            self.partner = -1
        else:
            self.opponents = (self.declarer,)
            others = [s for s in active if s not in (me, self.declarer)]
            self.partner = others[0] if others else -1
        # Known voids: a seat that did not follow suit has none of it (and no trumps if it
        # did not trump either).
        void = {s: 0 for s in range(3)}
        trump = self.trump
        for t in view.tricks:
            led = t.cards[0] >> 3
            for s, c in zip(t.seats[1:], t.cards[1:], strict=True):
                if c >> 3 != led:
                    void[s] |= 1 << led
                    if c >> 3 != trump:
                        void[s] |= 1 << trump
        if view.trick:
            led = view.trick[0][1] >> 3
            for s, c in view.trick[1:]:
                if c >> 3 != led:
                    void[s] |= 1 << led
                    if c >> 3 != trump:
                        void[s] |= 1 << trump
        self.void = void
        self.trick = view.trick
        n_active = len(active)
        order = sorted(active)
        # Seats still to play after me in this trick, clockwise.
        later: list[int] = []
        if order:
            i = order.index(me) if me in order else 0
            for step in range(1, n_active - len(view.trick)):
                later.append(order[(i + step) % n_active])
        self.later = tuple(later)
        if view.trick:
            self.led = view.trick[0][1] >> 3
            best_seat, best = view.trick[0]
            for s, c in view.trick[1:]:
                if (c >> 3 == best >> 3 and c > best) or (c >> 3 == trump and best >> 3 != trump):
                    best_seat, best = s, c
            self.win_card = best
            self.win_seat = best_seat
        else:
            self.led = -1
            self.win_card = -1
            self.win_seat = -1

    def beats(self, c: int, w: int) -> bool:
        if c >> 3 == w >> 3:
            return c > w
        return c >> 3 == self.trump

    def is_master(self, c: int) -> bool:
        """No card of its suit above it is still unseen."""
        above = ((0xFF << (c & ~7)) & ((1 << 32) - 1)) & ~((2 << c) - 1)
        return not self.unseen & above

    def may_beat(self, seat: int, c: int) -> bool:
        """Whether ``seat`` (still to play) might beat card ``c`` if it wins so far."""
        suit = c >> 3
        led = self.led if self.led >= 0 else suit
        void = self.void[seat]
        unseen_trumps = self.unseen & (0xFF << (8 * self.trump))
        if suit == led:
            above = (0xFF << (8 * suit)) & ~((2 << c) - 1) & self.unseen
            if above and not void >> suit & 1:
                return True
            if suit != self.trump and unseen_trumps and not void >> self.trump & 1:
                # A ruff needs a void; fear it when known, or when the suit has run low.
                unseen_in_suit = (self.unseen >> (8 * suit) & 0xFF).bit_count()
                if void >> suit & 1 or unseen_in_suit <= 1:
                    return True
            return False
        # c is a trump on another suit's lead: beaten only by a higher trump of a void seat.
        above = (0xFF << (8 * suit)) & ~((2 << c) - 1) & self.unseen
        if not above or void >> suit & 1:
            return False
        unseen_led = self.unseen >> (8 * led) & 0xFF
        return bool(void >> led & 1) or unseen_led.bit_count() <= 1

    def holds(self, c: int) -> bool:
        """Whether ``c``, winning the trick now, stays winning against the seats still to play
        (the defending partner is trusted not to overtake)."""
        return all(not self.may_beat(s, c) for s in self.later if s != self.partner)


def _suit_cards(mask: int, suit: int) -> list[int]:
    b = _bits(mask, suit)
    return [8 * suit + r for r in range(8) if b >> r & 1]


class HeuristicBot(Bot[SeatView]):
    """Rule-of-thumb bidding, exchange, whist and card play (see the module docstring)."""

    name = "heuristic"

    def __init__(
        self,
        seed: int | None = None,
        aggression: float = 1.0,
        team: float = 0.5,
    ) -> None:
        # The bot is deterministic; the seed is accepted for the registry's uniform interface.
        self.seed = seed
        #: Added to the trick estimates when bidding and declaring (> 0 bids more). The raw
        #: estimates are cautious; 1.0 did best in self-play ladders (0, 0.6 ... 2.5 tried).
        self.aggression = float(aggression)
        #: Weight a defender gives to what its whist costs the declarer (0 = own score only):
        #: defenders who never whist let every declarer score for free; 0.5 did best in
        #: self-play ladders (0, 0.25 ... 1.0 tried).
        self.team = float(team)

    # ------------------------------------------------------------------ protocol

    def act(self, view: SeatView) -> int:
        if not view.legal:
            raise ValueError("the heuristic bot was asked to act, but it has no legal action")
        if len(view.legal) == 1:
            return view.legal[0]
        return self._decide(view)[0].action

    def explain(self, view: SeatView) -> list[Choice]:
        if not view.legal:
            return []
        return self._decide(view)

    # ------------------------------------------------------------------ phases

    def _decide(self, view: SeatView) -> list[Choice]:
        phase = view.phase
        if phase == "bidding":
            choices = self._bidding(view)
        elif phase == "exchange":
            choices = self._exchange(view)
        elif phase == "declare":
            choices = self._declare(view)
        elif phase == "defence":
            choices = self._defence(view)
        else:
            choices = self._play(view)
        legal = set(view.legal)
        choices = [c for c in choices if c.action in legal]
        seen = {c.action for c in choices}
        choices.sort(key=lambda c: -c.value)
        # Anything the rules allow but the heuristics did not rate comes last.
        choices.extend(Choice(a, -1e9, "not considered") for a in view.legal if a not in seen)
        return choices

    def _contract_values(self, hand: int, levels: list[int], bonus: float) -> dict[int, float]:
        out = {}
        for level in levels:
            tricks = declarer_tricks(hand, TRUMP_OF[level]) + bonus + self.aggression
            out[level] = contract_value(level, tricks, NO_WHIST_CHANCE)
        return out

    def _bidding(self, view: SeatView) -> list[Choice]:
        hand = _mask(view.hand)
        bids = [a for a in view.legal if a != PASS]
        choices = [Choice(PASS, PASS_VALUE, "pass: no contract worth declaring at this level")]
        for action in bids:
            level = action - BID_BASE
            levels = [GRKHA] if level == GRKHA else list(range(level, 5))
            values = self._contract_values(hand, levels, PRIKUP_BONUS)
            best = max(values, key=lambda lv: values[lv])
            # Surrender caps the loss; a bid is also a fair bet only with some margin.
            value = max(values[best], SURRENDER_SCORE)
            tricks = declarer_tricks(hand, TRUMP_OF[best]) + PRIKUP_BONUS + self.aggression
            choices.append(
                Choice(
                    action,
                    value,
                    f"bid {CONTRACT_NAMES[level]}: best contract {CONTRACT_NAMES[best]} "
                    f"with about {tricks:.1f} tricks (expected {value:+.1f})",
                )
            )
        return choices

    def _exchange(self, view: SeatView) -> list[Choice]:
        hand = _mask(view.hand)
        levels = allowed_contracts(view)
        actions = list(view.legal)
        pairs = [discard_cards(action) for action in actions]
        best_v = [-1e9] * len(actions)
        best_l = [levels[0]] * len(actions)
        for level in levels:
            for i, tricks in enumerate(discard_tricks(hand, TRUMP_OF[level], pairs)):
                v = contract_value(level, tricks + self.aggression)
                if v > best_v[i]:
                    best_v[i], best_l[i] = v, level
        scored: list[Choice] = []
        for i, action in enumerate(actions):
            a, b = pairs[i]
            # Tie-break towards throwing low cards.
            value = best_v[i] - 0.01 * ((a & 7) + (b & 7))
            reason = f"discard {card_name(a)} {card_name(b)}, then {CONTRACT_NAMES[best_l[i]]}"
            scored.append(Choice(action, value, reason))
        return scored

    def _declare(self, view: SeatView) -> list[Choice]:
        hand = _mask(view.hand)
        gone = _mask(view.discards) if view.discards else 0
        choices = [Choice(SURRENDER, SURRENDER_SCORE, "surrender: -10, and +2 to each opponent")]
        for action in view.legal:
            if action == SURRENDER:
                continue
            level = action - DECLARE_BASE
            tricks = declarer_tricks(hand, TRUMP_OF[level], gone) + self.aggression
            value = contract_value(level, tricks, NO_WHIST_CHANCE)
            choices.append(
                Choice(
                    action,
                    value,
                    f"{CONTRACT_NAMES[level]}: about {tricks:.1f} tricks, x{MULTIPLIER[level]} "
                    f"(expected {value:+.1f})",
                )
            )
        return choices

    def _defence(self, view: SeatView) -> list[Choice]:
        hand = _mask(view.hand)
        level = view.contract
        trump = TRUMP_OF[level]
        mult = MULTIPLIER[level]
        d = defender_tricks(hand, trump)
        # Two-handed play leaves the whister alone against the declarer: more tricks each.
        d_lone = d * 1.25 + 0.3
        two = _expected_defence(d, lone=False)
        lone = _expected_defence(d_lone, lone=True)
        earlier = [w for s, w in view.defence if s != view.seat]
        if earlier:
            other_whists = earlier[0]
            value = mult * (two if other_whists else lone)
            why = "the other defender whisted" if other_whists else "I would whist alone"
        else:
            # The right-hand defender whists if it has about two tricks; guess it does often.
            p_other = 0.55
            value = mult * (p_other * two + (1 - p_other) * lone)
            why = "the other defender has yet to speak"
        if self.team:
            # Passing hands the declarer +10 x mult; whisting makes them fight for six tricks.
            p_make = make_chance(10.0 - d - 2.5)
            value += self.team * 20.0 * mult * (1.0 - p_make)
        return [
            Choice(
                WHIST,
                value,
                f"whist: about {d:.1f} defensive tricks ({why}; expected {value:+.1f})",
            ),
            Choice(PASS, 0.0, "pass: a passing defender scores 0"),
        ]

    # ------------------------------------------------------------------ card play

    def _keep_value(self, ctx: _Play, c: int) -> float:
        """How much a card is worth keeping (low = the card to throw away)."""
        suit = c >> 3
        value = float(c & 7)
        if suit == ctx.trump:
            value += 20.0
        if ctx.is_master(c):
            value += 10.0
        length = _bits(ctx.hand, suit).bit_count()
        # A lone or doubled honour protects itself with its small cards: keep those a bit.
        if ctx.me == ctx.declarer and suit != ctx.trump:
            value += 0.5 * length  # the declarer voids short suits first, to ruff them
        else:
            value -= 0.3 * length
        return value

    def _play(self, view: SeatView) -> list[Choice]:
        ctx = _Play(view)
        legal = list(view.legal)
        if not ctx.trick:
            best, why = self._lead(ctx, legal)
        else:
            best, why = self._follow(ctx, legal)
        out = [Choice(best, 1.0, why)]
        for c in legal:
            if c != best:
                out.append(Choice(c, -self._keep_value(ctx, c) / 100.0, "lower priority"))
        return out

    def _cheapest(self, ctx: _Play, cards: list[int]) -> int:
        return min(cards, key=lambda c: self._keep_value(ctx, c))

    def _lead(self, ctx: _Play, legal: list[int]) -> tuple[int, str]:
        trump = ctx.trump
        hand = ctx.hand
        my_trumps = _suit_cards(hand, trump)
        unseen_trumps = (_bits(ctx.unseen, trump)).bit_count()
        opp_may_trump = any(not ctx.void[s] >> trump & 1 for s in ctx.opponents)
        if ctx.me == ctx.declarer and my_trumps and unseen_trumps and opp_may_trump:
            top = max(my_trumps)
            if ctx.is_master(top):
                return top, "draw trumps with the master trump"
            if len(my_trumps) > unseen_trumps + 1:
                return min(my_trumps), "draw trumps: more trumps than the opponents"
        # Cash safe side winners.
        masters = [c for c in legal if c >> 3 != trump and ctx.is_master(c) and ctx.holds(c)]
        if masters:
            c = max(masters, key=lambda c: (_bits(hand, c >> 3).bit_count() <= 1, c & 7))
            return c, "lead a winner"
        # (No safe side winner is left.) A master trump is a sure trick and draws trumps.
        if (
            my_trumps
            and ctx.is_master(max(my_trumps))
            and (ctx.me == ctx.declarer or unseen_trumps)
        ):
            return max(my_trumps), "lead the master trump"
        if ctx.me != ctx.declarer:
            # A side suit the partner can ruff and the declarer must follow.
            if ctx.partner >= 0:
                for s in range(4):
                    if s == trump or not _bits(hand, s):
                        continue
                    pv = ctx.void[ctx.partner]
                    if pv >> s & 1 and not pv >> trump & 1 and not ctx.void[ctx.declarer] >> s & 1:
                        return min(_suit_cards(hand, s)), "lead for the partner to ruff"
            # Otherwise a low card of a suit the declarer still follows.
            options = [
                s
                for s in range(4)
                if s != trump
                and _bits(hand, s)
                and not (ctx.void[ctx.declarer] >> s & 1 and unseen_trumps)
            ]
            if options:
                s = max(options, key=lambda s: _bits(hand, s).bit_count())
                return min(_suit_cards(hand, s)), "lead low from a long suit"
        else:
            side = [s for s in range(4) if s != trump and _bits(hand, s)]
            if side:
                s = max(side, key=lambda s: _bits(hand, s).bit_count())
                return min(_suit_cards(hand, s)), "lead low to set up a long suit"
        return self._cheapest(ctx, legal), "lead the least useful card"

    def _follow(self, ctx: _Play, legal: list[int]) -> tuple[int, str]:
        w = ctx.win_card
        winners = [c for c in legal if ctx.beats(c, w)]
        partner_winning = ctx.partner >= 0 and ctx.win_seat == ctx.partner
        if partner_winning:
            later_opps = [s for s in ctx.later if s != ctx.partner]
            if all(not ctx.may_beat(s, w) for s in later_opps):
                return self._cheapest(ctx, legal), "the partner wins the trick: play low"
        holding = [c for c in winners if ctx.holds(c)]
        if holding:
            c = min(holding, key=lambda c: (c >> 3 == ctx.trump, c & 7))
            return c, "win the trick as cheaply as possible"
        if winners and not ctx.later:
            c = min(winners, key=lambda c: (c >> 3 == ctx.trump, c & 7))
            return c, "win the trick"
        if winners and ctx.later and not partner_winning:
            # Second hand: force out a higher card only with a near-master honour.
            strong = [c for c in winners if self._near_master(ctx, c)]
            if strong:
                c = min(strong, key=lambda c: c & 7)
                return c, "play high to win or force out a high card"
        return self._cheapest(ctx, legal), "the trick is lost: play the least useful card"

    @staticmethod
    def _near_master(ctx: _Play, c: int) -> bool:
        above = (0xFF << (c & ~7)) & ~((2 << c) - 1) & ctx.unseen
        return above.bit_count() <= 1 and c >> 3 != ctx.trump
