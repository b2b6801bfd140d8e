"""Information-set Monte Carlo tree search for the expert's card play (``search:play=ismcts``).

Flat PIMC (the expert's default card play) solves every world double-dummy and averages the
cards' values: each world's solve assumes that every later decision will be taken knowing
that world, so it values a card by plans that need the hidden cards at the decisions to come
(*strategy fusion*) and never prefers a card because it keeps options open or gives nothing
away. Single-observer ISMCTS (Cowling, Powley & Whitehouse, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 2012) builds one tree over this seat's information set instead:

* Each iteration draws one *determinization* from the weighted worlds the PIMC card play
  would use (drawn by weight with the bot's random stream).
* It descends one tree whose nodes are the public card sequences since the decision: every
  seat's cards are tree moves, so at this seat's later decisions the tree keeps *one*
  statistic per card over all the worlds that reach it -- the choice cannot depend on the
  hidden cards. At another seat's node only the cards legal in this determinization are
  available; the UCB term counts, per card, how often it was available (SO-ISMCTS's
  availability counts), not how often its parent was visited.
* It expands one new node per iteration and evaluates it by a double-dummy solve of the
  determinized position, valued exactly as the PIMC card play values an outcome
  (:meth:`SearchBot.outcome_value`: the declarer's score, the two defenders' shares from the
  paranoid bounds, the standings or the game's value). The tree is depth-limited
  (``depth`` cards from the decision, e.g. the rest of this trick and the next): deeper
  decisions are left to the double-dummy leaves, where strategy fusion remains.
* **Who maximises what.** The play is two-sided, as the solver's team solve is: the
  declarer's side against the defence. A node's mover picks by the deciding seat's value
  when it is on the deciding seat's side (itself, its partner, or the hand it plays) and by
  minus that value otherwise (a paranoid, zero-sum model of the opponents). Values are
  scaled by the spread of the leaf values seen so far, so the exploration constant does not
  depend on the contract's multiplier.

Cards of the deciding hand that are equivalent at the decision (neighbours in a suit with
only this hand's cards or finished tricks' cards between them, as :func:`.pimc.dd_card_values`
groups them) share one root child. Each distinct card of the decision gets one iteration
before the CPU budget may stop the search, so a decision always values every card.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..actions import TRUMP_OF
from ..cards import iter_bits
from ..solver import Position, Solver, legal_cards
from .pimc import PlaySituation, _winner, split_defence

__all__ = ["RootCard", "ismcts_card_values", "root_groups"]

#: UCB1 exploration constant on values scaled to the leaves' spread.
EXPLORATION = 0.7

#: Value of an outcome to the deciding seat: (the declarer's tricks, the seat's own tricks).
OutcomeValue = Callable[[int, float], float]


@dataclass(slots=True)
class _Node:
    """Statistics of the card that leads to this node, and the node's children by card."""

    visits: int = 0
    avail: int = 0
    total: float = 0.0
    own: float = 0.0
    children: dict[int, _Node] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RootCard:
    """What the search found for one card of the decision."""

    value: float  # mean value to the deciding seat
    own_tricks: float  # mean tricks of the deciding seat at the end of the deal
    visits: int


def root_groups(hand: int, legal: int, gone: int) -> dict[int, int]:
    """Each legal card's representative: the lowest card of its run of equivalent cards (two
    neighbours of a suit are equivalent when every card between them is in ``hand`` or in
    ``gone``, as :func:`.pimc.dd_card_values` has it)."""
    own_or_gone = hand | gone
    out: dict[int, int] = {}
    prev = -1
    for c in sorted(iter_bits(legal)):
        if prev >= 0 and prev >> 3 == c >> 3:
            between = ((1 << c) - 1) & ~((2 << prev) - 1)
            if between & ~own_or_gone == 0:
                out[c] = out[prev]
                prev = c
                continue
        out[c] = c
        prev = c
    return out


