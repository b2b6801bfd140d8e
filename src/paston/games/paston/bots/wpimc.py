"""``wpimc``: ``pimc`` whose worlds are weighted by how well they explain the others' choices.

Plain PIMC treats every deal that fits the cards seen as equally likely. But a seat that
passed is probably weak, one that raised to gupa probably holds hearts, a defender who
whisted has defensive tricks, and the declarer chose the contract that suited its cards.
``wpimc`` samples ``oversample`` times more worlds than it will solve, gives each the
likelihood of the other seats' public decisions under a soft version of the ``heuristic``
bot's hand evaluation (see :mod:`paston.games.paston.bots.heuristic`), and keeps ``worlds`` of
them by
systematic resampling (duplicates are merged into weights, so no solve is wasted).

The policy model, for a world's hands (each factor is floored at ``eps`` and capped at
``1 - eps`` so that no single decision can rule a world out -- opponents are not the
heuristic):

* a **bid or pass** at level ``L``: ``P(raise) = sigmoid((best_value - pass_value) / tau)``
  where ``best_value`` is the heuristic's expected score of the best contract a raise
  allows (its trick estimate plus the prikup bonus) and ``pass_value`` its value of passing;
* a **whist or pass**: ``P(whist) = sigmoid(whist_value / tau)`` with the heuristic's
  expected defender score (quota 2 or 4 according to the other defender);
* the **declared contract**: a softmax over the contracts the declarer could declare of the
  heuristic's expected score with the hand it kept.

Card play is not used as evidence (it is already summarised by the voids the sampler
enforces).
"""

from __future__ import annotations

import math

from ....bots.base import Bot
from ..actions import CONTRACT_NAMES, GRKHA, MULTIPLIER, TRUMP_OF
from ..view import SeatView
from .heuristic import (
    NO_WHIST_CHANCE,
    PASS_VALUE,
    PRIKUP_BONUS,
    _expected_defence,
    contract_value,
    declarer_tricks,
    defender_tricks,
)
from .pimc import PimcBot
from .worlds import World, WorldSampler

__all__ = ["WeightedPimcBot", "decision_likelihood"]

_LEVEL = {name: level for level, name in enumerate(CONTRACT_NAMES) if name}


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def _clip(p: float, eps: float) -> float:
    return eps + (1.0 - 2.0 * eps) * p


def _best_bid_value(hand: int, level: int) -> float:
    levels = [GRKHA] if level == GRKHA else list(range(level, 5))
    best = max(
        contract_value(lv, declarer_tricks(hand, TRUMP_OF[lv]) + PRIKUP_BONUS, NO_WHIST_CHANCE)
        for lv in levels
    )
    return max(best, -10.0)


def decision_likelihood(view: SeatView, world: World, tau: float = 4.0, eps: float = 0.05) -> float:
    """How likely the other seats' bids, whists and contract were in ``world``."""
    me = view.seat
    like = 1.0
    bid = 0
    decl = view.declarer
    defence_seen: list[tuple[int, bool]] = []
    # Walk the history with an explicit phase, since "pass" means two different things.
    auction = True
    for seat, text in view.history:
        if auction:
            if text == "pass" or text in _LEVEL:
                if seat != me:
                    p_raise = _sigmoid(
                        (_best_bid_value(world.dealt[seat], bid + 1) - PASS_VALUE) / tau
                    )
                    p_raise = _clip(p_raise, eps)
                    like *= p_raise if text != "pass" else 1.0 - p_raise
                if text != "pass":
                    bid = _LEVEL[text]
                continue
            auction = False
        if text.startswith("declare ") and decl is not None and decl != me:
            like *= _contract_likelihood(view, world, decl, _LEVEL[text.split()[1]], tau, eps)
        elif text in ("whist", "pass") and decl is not None:
            if seat != me:
                like *= _whist_likelihood(
                    view, world, seat, text == "whist", defence_seen, tau, eps
                )
            defence_seen.append((seat, text == "whist"))
    return like


