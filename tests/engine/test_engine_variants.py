"""Every variant flag of rules.md §13 changes what it should, and only valid flags are taken."""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_helpers import apply_all, fill_hands, game_with_totals, make_deal, scripted

from paston import replay
from paston.core.errors import RecordError
from paston.games.paston.cards import SEVEN_SPADES, card_name, cards_of
from paston.games.paston.match import Game
from paston.games.paston.record import deal_from_record
from paston.games.paston.rules import RuleError, Rules
from paston.games.paston.shuffle import shuffled_deck
from paston.games.paston.state import Deal


def with_rules(name: str, flags: dict[str, Any]) -> dict[str, Any]:
    rec = dict(scripted()[name])
    rec["rules"] = flags
    return rec


def exchange_done(deal: Deal) -> Deal:
    deal.apply(deal.legal_action_strs()[0])
    return deal


def test_allow_jump_bids() -> None:
    deal = make_deal({}, dealer=2, rules=Rules(allow_jump_bids=True))
    deal.apply("paston")
    deal.apply("gupa")
    assert sorted(deal.legal_action_strs()) == ["grkha", "pass"]
    deal.apply("pass")
    deal.apply("pass")
    assert deal.declarer == 1 and deal.bid == 4


@pytest.mark.parametrize(
    ("mode", "spades", "redeal"),
    [
        ("neither_k_nor_a", "", True),
        ("neither_k_nor_a", "KS", False),
        ("missing_k_or_a", "", True),
        ("missing_k_or_a", "KS", True),
        ("missing_k_or_a", "AS", True),
        ("missing_k_or_a", "KS AS", False),
        ("off", "", False),
    ],
)
def test_spade_run_redeal_modes(mode: str, spades: str, redeal: bool) -> None:
    deal = make_deal(
        {2: f"7S 8S 9S TS JS QS {spades}".strip()}, dealer=0, rules=Rules(spade_run_redeal=mode)
    )
    assert (deal.phase == "redeal") is redeal
    if redeal:
        assert deal.redeal_reason == "spade-run"


def test_bottom_7s_reshuffle_off_lets_7s_reach_the_bottom() -> None:
    rng = random.Random(1)
    off = Rules(bottom_7s_reshuffle=False)
    bottoms = [shuffled_deck(rng, off)[31] for _ in range(400)]
    assert SEVEN_SPADES in bottoms
    rng = random.Random(1)
    assert SEVEN_SPADES not in [shuffled_deck(rng)[31] for _ in range(400)]


def play_deal_1(game: Game, holder: int) -> None:
    deal = game.new_deal(*fill_hands({holder: "JS"}, seed=holder))
    assert deal.first_bidder == holder
    apply_all(deal, ["paston", "pass", "pass"])
    exchange_done(deal).apply("surrender")


def test_deal2_dealer_rotate_left() -> None:
    game = Game(Rules(deal2_dealer="rotate_left"), first_dealer=0)
    play_deal_1(game, 2)
    assert game.next_deal_setup() == (1, False)
    default = Game(first_dealer=0)
    play_deal_1(default, 2)
    assert default.next_deal_setup() == (2, False)


def test_marker_rule_each_game() -> None:
    # A later game of a session (marker_rule=False): only with the flag off does deal 1 skip
    # the J♠ rule.
    off = Game(Rules(marker_rule_each_game=False), first_dealer=0, marker_rule=False)
    assert off.next_deal_setup() == (0, False)
    deal = off.new_deal(*fill_hands({2: "JS"}))
    assert deal.first_bidder == 1
    on = Game(first_dealer=0, marker_rule=False)
    assert on.next_deal_setup() == (0, True)
    assert on.new_deal(*fill_hands({2: "JS"})).first_bidder == 2
    first_game = Game(Rules(marker_rule_each_game=False), first_dealer=0)
    assert first_game.next_deal_setup() == (0, True)


def test_all_pass_contracts_paston_only() -> None:
    deal = make_deal({0: "JS"}, dealer=2, rules=Rules(all_pass_contracts="paston_only"))
    apply_all(deal, ["pass", "pass", "pass"])
    exchange_done(deal)
    assert sorted(deal.legal_action_strs()) == ["declare paston", "surrender"]
    deal = make_deal({0: "JS"}, dealer=2)
    apply_all(deal, ["pass", "pass", "pass"])
    exchange_done(deal)
    assert "declare grkha" not in deal.legal_action_strs()
    assert len(deal.legal_action_strs()) == 5


