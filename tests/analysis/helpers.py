"""Deals for the analysis tests: a fixed gupa deal and heuristic-played deals."""

from __future__ import annotations

from paston.bots import make_bot
from paston.games.paston.cards import parse_cards
from paston.games.paston.shuffle import deal_until_playable
from paston.games.paston.state import Deal

#: Seat 0 can make gupa: four top hearts, A♣ K♣ and the prikup's clubs to throw away.
HANDS = ("AH KH QH JH AC KC 7S 8S 9S 7D", "9H 8H KS QS JS TS AD KD QD JD",
         "TH 7H QC JC TC 9C AS TD 9D 8D")  # fmt: skip
PRIKUP = "7C 8C"


def gupa_deal(*actions: str, finish: bool = True) -> Deal:
    """The fixed deal after ``actions``, then played to the end by the heuristic bot."""
    deal = Deal([parse_cards(h) for h in HANDS], parse_cards(PRIKUP), dealer=2,
                first_deal=False)  # fmt: skip
    for a in actions:
        deal.apply(a)
    if finish:
        play_out(deal)
    return deal


def play_out(deal: Deal, seed: int = 0) -> Deal:
    bots = [make_bot("heuristic", seed=seed + s) for s in range(3)]
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        deal.apply(bots[seat].act(deal.view(seat)))
    return deal


def heuristic_deal(seed: int) -> Deal:
    """A seeded deal played by the heuristic bot at every seat."""
    return play_out(deal_until_playable(seed=seed)[-1], seed)