def _contract_likelihood(
    view: SeatView, world: World, decl: int, chosen: int, tau: float, eps: float
) -> float:
    if view.all_pass:
        top = 1 if view.rules.all_pass_contracts == "paston_only" else 4
        levels = list(range(1, top + 1))
    elif view.bid == GRKHA:
        return 1.0
    else:
        levels = list(range(view.bid, 5))
    if len(levels) == 1:
        return 1.0
    played = 0
    for t in view.tricks:
        for s, c in zip(t.seats, t.cards, strict=True):
            if s == decl:
                played |= 1 << c
    for s, c in view.trick:
        if s == decl:
            played |= 1 << c
    kept = world.hands[decl] | played
    values: dict[int, float] = {
        lv: contract_value(lv, declarer_tricks(kept, TRUMP_OF[lv], world.discards)) for lv in levels
    }
    best = max(values.values())
    z = sum(math.exp((v - best) / tau) for v in values.values())
    p = math.exp((values.get(chosen, best) - best) / tau) / z
    return _clip(p, eps)


def _whist_likelihood(
    view: SeatView,
    world: World,
    seat: int,
    whisted: bool,
    earlier: list[tuple[int, bool]],
    tau: float,
    eps: float,
) -> float:
    trump = TRUMP_OF[view.contract]
    mult = MULTIPLIER[view.contract]
    d = defender_tricks(world.dealt[seat], trump)
    two = _expected_defence(d, lone=False)
    lone = _expected_defence(d * 1.25 + 0.3, lone=True)
    if earlier:
        value = mult * (two if earlier[0][1] else lone)
    else:
        value = mult * (0.55 * two + 0.45 * lone)
    p = _clip(_sigmoid(value / (tau * 1.25)), eps)
    return p if whisted else 1.0 - p


class WeightedPimcBot(PimcBot):
    """PIMC over worlds resampled by the likelihood of the others' decisions."""

    name = "wpimc"

    def __init__(
        self,
        seed: int | None = None,
        oversample: int = 4,
        tau: float = 4.0,
        eps: float = 0.05,
        **options: int | float,
    ) -> None:
        super().__init__(seed=seed, **options)  # type: ignore[arg-type]
        if not isinstance(oversample, int) or oversample < 1:
            raise ValueError(f"oversample must be a whole number >= 1, not {oversample!r}")
        self.oversample = oversample
        self.tau = float(tau)
        self.eps = float(eps)

    def _weighted(self, view: SeatView, sampler: WorldSampler, n: int) -> list[tuple[World, float]]:
        cands = sampler.sample_many(n * self.oversample, self.rng)
        weights = self.likelihoods(view, cands)
        total = sum(weights)
        if total <= 0:
            return [(w, 1.0) for w in cands[:n]]
        # Systematic resampling: n evenly spaced pointers into the cumulative weights.
        step = total / n
        u = self.rng.random() * step
        out: dict[int, int] = {}
        acc = 0.0
        i = 0
        for k in range(n):
            target = u + k * step
            while acc + weights[i] < target and i < len(weights) - 1:
                acc += weights[i]
                i += 1
            out[i] = out.get(i, 0) + 1
        return [(cands[i], float(m)) for i, m in out.items()]

    def likelihoods(self, view: SeatView, worlds: list[World]) -> list[float]:
        """Each world's likelihood of the others' public decisions (``search`` adds their
        card plays)."""
        return [self.decision_weight(view, w) for w in worlds]

    def decision_weight(self, view: SeatView, world: World) -> float:
        """How likely the others' bids, whists and contract were in ``world`` (the soft
        model of :func:`decision_likelihood`; ``search:bid_infer`` puts another here)."""
        return decision_likelihood(view, world, self.tau, self.eps)

    def sample(self, view: SeatView, n: int) -> list[tuple[World, float]]:
        return self._weighted(view, WorldSampler(view), n)

    def bid_groups(self, view: SeatView) -> list[list[tuple[World, float]]]:
        sampler = WorldSampler(view)
        groups = max(2, self.bid_worlds // 4)
        per = max(1, self.bid_worlds // groups)
        out = []
        for first, mult in self._weighted(view, sampler, groups):
            rest = self._same_prikup(sampler, first, per - 1)
            # Completions are weighted by their own likelihood relative to the group's first.
            base = self.decision_weight(view, first) or 1.0
            group = [(first, mult)]
            for w in rest:
                group.append((w, mult * self.decision_weight(view, w) / base))
            out.append(group)
        return out


def _wpimc_factory(seed: int | None = None, **options: int | float) -> Bot:
    return WeightedPimcBot(seed=seed, **options)  # type: ignore[arg-type]
