"""Paston on the platform protocol: ``Deal`` is a ``State``, ``Game`` a ``Match``, and the
``GameInfo`` descriptor says what the front-ends need, without changing Paston's behaviour."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import paston
from paston.bots.registry import bot_infos
from paston.core.errors import IllegalAction
from paston.core.protocol import Match, State, View
from paston.core.registry import get_game
from paston.games.paston import table_views
from paston.games.paston.actions import NUM_ACTIONS
from paston.games.paston.match import Game
from paston.games.paston.record import game_record
from paston.games.paston.rules import RuleError, Rules
from paston.games.paston.shuffle import deal_cards, deal_until_playable
from paston.games.paston.state import Deal
from paston.games.paston.text import to_plain, view_status

GAME = get_game("paston")


def test_descriptor() -> None:
    assert (GAME.name, GAME.seat_counts, GAME.default_seats) == ("paston", (3,), 3)
    assert GAME.formats == ("paston-deal/1", "paston-game/1")
    assert GAME.num_actions == NUM_ACTIONS
    assert GAME.play.default_bot == "heuristic"


def test_every_rules_flag_is_described_in_one_plain_line() -> None:
    assert [f.name for f in GAME.flags] == [f.name for f in fields(Rules)]
    for flag in GAME.flags:
        assert flag.default == getattr(Rules(), flag.name)
        assert flag.help and "\n" not in flag.help and len(flag.help) < 200
        choices = Rules.choices(flag.name)
        if choices is not None:
            assert flag.kind == "choice" and flag.choices == choices
            # A choice flag's line explains every value it may take.
            assert all(value in flag.help for value in choices), flag.name
        else:
            assert flag.kind == ("bool" if isinstance(flag.default, bool) else "int")
    reset = GAME.flag("neg121_reset")
    assert reset is not None and "exactly −121 goes back to 0 (exact)" in reset.help


def test_parse_rules_and_new_match() -> None:
    assert GAME.parse_rules({"target": 61}) == Rules(target=61)
    with pytest.raises(RuleError, match="unknown rule flag 'jokers'"):
        GAME.parse_rules({"jokers": True})
    match = GAME.new_match(3, {"target": 61}, 2)
    assert isinstance(match, Game) and match.rules.target == 61 and match.first_dealer == 2
    with pytest.raises(RuleError, match="played by 3 seats, not 4"):
        GAME.new_match(4)


def test_deal_is_a_state_and_its_view_a_view() -> None:
    deal = deal_cards(seed=5)
    assert isinstance(deal, State) and deal.players == 3
    assert deal.to_act is not None
    view = deal.view(deal.to_act)
    assert isinstance(view, View)
    assert view.to_json()["legal"] == [deal.action_str(a) for a in view.legal]
    assert deal.result() == (0.0, 0.0, 0.0)


def test_parse_action_and_action_str_are_inverse() -> None:
    deal = deal_cards(seed=5)
    for action in range(NUM_ACTIONS):
        assert deal.parse_action(deal.action_str(action)) == action
    with pytest.raises(IllegalAction) as info:
        deal.parse_action("fold")
    assert info.value.reason.startswith("unparsable") and info.value.action == "fold"
    assert info.value.legal == tuple(deal.legal_action_strs())


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_result_is_the_deals_scores_once_over(seed: int) -> None:
    deal = deal_until_playable(seed=seed)[-1]
    rng = random.Random(seed)
    while not deal.is_over:
        assert deal.result() == (0.0, 0.0, 0.0)
        deal.apply(rng.choice(deal.legal_actions()))
    expected = deal.scores if deal.scores is not None else (0, 0, 0)
    assert deal.result() == tuple(float(s) for s in expected)


def test_game_is_a_match_dealing_with_the_rotation() -> None:
    game = Game(first_dealer=0)
    assert isinstance(game, Match) and game.players == 3
    rng = random.Random(3)
    dealers = []
    while not game.over and len(game.deals) < 6:
        expected_dealer, first = game.next_deal_setup()
        deal = game.next_state(rng)
        assert (deal.dealer, deal.first_deal) == (expected_dealer, first)
        dealers.append(deal.dealer)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
    # Rebuilding from the record checks the rotation and every action again.
    record = game.record({"event": "test"})
    assert record["meta"] == {"event": "test"}
    again = paston.game_from_record(record)
    assert [d.dealer for d in again.deals] == dealers
    assert again.totals == game.totals and game.record() == game_record(game)


def test_next_state_uses_the_given_generator() -> None:
    one, two = Game(), Game()
    a, b = one.next_state(random.Random(9)), two.next_state(random.Random(9))
    assert a.dealt == b.dealt and a.prikup == b.prikup
    assert deal_cards(dealer=0, first_deal=True, rng=random.Random(9)).dealt == a.dealt


def test_server_hooks_are_the_table_views() -> None:
    deal = deal_until_playable(seed=2)[-1]
    hooks = GAME.table
    assert hooks.default_action is not None
    assert hooks.spectator_view(deal) == table_views.spectator_view(deal)
    assert hooks.default_action(deal) == table_views.default_action(deal)
    rng = random.Random(1)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    assert hooks.reveal(deal) == table_views.reveal(deal)


def text_of(view: View) -> str:
    """The compact picture of a seat's view the descriptor used to give."""
    return to_plain(view_status(view))  # type: ignore[arg-type]


def test_load_record_and_render_view() -> None:
    deal = deal_until_playable(seed=4)[-1]
    loaded = GAME.load_record(paston.deal_record(deal))
    assert isinstance(loaded, Deal) and loaded.dealt == deal.dealt
    game = Game()
    game.next_state(random.Random(1))
    assert isinstance(GAME.load_record(game_record(game)), Game)
    assert deal.to_act is not None
    text = text_of(deal.view(deal.to_act))
    assert "\x1b[" not in text and "auction" in text


def test_offered_bots_are_the_registrys() -> None:
    registered = {b.name: b for b in bot_infos("paston")}
    for bot in GAME.play.bots:
        assert registered[bot.name].offered == bot.offered
        assert registered[bot.name].description == bot.description
    offered = [b.name for b in GAME.play.bots if b.offered]
    assert offered == ["random", "heuristic", "pimc", "wpimc", "search"]
    made = GAME.play.bot("random").factory(seed=3)  # type: ignore[union-attr]
    assert made.name == "random"
    deal = deal_until_playable(seed=1)[-1]
    assert deal.to_act is not None
    view = deal.view(deal.to_act)
    assert made.act(view) in view.legal


def test_rewritten_records_keep_their_meta() -> None:
    deal = deal_until_playable(seed=6)[-1]
    record = {**paston.deal_record(deal), "meta": {"event": "club", "x": [1]}}
    assert paston.deal_record(paston.deal_from_record(record)) == record
    game = Game()
    game.next_state(random.Random(2))
    body = {**paston.deal_record(game.deals[0], in_game=True), "meta": {"site": "here"}}
    written = {**game_record(game), "deals": [body], "meta": {"players": ["a", "b", "c"]}}
    again = paston.game_from_record(written)
    assert game_record(again) == written
    # New tags replace the old ones when the program writing the record gives them.
    assert again.record({"event": "new"})["meta"] == {"event": "new"}
    # Without meta nothing is added.
    assert "meta" not in paston.deal_record(deal) and "meta" not in game_record(game)
