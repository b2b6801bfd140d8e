"""``pimc``: Perfect-Information Monte Carlo -- sample deals that fit the view, solve each one
exactly with :mod:`paston.games.paston.solver`, and pick the action with the best average *Paston
score
for the bot's own seat* (spec §9), not the most tricks.

How each phase is valued (worlds come from :mod:`paston.games.paston.bots.worlds`):

* **Card play.** ``card_values`` gives, per legal card, the declarer's tricks from now on.
  The declarer scores its contract table on its total (a step at 6 tricks; a tiny bonus per
  trick breaks ties towards safety). A lone whister (two-handed play) and the whister of the
  open variant own all the defence's tricks, so their score is exact. In three-handed play
  each defender is scored on its *own* tricks, which the team solve does not give; we
  approximate them: ``P`` = the tricks this defender can make against the other two playing
  together (the solver run with this defender as the "declarer" side, a paranoid bound),
  ``O`` = the same for the other defender, ``D`` = what the defence makes together; the
  defender gets ``P`` plus half of the surplus ``D - P - O`` (or a share of ``D`` in
  proportion ``P : O`` when the bounds overlap). Fractional tricks are scored by linear
  interpolation of the defender table.
* **Whist.** Worlds for the declarer's and partner's hands; whist is valued by solving the
  play from its start (declarer leads) -- three-handed if the other defender whists (or has
  not spoken yet), two-handed if it passed; pass is worth 0.
* **Declare / surrender.** Each allowed contract is valued by solving every world from the
  start of play assuming both defenders whist (conservative: a pass only helps the declarer);
  surrender is worth -10 (or its variant value).
* **Exchange.** A shortlist of discards (pairs among the four least useful cards for each
  allowed trump suit, by a simple keep-value) is valued like the declaration, each
  candidate with the contract(s) it was built for, on the same worlds.
* **Bidding.** Worlds are grouped by prikup: per prikup group, each contract is valued with a
  quick heuristic discard; the declarer will know the prikup before declaring, so the best
  contract is chosen per group (max over contracts of the group mean), surrender bounds it
  below at -10. A raise is worth that expectation for the contracts it still allows; pass is
  worth 0 (we do not model the defence's share), except when passing ends in an all-pass that
  makes this seat the declarer anyway. Being outbid later is not modelled.

Options (``make_bot("pimc:worlds=64,bid_worlds=24")``): ``worlds`` (card play), ``bid_worlds``,
``exchange_worlds``, ``declare_worlds``, ``whist_worlds``, ``margin`` (a raise must beat pass by
this many points), ``tt_bits`` (solver table size).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ....bots.base import Bot, Choice
from ..actions import (
    BID_BASE,
    DECLARE_BASE,
    GRKHA,
    MULTIPLIER,
    PASS,
    SURRENDER,
    TRUMP_OF,
    WHIST,
    action_str,
    discard_action,
    is_bid,
    is_declare,
)
from ..cards import SUIT_MASKS, iter_bits
from ..rules import Rules
from ..scoring import deal_scores, defender_base, surrender_scores
from ..solver import Position, Solver, legal_cards
from ..view import SeatView
from .worlds import World, WorldSampler, marker_holder

__all__ = [
    "PimcBot",
    "PlaySituation",
    "defender_score",
    "quick_discard",
    "situation_from_view",
    "start_score",
    "value_cards",
]

#: Tie-break weight per expected trick (points), so that among equal scores more tricks win.
TIE_BREAK = 0.01


def defender_score(tricks: float, lone: bool, mult: int) -> float:
    """A defender's score for a (possibly fractional) trick count, interpolated linearly."""
    tricks = min(max(tricks, 0.0), 10.0)
    lo = math.floor(tricks)
    frac = tricks - lo
    base = float(defender_base(lo, lone))
    if frac > 1e-9:
        base = base * (1 - frac) + defender_base(lo + 1, lone) * frac
    return base * mult


def split_defence(own: float, other: float, together: float) -> float:
    """This defender's share of the defence's ``together`` tricks (see the module docstring).

    ``own`` and ``other`` are the paranoid (each against the other two) bounds."""
    surplus = together - own - other
    if surplus >= 0:
        return own + surplus / 2
    if own + other <= 0:
        return together / 2
    return together * own / (own + other)


