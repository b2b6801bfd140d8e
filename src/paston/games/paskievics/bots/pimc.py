"""The Paskievics ``pimc`` bot: Perfect-Information Monte Carlo for card play.

At each card decision the bot samples worlds consistent with its seat's view
(:mod:`.worlds`: the partner's identity is part of what is sampled), and values every legal
card in every world by the card points its side takes from then on:

* from ``exact_cards`` cards in hand down (default 7: valuing every legal card of a world
  then takes a median of about 5 ms of CPU, tens of ms at worst), with the exact solver
  (:mod:`paston.games.paskievics.solver`, double-dummy on card points);
* earlier (every card of a world at 8 or 9 cards a hand: 20 ms to 0.6 s), the candidate
  card is followed by a quick greedy play-out (:func:`_greedy_card`) until every hand has
  ``rollout_cards`` cards left, and the ending is solved exactly.

The card with the best mean over the worlds is played; ties go to the heuristic's order.
Worlds are drawn until ``time_budget`` CPU seconds of the deciding thread have passed
(:func:`time.thread_time`; at least ``min_worlds``, at most ``worlds``).

Bids, holds, the raise, discards, the call and the announcements and kontras are searched
too (:mod:`.calls`): each of the heuristic's best few calls is valued by rollouts of the whole
deal over sampled worlds, ``call_budget`` CPU seconds a decision, at most ``call_worlds``
worlds. ``calls=heuristic`` or ``cards=heuristic`` leave that part to the heuristic bot (to
measure what each search brings).
"""

from __future__ import annotations

import random
import time

from ....bots.base import Bot, Choice
from .. import actions as A
from ..cards import CARD_POINTS, PAGAT, is_tarokk
from ..solver import PlayPosition, Solver
from ..solver import core as solver_core
from ..solver.api import PositionError, start_warm_up
from ..view import PaskievicsView
from .calls import CALL_PHASES, CallSearch
from .heuristic import HeuristicBot
from .worlds import SeatKnowledge, World, WorldError

__all__ = ["PimcBot"]


class PimcBot(Bot[PaskievicsView]):
    """PIMC card play over sampled worlds; the heuristic bot's choices elsewhere."""

    name = "pimc"

    def __init__(
        self,
        seed: int | None = None,
        worlds: int = 48,
        min_worlds: int = 6,
        time_budget: float = 0.6,
        exact_cards: int = 7,
        rollout_cards: int = 5,
        call_budget: float = 0.8,
        call_worlds: int = 64,
        calls: str = "search",
        cards: str = "search",
    ) -> None:
        if not 1 <= min_worlds <= worlds:
            raise ValueError(f"need 1 <= min_worlds <= worlds, not {min_worlds} and {worlds}")
        if not 1 <= rollout_cards <= exact_cards <= 9:
            raise ValueError("need 1 <= rollout_cards <= exact_cards <= 9")
        if calls not in ("search", "heuristic") or cards not in ("search", "heuristic"):
            raise ValueError("calls and cards are 'search' or 'heuristic'")
        if call_budget <= 0 or call_worlds < 1:
            raise ValueError("need call_budget > 0 and call_worlds >= 1")
        self.rng = random.Random(seed)
        self.calls = (
            CallSearch(random.Random(self.rng.randrange(2**32)), call_budget, call_worlds)
            if calls == "search"
            else None
        )
        self.cards = cards
        self.worlds = worlds
        self.min_worlds = min_worlds
        self.time_budget = time_budget
        self.exact_cards = exact_cards
        self.rollout_cards = rollout_cards
        self.heuristic = HeuristicBot()
        self.solver = Solver()
        if cards == "search":
            start_warm_up()  # the solver compiles once per process: start it now

    def act(self, view: PaskievicsView) -> int:
        if not view.legal:
            raise ValueError("the pimc bot was asked to act, but it has no legal action")
        if len(view.legal) == 1:
            return view.legal[0]
        return self.explain(view)[0].action

    def explain(self, view: PaskievicsView) -> list[Choice]:
        phase = view.data["phase"]
        if len(view.legal) == 1:
            return self.heuristic.explain(view)
        if phase in CALL_PHASES:
            return self.calls.explain(view) if self.calls else self.heuristic.explain(view)
        if self.cards != "search":
            return self.heuristic.explain(view)
        return self._explain_play(view)

    def _explain_play(self, view: PaskievicsView) -> list[Choice]:
        know = SeatKnowledge(view.data)
        order = self.heuristic.explain(view)  # the tie-break
        cards = [c.action - A.PLAY for c in order]
        totals = dict.fromkeys(cards, 0.0)
        start = time.thread_time()
        n = 0
        tries = 0
        while (
            n < self.worlds
            and tries < 2 * self.worlds
            and (n < self.min_worlds or time.thread_time() - start < self.time_budget)
        ):
            tries += 1
            try:
                world = know.sample(self.rng)
                values = self._values(know, world, cards)
            except (WorldError, PositionError):
                continue  # a world the view does not quite fit: draw another
            for card, value in values.items():
                totals[card] += value
            n += 1
        if n == 0:
            return order  # no world fitted: the heuristic's ranking
        choices = [
            Choice(A.PLAY + c, totals[c] / n, f"{A.action_str(A.PLAY + c)}: "
                   f"{totals[c] / n:.1f} card points to come for my side ({n} worlds)")
            for c in cards
        ]  # fmt: skip
        choices.sort(key=lambda c: -c.value)  # stable: equal means keep the heuristic's order
        return choices

    def _values(self, know: SeatKnowledge, world: World, cards: list[int]) -> dict[int, float]:
        """My side's card points to come (current trick included) after each candidate."""
        order = know.order
        mine = _side_places(know, world)
        hold = _holdback_places(know, world)
        hands = [sum(1 << c for c in world.hands[s]) for s in order]
        leader = order.index(know.trick_leader)
        pos = PlayPosition(
            (hands[0], hands[1], hands[2], hands[3]), leader, mine, tuple(know.trick), hold
        )
        if len(world.hands[know.seat]) <= self.exact_cards:
            values = self.solver.card_values(pos)
            return {c: float(values[c]) for c in cards}
        out: dict[int, float] = {}
        guess: int | None = None  # the last card's ending: a close guess for the next one's
        for c in cards:
            value, guess = self._rollout(pos, c, guess)
            out[c] = float(value)
        return out

    def _rollout(self, pos: PlayPosition, card: int, guess: int | None) -> tuple[int, int]:
        """Points for side D of ``pos`` when ``card`` is played, the play goes on greedily
        down to ``rollout_cards`` cards a hand and the ending is solved exactly (``guess``
        at its value speeds the solver up); also the ending's value."""
        hands = list(pos.hands)
        trick = list(pos.trick)
        leader = pos.leader
        got = 0
        place = pos.to_move
        hands[place] &= ~(1 << card)
        trick.append(card)
        while True:
            if len(trick) == 4:
                win = 0
                for i in range(1, 4):
                    if solver_core.beats(trick[i], trick[win]):
                        win = i
                leader = (leader + win) % 4
                if leader in pos.side_d:
                    got += sum(CARD_POINTS[c] for c in trick)
                trick = []
                if hands[leader].bit_count() <= self.rollout_cards:
                    break
            place = (leader + len(trick)) % 4
            c = _greedy_card(hands, trick, leader, place, pos)
            hands[place] &= ~(1 << c)
            trick.append(c)
        end = PlayPosition((hands[0], hands[1], hands[2], hands[3]), leader, pos.side_d,
                           (), pos.holdback)  # fmt: skip
        tail = self.solver.solve(end, guess)
        return got + tail, tail


