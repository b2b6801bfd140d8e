"""``search_oracle``: the expert shown the true deal in the phases it is told to see, and the
expert itself everywhere else (the yardstick of docs/arena.md, "Where the points are")."""

from __future__ import annotations

import pytest

from paston.bots import BOT_NAMES, make_bot
from paston.bots.registry import BotSpecError
from paston.games.paston.actions import action_str
from paston.games.paston.bots.oracle import OracleError, world_of_deal
from paston.games.paston.bots.search_oracle import SearchOracleBot
from paston.games.paston.cards import parse_cards
from paston.games.paston.state import Deal

SMALL = "worlds=8,bid_worlds=8,whist_worlds=8,declare_worlds=8,exchange_worlds=4"

EAST = "AH KH QH JH AC KC 7S 8S 9S 7D"
SOUTH = "9H 8H KS QS JS TS AD KD QD JD"
WEST = "TH 7H QC JC TC 9C AS TD 9D 8D"


def _fresh_deal() -> Deal:
    hands = [parse_cards(EAST), parse_cards(SOUTH), parse_cards(WEST)]
    return Deal(hands, parse_cards("7C 8C"), dealer=2, first_deal=False)


def _lone_whist_deal() -> Deal:
    """Seat 0 declares gupa and leads; seat 1 whists alone, void in clubs."""
    deal = _fresh_deal()
    for a in ("paston", "glitch", "pass", "dineri", "pass", "discard 7C 8C", "declare gupa",
              "whist", "pass"):  # fmt: skip
        deal.apply(a)
    return deal


def _oracle(sees: str, deal: Deal, seed: int = 5) -> SearchOracleBot:
    bot = make_bot(f"search_oracle:sees={sees},{SMALL}", seed=seed)
    assert isinstance(bot, SearchOracleBot)
    bot.attach(deal)
    return bot


def test_it_is_never_offered_and_refuses_to_act_without_the_deal() -> None:
    assert "search_oracle" not in BOT_NAMES
    deal = _lone_whist_deal()
    bot = make_bot(f"search_oracle:sees=play,{SMALL}", seed=1)
    with pytest.raises(OracleError, match="attach"):
        bot.act(deal.view(0))


def test_a_view_of_another_deal_is_refused() -> None:
    bot = _oracle("play", _lone_whist_deal())
    other = _lone_whist_deal()
    other.apply("AH")
    with pytest.raises(OracleError, match="another deal"):
        bot.act(other.view(1))


def test_an_unknown_sees_names_the_choices() -> None:
    choices = "play, auction, exchange, whist, contract, all"
    with pytest.raises((BotSpecError, ValueError), match=choices):
        make_bot("search_oracle:sees=everything")


def test_in_the_phases_it_sees_it_decides_on_the_true_deal_alone() -> None:
    deal = _lone_whist_deal()
    bot = _oracle("play", deal)
    view = deal.view(0)
    assert bot.sample(view, 64) == [(world_of_deal(deal), 1.0)]
    # It sees the whister's club void: a club lead would be ruffed and sink gupa.
    assert action_str(bot.act(view)) not in ("AC", "KC")
    auction = _fresh_deal()
    assert _oracle("auction", auction).bid_groups(auction.view(0)) == [
        [(world_of_deal(auction), 1.0)]
    ]


@pytest.mark.parametrize("sees", ["play", "auction"])
def test_in_the_other_phases_it_is_the_expert(sees: str) -> None:
    # Outside the phases it sees, the same seed gives the expert's very decisions and values.
    # sees=play is asked in the auction, sees=auction in the card play.
    deal = _fresh_deal() if sees == "play" else _lone_whist_deal()
    view = deal.view(deal.seat_to_act)
    expert = make_bot(f"search:{SMALL}", seed=9).explain(view)
    assert _oracle(sees, deal, seed=9).explain(view) == expert
    # ... and not the true world alone.
    sampled = _oracle(sees, deal, seed=9)
    if sees == "play":
        assert len(sampled.bid_groups(view)) > 1
    else:
        assert len(sampled.sample(view, 8)) > 1