def _declarer_score(rules: Rules, contract: int, tricks: int) -> int:
    mult = MULTIPLIER[contract]
    if tricks >= 6:
        return 10 if contract == GRKHA else 10 * mult
    return -10 * mult


@dataclass(frozen=True, slots=True)
class PlaySituation:
    """What the card-play evaluation needs (all public, or the evaluating seat's own)."""

    seat: int  # the seat scored (the one deciding)
    mover: int  # whose cards are played now (differs in the open lone-whist variant)
    declarer: int
    contract: int
    whisters: tuple[int, ...]
    active: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    tricks_won: tuple[int, int, int]
    tricks_done: int
    rules: Rules
    gone: int = 0  # cards of the finished tricks (for grouping equivalent cards)


def situation_from_view(view: SeatView) -> PlaySituation:
    assert view.declarer is not None and view.leader is not None
    assert view.hand_to_play is not None
    return PlaySituation(
        seat=view.seat,
        mover=view.hand_to_play,
        declarer=view.declarer,
        contract=view.contract,
        whisters=view.whisters,
        active=view.active,
        leader=view.leader,
        trick=tuple(c for _, c in view.trick),
        tricks_won=view.tricks_won,
        tricks_done=len(view.tricks),
        rules=view.rules,
        gone=sum(1 << c for t in view.tricks for c in t.cards),
    )


def _winner(trick: tuple[int, ...], seats: list[int], trump: int) -> int:
    best = trick[0]
    win = seats[0]
    for c, s in zip(trick[1:], seats[1:], strict=True):
        if (c >> 3 == best >> 3 and c > best) or (c >> 3 == trump and best >> 3 != trump):
            best = c
            win = s
    return win


def dd_card_values(solver: Solver, pos: Position, legal: int, gone: int) -> dict[int, int]:
    """Like :meth:`Solver.card_values`, but solving only one card of each run of equivalent
    cards: two cards of a suit in the mover's hand are equivalent when every card between
    them is in that hand or in a finished trick (``gone``), so they take the same tricks."""
    active = pos.active
    n = len(active)
    mover = pos.leader
    for _ in pos.trick:
        mover = active[(active.index(mover) + 1) % n]
    hand = pos.hands[mover]
    own_or_gone = hand | gone
    out: dict[int, int] = {}
    prev = -1
    prev_value = 0
    for c in sorted(iter_bits(legal)):
        if prev >= 0 and prev >> 3 == c >> 3:
            between = ((1 << c) - 1) & ~((2 << prev) - 1)
            if between & ~own_or_gone == 0:
                out[c] = prev_value
                prev = c
                continue
        hands = list(pos.hands)
        hands[mover] &= ~(1 << c)
        trick = (*pos.trick, c)
        if len(trick) < n:
            nxt = Position((hands[0], hands[1], hands[2]), pos.trump, pos.declarer, active,
                           pos.leader, trick, pos.must_overtrump)  # fmt: skip
            value = solver.solve(nxt)
        else:
            seats = [pos.leader]
            for _ in range(n - 1):
                seats.append(active[(active.index(seats[-1]) + 1) % n])
            win = _winner(trick, seats, pos.trump)
            value = 1 if win == pos.declarer else 0
            if hands[mover]:
                nxt = Position((hands[0], hands[1], hands[2]), pos.trump, pos.declarer, active,
                               win, (), pos.must_overtrump)  # fmt: skip
                value += solver.solve(nxt)
        out[c] = value
        prev = c
        prev_value = value
    return out


