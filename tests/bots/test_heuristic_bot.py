"""The heuristic bot: legal in every phase, consistent explanations, and clearly better than
random in a seeded duplicate arena."""

from __future__ import annotations

import random

import pytest

from paston.arena import run_arena
from paston.bots import make_bot
from paston.games.paston.actions import SURRENDER, WHIST, action_str
from paston.games.paston.bots.heuristic import HeuristicBot, declarer_tricks, defender_tricks
from paston.games.paston.cards import mask_of, parse_cards
from paston.games.paston.rules import Rules
from paston.games.paston.shuffle import deal_until_playable

VARIANTS = [
    {},
    {"lone_whist_mode": "whister_plays_both_open"},
    {"all_pass_contracts": "paston_only"},
    {"allow_jump_bids": True, "must_overtrump": True},
]


def _play_out(seed: int, rules: Rules, specs: list[str]) -> set[str]:
    """Play one deal with the given bots, checking every decision; return the phases seen."""
    rng = random.Random(seed)
    deal = deal_until_playable(rng=rng, dealer=seed % 3, first_deal=seed % 2 == 0, rules=rules)[-1]
    bots = [make_bot(spec, seed=seed * 3 + i) for i, spec in enumerate(specs)]
    phases = set()
    while not deal.is_over:
        seat = deal.to_act
        view = deal.view(seat)
        phases.add(view.phase)
        bot = bots[seat]
        action = bot.act(view)
        assert action in view.legal, (seed, view.phase, action_str(action))
        if isinstance(bot, HeuristicBot):
            choices = bot.explain(view)
            assert sorted(c.action for c in choices) == sorted(view.legal)
            assert choices[0].action == action
            assert all(isinstance(c.reason, str) for c in choices)
        if view.phase == "declare" and action == SURRENDER:
            phases.add("surrender")
        if view.phase == "defence" and action == WHIST:
            phases.add("whist")
        deal.apply(action)
    return phases


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(v) or "default")
def test_heuristic_plays_every_phase_legally(variant: dict[str, object]) -> None:
    rules = Rules.from_dict(variant)
    seen: set[str] = set()
    for seed in range(120):
        lineup = ["heuristic"] * 3 if seed % 3 else ["heuristic", "random", "heuristic"]
        seen |= _play_out(seed, rules, lineup)
    assert {"bidding", "exchange", "declare", "defence", "play", "whist"} <= seen


def test_heuristic_surrenders_a_hopeless_forced_contract() -> None:
    # All-pass declarer at gupa? Not possible; instead: a grkha bid forces grkha (x4).
    bot = HeuristicBot()
    from paston.games.paston.state import Deal

    hands = [
        parse_cards("7S 8S 7C 8C 9C 7D 8D 9D 7H 8H"),
        parse_cards("AS KS QS JS AC KC QC AD KD AH"),
        parse_cards("TS 9S JC TC QD JD TD KH QH JH"),
    ]
    deal = Deal(hands, parse_cards("TH 9H"), dealer=2, first_deal=False)
    for action in ["paston", "glitch", "dineri", "gupa", "grkha"]:
        deal.apply(action)
    # Seat 0 bid paston and gupa... the bidding order is 0, 1, 2, 0, 1: seat 1 bid grkha.
    assert deal.declarer == 1
    deal.apply("discard 9H TH")
    view = deal.view(1)
    assert action_str(bot.act(view)) == "declare grkha"  # a strong hand plays
    weak = Deal([hands[1], hands[0], hands[2]], parse_cards("TH 9H"), dealer=2, first_deal=False)
    for action in ["paston", "glitch", "dineri", "gupa", "grkha", "discard 9H TH"]:
        weak.apply(action)
    assert weak.declarer == 1
    assert action_str(bot.act(weak.view(1))) == "surrender"


def test_trick_estimates_order_hands_sensibly() -> None:
    strong = mask_of(parse_cards("AS KS QS JS TS AC KC AD AH KH"))
    weak = mask_of(parse_cards("7S 8S 7C 8C 9C 7D 8D 9D 7H 8H"))
    assert declarer_tricks(strong, 0) >= 8.5
    assert declarer_tricks(weak, 0) <= 1.5
    assert declarer_tricks(strong, 0) > declarer_tricks(strong, 1)
    assert defender_tricks(strong, 3) > defender_tricks(weak, 3)


def _trick_position(*plays: str, seat: int = 2) -> tuple[HeuristicBot, object]:
    """Declarer seat 0 at paston, both defenders whist, then ``plays``; returns the bot and
    the view of ``seat``, which is to play."""
    from paston.games.paston.state import Deal

    hands = [
        parse_cards("AS KS QS JS TS AC KC AD KD 7H"),
        parse_cards("QH 9S 8S 7C 8C 9C 7D 8D 9D JH"),
        parse_cards("KH 8H TH 9H TC JC QC QD JD TD"),
    ]
    deal = Deal(hands, parse_cards("7S AH"), dealer=2, first_deal=False)
    for action in ["paston", "pass", "pass", "discard 7S AH", "declare paston", "whist", "whist"]:
        deal.apply(action)
    for card in plays:
        deal.apply(card)
    assert deal.to_act == seat
    return HeuristicBot(), deal.view(seat)


def test_partner_winning_is_not_overtaken() -> None:
    bot, view = _trick_position("7H", "QH")  # the partner's queen wins so far
    assert action_str(bot.act(view)) == "8H"


def test_last_hand_wins_as_cheaply_as_possible() -> None:
    # Seat 1 wins trick 1 and leads a club; the declarer, last, wins with the king, not the ace.
    bot, view = _trick_position("7H", "QH", "8H", "9C", "TC", seat=0)
    assert action_str(bot.act(view)) == "KC"


def test_last_hand_beats_the_declarer_cheaply() -> None:
    bot, view = _trick_position("KD", "7D")  # the declarer's king wins: seat 2 cannot beat it
    assert action_str(bot.act(view)) == "TD"  # the lowest diamond


def test_heuristic_beats_random_in_duplicate_arena() -> None:
    result = run_arena(["heuristic", "random", "random"], deals=150, seed=2024)
    for diff in result.differences[:2]:
        assert diff.a == "heuristic"
        # Clearly outside the noise: the whole 95 % interval is well above zero.
        assert diff.mean - diff.ci95 > 8.0, diff
    heuristic = result.bots[0]
    assert heuristic.declarer_success is not None and heuristic.declarer_success > 0.8
    assert heuristic.ms_per_decision < 5.0  # generous: the machine may be busy
