"""Double-dummy grading of every decision after the prikup in a deal or game record.

For each card played, the exact solver (:mod:`paston.games.paston.solver`) values every card the
player
could have played with all hands in view: the *trick loss* is how many tricks the card cost
the player's side (declarer: its tricks; defence: tricks conceded to the declarer), the
*point loss* how many Paston points it cost the seat that chose it (spec §9). The declarer's
and a lone whister's points are exact; a defender in three-handed play is scored on its own
tricks, estimated like ``pimc`` does (the paranoid bound of each defender plus half the
surplus the defence makes together; see :mod:`paston.games.paston.bots.pimc`), so its point
loss is an estimate.

Decisions before the play are graded where the solver can value them:

* the **discard**: every pair the declarer could have put away, valued by the best contract
  it then allows (or surrender), assuming both defenders whist;
* the **contract or surrender**: each contract valued by solving the play from the first lead
  assuming both defenders whist (a pass can only help the declarer), surrender at its score;
* each **whist or pass**: whisting valued by solving the play that follows given what the other
  defender actually said; passing scores 0.

Bids are not graded (their value depends on the others' later choices, not only the cards).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..core.errors import RecordError
from ..games.paston.actions import (
    DECLARE_BASE,
    PASS,
    SURRENDER,
    WHIST,
    action_str,
    discard_action,
)
from ..games.paston.bots.pimc import PlaySituation, start_score, value_cards
from ..games.paston.cards import iter_bits
from ..games.paston.deal import DECLARE, DEFENCE, EXCHANGE, PLAY, Deal
from ..games.paston.game import Game
from ..games.paston.record import DEAL_FORMAT, GAME_FORMAT, deal_from_record, game_from_record
from ..games.paston.scoring import surrender_scores
from ..games.paston.solver import Position, Solver

__all__ = [
    "Analysis",
    "DealAnalysis",
    "Decision",
    "PlayerSummary",
    "analyse_deal",
    "analyse_record",
    "count_steps",
    "deals_of_record",
    "summarise",
]

#: Point losses below this are rounding noise of the defender estimate, not mistakes.
EPS = 1e-6


@dataclass(frozen=True, slots=True)
class Decision:
    """One graded decision. ``loss_points`` is for ``seat``; ``loss_tricks`` for its side
    (``None`` where tricks do not apply)."""

    deal: int  # 1-based deal number in the record
    index: int  # 1-based position of the action in the deal's ``actions``
    seat: int
    phase: str  # "discard", "contract", "whist" or "play"
    trick: int | None  # 1-based trick number for card play
    action: str
    best: str  # the best action for the seat's points
    value: float  # the seat's double-dummy score after the action taken
    best_value: float
    loss_points: float
    loss_tricks: int | None
    best_for_side: str | None = None  # the best card for the side's tricks (card play)
    estimate: bool = False  # True when the points use the three-handed defender estimate


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    seat: int
    decisions: int
    mistakes: int
    loss_points: float
    loss_tricks: int
    worst: list[Decision]


@dataclass
class DealAnalysis:
    deal: int
    declarer: int | None
    contract: str | None
    scores: tuple[int, int, int] | None
    decisions: list[Decision] = field(default_factory=list)


@dataclass
class Analysis:
    kind: str  # "deal" or "game"
    deals: list[DealAnalysis]
    players: list[PlayerSummary]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "paston-analysis/1",
            "kind": self.kind,
            "deals": [
                {
                    "deal": d.deal,
                    "declarer": d.declarer,
                    "contract": d.contract,
                    "scores": list(d.scores) if d.scores is not None else None,
                    "decisions": [_round(asdict(x)) for x in d.decisions],
                }
                for d in self.deals
            ],
            "players": [
                {
                    "seat": p.seat,
                    "decisions": p.decisions,
                    "mistakes": p.mistakes,
                    "loss_points": round(p.loss_points, 2),
                    "loss_tricks": p.loss_tricks,
                    "worst": [_round(asdict(x)) for x in p.worst],
                }
                for p in self.players
            ],
        }


def _round(d: dict[str, Any]) -> dict[str, Any]:
    return {k: round(v, 2) if isinstance(v, float) else v for k, v in d.items()}


def count_steps(deal: Deal) -> int:
    """How many decisions of ``deal`` :func:`analyse_deal` grades (for progress bars)."""
    state = _rebuild(deal)
    n = 0
    for action in deal.actions:
        n += state.phase_id in (PLAY, EXCHANGE, DECLARE, DEFENCE)
        state.apply(action)
    return n


def _rebuild(deal: Deal) -> Deal:
    return Deal(list(deal.dealt), deal.prikup, dealer=deal.dealer, first_deal=deal.first_deal,
                rules=deal.rules)  # fmt: skip


def _contract_value(solver: Solver, state: Deal, hands: tuple[int, int, int], level: int) -> float:
    decl = state.declarer
    both = tuple(s for s in range(3) if s != decl)
    return start_score(solver, hands, decl, level, both, decl, state.rules)


def _declarable(state: Deal) -> list[int]:
    return [a - DECLARE_BASE for a in state.legal_actions() if a != SURRENDER]


def analyse_deal(
    deal: Deal,
    number: int = 1,
    solver: Solver | None = None,
    step: Callable[[], None] | None = None,
) -> DealAnalysis:
    """Grade the decisions of a finished (or partly played) deal; ``step`` is called after
    each graded decision."""
    solver = solver or Solver()
    out = DealAnalysis(
        deal=number,
        declarer=deal.declarer if deal.declarer >= 0 else None,
        contract=(
            "surrender" if deal.actions and deal.actions[-1] == SURRENDER
            else (action_str(DECLARE_BASE + deal.contract).split()[1] if deal.contract else None)
        ),
        scores=deal.scores,
    )  # fmt: skip
    state = _rebuild(deal)
    for index, action in enumerate(deal.actions, start=1):
        phase = state.phase_id
        seat = state.to_act
        assert seat is not None
        graded: Decision | None = None
        if phase == PLAY:
            graded = _grade_card(solver, state, action, number, index)
        elif phase == EXCHANGE:
            graded = _grade_discard(solver, state, action, number, index)
        elif phase == DECLARE:
            graded = _grade_contract(solver, state, action, deal, number, index)
        elif phase == DEFENCE:
            graded = _grade_whist(solver, state, action, deal, number, index)
        if graded is not None:
            out.decisions.append(graded)
            if step is not None:
                step()
        state.apply(action)
    return out


def _grade_card(solver: Solver, state: Deal, action: int, number: int, index: int) -> Decision:
    seat = state.to_act
    assert seat is not None
    hands = (state.hands[0], state.hands[1], state.hands[2])
    decl = state.declarer
    active = state.active_seats()
    trump = state.trump
    pos = Position(hands, trump, decl, active, state.leader, state.trick,
                   state.rules.must_overtrump)  # fmt: skip
    cv = solver.card_values(pos)
    mover = state.hand_to_play
    if mover == decl:
        best_side = max(cv, key=lambda c: (cv[c], -c))
        loss_tricks = cv[best_side] - cv[action]
    else:
        best_side = min(cv, key=lambda c: (cv[c], c))
        loss_tricks = cv[action] - cv[best_side]
    sit = PlaySituation(
        seat=seat, mover=mover, declarer=decl, contract=state.contract,
        whisters=state.whisters, active=active, leader=state.leader, trick=state.trick,
        tricks_won=state.credited_tricks(), tricks_done=len(state.tricks), rules=state.rules,
        gone=state.played & ~sum(1 << c for c in state.trick),
    )  # fmt: skip
    score, _ = value_cards(solver, sit, [(hands, 1.0)])
    best_pts = max(score, key=lambda c: (score[c], -cv[c] if mover != decl else cv[c]))
    estimate = seat != decl and len(active) == 3 and len(state.whisters) == 2
    return Decision(
        deal=number, index=index, seat=seat, phase="play", trick=len(state.tricks) + 1,
        action=action_str(action), best=action_str(best_pts), value=score[action],
        best_value=score[best_pts], loss_points=max(0.0, score[best_pts] - score[action]),
        loss_tricks=loss_tricks, best_for_side=action_str(best_side), estimate=estimate,
    )  # fmt: skip


def _grade_discard(solver: Solver, state: Deal, action: int, number: int, index: int) -> Decision:
    decl = state.declarer
    hand12 = state.hands[decl]
    sv = float(surrender_scores(state.rules, decl, state.bid)[decl])
    # The contracts the final bid allows (the same after any discard).
    probe = state.copy()
    probe.apply(action)
    levels = _declarable(probe)
    values: dict[int, float] = {}
    cards = list(iter_bits(hand12))
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            kept = hand12 & ~((1 << a) | (1 << b))
            hands = list(state.hands)
            hands[decl] = kept
            h = (hands[0], hands[1], hands[2])
            best = sv
            for level in levels:
                best = max(best, _contract_value(solver, state, h, level))
            values[discard_action(a, b)] = best
    top = max(values, key=lambda x: values[x])
    return _choice_decision(
        values, action, top, number=number, index=index, seat=decl, phase="discard"
    )


def _choice_decision(
    values: dict[int, float],
    action: int,
    top: int,
    *,
    number: int,
    index: int,
    seat: int,
    phase: str,
    estimate: bool = False,
) -> Decision:
    """A graded pre-play decision: the action taken against the best of ``values``."""
    return Decision(
        deal=number, index=index, seat=seat, phase=phase, trick=None,
        action=action_str(action), best=action_str(top), value=values[action],
        best_value=values[top], loss_points=max(0.0, values[top] - values[action]),
        loss_tricks=None, estimate=estimate,
    )  # fmt: skip


def _grade_contract(
    solver: Solver, state: Deal, action: int, deal: Deal, number: int, index: int
) -> Decision:
    decl = state.declarer
    hands = (state.hands[0], state.hands[1], state.hands[2])
    values: dict[int, float] = {
        SURRENDER: float(surrender_scores(state.rules, decl, state.bid)[decl])
    }
    for level in _declarable(state):
        values[DECLARE_BASE + level] = _contract_value(solver, state, hands, level)
    top = max(values, key=lambda x: values[x])
    return _choice_decision(
        values, action, top, number=number, index=index, seat=decl, phase="contract"
    )


def _grade_whist(
    solver: Solver, state: Deal, action: int, deal: Deal, number: int, index: int
) -> Decision:
    seat = state.to_act
    assert seat is not None
    decl = state.declarer
    other = 3 - decl - seat
    # What the other defender said (or, for the first to speak, says next in the record).
    other_whists = next((w for s, w in deal.defence if s == other), True)
    whisters = tuple(sorted((seat, other))) if other_whists else (seat,)
    hands = (state.hands[0], state.hands[1], state.hands[2])
    whist = start_score(solver, hands, decl, state.contract, whisters, seat, state.rules)
    values = {WHIST: whist, PASS: 0.0}
    top = WHIST if whist > 0 else PASS
    return _choice_decision(
        values, action, top, number=number, index=index, seat=seat, phase="whist",
        estimate=len(whisters) == 2,
    )  # fmt: skip


def summarise(deals: list[DealAnalysis], worst: int = 5) -> list[PlayerSummary]:
    out = []
    for seat in range(3):
        mine = [d for da in deals for d in da.decisions if d.seat == seat]
        mistakes = [d for d in mine if d.loss_points > EPS or (d.loss_tricks or 0) > 0]
        mistakes.sort(key=lambda d: (-d.loss_points, -(d.loss_tricks or 0)))
        out.append(
            PlayerSummary(
                seat=seat,
                decisions=len(mine),
                mistakes=len(mistakes),
                loss_points=sum(d.loss_points for d in mine),
                loss_tricks=sum(d.loss_tricks or 0 for d in mine),
                worst=mistakes[:worst],
            )
        )
    return out


def deals_of_record(record: dict[str, Any]) -> tuple[str, list[Deal]]:
    """("deal" or "game", the deals) of a record; raises RecordError if it is malformed."""
    fmt = record.get("format") if isinstance(record, dict) else None
    if fmt == DEAL_FORMAT:
        return "deal", [deal_from_record(record)]
    if fmt == GAME_FORMAT:
        game: Game = game_from_record(record)
        return "game", list(game.deals)
    raise RecordError(
        f"'format' must be {DEAL_FORMAT!r} or {GAME_FORMAT!r} to analyse a record, not {fmt!r}"
    )


def analyse_record(record: dict[str, Any], step: Callable[[], None] | None = None) -> Analysis:
    """Analyse a deal or game record (see the module docstring)."""
    kind, deals = deals_of_record(record)
    solver = Solver()
    results = [analyse_deal(d, i, solver, step) for i, d in enumerate(deals, start=1)]
    return Analysis(kind=kind, deals=results, players=summarise(results))