def value_cards(
    solver: Solver, sit: PlaySituation, worlds: Sequence[tuple[tuple[int, int, int], float]]
) -> tuple[dict[int, float], dict[int, float]]:
    """Expected score of ``sit.seat`` (and expected own tricks) per legal card of the mover,
    averaged over ``worlds`` (current hands, weight)."""
    trump = TRUMP_OF[sit.contract]
    mult = MULTIPLIER[sit.contract]
    decl = sit.declarer
    seat = sit.seat
    remaining = 10 - sit.tricks_done
    three = len(sit.active) == 3
    open_lone = len(sit.whisters) == 1 and three
    lone = len(sit.whisters) == 1
    mover_is_decl = sit.mover == decl
    total_w = 0.0
    score: dict[int, float] = {}
    tricks: dict[int, float] = {}
    mo = sit.rules.must_overtrump
    legal = -1
    for hands, w in worlds:
        pos = Position(
            hands=hands, trump=trump, declarer=decl, active=sit.active, leader=sit.leader,
            trick=sit.trick, must_overtrump=mo,
        )  # fmt: skip
        if legal < 0:
            legal = legal_cards(pos)  # the same in every world: the mover's hand is known
        cv = dd_card_values(solver, pos, legal, sit.gone)
        total_w += w
        if seat == decl:
            for c, t in cv.items():
                got = sit.tricks_won[decl] + t
                score[c] = score.get(c, 0.0) + w * _declarer_score(sit.rules, sit.contract, got)
                tricks[c] = tricks.get(c, 0.0) + w * got
            continue
        if not three or open_lone:
            so_far = sum(sit.tricks_won) - sit.tricks_won[decl]
            for c, t in cv.items():
                own = so_far + remaining - t
                score[c] = score.get(c, 0.0) + w * defender_score(own, lone, mult)
                tricks[c] = tricks.get(c, 0.0) + w * own
            continue
        # Three-handed defender: paranoid bounds for both defenders, shared surplus.
        other = 3 - decl - seat
        mine = dd_card_values(
            solver,
            Position(hands=hands, trump=trump, declarer=seat, active=sit.active,
                     leader=sit.leader, trick=sit.trick, must_overtrump=mo),
            legal, sit.gone,
        )  # fmt: skip
        theirs = solver.solve(
            Position(hands=hands, trump=trump, declarer=other, active=sit.active,
                     leader=sit.leader, trick=sit.trick, must_overtrump=mo)
        )  # fmt: skip
        assert not mover_is_decl
        for c, t in cv.items():
            share = sit.tricks_won[seat] + split_defence(mine[c], theirs, remaining - t)
            score[c] = score.get(c, 0.0) + w * defender_score(share, False, mult)
            tricks[c] = tricks.get(c, 0.0) + w * share
    if total_w <= 0:
        return score, tricks
    return (
        {c: v / total_w for c, v in score.items()},
        {c: v / total_w for c, v in tricks.items()},
    )


def start_score(
    solver: Solver,
    hands: tuple[int, int, int],
    declarer: int,
    contract: int,
    whisters: tuple[int, ...],
    seat: int,
    rules: Rules,
) -> float:
    """``seat``'s double-dummy score of playing ``contract`` from the first lead."""
    if not whisters:
        return float(deal_scores(rules, declarer, contract, (), (0, 0, 0))[seat])
    trump = TRUMP_OF[contract]
    two = len(whisters) == 1 and rules.lone_whist_mode == "two_handed"
    active = tuple(sorted((declarer, whisters[0]))) if two else (0, 1, 2)
    if two:
        hands = tuple(h if s in active else 0 for s, h in enumerate(hands))  # type: ignore[assignment]
    mo = rules.must_overtrump
    t = solver.solve(Position(hands, trump, declarer, active, declarer, (), mo))
    if seat == declarer:
        return float(_declarer_score(rules, contract, t))
    if seat not in whisters:
        return 0.0
    mult = MULTIPLIER[contract] if rules.multiply_defender_scores else 1
    if len(whisters) == 1:
        return float(defender_score(10 - t, True, mult))
    other = 3 - declarer - seat
    mine = solver.solve(Position(hands, trump, seat, active, declarer, (), mo))
    theirs = solver.solve(Position(hands, trump, other, active, declarer, (), mo))
    return defender_score(split_defence(mine, theirs, 10 - t), False, mult)


def _keep_value(card: int, hand: int, trump: int) -> float:
    """How much a card is worth keeping when the declarer will play with ``trump``."""
    suit = card >> 3
    rank = card & 7
    length = (hand & SUIT_MASKS[suit]).bit_count()
    if suit == trump:
        return 100.0 + rank
    if rank == 7:
        return 60.0
    higher = (hand & SUIT_MASKS[suit]) >> (card + 1) & ((1 << (7 - rank)) - 1)
    if rank == 6 and length >= 2:
        return 40.0
    # Low cards of short suits go first: discarding them makes voids to trump with.
    return rank + 3.0 * length + 2.0 * higher.bit_count()


