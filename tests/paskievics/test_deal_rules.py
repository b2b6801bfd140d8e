"""Special cases of a deal and a game: annulment, the called card in a discard (kontra by
office), the doubled-round vectors of §11.3, five at the table, and the flags' messages."""

from __future__ import annotations

import random

import pytest

from paston.games.paskievics import actions as A
from paston.games.paskievics.cards import card_points
from paston.games.paskievics.match import DoubledRounds, PaskievicsMatch
from paston.games.paskievics.rules import PaskievicsRules, RuleError

from .helpers import deal_with, legal, play_randomly, run

PLAIN_TALON = ["JC", "QC", "CC", "TC", "JS", "TS"]


def test_annulment_with_four_kings() -> None:
    s = deal_with({1: ["KH", "KD", "KC", "KS"], 0: ["SK"]}, talon_first=PLAIN_TALON)
    run(s, "three, pass, pass, pass, three, discard JC QC CC")
    assert s.to_act == 1 and "annul" in legal(s)
    s.apply("annul")
    assert (s.phase, s.thrown_in, s.scores) == ("thrown-in", "annulled", [0, 0, 0, 0])
    shown = s.view(2).to_json()["annulled"]
    assert shown["seat"] == 1 and {"KH", "KD", "KC", "KS"} <= set(shown["hand"])
    never = deal_with(
        {1: ["KH", "KD", "KC", "KS"], 0: ["SK"]},
        talon_first=PLAIN_TALON,
        rules=PaskievicsRules(annul_timing="never"),
    )
    run(never, "three, pass, pass, pass, three, discard JC QC CC")
    assert "annul" not in legal(never)


def test_called_card_in_a_discard_means_kontra_by_office() -> None:
    s = deal_with({0: ["SK", "T20"], 1: ["T19"]}, talon_first=PLAIN_TALON)
    run(s, "three, pass, pass, pass, three, discard JC QC CC, discard T19")
    while s.phase == "discard":
        assert s.received is not None and s.to_act is not None
        s.apply("discard " + " ".join(A.action_str(A.PLAY + c) for c in s.received[s.to_act]))
    assert "call T19" in legal(s)
    run(s, "call T19")
    assert (s.alone, s.partner, s.office) == (True, 0, 1)
    run(s, "pass")
    assert s.to_act == 1 and legal(s) == {"kontra game"}
    assert s.all_revealed
    run(s, "kontra game")
    assert "pass" in legal(s)
    play_randomly(s, random.Random(3))
    assert s.game_level is not None and s.game_level >= 1
    assert s.scores is not None and s.scores[0] == -3 * s.scores[1]
    taken = sum(1 for _, _, w in s.tricks if w == 0)
    assert s.facts is not None and s.facts.tricks_d == taken
    # all six discards count for the lone declarer
    assert s.discard_credit() == card_points(c for d in s.discards for c in d)


@pytest.mark.parametrize(
    ("mode", "expected"),
    [("overlap", [1, 2, 2, 4, 4, 4, 2, 1]), ("simple", [1, 2, 2, 2, 2, 2, 2, 1])],
)
def test_doubled_rounds_vector(mode: str, expected: list[int]) -> None:
    rounds = DoubledRounds(PaskievicsRules(double_rounds=mode))
    got = []
    for result in "TSTSSSSS":
        got.append(rounds.multiplier())
        rounds.after("thrown-in" if result == "T" else "scored", "pass-out")
    assert got == expected


def test_doubled_rounds_five_players() -> None:
    rounds = DoubledRounds(PaskievicsRules(players=5))
    got = []
    for result in "TSSTSSSSS":
        got.append(rounds.multiplier())
        rounds.after("thrown-in" if result == "T" else "scored", "pass-out")
    assert got == [1, 2, 2, 2, 4, 4, 4, 2, 2]


def test_five_player_game_dealers_rotate_and_sit_out() -> None:
    match = PaskievicsMatch(PaskievicsRules(players=5, game_deals=6), dealer=2)
    rng = random.Random(11)
    dealers = []
    while not match.over:
        state = match.next_state(rng)
        dealers.append((state.dealer, state.phase))
        assert state.hands[state.dealer] == set() and state.dealer not in state.active
        play_randomly(state, rng)
        assert state.scores is not None and state.scores[state.dealer] == 0
    for (dealer, _), (following, _), state in zip(dealers, dealers[1:], match.deals, strict=False):
        assert following == (dealer if state.phase == "thrown-in" else (dealer + 1) % 5)
    assert sum(match.totals) == 0 and match.scored == 6


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        ({"hold_rule": "x"}, 'rules: hold_rule must be "any_bidder" or "elder_only", not "x"'),
        ({"max_kontra": 6}, "rules: max_kontra must be an integer from 1 to 5, not 6"),
        ({"players": 3}, "rules: players must be 4 or 5, not 3"),
        ({"xx_discardable": "yes"}, 'rules: xx_discardable must be true or false, not "yes"'),
        ({"nonsense": 1}, "rules: unknown flag 'nonsense'"),
    ],
)
def test_flags_are_refused_with_messages(flags: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError) as info:
        PaskievicsRules.from_dict(flags)
    assert str(info.value).startswith(message)


@pytest.mark.parametrize(("mode", "factor"), [("overlap", 4), ("simple", 2), ("none", 1)])
def test_two_pass_outs_in_a_row(mode: str, factor: int) -> None:
    rounds = DoubledRounds(PaskievicsRules(double_rounds=mode))
    rounds.after("thrown-in", "pass-out")
    rounds.after("thrown-in", "pass-out")
    got = []
    for _ in range(5):
        got.append(rounds.multiplier())
        rounds.after("scored")
    assert got == [factor] * 4 + [1]


def test_failed_trial_bid_may_start_no_doubled_round() -> None:
    rounds = DoubledRounds(PaskievicsRules(trial_failure_starts_double_round=False))
    rounds.after("thrown-in", "trial-failed")
    assert rounds.multiplier() == 1
    rounds.after("thrown-in", "annulled")
    assert rounds.multiplier() == 2
