"""The text rendering of :mod:`paston.games.paston.text`: readable deals and games, and no hidden
card in
anything drawn for one seat."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.text import Text

import paston
from paston.games.paston.cards import SUIT_SYMBOLS, parse_card
from paston.games.paston.state import Deal
from paston.games.paston.text import (
    deal_text,
    game_text,
    hand_text,
    picture_of_deal,
    picture_of_view,
    to_plain,
    view_status,
)
from paston.terminal import choice_lines

RANK = r"(?:10|[AKQJ987])"
SINGLE = re.compile(rf"({RANK})([♠♣♦♥])")
GROUP = re.compile(rf"([♠♣♦♥]) ({RANK}(?: {RANK})*)(?![♠♣♦♥\w])")


#: Fixed phrases that name cards without showing anyone's card (rule reminders).
RULE_PHRASES = (
    *(
        paston.games.paston.text.redeal_reason(code)
        for code in ("spade-run", "no-first-bidder", "all-pass")
    ),
    "(J♠/7♠ rule)",
)


def mentioned_cards(text: str) -> set[int]:
    """Every card a rendering shows, whether as ``10♥`` or in a hand row ``♥ A 10 7``."""
    for phrase in RULE_PHRASES:
        text = text.replace(phrase, "")
    found = {parse_card(rank + suit) for rank, suit in SINGLE.findall(text)}
    for suit, ranks in GROUP.findall(text):
        found |= {parse_card(rank + suit) for rank in ranks.split()}
    return found


def random_deal(seed: int, steps: int) -> Deal:
    rng = random.Random(seed)
    deal = paston.deal_until_playable(seed=seed, dealer=seed % 3, first_deal=seed % 2 == 0)[-1]
    for _ in range(steps):
        if deal.to_act is None:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def test_hand_text_groups_by_suit() -> None:
    hand = [parse_card(c) for c in ("7h", "AS", "TD", "9s", "AH")]
    assert hand_text(hand).plain == "♠ A 9  ♣ —  ♦ 10  ♥ A 7"


def test_mentioned_cards_parser() -> None:
    assert mentioned_cards("♠ A 9  ♣ —  ♦ 10  ♥ A 7, then 8♣ and K♠ 7♥") == {
        parse_card(c) for c in ("AS", "9S", "TD", "AH", "7H", "8C", "KS")
    }
    assert mentioned_cards("gupa (♥ trumps, ×4)") == set()


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 45), seat=st.integers(0, 2))
def test_a_seat_sees_no_hidden_card(seed: int, steps: int, seat: int) -> None:
    deal = random_deal(seed, steps)
    view = deal.view(seat)
    visible = set(view.hand) | set(view.played)
    for cards in view.open_hands.values():
        visible |= set(cards)
    if deal.declarer == seat:
        visible |= set(view.prikup or ()) | set(view.discards or ())
    picture = picture_of_view(view)
    assert set(picture.hands) == {seat, *view.open_hands}
    if deal.declarer != seat:
        assert picture.prikup is None and picture.discards is None
    text = to_plain(view_status(view), width=100) + to_plain(
        paston.games.paston.text.deal_renderable(view), width=100
    )
    assert mentioned_cards(text) <= visible


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_finished_deal_shows_every_card(seed: int) -> None:
    deal = random_deal(seed, 200)
    assert deal.is_over
    text = deal_text(deal)
    assert mentioned_cards(text) == set(range(32))
    picture = picture_of_deal(deal)
    dealt = [c for h in picture.hands.values() for c in h] + list(picture.prikup or ())
    assert sorted(dealt) == list(range(32))
    if deal.scores is not None:
        assert "scores" in text


def test_game_text_lists_every_deal_and_the_result() -> None:
    game = paston.Game(rng=random.Random(4))
    rng = random.Random(4)
    while not game.over:
        deal = game.new_deal()
        while deal.to_act is not None:
            deal.apply(rng.choice(deal.legal_actions()))
    text = game_text(game, names=["Ann", "Bob", "Cy"])
    assert "Score sheet" in text
    assert text.count("Deal ") >= len([d for d in game.deals if d.phase == "scored"])
    assert ("wins with" in text) or ("draw" in text)
    for total in game.totals:
        assert f"{total} / 121" in text


def test_choice_lines_never_split_an_item() -> None:
    labels = [Text(f"{r}{s}") for s in SUIT_SYMBOLS for r in ("A", "10", "7")] * 3
    lines = choice_lines(labels, 30)
    joined = "   ".join(line.plain for line in lines)
    for n in range(1, len(labels) + 1):
        assert re.search(rf"\[\s*{n}\] \S+", joined)
    assert all(line.cell_len <= 30 for line in lines)