def quick_discard(hand12: int, trump: int) -> int:
    """The two least useful cards of a 12-card hand for ``trump``, as a mask."""
    cards = sorted(iter_bits(hand12), key=lambda c: _keep_value(c, hand12, trump))
    return (1 << cards[0]) | (1 << cards[1])


def _discard_candidates(hand12: int, trumps: Sequence[int]) -> list[tuple[int, set[int]]]:
    """Discard masks worth evaluating, each with the trump suits it was built for."""
    out: dict[int, set[int]] = {}
    for trump in trumps:
        low = sorted(iter_bits(hand12), key=lambda c: _keep_value(c, hand12, trump))[:4]
        for i in range(len(low)):
            for j in range(i + 1, len(low)):
                out.setdefault((1 << low[i]) | (1 << low[j]), set()).add(trump)
    return list(out.items())


class PimcBot(Bot[SeatView]):
    """Perfect-information Monte Carlo over worlds sampled from the view (see module doc)."""

    name = "pimc"

    def __init__(
        self,
        seed: int | None = None,
        worlds: int = 64,
        bid_worlds: int = 24,
        exchange_worlds: int = 12,
        declare_worlds: int = 32,
        whist_worlds: int = 24,
        margin: float = 0.0,
        tt_bits: int = 20,
    ) -> None:
        for key, value in (
            ("worlds", worlds),
            ("bid_worlds", bid_worlds),
            ("exchange_worlds", exchange_worlds),
            ("declare_worlds", declare_worlds),
            ("whist_worlds", whist_worlds),
        ):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{key} must be a whole number >= 1, not {value!r}")
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.bid_worlds = bid_worlds
        self.exchange_worlds = exchange_worlds
        self.declare_worlds = declare_worlds
        self.whist_worlds = whist_worlds
        self.margin = float(margin)
        self.solver = Solver(tt_bits=tt_bits)
        self._cache: tuple[SeatView, list[Choice]] | None = None

    # ------------------------------------------------------------------ the protocol

    def act(self, view: SeatView) -> int:
        if not view.legal:
            raise ValueError(f"{self.name} was asked to act for seat {view.seat} without a move")
        if len(view.legal) == 1:
            return view.legal[0]
        return self.explain(view)[0].action

    def explain(self, view: SeatView) -> list[Choice]:
        if self._cache is not None and self._cache[0] is view:
            return self._cache[1]
        if not view.legal:
            return []
        phase = view.phase
        if phase == "play":
            out = self._explain_play(view)
        elif phase == "bidding":
            out = self._explain_bidding(view)
        elif phase == "exchange":
            out = self._explain_exchange(view)
        elif phase == "declare":
            out = self._explain_declare(view)
        elif phase == "defence":
            out = self._explain_whist(view)
        else:
            out = [Choice(a, 0.0) for a in view.legal]
        out.sort(key=lambda ch: -ch.value)
        self._cache = (view, out)
        return out

    # ------------------------------------------------------------------ worlds

    def sample(self, view: SeatView, n: int) -> list[tuple[World, float]]:
        """``n`` weighted worlds for ``view`` (uniform weights here; ``wpimc`` and ``oracle``
        override this)."""
        sampler = WorldSampler(view)
        return [(w, 1.0) for w in sampler.sample_many(n, self.rng)]

    # ------------------------------------------------------------------ phases

    def _explain_play(self, view: SeatView) -> list[Choice]:
        sit = situation_from_view(view)
        worlds = self.sample(view, self.worlds)
        score, tricks = value_cards(self.solver, sit, [(w.hands, wt) for w, wt in worlds])
        mult = MULTIPLIER[sit.contract]
        out = []
        for c in view.legal:
            v = score.get(c, -1e9)
            t = tricks.get(c, 0.0)
            out.append(
                Choice(c, v + TIE_BREAK * mult * t, f"expected score {v:+.2f}, tricks {t:.2f}")
            )
        return out

    def _contract_means(
        self,
        view: SeatView,
        worlds: list[tuple[World, float]],
        levels: Sequence[int],
        discard_for: dict[int, int] | None = None,
    ) -> dict[int, float]:
        """Mean declarer score per contract level over worlds (this seat declaring, both
        defenders whisting); ``discard_for[trump]`` overrides the world's discards."""
        seat = view.seat
        sums = dict.fromkeys(levels, 0.0)
        total = 0.0
        for world, wt in worlds:
            total += wt
            by_trump: dict[int, int] = {}
            for level in levels:
                trump = TRUMP_OF[level]
                if trump not in by_trump:
                    hands = list(world.hands)
                    if discard_for is not None:
                        hands[seat] = (hands[seat] | world.prikup) & ~discard_for[trump]
                    pos = Position(
                        (hands[0], hands[1], hands[2]),
                        trump,
                        seat,
                        (0, 1, 2),
                        seat,
                        (),
                        view.rules.must_overtrump,
                    )
                    by_trump[trump] = self.solver.solve(pos)
                sums[level] += wt * _declarer_score(view.rules, level, by_trump[trump])
        return {lv: s / total for lv, s in sums.items()} if total else sums

    def _explain_declare(self, view: SeatView) -> list[Choice]:
        worlds = self.sample(view, self.declare_worlds)
        levels = [a - DECLARE_BASE for a in view.legal if is_declare(a)]
        means = self._contract_means(view, worlds, levels)
        out = [
            Choice(DECLARE_BASE + lv, m, f"expected {m:+.2f} if both whist")
            for lv, m in means.items()
        ]
        if SURRENDER in view.legal:
            sv = surrender_scores(view.rules, view.seat, view.bid)[view.seat]
            out.append(Choice(SURRENDER, float(sv), "surrender"))
        return out

    def _allowed_levels(self, view: SeatView) -> list[int]:
        if view.all_pass:
            top = 1 if view.rules.all_pass_contracts == "paston_only" else 4
            return list(range(1, top + 1))
        if view.bid == GRKHA:
            return [GRKHA]
        return list(range(view.bid, 5))

    def _explain_exchange(self, view: SeatView) -> list[Choice]:
        hand = sum(1 << c for c in view.hand)
        levels = self._allowed_levels(view)
        trumps = sorted({TRUMP_OF[lv] for lv in levels})
        cands = _discard_candidates(hand, trumps)
        worlds = self.sample(view, self.exchange_worlds)
        sv = float(surrender_scores(view.rules, view.seat, view.bid)[view.seat])
        values: dict[int, tuple[float, str]] = {}
        seat = view.seat
        for mask, built_for in cands:
            best = sv
            best_lv = 0
            for level in levels:
                if TRUMP_OF[level] not in built_for:
                    continue
                total = 0.0
                acc = 0.0
                for world, wt in worlds:
                    hands = list(world.hands)
                    hands[seat] = hand & ~mask
                    pos = Position(
                        (hands[0], hands[1], hands[2]),
                        TRUMP_OF[level],
                        seat,
                        (0, 1, 2),
                        seat,
                        (),
                        view.rules.must_overtrump,
                    )
                    acc += wt * _declarer_score(view.rules, level, self.solver.solve(pos))
                    total += wt
                m = acc / total
                if m > best:
                    best, best_lv = m, level
            a, b = list(iter_bits(mask))
            reason = (
                f"then declare {action_str(DECLARE_BASE + best_lv)}"
                if best_lv
                else ("then surrender")
            )
            values[discard_action(a, b)] = (best, f"expected {best:+.2f}, {reason}")
        floor = min(v for v, _ in values.values()) - 1.0
        out = []
        for a in view.legal:
            if a in values:
                out.append(Choice(a, values[a][0], values[a][1]))
            else:
                out.append(Choice(a, floor, "not on the shortlist"))
        return out

    def _explain_whist(self, view: SeatView) -> list[Choice]:
        assert view.declarer is not None
        seat = view.seat
        decl = view.declarer
        other = 3 - decl - seat
        decided = dict(view.defence)
        worlds = self.sample(view, self.whist_worlds)
        # The other defender: its decision if made, else assumed to whist.
        whisters: tuple[int, ...] = (seat, other) if decided.get(other, True) else (seat,)
        whisters = tuple(sorted(whisters))
        acc = 0.0
        total = 0.0
        for world, wt in worlds:
            acc += wt * start_score(
                self.solver, world.hands, decl, view.contract, whisters, seat, view.rules
            )
            total += wt
        m = acc / total
        what = "three-handed" if len(whisters) == 2 else "alone"
        return [
            Choice(WHIST, m, f"expected {m:+.2f} defending {what}"),
            Choice(PASS, 0.0, "pass scores 0"),
        ]

    def _explain_bidding(self, view: SeatView) -> list[Choice]:
        seat = view.seat
        raise_to = [a - BID_BASE for a in view.legal if is_bid(a)]
        lowest = min(raise_to) if raise_to else 5
        levels = list(range(lowest, 5)) if lowest < 5 else []
        if any(lv == GRKHA for lv in raise_to):
            levels.append(GRKHA)
        if not levels:
            return [Choice(a, 0.0) for a in view.legal]
        sv = float(surrender_scores(view.rules, seat, 1)[seat])
        group_values: dict[int, float] = dict.fromkeys(levels, 0.0)
        holder_frac = 0.0
        total_w = 0.0
        for group in self.bid_groups(view):
            first = group[0][0]
            gw = group[0][1]  # the group's weight (its worlds' own weights are relative)
            hand12 = first.hands[seat] | first.prikup
            discard_for = {t: quick_discard(hand12, t) for t in range(4)}
            means = self._contract_means(view, group, levels, discard_for)
            for lv in levels:
                # The contract is chosen after seeing the prikup: the best one the bid allows.
                allowed = [GRKHA] if lv == GRKHA else [x for x in levels if lv <= x < GRKHA]
                group_values[lv] += gw * max(sv, max(means[x] for x in allowed))
            holder_frac += gw * (marker_holder(first.dealt) == seat)
            total_w += gw
        values = {lv: v / total_w for lv, v in group_values.items()}
        holder_frac /= total_w
        pass_value = 0.0
        n_passes = sum(1 for _, a in view.history if a == "pass")
        if view.bid == 0 and n_passes == 2 and levels and levels[0] == 1:
            # Passing ends in an all-pass: the marker holder declares, any contract but PG.
            pass_value = holder_frac * values[1]
        out = [Choice(PASS, pass_value, f"expected {pass_value:+.2f}")]
        for lv in raise_to:
            v = values[lv] - self.margin
            out.append(Choice(BID_BASE + lv, v, f"expected {values[lv]:+.2f} as declarer"))
        return out

    def bid_groups(self, view: SeatView) -> list[list[tuple[World, float]]]:
        """Weighted bidding-phase worlds, grouped so that a group shares one prikup."""
        sampler = WorldSampler(view)
        groups = max(2, self.bid_worlds // 4)
        per = max(1, self.bid_worlds // groups)
        out = []
        for _ in range(groups):
            first = sampler.sample(self.rng)
            out.append([(w, 1.0) for w in (first, *self._same_prikup(sampler, first, per - 1))])
        return out

    def _same_prikup(self, sampler: WorldSampler, world: World, n: int) -> list[World]:
        """More bidding-phase worlds with the same prikup (others' hands reshuffled)."""
        seat = sampler.view.seat
        rest = [c for c in iter_bits(sampler.unknown & ~world.prikup)]
        out: list[World] = []
        tries = 0
        while len(out) < n and tries < 50 * (n + 1):
            tries += 1
            self.rng.shuffle(rest)
            hands = [0, 0, 0]
            hands[seat] = world.hands[seat]
            others = [s for s in range(3) if s != seat]
            for c in rest[:10]:
                hands[others[0]] |= 1 << c
            for c in rest[10:]:
                hands[others[1]] |= 1 << c
            cand = World(
                (hands[0], hands[1], hands[2]), (hands[0], hands[1], hands[2]), world.prikup, 0
            )
            if sampler._acceptable(cand, self.rng):
                out.append(cand)
        return out


def _pimc_factory(seed: int | None = None, **options: object) -> Bot:
    return PimcBot(seed=seed, **options)  # type: ignore[arg-type]
