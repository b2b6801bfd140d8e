"""Grading one decision from sampled worlds: what every game's evaluator may share.

A game gives, for a decision, the legal actions (grouped: actions that are the same choice to
the player, such as two plays of equal rank in Paris, are valued once), a source of worlds
consistent with the deciding seat's view, and a value of each action in one complete world.
:func:`grade` turns that into a :class:`~paston.analysis.model.Decision`: expected values over
the worlds with standard errors (:func:`paston.analysis.expected.summarise`, paired losses),
the same values in the real deal (hindsight), and a grade by the game's own thresholds
(:class:`~paston.analysis.report.Scale`: each game has its unit). The generic
:class:`~paston.analysis.MonteCarloEvaluator` and the Paris and Paskievics evaluators grade
with it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .expected import (
    MIN_WORLDS,
    SCREEN_ABOVE,
    SCREEN_KEEP,
    SCREEN_WORLDS,
    Expectation,
    best_action,
    summarise,
    weighted_mean_se,
)
from .model import Alternative, Decision
from .report import Scale, grade_of
from .settings import Settings

__all__ = ["Choice", "grade", "groups_by"]

W = TypeVar("W")

#: How many alternatives besides the action taken a decision lists.
SHOWN_ALTERNATIVES = 3
#: The screening of a decision with many actions (Paskievics discards: up to a few hundred)
#: values every action on at most this many worlds in all, and on at least 2 worlds each.
SCREEN_BUDGET = 200


@dataclass(frozen=True, slots=True)
class Choice:
    """The decision to grade: the legal actions as groups of equivalent actions (the first of
    each group is valued for all of it), the action taken, how to write an action."""

    seat: int
    phase: str
    trick: int | None
    groups: dict[int, int]  # legal action -> the representative valued for it
    taken: int
    notation: Callable[[int], str]
    text: Callable[[int], str]


def _expectation(
    reps: list[int],
    taken: int,
    worlds: Iterator[tuple[W, float]],
    value: Callable[[W, list[int]], dict[int, float]],
    settings: Settings,
    deadline: float | None,
) -> Expectation:
    """Values of the representatives over the worlds, screened when there are many."""
    per_world: list[dict[int, float]] = []
    weights: list[float] = []
    active = reps
    # Every action on a few worlds, then the best few and the one taken
    # on the rest; fewer screening worlds the more actions there are (a bounded cost).
    screen = max(2, min(SCREEN_WORLDS, SCREEN_BUDGET // max(1, len(reps))))
    screened = len(reps) > SCREEN_ABOVE and settings.worlds > screen
    for k, (world, weight) in enumerate(worlds):
        if k >= settings.worlds or (
            deadline is not None and k >= MIN_WORLDS and time.monotonic() > deadline
        ):
            break
        if screened and k == screen:
            first = {a: weighted_mean_se([w[a] for w in per_world], weights)[0] for a in reps}
            keep = set(sorted(reps, key=lambda a: -first[a])[:SCREEN_KEEP]) | {taken}
            active = [a for a in reps if a in keep]
        values = value(world, active)
        if taken not in values:
            continue  # a world the valuation cannot handle (e.g. a solver's refusal): skipped
        per_world.append(values)
        weights.append(weight)
    return summarise(reps, per_world, weights)


def grade(
    choice: Choice,
    number: int,
    index: int,
    worlds: Iterator[tuple[W, float]],
    real: W,
    value: Callable[[W, list[int]], dict[int, float]],
    settings: Settings,
    scale: Scale,
) -> Decision:
    """Grade ``choice.taken`` (action ``index`` of deal ``number``) from ``worlds`` (each
    with its weight) and the real deal ``real`` (hindsight); ``value(world, actions)`` gives
    the deciding seat's value of each of ``actions`` in one world."""
    deadline = (
        None if settings.decision_seconds is None
        else time.monotonic() + settings.decision_seconds
    )  # fmt: skip
    taken = choice.groups[choice.taken]
    reps = sorted(set(choice.groups.values()))
    exp = _expectation(reps, taken, worlds, value, settings, deadline)
    hind = value(real, reps)
    if taken not in hind:  # the real deal cannot be valued either: nothing is called worse
        hind = dict.fromkeys(reps, 0.0)
    if exp.worlds == 0:  # no world fits the view: the real deal is the only one
        exp = summarise(reps, [hind], [1.0])
    best = best_action(exp.complete_means(), taken)
    loss, loss_se = exp.loss(best, taken)
    loss = max(0.0, loss)
    hind_best = best_action(hind, taken)
    ranked = sorted(exp.values.values(), key=lambda v: (not v.complete, -v.value, v.action))
    shown = [v for v in ranked if v.action != taken][:SHOWN_ALTERNATIVES]
    # The action taken is written as played (its own suits); the others by their group's
    # representative.
    own = choice.taken
    return Decision(
        deal=number, index=index, seat=choice.seat, phase=choice.phase, trick=choice.trick,
        action=choice.notation(own), text=choice.text(own),
        best=choice.notation(own if best == taken else best),
        best_text=choice.text(own if best == taken else best),
        value=exp.values[taken].value, value_se=exp.values[taken].se,
        best_value=exp.values[best].value, best_se=exp.values[best].se,
        loss=loss, loss_se=loss_se,
        hindsight_loss=max(0.0, hind[hind_best] - hind[taken]),
        hindsight_best=choice.notation(own if hind_best == taken else hind_best),
        hindsight_best_text=choice.text(own if hind_best == taken else hind_best),
        grade=grade_of(loss, loss_se, scale), worlds=exp.worlds,
        effective_worlds=exp.effective_worlds if exp.worlds else 0.0,
        alternatives=tuple(Alternative(choice.notation(v.action), choice.text(v.action),
                                       v.value, v.se) for v in shown),
    )  # fmt: skip


def groups_by(legal: Sequence[int], key: Callable[[int], Any]) -> dict[int, int]:
    """Each legal action mapped to the first legal action with the same ``key``."""
    first: dict[Any, int] = {}
    return {a: first.setdefault(key(a), a) for a in legal}
