"""``search``: ``wpimc`` that models how the other seats answer, and values each phase as a
person at the table would.

``pimc``/``wpimc`` value the auction, the exchange and the declaration as if both defenders
always whisted, score a pass in the auction as 0 and care only about their own score. This
bot keeps their weighted worlds and their card play and changes what a world is worth:

* **The others' answers.** In each sampled world the defenders decide whist or pass as the
  ``heuristic`` bot would with their cards there (the second defender knowing what the first
  said), so a contract the defence will not whist is worth the declarer's full score, and a
  thin contract the defence will whist is valued by the double-dummy play against the
  defenders who actually play.
* **The auction by rollout.** Each candidate (pass or a raise) is played forward in every
  world: the others bid, exchange, declare and defend as the ``heuristic`` would with their
  cards there; when this seat is asked again it raises while its own declarer value at that
  level beats what passing was worth. A deal that ends with this seat declaring is valued by
  the best contract it could choose after seeing the prikup (the contract values of the
  prikup group, as ``pimc``); one that ends with another declarer is solved double-dummy with
  the contract and whists that declarer and the defence chose. So a pass is worth what the
  others will make of the deal, not 0, and being outbid is part of a raise's value.
* **Its own score in the contract decisions.** The auction, the exchange, the declaration
  and the surrender are valued by this seat's own score change (``bid_rival=0``), as the
  spec's scores give it: it bids to what the deal is worth to itself and surrenders only
  where surrender's flat −10 beats its best contract. It never outbids another bidder into
  a contract it would more likely than not surrender (``surrender_share``): weighting the
  others' scores there (the duplicate "advantage", ``bid_rival=1``, the objective of earlier
  versions) made it spoil -- climb over a contract another seat would make and then
  surrender, which nearly half of its won auctions ended in.
* **The game to 121.** In a game (the view's ``match``: the running totals before this
  deal) where some seat -- a rival or this one -- is within ``game_near`` points (50) of the
  target, every phase values a deal by this seat's chance of winning the game after it
  (:mod:`.game_value`, in points equivalent) instead of the scores above, and the surrender
  guard is off: stopping a rival's contract that would take it to 121 with a −10 surrender
  (a spoiling raise) is worth it there, and a seat near the target prefers the sure
  contract. Far from the target, and in a deal played alone (an arena's), nothing changes.
* **The defence plays for the table.** Whist and card play value a deal as
  ``own score - rival * mean(the others' scores)`` (``rival=1``): a defender helps to beat the
  declarer, as defenders do (``standings_play=false``: card play for its own score only).

Card play is flat PIMC over ``wpimc``'s weighted worlds; the worlds are solved eight at a time
until they or the CPU budget run out. With ``infer`` (off by default: it showed no gain,
docs/arena.md) the worlds of the card play are also weighted by how likely the others'
earlier cards were in them (:mod:`.play_evidence`: a soft heuristic card policy, ``infer``
its softness), from ``play_oversample`` candidates per kept world.
With ``bid_infer`` (off by default, docs/arena.md) every phase's worlds are weighted by the
``heuristic`` bot's own bids, contract and whists in them (:mod:`.auction_evidence`:
``bid_infer`` its softness) instead of ``wpimc``'s soft model of them.

**CPU budgets.** ``budget`` is CPU seconds per decision of the thread that decides
(:func:`time.thread_time`), 2 by default: past it the card play decides on the worlds solved
so far and the exchange and the auction use fewer worlds or rollouts. A busy machine (other
processes, other threads) slows the wall clock, never the CPU clock, so it weakens no
decision; ``0`` = no limit.

**Common random numbers** (``decision_seeds=1``, off by default): each decision's random
stream is seeded from the bot's seed and the seat's view (:mod:`.decision_seeds`) instead of
running on from the bot's earlier decisions, so two variants with the same seed draw the same
worlds wherever they face the same situation: paired screens of variants measure the
variants, not the dice (docs/arena.md). Off, the bot is the one whose figures are stored.

Options: those of ``wpimc`` plus ``rival`` (weight of the opponents' scores in the defence,
0 to 2), ``bid_rival`` (the same in the auction, exchange and declaration, 0 to 2),
``surrender_share`` (0 to 1), ``game_near`` (points from the target, 0 to 1000; 0 = never
play for the game), ``standings_play``, ``budget``, ``infer`` and ``bid_infer`` (0 to 1;
0 = off), ``play_oversample`` (0 to 64; 0 = ``oversample``) and ``decision_seeds`` (0 or 1),
and ``play`` (``pimc``, the default, or ``ismcts``: the card play by information-set MCTS over
the same worlds, :mod:`.ismcts`) with ``ismcts_iterations`` (1 to 65536, 256) and
``ismcts_depth`` (cards from the decision the tree spans, 1 to 30, 6).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

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
    discard_action,
    is_bid,
    is_declare,
)
from ..cards import iter_bits
from ..rules import Rules
from ..scoring import deal_scores, surrender_scores
from ..solver import Position, legal_cards
from ..state import BIDDING, DECLARE, DEFENCE, EXCHANGE
from ..view import SeatView
from .auction_evidence import AuctionEvidence
from .decision_seeds import decision_rng
from .game_value import GameValue
from .heuristic import HeuristicBot
from .ismcts import ismcts_card_values
from .pimc import (
    TIE_BREAK,
    PlaySituation,
    _declarer_score,
    _discard_candidates,
    dd_card_values,
    defender_score,
    quick_discard,
    situation_from_view,
    split_defence,
)
from .play_evidence import PlayEvidence
from .worlds import World, replay_world
from .wpimc import WeightedPimcBot

__all__ = ["SearchBot", "cpu_clock", "standing_value"]

Scores = tuple[float, float, float]

#: The opponents' model: the heuristic bot as it plays by default.
_MODEL = HeuristicBot()


def cpu_clock() -> float:
    """CPU seconds of the calling thread: what a decision's budget is counted in (a busy
    machine or a busy sibling thread does not advance it)."""
    return time.thread_time()


def standing_value(scores: Sequence[float], seat: int, rival: float) -> float:
    """What a deal's scores are worth to ``seat``: its own minus ``rival`` x the others' mean."""
    others = sum(scores) - scores[seat]
    return scores[seat] - rival * others / 2.0


class SearchBot(WeightedPimcBot):
    """``wpimc`` with modelled answers, auction rollouts and a standings value (module doc)."""

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        rival: float = 1.0,
        budget: float = 2.0,
        standings_play: bool = True,
        bid_rival: float = 0.0,
        surrender_share: float = 0.5,
        game_near: float = 50.0,
        infer: float = 0.0,
        bid_infer: float = 0.0,
        play_oversample: int = 0,
        decision_seeds: int = 0,
        play: str = "pimc",
        ismcts_iterations: int = 256,
        ismcts_depth: int = 6,
        **options: int | float,
    ) -> None:
        super().__init__(seed=seed, **options)  # type: ignore[arg-type]
        for key, value, top in (("rival", rival, 2.0), ("bid_rival", bid_rival, 2.0),
                                ("surrender_share", surrender_share, 1.0),
                                ("game_near", game_near, 1000.0)):  # fmt: skip
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError(f"{key} must be a number from 0 to {top:g}, not {value!r}")
            if not 0.0 <= value <= top:
                raise ValueError(f"{key} must be a number from 0 to {top:g}, not {value!r}")
        if isinstance(infer, bool) or not isinstance(infer, (int, float)) or not 0 <= infer <= 1:
            raise ValueError(f"infer must be a number from 0 to 1 (0 = off), not {infer!r}")
        if (
            isinstance(bid_infer, bool)
            or not isinstance(bid_infer, (int, float))
            or not 0 <= bid_infer <= 1
        ):
            raise ValueError(f"bid_infer must be a number from 0 to 1 (0 = off), not {bid_infer!r}")
        if (
            isinstance(play_oversample, bool)
            or not isinstance(play_oversample, int)
            or not (0 <= play_oversample <= 64)
        ):
            raise ValueError(
                f"play_oversample must be a whole number from 0 to 64, not {play_oversample!r}"
            )
        if isinstance(decision_seeds, bool) or decision_seeds not in (0, 1):
            raise ValueError(f"decision_seeds must be 0 (off) or 1 (on), not {decision_seeds!r}")
        if play not in ("pimc", "ismcts"):
            raise ValueError(
                f"play must be 'pimc' (flat PIMC, the default) or 'ismcts' (information-set "
                f"MCTS), not {play!r}"
            )
        for key, count, top in (("ismcts_iterations", ismcts_iterations, 65536),
                                ("ismcts_depth", ismcts_depth, 30)):  # fmt: skip
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= top:
                raise ValueError(f"{key} must be a whole number from 1 to {top}, not {count!r}")
        #: The card play: flat PIMC or information-set MCTS (:mod:`.ismcts`).
        self.play = play
        self.ismcts_iterations = ismcts_iterations
        self.ismcts_depth = ismcts_depth
        #: Iterations the last ``ismcts`` card-play decision ran (shows the budget).
        self.last_iterations = 0
        #: Whether each decision's stream is seeded from the seed and the view (module doc).
        self.decision_seeds = bool(decision_seeds)
        #: The seed the decisions' streams are keyed by (an unseeded bot draws one).
        self.stream_base = seed if seed is not None else random.SystemRandom().getrandbits(64)
        #: The card-play evidence's softness (:mod:`.play_evidence`); 0 = card plays unused.
        self.infer = float(infer)
        #: The auction evidence's softness (:mod:`.auction_evidence`); 0 = ``wpimc``'s soft
        #: model of the others' bids, contract and whists.
        self.bid_infer = float(bid_infer)
        self._auction_evidence: AuctionEvidence | None = None
        #: Candidate worlds per kept world in card play (0 = ``oversample``).
        self.play_oversample = play_oversample
        if not isinstance(budget, (int, float)) or budget < 0:
            raise ValueError(f"budget must be a number of CPU seconds >= 0, not {budget!r}")
        self.rival = float(rival)
        self.bid_rival = float(bid_rival)
        self.surrender_share = float(surrender_share)
        self.game_near = float(game_near)
        #: The game's value of the decision being made, when it plays for the game (else None).
        self._game: GameValue | None = None
        #: The surrender guard of the decision being made (off when it plays for the game).
        self._guard = self.surrender_share
        #: The weight of the others' scores in the decision being made (per phase).
        self._rival_now = self.bid_rival
        #: Per level, the share of the prikups after which declaring it would end in surrender
        #: (set by each bidding decision, read by its rollouts).
        self._surrenders_at: dict[int, float] = {}
        self.budget = float(budget)
        self.standings_play = bool(standings_play)
        #: Total weight of the worlds the last card-play decision valued (shows the budget).
        self.last_worlds = 0.0
        self._memo: dict[tuple[object, ...], int] = {}
        self._whist_memo: dict[tuple[int, int, int, tuple[tuple[int, bool], ...]], bool] = {}
        self._deadline = 0.0
        self.rules_of_decision = Rules()

    # ------------------------------------------------------------------ time and solves

    def explain(self, view: SeatView) -> list[Choice]:
        if self._cache is not None and self._cache[0] is view:
            return self._cache[1]
        self._memo.clear()
        if self.decision_seeds:
            # Common random numbers: this decision's worlds depend on the view, not on how
            # many draws the bot's earlier decisions took.
            self.rng = decision_rng(self.stream_base, view)
        self.rules_of_decision = view.rules
        # The defence plays for the table; the contract decisions for this seat's own score.
        self._rival_now = self.rival if view.phase in ("play", "defence") else self.bid_rival
        self._game = self.game_value(view)
        self._guard = self.surrender_share if self._game is None else 1.0
        self._deadline = cpu_clock() + self.budget if self.budget else 0.0
        out = super().explain(view)
        if self._game is not None:
            # Say what the values are: points of win chance, not of score.
            note = f"; for the game, win chance now {100 * self._game.now:.0f} %"
            out = [Choice(c.action, c.value, c.reason + note) for c in out]
            self._cache = (view, out)
        return out

    def game_value(self, view: SeatView) -> GameValue | None:
        """The game's value when this decision plays for the game: in a game where some seat
        is within ``game_near`` points of the target; ``None`` otherwise (module doc)."""
        match = view.match
        if match is None or not self.game_near:
            return None
        if max(match.totals) < match.target - self.game_near:
            return None
        return GameValue(match, view.seat, view.rules.target_tie == "draw")

    def _late(self, share: float = 0.5) -> bool:
        """Whether less than ``share`` of the decision's CPU budget is left."""
        if not self._deadline:
            return False
        return self._deadline - cpu_clock() < share * self.budget

    def _solve(
        self, hands: tuple[int, int, int], trump: int, side: int, decl: int, active: tuple[int, ...]
    ) -> int:
        """Tricks of ``side`` from the first lead (``decl`` leads), memoised per decision."""
        key = (hands, trump, side, decl, active)
        hit = self._memo.get(key)
        if hit is None:
            mo = self.rules_of_decision.must_overtrump
            hit = self.solver.solve(Position(hands, trump, side, active, decl, (), mo))
            self._memo[key] = hit
        return hit

    def play_scores(
        self,
        hands: tuple[int, int, int],
        decl: int,
        contract: int,
        whisters: tuple[int, ...],
        exact_for: int | None = None,
    ) -> Scores:
        """Every seat's double-dummy score of playing ``contract`` with these whisters.

        Two whisters share the defence's tricks evenly, except ``exact_for``, whose own share
        comes from the paranoid bounds (two more solves, as ``pimc`` does for itself)."""
        rules = self.rules_of_decision
        if not whisters:
            s = deal_scores(rules, decl, contract, (), (0, 0, 0))
            return float(s[0]), float(s[1]), float(s[2])
        trump = TRUMP_OF[contract]
        two = len(whisters) == 1 and rules.lone_whist_mode == "two_handed"
        active: tuple[int, ...] = tuple(sorted((decl, whisters[0]))) if two else (0, 1, 2)
        if two:
            hands = (
                hands[0] if 0 in active else 0,
                hands[1] if 1 in active else 0,
                hands[2] if 2 in active else 0,
            )
        t = self._solve(hands, trump, decl, decl, active)
        mult = MULTIPLIER[contract] if rules.multiply_defender_scores else 1
        out = [0.0, 0.0, 0.0]
        out[decl] = float(_declarer_score(rules, contract, t))
        if len(whisters) == 1:
            out[whisters[0]] = defender_score(10 - t, True, mult)
            return out[0], out[1], out[2]
        d1, d2 = whisters
        if exact_for in whisters:
            other = d2 if exact_for == d1 else d1
            mine = self._solve(hands, trump, exact_for, decl, active)
            theirs = self._solve(hands, trump, other, decl, active)
            share = split_defence(mine, theirs, 10 - t)
            out[exact_for] = defender_score(share, False, mult)
            out[other] = defender_score(10 - t - share, False, mult)
        else:
            out[d1] = out[d2] = defender_score((10 - t) / 2.0, False, mult)
        return out[0], out[1], out[2]

    def defence_answers(
        self,
        view: SeatView,
        hands: tuple[int, int, int],
        declarer: int,
        contract: int,
        fixed: dict[int, bool] | None = None,
    ) -> tuple[int, ...]:
        """The whisters of ``contract`` in a world: each defender answers as the heuristic
        would with its cards there, in order (the left-hand defender first, the other knowing
        that answer), except the seats whose answer ``fixed`` gives."""
        fixed = fixed or {}
        said: list[tuple[int, bool]] = []
        for seat in ((declarer + 1) % 3, (declarer + 2) % 3):
            whists = fixed.get(seat)
            if whists is None:
                whists = self._model_whists(view, seat, hands[seat], contract, tuple(said))
            said.append((seat, whists))
        return tuple(sorted(s for s, w in said if w))

    def _model_whists(
        self,
        view: SeatView,
        seat: int,
        hand: int,
        contract: int,
        earlier: tuple[tuple[int, bool], ...],
    ) -> bool:
        key = (seat, hand, contract, earlier)
        hit = self._whist_memo.get(key)
        if hit is None:
            # A hypothetical view of another seat holding a *sampled* hand, built here from
            # this seat's own view: it carries nothing this seat does not know.
            question = replace(
                view,
                seat=seat,
                hand=tuple(iter_bits(hand)),
                contract=contract,
                defence=earlier,
                phase="defence",
                legal=(WHIST, PASS),
            )
            hit = _MODEL.act(question) == WHIST
            if len(self._whist_memo) > 1 << 16:
                self._whist_memo.clear()
            self._whist_memo[key] = hit
        return hit

    def _value(self, scores: Sequence[float], seat: int) -> float:
        if self._game is not None and seat == self._game.seat:
            return self._game.value(scores)
        return standing_value(scores, seat, self._rival_now)

    def _surrender_value(self, view: SeatView, bid: int) -> float:
        s = surrender_scores(view.rules, view.seat, bid)
        return self._value([float(x) for x in s], view.seat)

    def declarer_value(self, view: SeatView, hands: tuple[int, int, int], level: int) -> float:
        """This seat declaring ``level`` with ``hands`` (its kept ten), defenders as modelled."""
        seat = view.seat
        whisters = self.defence_answers(view, hands, seat, level)
        return self._value(self.play_scores(hands, seat, level, whisters), seat)

    # ------------------------------------------------------------------ worlds

    def decision_weight(self, view: SeatView, world: World) -> float:
        """``wpimc``'s soft model of the others' bids, contract and whists, or with
        ``bid_infer`` the ``heuristic`` bot's own choices (:mod:`.auction_evidence`)."""
        if not self.bid_infer:
            return super().decision_weight(view, world)
        evidence = self._auction_evidence
        if evidence is None or evidence.view is not view:  # one memo per decision's view
            evidence = self._auction_evidence = AuctionEvidence(view, self.bid_infer)
        return evidence.likelihood(world)

    def likelihoods(self, view: SeatView, worlds: list[World]) -> list[float]:
        """``wpimc``'s likelihoods, times that of the others' earlier cards in the card play
        when ``infer`` is on (:mod:`.play_evidence`)."""
        base = super().likelihoods(view, worlds)
        if not self.infer or view.phase != "play" or not (view.tricks or view.trick):
            return base
        evidence = PlayEvidence(view, self.infer)
        return [b * evidence.likelihood(w) if b else 0.0 for b, w in zip(base, worlds, strict=True)]

    def sample(self, view: SeatView, n: int) -> list[tuple[World, float]]:
        if view.phase != "play" or not self.play_oversample:
            return super().sample(view, n)
        kept = self.oversample
        self.oversample = self.play_oversample
        try:
            return super().sample(view, n)
        finally:
            self.oversample = kept

    # ------------------------------------------------------------------ card play

    def _explain_play(self, view: SeatView) -> list[Choice]:
        """Flat PIMC over the weighted worlds, solved a few worlds at a time until the worlds
        or the time budget run out; each world's outcome is valued for the standings."""
        sit = situation_from_view(view)
        worlds = self.sample(view, self.worlds)
        if self.play == "ismcts":
            return self._explain_play_ismcts(view, sit, worlds)
        value: dict[int, float] = {}
        tricks: dict[int, float] = {}
        total = 0.0
        chunk = 8
        for i in range(0, len(worlds), chunk):
            for world, wt in worlds[i : i + chunk]:
                for c, (v, t) in self._card_outcomes(sit, world.hands).items():
                    value[c] = value.get(c, 0.0) + wt * v
                    tricks[c] = tricks.get(c, 0.0) + wt * t
                total += wt
            if self._late(0.0):  # past the deadline: decide on the worlds valued so far
                break
        self.last_worlds = total
        mult = MULTIPLIER[sit.contract]
        out = []
        for c in view.legal:
            v = value.get(c, -1e9 * total) / total
            t = tricks.get(c, 0.0) / total
            out.append(
                Choice(c, v + TIE_BREAK * mult * t, f"expected {v:+.2f}, own tricks {t:.2f}")
            )
        return out

    def _explain_play_ismcts(
        self, view: SeatView, sit: PlaySituation, worlds: list[tuple[World, float]]
    ) -> list[Choice]:
        """Information-set MCTS over the same weighted worlds (:mod:`.ismcts`)."""
        found, self.last_iterations = ismcts_card_values(
            self.solver,
            sit,
            [(w.hands, wt) for w, wt in worlds],
            self.rng,
            lambda decl_tricks, own: self.outcome_value(sit, decl_tricks, own),
            self.ismcts_iterations,
            self.ismcts_depth,
            lambda: self._late(0.0),
        )
        self.last_worlds = sum(wt for _, wt in worlds)
        mult = MULTIPLIER[sit.contract]
        out = []
        for c in view.legal:
            r = found[c]
            value = r.value + TIE_BREAK * mult * r.own_tricks
            reason = f"expected {r.value:+.2f}, own tricks {r.own_tricks:.2f} ({r.visits} visits)"
            out.append(Choice(c, value, reason))
        return out

    def _card_outcomes(
        self, sit: PlaySituation, hands: tuple[int, int, int]
    ) -> dict[int, tuple[float, float]]:
        """Per legal card in one world: its value to ``sit.seat`` and the seat's own tricks.

        The declarer's tricks come from the team solve; two defenders share the defence's as
        ``pimc`` has it (paranoid bounds for the deciding defender, the rest to the other)."""
        rules = sit.rules
        trump = TRUMP_OF[sit.contract]
        decl, seat = sit.declarer, sit.seat
        mo = rules.must_overtrump
        pos = Position(hands, trump, decl, sit.active, sit.leader, sit.trick, mo)
        legal = legal_cards(pos)
        cv = dd_card_values(self.solver, pos, legal, sit.gone)
        remaining = 10 - sit.tricks_done
        won = sit.tricks_won
        lone = len(sit.whisters) == 1
        out: dict[int, tuple[float, float]] = {}
        if seat != decl and not lone:
            other = 3 - decl - seat
            mine = dd_card_values(
                self.solver, Position(hands, trump, seat, sit.active, sit.leader, sit.trick, mo),
                legal, sit.gone,
            )  # fmt: skip
            theirs = self.solver.solve(
                Position(hands, trump, other, sit.active, sit.leader, sit.trick, mo)
            )
        for c, t in cv.items():
            decl_tricks = won[decl] + t
            own: float
            if lone or seat == decl:
                own = decl_tricks if seat == decl else 10 - decl_tricks
            else:
                own = won[seat] + split_defence(mine[c], theirs, remaining - t)
            out[c] = (self.outcome_value(sit, decl_tricks, own), own)
        return out

    def outcome_value(self, sit: PlaySituation, decl_tricks: int, own: float) -> float:
        """What the deal ending with the declarer's ``decl_tricks`` is worth to ``sit.seat``,
        a defender of two owning ``own`` of the defence's tricks (the other the rest)."""
        rules = sit.rules
        decl, seat = sit.declarer, sit.seat
        mult = MULTIPLIER[sit.contract] if rules.multiply_defender_scores else 1
        whisters = sit.whisters
        scores = [0.0, 0.0, 0.0]
        scores[decl] = float(_declarer_score(rules, sit.contract, decl_tricks))
        defence = 10 - decl_tricks
        if len(whisters) == 1:
            scores[whisters[0]] = defender_score(defence, True, mult)
        elif seat == decl:
            for w in whisters:
                scores[w] = defender_score(defence / 2.0, False, mult)
        else:
            scores[seat] = defender_score(own, False, mult)
            scores[3 - decl - seat] = defender_score(defence - own, False, mult)
        if self.standings_play or self._game is not None:
            return self._value(scores, seat)
        return scores[seat]

    # ------------------------------------------------------------------ declare / exchange

    def _contract_means(
        self,
        view: SeatView,
        worlds: list[tuple[World, float]],
        levels: Sequence[int],
        discard_for: dict[int, int] | None = None,
    ) -> dict[int, float]:
        self.rules_of_decision = view.rules
        seat = view.seat
        sums = dict.fromkeys(levels, 0.0)
        total = 0.0
        for world, wt in worlds:
            total += wt
            for level in levels:
                hands = list(world.hands)
                if discard_for is not None:
                    trump = TRUMP_OF[level]
                    hands[seat] = (hands[seat] | world.prikup) & ~discard_for[trump]
                h = (hands[0], hands[1], hands[2])
                sums[level] += wt * self.declarer_value(view, h, level)
        return {lv: s / total for lv, s in sums.items()} if total else sums

    def _explain_declare(self, view: SeatView) -> list[Choice]:
        worlds = self.sample(view, self.declare_worlds)
        levels = [a - DECLARE_BASE for a in view.legal if is_declare(a)]
        means = self._contract_means(view, worlds, levels)
        out = [
            Choice(DECLARE_BASE + lv, m, f"expected {m:+.2f} against the modelled defence")
            for lv, m in means.items()
        ]
        if SURRENDER in view.legal:
            sv = self._surrender_value(view, view.bid)
            out.append(Choice(SURRENDER, sv, f"surrender ({sv:+.2f})"))
        return out

    def _explain_exchange(self, view: SeatView) -> list[Choice]:
        self.rules_of_decision = view.rules
        hand = sum(1 << c for c in view.hand)
        levels = self._allowed_levels(view)
        trumps = sorted({TRUMP_OF[lv] for lv in levels})
        cands = _discard_candidates(hand, trumps)
        n = self.exchange_worlds
        worlds = self.sample(view, n)
        sv = self._surrender_value(view, view.bid)
        seat = view.seat
        out: list[Choice] = []
        for mask, built_for in cands:
            best, best_lv = sv, 0
            for level in levels:
                if TRUMP_OF[level] not in built_for:
                    continue
                acc = total = 0.0
                for world, wt in worlds:
                    hands = list(world.hands)
                    hands[seat] = hand & ~mask
                    acc += wt * self.declarer_value(view, (hands[0], hands[1], hands[2]), level)
                    total += wt
                m = acc / total
                if m > best:
                    best, best_lv = m, level
            a, b = list(iter_bits(mask))
            then = f"then declare level {best_lv}" if best_lv else "then surrender"
            out.append(Choice(discard_action(a, b), best, f"expected {best:+.2f}, {then}"))
            if self._late(0.2) and len(worlds) > 4:
                worlds = worlds[: max(4, len(worlds) // 2)]
        floor = min(c.value for c in out) - 1.0
        rated = {c.action for c in out}
        out.extend(Choice(a, floor, "not on the shortlist") for a in view.legal if a not in rated)
        return out

    # ------------------------------------------------------------------ whist

    def _explain_whist(self, view: SeatView) -> list[Choice]:
        assert view.declarer is not None
        self.rules_of_decision = view.rules
        seat = view.seat
        decl = view.declarer
        decided = dict(view.defence)
        worlds = self.sample(view, self.whist_worlds)
        sums = {WHIST: 0.0, PASS: 0.0}
        total = 0.0
        for world, wt in worlds:
            total += wt
            for action in (WHIST, PASS):
                fixed = {**decided, seat: action == WHIST}
                whisters = self.defence_answers(view, world.hands, decl, view.contract, fixed)
                scores = self.play_scores(world.hands, decl, view.contract, whisters, seat)
                sums[action] += wt * self._value(scores, seat)
        w, p = sums[WHIST] / total, sums[PASS] / total
        return [
            Choice(WHIST, w, f"expected {w:+.2f} whisting (modelled partner)"),
            Choice(PASS, p, f"expected {p:+.2f} passing"),
        ]

    # ------------------------------------------------------------------ bidding

    def _explain_bidding(self, view: SeatView) -> list[Choice]:
        self.rules_of_decision = view.rules
        seat = view.seat
        raise_to = [a - BID_BASE for a in view.legal if is_bid(a)]
        if not raise_to:
            return [Choice(a, 0.0) for a in view.legal]
        lowest = min(raise_to)
        levels = [*range(lowest, 5), *([GRKHA] if GRKHA in raise_to else [])]
        sv = self._surrender_value(view, 1)
        groups = self.bid_groups(view)
        # Per prikup group: this seat's value declaring each level (best discard per trump).
        group_means: list[dict[int, float]] = []
        for group in groups:
            first = group[0][0]
            hand12 = first.hands[seat] | first.prikup
            discard_for = {t: quick_discard(hand12, t) for t in range(4)}
            group_means.append(self._contract_means(view, group, levels, discard_for))

        def best_contract(g: int, bid: int, all_pass: bool) -> float:
            """Group ``g``'s best contract value that the final bid allows (no surrender)."""
            means = group_means[g]
            if all_pass:
                top = 1 if view.rules.all_pass_contracts == "paston_only" else 4
                allowed = [x for x in range(1, top + 1) if x in means]
            elif bid == GRKHA:
                allowed = [GRKHA]
            else:
                allowed = [x for x in means if bid <= x < GRKHA]
            return max((means[x] for x in allowed), default=sv)

        def best_as_declarer(g: int, bid: int, all_pass: bool) -> float:
            best = best_contract(g, bid, all_pass)
            return best if all_pass else max(sv, best)

        gws = [g[0][1] for g in groups]
        gtotal = sum(gws)
        declare_at = {
            lv: sum(gw * best_as_declarer(g, lv, False) for g, gw in enumerate(gws)) / gtotal
            for lv in levels
        }
        # The share of the prikups after which declaring at a level would end in surrender.
        surrenders_at = {
            lv: sum(gw for g, gw in enumerate(gws) if best_contract(g, lv, False) < sv) / gtotal
            for lv in levels
        }
        self._surrenders_at = surrenders_at
        pass_value = self._rollouts(view, groups, PASS, best_as_declarer, declare_at, None)
        out = [Choice(PASS, pass_value, f"expected {pass_value:+.2f} after the others' bidding")]
        for lv in raise_to:
            if view.bid and surrenders_at[lv] > self._guard:
                # Outbidding another bidder into a contract it would then surrender: never.
                v = min(pass_value, declare_at[lv]) - 1.0 - self.margin
                share = 100 * surrenders_at[lv]
                out.append(Choice(BID_BASE + lv, v, f"would surrender after {share:.0f} % of "
                                  "the prikups: not outbidding into that"))  # fmt: skip
                continue
            if self._late(0.3):
                v = declare_at[lv] - self.margin
                out.append(Choice(BID_BASE + lv, v, f"expected {v:+.2f} as declarer (no time)"))
                continue
            v = self._rollouts(view, groups, BID_BASE + lv, best_as_declarer, declare_at,
                               pass_value) - self.margin  # fmt: skip
            out.append(Choice(BID_BASE + lv, v, f"expected {v:+.2f} with the others' answers"))
        return out

    def _rollouts(
        self,
        view: SeatView,
        groups: list[list[tuple[World, float]]],
        action: int,
        best_as_declarer: Callable[[int, int, bool], float],
        declare_at: dict[int, float],
        pass_value: float | None,
    ) -> float:
        """Mean value of ``action`` over the worlds, the deal played on as modelled."""
        acc = total = 0.0
        for g, group in enumerate(groups):
            for world, wt in group:
                value = self._rollout(view, world, action, declare_at, pass_value)
                if value is None:  # this seat declares: the group's contract values
                    deal_bid, all_pass = self._last_auction
                    value = best_as_declarer(g, deal_bid, all_pass)
                acc += wt * value
                total += wt
        return acc / total if total else 0.0

    _last_auction: tuple[int, bool] = (0, False)

    def _rollout(
        self,
        view: SeatView,
        world: World,
        action: int,
        declare_at: dict[int, float],
        pass_value: float | None,
    ) -> float | None:
        """Play ``world`` on from this decision; ``None`` when this seat ends up declaring
        (the final bid is left in ``_last_auction``)."""
        seat = view.seat
        deal = replay_world(view, world)
        deal.apply(action)
        while deal.phase_id == BIDDING:
            s = deal.seat_to_act
            if s == seat:
                # Asked again (outbid): raise while declaring beats what passing was worth.
                nxt = [a for a in deal.legal_actions() if a != PASS]
                lv = min(a - BID_BASE for a in nxt) if nxt else 0
                keep = pass_value if pass_value is not None else self._value((0, 0, 0), seat)
                go = bool(nxt) and declare_at.get(lv, -1e9) > keep
                # Nor does it outbid into a likely surrender later in the auction.
                go = go and self._surrenders_at.get(lv, 1.0) <= self._guard
                deal.apply(BID_BASE + lv if go else PASS)
            else:
                deal.apply(_MODEL.act(deal.view(s)))
        if deal.is_over:  # a redeal after an all-pass nobody holds the marker for
            return self._value([float(x) for x in deal.scores or (0, 0, 0)], seat)
        if deal.declarer == seat:
            self._last_auction = (deal.bid, deal.all_pass)
            return None
        while deal.phase_id in (EXCHANGE, DECLARE, DEFENCE):
            deal.apply(_MODEL.act(deal.view(deal.seat_to_act)))
        if deal.scores is not None:
            return self._value([float(x) for x in deal.scores], seat)
        hands = (deal.hands[0], deal.hands[1], deal.hands[2])
        scores = self.play_scores(hands, deal.declarer, deal.contract, deal.whisters)
        return self._value(scores, seat)


def _search_factory(seed: int | None = None, **options: Any) -> Bot:
    return SearchBot(seed=seed, **options)