class _Search:
    """One decision's tree, determinizations and memoised leaf solves."""

    def __init__(
        self,
        solver: Solver,
        sit: PlaySituation,
        value_of: OutcomeValue,
        depth: int,
    ) -> None:
        self.solver = solver
        self.sit = sit
        self.value_of = value_of
        self.depth = depth
        self.trump = TRUMP_OF[sit.contract]
        self.mo = sit.rules.must_overtrump
        self.active = sit.active
        decl = sit.declarer
        #: Whether the deciding seat is on the declarer's side (else the defence's).
        self.root_side = sit.seat == decl
        #: Two defenders, the deciding seat one of them: its share needs the paranoid bounds.
        self.split = sit.seat != decl and len(sit.whisters) != 1
        self.root = _Node()
        self._leaves: dict[tuple[tuple[int, int, int], int, tuple[int, ...]], tuple[int, ...]] = {}
        #: The least and the greatest leaf value seen (the UCB scale).
        self.lo = math.inf
        self.hi = -math.inf

    def _mover(self, leader: int, trick: tuple[int, ...]) -> int:
        active = self.active
        return active[(active.index(leader) + len(trick)) % len(active)]

    def _position(
        self, hands: list[int], side: int, leader: int, trick: tuple[int, ...]
    ) -> Position:
        return Position((hands[0], hands[1], hands[2]), self.trump, side, self.active, leader,
                        trick, self.mo)  # fmt: skip

    def iterate(
        self, hands0: tuple[int, int, int], groups: dict[int, int], rng: random.Random
    ) -> None:
        """One iteration on the determinization ``hands0``: select, expand, evaluate, back up."""
        sit = self.sit
        decl = sit.declarer
        hands = list(hands0)
        leader, trick = sit.leader, sit.trick
        won = list(sit.tricks_won)
        done = sit.tricks_done
        node = self.root
        path: list[_Node] = []
        n = len(self.active)
        for ply in range(self.depth):
            if done >= 10:
                break
            mover = self._mover(leader, trick)
            legal = legal_cards(self._position(hands, decl, leader, trick))
            if not legal:
                break
            cards = sorted(iter_bits(legal))
            if ply == 0:  # the decision's equivalent cards share one child
                cards = sorted({groups.get(c, c) for c in cards})
            fresh = [c for c in cards if c not in node.children]
            for c in cards:
                child = node.children.get(c)
                if child is not None:
                    child.avail += 1
            if fresh:
                card = fresh[rng.randrange(len(fresh))]
                child = _Node(avail=1)
                node.children[card] = child
            else:
                card = self._select(node, cards, (mover == decl) == self.root_side)
                child = node.children[card]
            path.append(child)
            node = child
            hands[mover] &= ~(1 << card)
            trick = (*trick, card)
            if len(trick) == n:
                seats = [leader]
                for _ in range(n - 1):
                    seats.append(self.active[(self.active.index(seats[-1]) + 1) % n])
                leader = _winner(trick, seats, self.trump)
                won[leader] += 1
                trick = ()
                done += 1
            if fresh:
                break
        value, own = self._evaluate(hands, leader, trick, won, done)
        for nd in path:
            nd.visits += 1
            nd.total += value
            nd.own += own

    def _select(self, node: _Node, cards: Sequence[int], ours: bool) -> int:
        """UCB1 over the available children, by the deciding seat's value or minus it."""
        spread = self.hi - self.lo
        scale = spread if spread > 1e-9 else 1.0
        best, best_score = cards[0], -math.inf
        for c in cards:
            child = node.children[c]
            mean = child.total / child.visits if child.visits else 0.0
            q = (mean if ours else -mean) / scale
            score = q + EXPLORATION * math.sqrt(
                math.log(max(child.avail, 1)) / max(child.visits, 1)
            )
            if score > best_score:
                best, best_score = c, score
        return best

    def _evaluate(
        self, hands: list[int], leader: int, trick: tuple[int, ...], won: list[int], done: int
    ) -> tuple[float, float]:
        """The double-dummy value of the determinized position and the seat's own tricks."""
        sit = self.sit
        decl, seat = sit.declarer, sit.seat
        left = 10 - done
        key = ((hands[0], hands[1], hands[2]), leader, trick)
        solved = self._leaves.get(key)
        if solved is None:
            if left <= 0:
                solved = (0, 0, 0)
            elif self.split:
                solved = (
                    self.solver.solve(self._position(hands, decl, leader, trick)),
                    self.solver.solve(self._position(hands, seat, leader, trick)),
                    self.solver.solve(self._position(hands, 3 - decl - seat, leader, trick)),
                )
            else:
                solved = (self.solver.solve(self._position(hands, decl, leader, trick)),)
            self._leaves[key] = solved
        decl_tricks = won[decl] + solved[0]
        own: float
        if self.split:
            own = won[seat] + (split_defence(solved[1], solved[2], left - solved[0]) if left else 0)
        else:
            own = decl_tricks if seat == decl else 10 - decl_tricks
        value = self.value_of(decl_tricks, own)
        self.lo = min(self.lo, value)
        self.hi = max(self.hi, value)
        return value, own


def ismcts_card_values(
    solver: Solver,
    sit: PlaySituation,
    worlds: Sequence[tuple[tuple[int, int, int], float]],
    rng: random.Random,
    value_of: OutcomeValue,
    iterations: int,
    depth: int,
    late: Callable[[], bool],
) -> tuple[dict[int, RootCard], int]:
    """Per legal card of the decision: the search's mean value, own tricks and visits; and
    the number of iterations run.

    ``worlds`` are the determinizations' hands (current hands, weight); ``late()`` says the
    CPU budget is spent (checked once every distinct card has had its iteration)."""
    search = _Search(solver, sit, value_of, depth)
    first = worlds[0][0]
    hand = first[sit.mover]
    legal = legal_cards(
        Position(first, search.trump, sit.declarer, sit.active, sit.leader, sit.trick, search.mo)
    )
    groups = root_groups(hand, legal, sit.gone)
    distinct = len(set(groups.values()))
    cum: list[float] = []
    acc = 0.0
    for _, wt in worlds:
        acc += max(wt, 0.0)
        cum.append(acc)
    uniform = acc <= 0.0  # no weights to go by: every world alike
    done = 0
    while done < iterations or len(search.root.children) < distinct:
        if len(search.root.children) >= distinct and late():
            break
        if uniform:
            i = rng.randrange(len(worlds))
        else:
            i = min(bisect_right(cum, rng.random() * acc), len(worlds) - 1)
        search.iterate(worlds[i][0], groups, rng)
        done += 1
    out: dict[int, RootCard] = {}
    for c, rep in groups.items():
        child = search.root.children[rep]
        v = max(child.visits, 1)
        out[c] = RootCard(child.total / v, child.own / v, child.visits)
    return out, done