def test_lone_whist_open_whister_plays_both_hands() -> None:
    rec = scripted()["OPEN"]
    deal = deal_from_record({**rec, "actions": rec["actions"][:7]})
    assert deal.phase == "play" and deal.whisters == (1,)
    seats, actors = [], []
    for action in rec["actions"][7:]:
        seats.append(deal.hand_to_play)
        actors.append(deal.to_act)
        deal.apply(action)
    # Three-card tricks; the passer's hand (seat 2) is played, and by the whister (seat 1).
    assert len(seats) == 30 and seats.count(2) == 10
    assert all(a == (1 if s == 2 else s) for s, a in zip(seats, actors, strict=True))
    assert all(len(t[2]) == 3 for t in deal.tricks)
    # Hands: declarer 5, whister's own 3, passer's hand 2 -> the whister has 5 on the lone
    # table: +10 x 1; the passer scores 0; the declarer failed: -10.
    assert deal.tricks_won == [5, 3, 2]
    assert deal.scores == (-10, 10, 0)
    # The same deal played two-handed would be a different deal: the record is illegal there.
    with pytest.raises(RecordError):
        replay(with_rules("OPEN", {}))


def test_lone_whist_open_views_show_both_defending_hands() -> None:
    rec = scripted()["OPEN"]
    deal = deal_from_record({**rec, "actions": rec["actions"][:9]})  # 2 cards of trick 1
    assert deal.hand_to_play == 2 and deal.to_act == 1
    for seat in range(3):
        view = deal.view(seat)
        assert set(view.open_hands) == {1, 2}
        for s in (1, 2):
            assert view.open_hands[s] == tuple(cards_of(deal.hands[s]))
    # The whister gets the legal cards of the passer's hand; nobody else gets any.
    assert deal.view(1).legal == tuple(deal.legal_actions())
    assert all(deal.hands[2] >> c & 1 for c in deal.view(1).legal)
    assert deal.view(0).legal == () and deal.view(2).legal == ()


def test_multiply_defender_scores_off() -> None:
    out = replay(with_rules("E2", {"multiply_defender_scores": False}))
    assert out["scores"] == [-20, 20, -9]


def test_no_whist_multiplied_off() -> None:
    for contract, want in (("dineri", 10), ("paston", 10)):
        deal = make_deal({}, dealer=2, rules=Rules(no_whist_multiplied=False))
        apply_all(deal, ["paston", "pass", "pass"])
        apply_all(exchange_done(deal), [f"declare {contract}", "pass", "pass"])
        assert deal.scores == (want, 0, 0)


def test_surrender_multiplied() -> None:
    rules = Rules(surrender_multiplied=True)
    deal = make_deal({}, dealer=2, rules=rules)
    apply_all(deal, ["paston", "glitch", "dineri", "gupa", "pass", "pass"])
    exchange_done(deal).apply("surrender")
    assert deal.scores == (-40, 8, 8)
    deal = make_deal({0: "JS"}, dealer=2, rules=rules)
    apply_all(deal, ["pass", "pass", "pass"])
    exchange_done(deal).apply("surrender")
    assert deal.scores == (-10, 2, 2)  # x1 after an all-pass


def overtrump_deal(rules: Rules) -> Deal:
    deal = make_deal(
        {0: "7C", 1: "9H AD KD QD JD TD 9D 8D 7D AS", 2: "7H KH QH 8H KS QS TS 9S 8S 7S"},
        dealer=2,
        rules=rules,
    )
    apply_all(deal, ["paston", "pass", "pass"])
    p = [card_name(c) for c in range(32) if deal.prikup >> c & 1]
    apply_all(deal, [f"discard {p[0]} {p[1]}", "declare gupa", "whist", "whist", "7C", "9H"])
    return deal


def test_must_overtrump() -> None:
    assert set(overtrump_deal(Rules()).legal_action_strs()) == {"7H", "KH", "QH", "8H"}
    deal = overtrump_deal(Rules(must_overtrump=True))
    assert set(deal.legal_action_strs()) == {"KH", "QH"}
    with pytest.raises(RecordError) as exc:
        deal.apply("7H")
    assert str(exc.value) == '"7H": must overtrump when able; legal: KH, QH'


