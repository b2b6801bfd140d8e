"""Walks a deal's actions and grades every decision that had a choice.

At each such decision the real deal is rebuilt up to that moment; the seat's expected values
(:mod:`.expected`) and the hindsight values (:mod:`.hindsight`) are computed, and the action
taken is graded by its expected loss in Paston points (:data:`POINTS`, the rule of
:func:`paston.analysis.report.grade_of`). Decisions with one legal action are not graded.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from ....analysis.expected import best_action, single_world
from ....analysis.model import Alternative, DealAnalysis, Decision
from ....analysis.report import Scale, grade_of, in_doubt, player_reports
from ....analysis.settings import DEFAULT, Settings
from ..actions import DECLARE_BASE, SURRENDER, action_str
from ..bots.heuristic import HeuristicBot
from ..bots.worlds import SamplingError
from ..solver import Solver
from ..state import BIDDING, DECLARE, DEFENCE, EXCHANGE, PLAY, Deal
from ..text import action_text
from .ddtable import dd_table
from .expected import expected_values
from .hindsight import hindsight_values
from .records import rebuild
from .rollout import Policy

__all__ = ["PHASES", "POINTS", "analyse_deal", "count_decisions", "deal_status", "grade_decision"]

#: Grades in the deciding seat's Paston points (spec §9): a made or failed paston is worth
#: 10, the other contracts 2, 3 or 4 times as much. An inaccuracy is a small share of a
#: paston, a mistake half a paston and more, a blunder more than a whole paston (or a gupa
#: trick).
POINTS = Scale(
    unit="the seat's Paston points",
    thresholds=(("blunder", 15.0), ("mistake", 5.0), ("inaccuracy", 2.0)),
)

#: The deal's phase -> the decision's name in the analysis.
PHASES = {BIDDING: "bid", EXCHANGE: "discard", DECLARE: "contract", DEFENCE: "whist",
          PLAY: "play"}  # fmt: skip
#: How many alternatives besides the action taken a decision lists.
SHOWN_ALTERNATIVES = 3


def _text(action: int) -> str:
    return action_text(action).plain


def _choices(deal: Deal) -> list[tuple[Deal, int, int]]:
    """(state before, action, 1-based index) of each action taken with a choice."""
    state = rebuild(deal)
    out = []
    for index, action in enumerate(deal.actions, start=1):
        if state.phase_id in PHASES and len(state.legal_actions()) > 1:
            out.append((state.copy(), action, index))
        state.apply(action)
    return out


def count_decisions(deal: Deal) -> int:
    """How many decisions of ``deal`` :func:`analyse_deal` grades (for progress bars)."""
    return len(_choices(deal))


def deal_status(deal: Deal) -> str:
    """``finished``, ``redealt`` (thrown in), ``unfinished`` or ``unplayed``."""
    if deal.is_over:
        return "redealt" if deal.redeal_reason else "finished"
    return "unfinished" if deal.actions else "unplayed"


def _contract_name(deal: Deal) -> str | None:
    if deal.actions and deal.actions[-1] == SURRENDER:
        return "surrender"
    return action_str(DECLARE_BASE + deal.contract).split()[1] if deal.contract else None


def _in_doubt(loss: float, se: float) -> bool:
    """Whether one standard error either way would change the grade of ``loss``."""
    return in_doubt(loss, se, POINTS)


def grade_decision(
    state: Deal,
    action: int,
    number: int,
    index: int,
    settings: Settings,
    rng: random.Random,
    policy: Policy,
    solver: Solver,
) -> Decision:
    """Grade ``action`` taken by the seat to act in ``state`` (see the module docstring)."""
    seat = state.to_act
    assert seat is not None
    deadline = (
        None if settings.decision_seconds is None
        else time.monotonic() + settings.decision_seconds
    )  # fmt: skip
    hind = hindsight_values(state, policy, solver)
    try:
        exp = expected_values(state, settings.worlds, rng, policy, solver, deadline=deadline,
                              weighted=settings.weighted, taken=action)  # fmt: skip
        sampled = True
    except SamplingError:
        exp = single_world(hind)  # no world fits the view: the real deal is the only one
        sampled = False
    # The best is the action of highest mean over all the worlds, as shown to the player. Its
    # loss inherits the winner's curse (noise that made an action look best); the grade's one
    # standard error margin keeps that noise from being called a mistake.
    best = best_action(exp.complete_means(), action)
    loss, loss_se = exp.loss(best, action)
    # While the grade is in doubt (one standard error either way changes it), more worlds are
    # valued -- as many again each round, up to max_worlds and within the time limit.
    while (
        sampled
        and _in_doubt(loss, loss_se)
        and exp.worlds < settings.max_worlds
        and (deadline is None or time.monotonic() < deadline)
    ):
        kept = [a for a, v in exp.values.items() if v.complete]
        more = expected_values(state, min(exp.worlds, settings.max_worlds - exp.worlds), rng,
                               policy, solver, deadline=deadline, weighted=settings.weighted,
                               candidates=kept)  # fmt: skip
        exp = exp.merged(more)
        best = best_action(exp.complete_means(), action)
        loss, loss_se = exp.loss(best, action)
    loss = max(0.0, loss)
    hind_best = best_action(hind, action)
    ranked = sorted(exp.values.values(), key=lambda v: (not v.complete, -v.value, v.action))
    shown = [v for v in ranked if v.action != action][:SHOWN_ALTERNATIVES]
    return Decision(
        deal=number, index=index, seat=seat, phase=PHASES[state.phase_id],
        trick=len(state.tricks) + 1 if state.phase_id == PLAY else None,
        action=action_str(action), text=_text(action), best=action_str(best),
        best_text=_text(best), value=exp.values[action].value, value_se=exp.values[action].se,
        best_value=exp.values[best].value, best_se=exp.values[best].se, loss=loss, loss_se=loss_se,
        hindsight_loss=max(0.0, hind[hind_best] - hind[action]),
        hindsight_best=action_str(hind_best), hindsight_best_text=_text(hind_best),
        grade=grade_of(loss, loss_se, POINTS), worlds=exp.worlds,
        effective_worlds=exp.effective_worlds,
        alternatives=tuple(Alternative(action_str(v.action), _text(v.action), v.value, v.se)
                           for v in shown),
    )  # fmt: skip


def analyse_deal(
    deal: Deal,
    number: int = 1,
    names: Sequence[str] = ("seat 0", "seat 1", "seat 2"),
    settings: Settings = DEFAULT,
    *,
    solver: Solver | None = None,
    step: Callable[[], None] | None = None,
) -> DealAnalysis:
    """Grade every decision of ``deal`` with a choice; ``step`` is called after each one."""
    solver = solver or Solver()
    # One heuristic policy and one random stream per deal: the analysis of a deal does not
    # depend on which deals were analysed before it.
    policy = HeuristicBot(seed=settings.seed)
    rng = random.Random(settings.seed * 1_000_003 + number)
    status = deal_status(deal)
    out = DealAnalysis(
        deal=number, status=status, declarer=deal.declarer if deal.declarer >= 0 else None,
        contract=_contract_name(deal), scores=deal.scores,
    )  # fmt: skip
    for state, action, index in _choices(deal):
        out.decisions.append(grade_decision(state, action, number, index, settings, rng,
                                            policy, solver))  # fmt: skip
        if step is not None:
            step()
    if settings.dd_table and status != "unplayed":
        out.dd_table = dd_table(
            (deal.dealt[0], deal.dealt[1], deal.dealt[2]), deal.prikup, deal.rules, solver
        ).to_json()
    out.players = player_reports(out.decisions, names)
    return out
