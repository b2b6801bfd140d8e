"""Expected value of every legal action over the worlds the deciding seat could not tell apart.

A game's evaluator values every legal action in each world (a complete deal consistent with
the seat's view, with its weight); an action's expected value is the weighted mean over the
worlds (:func:`summarise`). Its standard error is the one of a self-normalised
importance-sampling mean, ``sqrt(sum p_i^2 (x_i - mean)^2 * n_eff / (n_eff - 1))`` with
``p_i`` the normalised weights and ``n_eff = 1 / sum p_i^2`` (with equal weights: the sample
standard deviation over ``sqrt(n)``). The loss of an action against the best one is computed
world by world (the same worlds value both), so its standard error is that of the paired
differences, much smaller than the two values' own errors.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = [
    "ActionValue",
    "Expectation",
    "best_action",
    "single_world",
    "summarise",
    "weighted_mean_se",
]

#: Fewest worlds valued before a time limit may stop the sampling.
MIN_WORLDS = 4
#: Decisions with more legal actions than this (the 66 discards) are screened: every action
#: is valued on the first SCREEN_WORLDS worlds, then only the SCREEN_KEEP best of them and the
#: action taken on the others.
SCREEN_ABOVE = 12
SCREEN_WORLDS = 8
SCREEN_KEEP = 6


@dataclass(frozen=True, slots=True)
class ActionValue:
    """An action's expected points for the deciding seat and the standard error of that mean."""

    action: int
    value: float
    se: float
    complete: bool = True  # valued in every world (False: dropped by the screening)


def weighted_mean_se(xs: list[float], ps: list[float]) -> tuple[float, float]:
    """Mean of ``xs`` under the normalised weights ``ps`` and its standard error (0 for one
    world, where no error can be estimated)."""
    total = sum(ps)
    ps = [p / total for p in ps]
    mean = sum(p * x for p, x in zip(ps, xs, strict=True))
    squares = sum(p * p for p in ps)
    n_eff = 1.0 / squares
    if n_eff <= 1.0 + 1e-9:
        return mean, 0.0
    var = sum(p * p * (x - mean) ** 2 for p, x in zip(ps, xs, strict=True))
    return mean, math.sqrt(max(0.0, var * n_eff / (n_eff - 1.0)))


def best_action(values: dict[int, float], taken: int, eps: float = 1e-9) -> int:
    """The action of highest value; the one taken when it ties for best (so it loses 0)."""
    top = max(values.values())
    if values.get(taken, -math.inf) >= top - eps:
        return taken
    return min((a for a, v in values.items() if v >= top - eps))


@dataclass(frozen=True, slots=True)
class Expectation:
    """The actions' values over the worlds, with the per-world values kept for paired errors."""

    values: dict[int, ActionValue]
    per_world: list[dict[int, float]]
    weights: list[float]

    @property
    def worlds(self) -> int:
        return len(self.per_world)

    @property
    def effective_worlds(self) -> float:
        squares = sum(p * p for p in self.weights) / sum(self.weights) ** 2
        return 1.0 / squares

    def loss(self, best: int, taken: int) -> tuple[float, float]:
        """Expected points ``taken`` loses against ``best`` and the standard error of that
        (over the worlds where both were valued)."""
        both = zip(self.per_world, self.weights, strict=True)
        pairs = [(w[best] - w[taken], p) for w, p in both if best in w and taken in w]
        return weighted_mean_se([d for d, _ in pairs], [p for _, p in pairs])

    def merged(self, more: Expectation) -> Expectation:
        """This sample and ``more`` (drawn independently, over a subset of its complete
        actions) as one: each keeps its share of the weight in proportion to its worlds."""
        n1, n2 = len(self.per_world), len(more.per_world)
        s1, s2 = sum(self.weights), sum(more.weights)
        weights = [w * n1 / s1 for w in self.weights] + [w * n2 / s2 for w in more.weights]
        return summarise(list(self.values), self.per_world + more.per_world, weights)

    def complete_means(self) -> dict[int, float]:
        """Expected values of the actions valued in every world (the candidates for best)."""
        return {a: v.value for a, v in self.values.items() if v.complete}


def single_world(values: dict[int, float]) -> Expectation:
    """An expectation over one world (the real deal): used when no world fitting the view
    can be sampled, which only a broken or extreme view causes; its errors are 0."""
    return Expectation({a: ActionValue(a, v, 0.0) for a, v in values.items()}, [values], [1.0])


def summarise(
    actions: list[int], per_world: list[dict[int, float]], weights: list[float]
) -> Expectation:
    """Each action's mean and standard error over the worlds where it was valued."""
    out: dict[int, ActionValue] = {}
    for action in actions:
        xs = [(w[action], p) for w, p in zip(per_world, weights, strict=True) if action in w]
        if not xs:
            continue
        mean, se = weighted_mean_se([x for x, _ in xs], [p for _, p in xs])
        out[action] = ActionValue(action, mean, se, complete=len(xs) == len(per_world))
    return Expectation(out, per_world, weights)