def _side_places(know: SeatKnowledge, world: World) -> frozenset[int]:
    """The places (indices in playing order) of my side in this world."""
    mine = know.seat in world.declarer_side
    return frozenset(i for i, s in enumerate(know.order) if (s in world.declarer_side) == mine)


def _holdback_places(know: SeatKnowledge, world: World) -> frozenset[int]:
    """The place that must keep the Pagát back: its holder in this world, if his side
    announced ultimó (only the holder: a Pagát already played is never judged again)."""
    out = set()
    for i, s in enumerate(know.order):
        side = "declarer" if s in world.declarer_side else "defenders"
        if side in know.ultimo_sides and PAGAT in world.hands[s]:
            out.add(i)
    return frozenset(out)


def _greedy_card(
    hands: list[int], trick: list[int], leader: int, place: int, pos: PlayPosition
) -> int:
    """A quick, reasonable card for the play-out: win what is worth winning cheaply, smear
    points on the own side's trick, otherwise give as little as possible."""
    lead = trick[0] if trick else -1
    hold = 1 if place in pos.holdback else 0
    legal = int(solver_core.legal_mask(hands[place], lead, hold))
    options = [c for c in range(42) if legal >> c & 1]
    friend = place in pos.side_d
    if not trick:
        # The highest tarokk out draws trumps; else a low card of the shortest plain suit.
        alive = hands[0] | hands[1] | hands[2] | hands[3]
        top = alive & solver_core.TAROKKS & -alive
        if top and legal & top:
            return top.bit_length() - 1
        plain = [c for c in options if not is_tarokk(c)]
        if plain:
            return max(plain, key=lambda c: (-_suit_length(hands[place], c), c))
        return max(options)
    win = 0
    for i in range(1, len(trick)):
        if solver_core.beats(trick[i], trick[win]):
            win = i
    winner_place = (leader + win) % 4
    ours = (winner_place in pos.side_d) == friend
    last = len(trick) == 3
    if ours and (last or (is_tarokk(trick[win]) and trick[win] < 4)):
        return max(options, key=lambda c: (CARD_POINTS[c] - 3 * (c < 2), -c))
    beating = [c for c in options if solver_core.beats(c, trick[win])]
    if beating and not ours:
        if last:
            return max(beating, key=lambda c: (CARD_POINTS[c], c))
        return max(beating, key=lambda c: c)  # the lowest card that beats it
    return min(options, key=lambda c: (CARD_POINTS[c], -c))


def _suit_length(hand: int, card: int) -> int:
    return (hand & int(solver_core.suit_mask(card))).bit_count()
