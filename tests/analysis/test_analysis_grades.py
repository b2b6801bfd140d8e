"""Grades: the best action loses nothing; deliberately bad bids, discards, contracts and cards
are mistakes; expected values carry standard errors that shrink with more worlds; a made
contract is not called a surrender mistake unless surrender was worth more (issue 11)."""

from __future__ import annotations

import random

from helpers import gupa_deal, heuristic_deal, play_out
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from paston.analysis import Decision, Settings, analyse_record
from paston.analysis.report import grade_of
from paston.games.paston.actions import SURRENDER, action_str
from paston.games.paston.analysis.expected import expected_values
from paston.games.paston.analysis.grading import POINTS, _choices, _in_doubt, grade_decision
from paston.games.paston.bots.heuristic import HeuristicBot
from paston.games.paston.record import deal_record
from paston.games.paston.solver import Solver
from paston.games.paston.state import DECLARE, PLAY, Deal

FEW = Settings(worlds=10, max_worlds=20, decision_seconds=None, dd_table=False)
BAD = ("mistake", "blunder")
AUCTION = ("paston", "glitch", "pass", "dineri", "pass")


def decision(deal: Deal, index: int, settings: Settings = FEW) -> Decision:
    analysis = analyse_record(deal_record(deal), settings)
    return next(d for d in analysis.deals[0].decisions if d.index == index)


def test_the_best_action_taken_loses_nothing() -> None:
    deal = heuristic_deal(3)
    policy, solver = HeuristicBot(seed=0), Solver()
    checked = 0
    for state, action, index in _choices(deal)[:12]:
        first = grade_decision(state.copy(), action, 1, index, FEW, random.Random(index),
                               policy, solver)  # fmt: skip
        best = state.parse_action(first.best)
        again = grade_decision(state.copy(), best, 1, index, FEW, random.Random(index),
                               policy, solver)  # fmt: skip
        assert again.loss == 0.0 and again.grade == "best", (index, first.best)
        assert again.best == first.best
        checked += 1
    assert checked == 12


def test_throwing_away_the_top_trumps_is_a_blunder() -> None:
    good = decision(gupa_deal(*AUCTION, "discard 7C 8C", "declare gupa"), 6)
    bad = decision(gupa_deal(*AUCTION, "discard AH KH", "declare gupa"), 6)
    assert good.phase == bad.phase == "discard"
    assert good.grade == "best" and good.loss == 0.0
    assert bad.grade == "blunder" and bad.loss >= 15
    assert bad.text == "discard A♥ K♥"


def test_declaring_dineri_with_a_sure_gupa_is_a_blunder() -> None:
    d = decision(gupa_deal(*AUCTION, "discard 7C 8C", "declare dineri"), 7)
    assert d.phase == "contract" and d.best == "declare gupa"
    assert d.grade == "blunder" and d.value < d.best_value


def test_passing_with_a_sure_gupa_is_a_mistake() -> None:
    # Seat 0 holds the four top hearts and A♣ K♣: passing at once gives the deal away.
    d = decision(gupa_deal("pass"), 1)
    assert d.phase == "bid" and d.seat == 0 and d.text == "pass"
    assert d.best != "pass" and d.grade in BAD, d


def test_a_card_the_analysis_finds_worst_is_graded_a_mistake_in_the_record() -> None:
    # Heuristic deals where, at one decision, the card of lowest expected value (found with
    # one sampling seed) is played instead; the record's analysis (other worlds) calls it bad.
    found = 0
    for seed in range(8):
        deal = heuristic_deal(seed)
        for state, _, index in _choices(deal):
            if state.phase_id != PLAY:
                continue
            exp = expected_values(state, 16, random.Random(99), HeuristicBot(seed=0), Solver())
            worst = min(exp.values.values(), key=lambda v: v.value)
            best = max(exp.values.values(), key=lambda v: v.value)
            if best.value - worst.value < 30 or worst.se > 5:
                continue
            state.apply(worst.action)
            graded = decision(play_out(state, seed), index, Settings(worlds=32, dd_table=False))
            assert graded.action == action_str(worst.action)
            assert graded.grade in BAD, graded
            found += 1
            break
        if found == 1:
            break
    assert found == 1


@settings(max_examples=4, deadline=None, derandomize=True)
@given(st.integers(0, 10_000))
def test_standard_errors_are_reported_and_shrink_with_more_worlds(seed: int) -> None:
    deal = heuristic_deal(seed)
    plays = [c for c in _choices(deal) if c[0].phase_id == PLAY]
    assume(plays)  # a surrendered deal has no card play
    state = plays[0][0]
    policy, solver = HeuristicBot(seed=0), Solver()
    few = expected_values(state, 6, random.Random(seed), policy, solver, weighted=False)
    many = expected_values(state, 96, random.Random(seed + 1), policy, solver, weighted=False)
    assert set(few.values) == set(many.values)
    assert all(v.se >= 0 for v in many.values.values())
    for a, v in few.values.items():
        if v.se > 1.0:
            # sigma / sqrt(n): 16 times the worlds is a quarter of the error (with slack).
            assert many.values[a].se < 0.75 * v.se, (a, v, many.values[a])


def test_grade_thresholds() -> None:
    assert grade_of(0.0, 0.0, POINTS) == "best"
    assert grade_of(1.9, 0.0, POINTS) == "good"
    assert grade_of(2.0, 0.0, POINTS) == "inaccuracy"
    assert grade_of(5.0, 0.0, POINTS) == "mistake"
    assert grade_of(15.0, 0.0, POINTS) == "blunder"
    assert grade_of(6.0, 2.0, POINTS) == "inaccuracy"  # graded one standard error below


def test_made_contracts_are_not_surrender_mistakes_unless_surrender_is_worth_more() -> None:
    # The arena regression of issue 11: the old double-dummy grade called 9 of 31 made
    # contracts of the heuristic "mistakes, best surrender".
    policy, solver = HeuristicBot(seed=0), Solver()
    made = surrender_mistakes = 0
    seed = 0
    while made < 20 and seed < 200:
        deal = heuristic_deal(seed)
        seed += 1
        decl = deal.declarer
        if deal.scores is None or decl < 0 or deal.actions[-1] == SURRENDER:
            continue
        if deal.scores[decl] <= 0:
            continue
        for state, action, index in _choices(deal):
            if state.phase_id != DECLARE:
                continue
            made += 1
            d = grade_decision(state, action, 1, index, FEW, random.Random(seed), policy, solver)
            if d.best == "surrender":
                assert d.best_value > d.value
                if d.grade in BAD:
                    surrender_mistakes += 1
    assert made >= 10
    assert surrender_mistakes <= made // 10, (surrender_mistakes, made)


def test_a_grade_in_doubt_gets_more_worlds() -> None:
    settings = Settings(worlds=8, max_worlds=32, decision_seconds=None, dd_table=False)
    decisions = analyse_record(deal_record(heuristic_deal(5)), settings).deals[0].decisions
    assert decisions
    for d in decisions:
        assert 8 <= d.worlds <= 32
        if d.worlds < 32:
            # Stopped early only because one standard error either way keeps the grade.
            assert not _in_doubt(d.loss, d.loss_se), d
    assert any(d.worlds > 8 for d in decisions) or not any(
        _in_doubt(d.loss, d.loss_se) for d in decisions
    )
