"""The search bots ``pimc``, ``wpimc`` and ``oracle``: legal in every phase, blind to hidden
cards (only a view goes in), and the oracle never offered as an opponent."""

from __future__ import annotations

import pytest

from paston.bots import BOT_NAMES, make_bot
from paston.games.paston.actions import action_str
from paston.games.paston.bots.oracle import OracleBot, OracleError
from paston.games.paston.cards import parse_cards
from paston.games.paston.rules import Rules
from paston.games.paston.shuffle import deal_until_playable
from paston.games.paston.state import Deal

SMALL = "worlds=8,bid_worlds=8,exchange_worlds=4,declare_worlds=8,whist_worlds=8"


def _play_out(deal: Deal, specs: list[str], seed: int) -> set[str]:
    bots = [make_bot(spec, seed=seed + i) for i, spec in enumerate(specs)]
    for bot in bots:
        if isinstance(bot, OracleBot):
            bot.attach(deal)
    phases = set()
    while not deal.is_over:
        seat = deal.to_act
        view = deal.view(seat)
        action = bots[seat].act(view)
        assert action in view.legal, (specs[seat], view.phase, action_str(action))
        choices = bots[seat].explain(view)
        assert sorted(c.action for c in choices) == sorted(view.legal)
        assert [c.value for c in choices] == sorted((c.value for c in choices), reverse=True)
        phases.add(view.phase)
        deal.apply(action)
    return phases


def test_search_bots_play_every_phase_legally() -> None:
    seen: set[str] = set()
    specs = [f"pimc:{SMALL}", f"wpimc:{SMALL}", f"oracle:{SMALL}"]
    for seed in range(8):
        deal = deal_until_playable(seed=seed, dealer=seed % 3, first_deal=seed % 2 == 0)[-1]
        seen |= _play_out(deal, specs[seed % 3 :] + specs[: seed % 3], seed)
        if seen >= {"bidding", "exchange", "declare", "defence", "play"} and seed >= 3:
            break
    assert seen >= {"bidding", "exchange", "declare", "defence", "play"}


def test_pimc_in_the_open_lone_whist_variant() -> None:
    rules = Rules(lone_whist_mode="whister_plays_both_open")
    deal = _lone_whist_deal(rules)
    bots = [make_bot(f"pimc:{SMALL}", seed=s) for s in range(3)]
    while not deal.is_over:
        seat = deal.to_act
        view = deal.view(seat)
        action = bots[seat].act(view)
        assert action in view.legal
        deal.apply(action)
    assert deal.scores is not None


def _lone_whist_deal(rules: Rules | None = None, swap: bool = False) -> Deal:
    """Declarer seat 0 in gupa, seat 1 whists alone; ``swap`` exchanges AS and KS between
    the two other hands (which the declarer cannot see)."""
    one = "9H 8H KS QS JS TS AD KD QD JD"
    two = "TH 7H QC JC TC 9C AS TD 9D 8D"
    if swap:
        one, two = one.replace("KS", "AS"), two.replace("AS", "KS")
    hands = [parse_cards("AH KH QH JH AC KC 7S 8S 9S 7D"), parse_cards(one), parse_cards(two)]
    deal = Deal(hands, parse_cards("7C 8C"), dealer=2, first_deal=False, rules=rules)
    for a in ("paston", "glitch", "pass", "dineri", "pass", "discard 7C 8C", "declare gupa",
              "whist", "pass"):  # fmt: skip
        deal.apply(a)
    return deal


@pytest.mark.parametrize("name", ["pimc", "wpimc"])
def test_decisions_depend_only_on_the_view(name: str) -> None:
    # Two deals that differ only in cards seat 0 cannot see give it the same view, so the
    # same seeded bot must decide the same, with the same values.
    a, b = _lone_whist_deal(), _lone_whist_deal(swap=True)
    assert a.hands != b.hands
    assert a.view(0) == b.view(0)
    out_a = make_bot(f"{name}:{SMALL}", seed=3).explain(a.view(0))
    out_b = make_bot(f"{name}:{SMALL}", seed=3).explain(b.view(0))
    assert out_a == out_b
    # The same holds in the auction.
    fresh_a = Deal(a.dealt, a.prikup, dealer=2, first_deal=False)
    fresh_b = Deal(b.dealt, b.prikup, dealer=2, first_deal=False)
    assert fresh_a.view(0) == fresh_b.view(0)
    bid_a = make_bot(f"{name}:{SMALL}", seed=4).explain(fresh_a.view(0))
    bid_b = make_bot(f"{name}:{SMALL}", seed=4).explain(fresh_b.view(0))
    assert bid_a == bid_b


def test_pimc_values_are_expected_scores() -> None:
    # Gupa (x4) with six top tricks in most worlds: every lead is worth about +40, and the
    # declarer's values stay within the table's range (-40 .. +40, plus the tie-break).
    deal = _lone_whist_deal()
    choices = make_bot("pimc:worlds=32", seed=1).explain(deal.view(0))
    assert 20 < choices[0].value <= 40.5
    assert all(-40.5 <= c.value <= 40.5 for c in choices)


def test_oracle_is_never_offered_and_needs_the_deal() -> None:
    assert "oracle" not in BOT_NAMES
    assert "pimc" in BOT_NAMES and "wpimc" in BOT_NAMES
    deal = _lone_whist_deal()
    bot = make_bot("oracle", seed=0)
    with pytest.raises(OracleError):
        bot.act(deal.view(0))
    assert isinstance(bot, OracleBot)
    bot.attach(deal)
    # It sees that the whister is void in clubs: a club lead would be ruffed and sink gupa.
    assert action_str(bot.act(deal.view(0))) not in ("AC", "KC")
    other = _lone_whist_deal(swap=True)
    other.apply("AH")
    with pytest.raises(OracleError):
        bot.act(other.view(1))


def test_bad_options_are_reported() -> None:
    from paston.bots.registry import BotSpecError

    with pytest.raises((BotSpecError, ValueError)):
        make_bot("pimc:worlds=0")
    with pytest.raises(BotSpecError):
        make_bot("pimc:colour=blue")


def test_defender_share_and_fractional_scores() -> None:
    from paston.games.paston.bots.pimc import defender_score, split_defence

    # Bounds that leave a surplus: each defender gets its bound plus half of the surplus.
    assert split_defence(2, 1, 5) == 3.0
    # Overlapping bounds: the defence's tricks in proportion to the bounds.
    assert split_defence(3, 1, 2) == 1.5
    assert split_defence(0, 0, 3) == 1.5
    # Whole tricks follow the tables of §9.2 (times the multiplier) ...
    assert defender_score(3, lone=False, mult=2) == 20
    assert defender_score(1, lone=True, mult=4) == -36
    # ... and fractions interpolate between neighbours.
    assert defender_score(2.5, lone=False, mult=1) == 5.0
