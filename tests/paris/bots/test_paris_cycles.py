"""Paris bots leave cycles themselves (issue 21): a position that comes back is seen from the
public events, the bot chooses otherwise, and bots-only games end long before the turn limit
(counted in turns, never in time)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from paston.bots import make_bot
from paston.games.paris.bots.cycles import earlier_choices, repeated_keys
from paston.games.paris.bots.heuristic import HeuristicBot
from paston.games.paris.bots.moves import move_of
from paston.games.paris.bots.plain import PlainBot
from paston.games.paris.bots.playout import heuristic_action
from paston.games.paris.cards import parse_card
from paston.games.paris.shuffle import deal_game
from paston.games.paris.state import ParisState


def _cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def _v33() -> ParisState:
    seats = [
        (_cards("7H 7H 2H"), _cards("9S"), _cards("3S KC AD")),
        (_cards("QS 2D"), _cards("6S QH 2D"), _cards("AS 4H AH")),
        (_cards("7D 9C 9D 9H"), [], [None, None, None]),
    ]
    return ParisState.from_position(3, 2, seats, to_act=0)


def test_a_position_that_comes_back_is_seen_in_the_events() -> None:
    state = _v33()
    cycle = ["play 7H 7H", "pickup", "play 7D", "pickup"] * 3
    for done, action in enumerate(cycle):
        seat = state.to_act
        assert seat is not None
        assert earlier_choices(state.view(seat)) == [], done
        state.apply(action)
    view = state.view(0)
    assert earlier_choices(view) == ["play 7H 7H"]
    for action in cycle:
        state.apply(action)
    assert earlier_choices(state.view(0)) == ["play 7H 7H", "play 7H 7H"]
    # Not to the seat that is not to act, and the other seats' positions are new to them.
    assert earlier_choices(state.view(1)) == []


@pytest.mark.parametrize(
    "bot", [HeuristicBot(seed=0), PlainBot(seed=0)], ids=["heuristic", "plain"]
)
def test_the_bots_do_not_lead_the_two_sevens_again(bot: HeuristicBot | PlainBot) -> None:
    state = _v33()
    first = move_of(bot.act(state.view(0))).text
    assert first == "play 7H 7H"  # the thumb rules' choice the first time
    for action in ["play 7H 7H", "pickup", "play 7D", "pickup"] * 3:
        state.apply(action)
    assert move_of(bot.act(state.view(0))).text != "play 7H 7H"


def test_a_seeded_four_bot_cycle_is_left() -> None:
    """Seed 2, 4 players: the bare thumb rules (the playouts' policy, which never varies) come
    back to a position after about 150 turns and would go round for ever; heuristic bots
    from that very position vary their choice and finish the game."""
    state = deal_game(4, seed=2, dealer=2)
    while True:
        assert not state.is_over and state.turns < 400
        seat = state.to_act
        assert seat is not None
        if state.phase == "play" and earlier_choices(state.view(seat)):
            break
        state.apply(heuristic_action(state))
    cycling = state.copy()
    for _ in range(200):  # the thumb rules go round the same cycle again and again
        cycling.apply(heuristic_action(cycling))
    seat = cycling.to_act
    assert seat is not None and not cycling.is_over
    assert len(earlier_choices(cycling.view(seat))) >= 3
    bots = [HeuristicBot(seed=s, loop_rate=0.0) for s in range(4)]
    begun = state.turns
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state.view(seat)))
        assert state.turns - begun < 1000
    assert state.end == "last_player"


def test_a_table_that_was_forced_round_for_ever_ends() -> None:
    """benchmarks/paris_levels.py, seed 2026, deal set 167, 3 players (beginner, plain,
    plain): before the forced-cycle check the game reached a position where each seat's one
    legal move led round a cycle (each held one 7 or nothing that fitted) and ran to the
    10,000-turn limit. The bots now stay out of the forced cycle."""
    sys.path.insert(0, str(Path(__file__).parents[3] / "benchmarks"))
    from paris_ladder import _seed_of

    specs = ["beginner", "plain", "plain"]
    bots = [
        make_bot(spec, seed=_seed_of(2026, 167, f"bot{i}"), game="paris")
        for i, spec in enumerate(specs)
    ]
    state = deal_game(3, seed=_seed_of(2026, 167, "deal"), dealer=167 % 3)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state.view(seat)))
        assert state.turns < 2000
    assert state.end == "last_player"


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("spec", ["heuristic", "plain", "beginner"])
def test_bots_only_games_end_well_before_the_turn_limit(spec: str, players: int) -> None:
    """Twelve seeded games per table; the turn limit is 10,000, every game here ends by its
    last player within 2,000 turns (measured: p99 under 750 over 500 4-player games)."""
    for game in range(12):
        state = deal_game(players, seed=500 + game, dealer=game % players)
        bots = [make_bot(spec, seed=10 * game + s, game="paris") for s in range(players)]
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state.apply(bots[seat].act(state.view(seat)))
        assert state.end == "last_player", (spec, players, game)
        assert state.turns < 2000, (spec, players, game)


def test_a_small_search_table_ends_by_its_last_player() -> None:
    state = deal_game(3, seed=7, dealer=0)
    bots = [make_bot("dpimc:worlds=2,candidates=2,time=5", seed=s, game="paris") for s in range(3)]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state.view(seat)))
    assert state.end == "last_player"
    assert state.turns < 2000


def test_repeated_keys_ignore_suits() -> None:
    state = _v33()
    for action in ["play 7H 7H", "pickup", "play 7D", "pickup"] * 3:
        state.apply(action)
    assert repeated_keys(state.view(0)) == {
        ("play", move_of(state.parse_action("play 7H 7H")).rank, 2)
    }
