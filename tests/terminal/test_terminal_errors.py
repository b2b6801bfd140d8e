"""A refused line says what was wrong and what is legal, once, in the notation the screen
uses: a Paskievics discard of a king or an honour says they are never laid away and lists the
cards that may go (not every combination of them); a Paston card that may not be played now
says why, in the suit symbols of the screen (``10♥``, never ``TH``)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from paston.core.hooks.terminal import InputError
from paston.core.registry import get_game


def _reach(game: str, seats: int, wanted: Any) -> Any:
    """A state of ``game`` reached by random play where ``wanted(state)`` holds."""
    info = get_game(game)
    for seed in range(400):
        rng = random.Random(seed)
        match = info.new_match(seats, info.parse_rules({}), 0)
        state = match.next_state(rng)
        while not state.is_over:
            if wanted(state):
                return state
            state.apply(rng.choice(list(state.legal_actions())))
    raise AssertionError("no such state in 400 deals")


def test_a_paskievics_king_is_never_laid_away_and_the_legal_cards_are_listed_once() -> None:
    from paston.games.paskievics.cards import CARD_NAMES, KINGS, parse_card
    from paston.games.paskievics.terminal import _discard_size, choice_labels, parse_input

    def declarer_with_a_king(state: Any) -> bool:
        if state.phase != "discard" or state.to_act is None:
            return False
        view = state.view(state.to_act)
        hand = {parse_card(c) for c in view.data["hand"]}
        return _discard_size(view) == 3 and bool(hand & KINGS)

    state = _reach("paskievics", 4, declarer_with_a_king)
    view = state.view(state.to_act)
    king = next(c for c in view.data["hand"] if parse_card(c) in KINGS)
    listed = choice_labels(view)
    # The choices are the cards that may go, one number each: never a king, never 35 lines.
    assert king not in listed and len(listed) < 15
    others = [c for c in listed if c != king][:2]
    with pytest.raises(InputError) as refused:
        parse_input(f"discard {king} {' '.join(others)}", view)
    message = str(refused.value)
    assert "kings are never laid away" in message, message
    may = message.split("You may lay away: ")[1].split()
    assert may == listed and len(set(may)) == len(may), message
    assert "discard" not in message.split(":", 1)[1], message  # no list of combinations
    # Numbers of the listed cards are a discard; a wrong count says how many.
    action = parse_input("1 2 3", view)
    assert state.action_str(action) == "discard " + " ".join(
        sorted(listed[:3], key=lambda c: CARD_NAMES.index(c))
    )
    with pytest.raises(InputError, match="lay away 3 different cards"):
        parse_input("1 2", view)


def test_a_paston_card_that_may_not_be_played_says_why_in_the_screen_s_notation() -> None:
    from paston.games.paston.terminal import parse_input

    def blocked_card(state: Any) -> bool:
        if state.phase != "play" or state.to_act is None:
            return False
        view = state.view(state.to_act)
        return view.hand_to_play == view.seat and any(c not in view.legal for c in view.hand)

    state = _reach("paston", 3, blocked_card)
    view = state.view(state.to_act)
    card = next(c for c in view.hand if c not in view.legal)
    from paston.games.paston.cards import card_name
    from paston.games.paston.text import card_text

    with pytest.raises(InputError) as refused:
        parse_input(card_name(card), view)
    message = str(refused.value)
    assert message.startswith(f"{card_text(card).plain} cannot be played: "), message
    assert re.search(r"must (follow the suit led|trump)", message), message
    # Every card in the screen's notation (suit symbols), none in the records' (TH, 9S).
    assert not re.search(r"\b(?:[7-9TJQKA])[CDHS]\b", message), message
    legal = message.split("You may play: ")[1].split()
    assert legal == [card_text(c).plain for c in view.legal]