def test_must_overtrump_may_undertrump_when_unable() -> None:
    deal = make_deal(
        {0: "7C", 1: "AH AD KD QD JD TD 9D 8D 7D AS", 2: "7H 8H KS QS TS 9S 8S 7S KH QH"},
        dealer=2,
        rules=Rules(must_overtrump=True),
    )
    apply_all(deal, ["paston", "pass", "pass"])
    p = [card_name(c) for c in range(32) if deal.prikup >> c & 1]
    apply_all(deal, [f"discard {p[0]} {p[1]}", "declare gupa", "whist", "whist", "7C", "AH"])
    assert set(deal.legal_action_strs()) == {"7H", "8H", "KH", "QH"}


def test_neg121_reset_at_or_below_and_off() -> None:
    game = game_with_totals((0, -115, 0), rules=Rules(neg121_reset="at_or_below"))
    rec = scripted()["T3"]
    apply_all(game.new_deal(rec["hands"], rec["prikup"]), rec["actions"])
    assert game.totals == (10, 0, 0)
    game = game_with_totals((0, -112, 5), rules=Rules(neg121_reset="off"))
    rec = scripted()["T1"]
    apply_all(game.new_deal(rec["hands"], rec["prikup"]), rec["actions"])
    assert game.totals == (10, -121, 5)


def test_target() -> None:
    for target, over in ((40, True), (41, False)):
        game = Game(Rules(target=target), first_dealer=2)
        rec = scripted()["E7"]  # +40 for the declarer
        apply_all(game.new_deal(rec["hands"], rec["prikup"]), rec["actions"])
        assert game.totals == (40, 0, 0)
        assert game.over is over and game.winner == (0 if over else None)
    # E3 gives +30 to the declarer and to L: level at the top of a target of 30 -> a draw.
    game = Game(Rules(target=30), first_dealer=2)
    rec = scripted()["E3"]
    apply_all(game.new_deal(rec["hands"], rec["prikup"]), rec["actions"])
    assert game.over and game.draw and game.winner is None


def test_target_tie_play_on() -> None:
    rules = Rules(target_tie="play_on")
    game = game_with_totals((50, 119, 119), rules=rules)
    deal = game.new_deal(*fill_hands({0: "JS"}, seed=4))
    apply_all(deal, ["paston", "pass", "pass"])
    exchange_done(deal).apply("surrender")
    assert game.totals == (40, 121, 121)
    assert not game.over and not game.draw and game.winner is None
    nxt = game.new_deal()  # the game goes on
    assert nxt.dealer == game.deals[-1].dealer


BAD_FLAGS: list[tuple[dict[str, Any], str]] = [
    ({"bogus": True}, "unknown rule flag 'bogus'"),
    ({"allow_jump_bids": "yes"}, "rule 'allow_jump_bids' must be true or false, not 'yes'"),
    ({"must_overtrump": 1}, "rule 'must_overtrump' must be true or false, not 1"),
    ({"target": 0}, "rule 'target' must be a positive whole number, not 0"),
    ({"target": "121"}, "rule 'target' must be a positive whole number, not '121'"),
    ({"target": True}, "rule 'target' must be a positive whole number, not True"),
    ({"spade_run_redeal": "sometimes"}, "rule 'spade_run_redeal' must be one of"),
    ({"target_tie": None}, "rule 'target_tie' must be one of"),
]


@pytest.mark.parametrize(("flags", "message"), BAD_FLAGS)
def test_bad_flags_are_rejected(flags: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleError) as exc:
        Rules.from_dict(flags)
    assert message in str(exc.value)
    rec = with_rules("E1", flags)
    with pytest.raises(RecordError) as rexc:
        replay(rec)
    assert message in str(rexc.value)
    game = {"format": "paston-game/1", "rules": flags, "deals": []}
    with pytest.raises(RecordError):
        replay(game)


def test_rules_must_be_an_object() -> None:
    with pytest.raises(RecordError, match="'rules' must be a JSON object, not list"):
        replay(with_rules("E1", [1]))  # type: ignore[arg-type]


def test_rules_round_trip_only_non_defaults() -> None:
    assert Rules().to_dict() == {}
    flags = {"target": 50, "lone_whist_mode": "whister_plays_both_open"}
    assert Rules.from_dict(flags).to_dict() == flags
