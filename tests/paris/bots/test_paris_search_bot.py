"""The search bot decides from the view alone: two games that differ only in cards the seat
cannot see give it the same view, and a seeded bot then makes the same decision with the same
explanation. Also: worlds agree with the view, and the knowledge read from the events is true.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from paston.bots import make_bot
from paston.games.paris.bots.cycles import earlier_choices
from paston.games.paris.bots.dpimc import DpimcBot
from paston.games.paris.bots.knowledge import read_knowledge
from paston.games.paris.bots.moves import move_of
from paston.games.paris.bots.worlds import sample_world
from paston.games.paris.cards import parse_card
from paston.games.paris.shuffle import deal_game
from paston.games.paris.state import ParisState


def _hidden_shuffled(state: ParisState, seat: int, rng: random.Random) -> ParisState:
    """The same position with every card ``seat`` cannot see dealt again at random: the
    other hands, every face-down card and the deck change, their sizes do not."""
    n = state.players
    hidden = [c for s in range(n) if s != seat for c in state.hand(s)]
    hidden += [c for s in range(n) for c in state.face_down(s) if c >= 0]
    hidden += list(state.deck)
    rng.shuffle(hidden)
    at = 0
    seats = []
    for s in range(n):
        if s == seat:
            hand = state.hand(s)
        else:
            hand = hidden[at : at + state.hand_count(s)]
            at += state.hand_count(s)
        down: list[int | None] = []
        for c in state.face_down(s):
            if c >= 0:
                down.append(hidden[at])
                at += 1
            else:
                down.append(None)
        seats.append((hand, state.face_up(s), down))
    return ParisState.from_position(
        n, state.dealer, seats, to_act=seat, deck=hidden[at:], pile=state.pile,
        burned=state.burned, finished=state.finished, turns=state.turns, rules=state.rules,
    )  # fmt: skip


def _position(players: int, seed: int, turns: int) -> ParisState:
    """A play-phase position (no event history) taken from a heuristic game."""
    game = deal_game(players, seed=seed, dealer=seed % players)
    bot = make_bot("heuristic", seed=seed, game="paris")
    while not game.is_over and (game.phase != "play" or game.turns < turns):
        seat = game.to_act
        assert seat is not None
        game.apply(bot.act(game.view(seat)))
    seat = game.to_act
    assert seat is not None
    return _hidden_shuffled(game, seat, random.Random(seed))


@pytest.mark.parametrize(("players", "seed", "turns"), [(3, 1, 4), (4, 2, 10), (5, 3, 25)])
def test_same_view_same_decision(players: int, seed: int, turns: int) -> None:
    rng = random.Random(seed * 7 + 1)
    for attempt in range(40):
        a = _position(players, seed + 100 * attempt, turns)
        seat = a.to_act
        assert seat is not None
        if len({move_of(x).key for x in a.legal_actions()}) >= 2:
            break
    else:
        raise AssertionError("no position with a real choice found")
    b = _hidden_shuffled(a, seat, rng)
    assert b.view(seat) == a.view(seat)
    assert any(a.hand(s) != b.hand(s) for s in range(players) if s != seat) or a.deck != b.deck
    choices_a = DpimcBot(seed=5, worlds=6, horizon=80, time=60).explain(a.view(seat))
    choices_b = DpimcBot(seed=5, worlds=6, horizon=80, time=60).explain(b.view(seat))
    assert choices_a == choices_b
    assert DpimcBot(seed=5, worlds=6, horizon=80, time=60).act(a.view(seat)) == DpimcBot(
        seed=5, worlds=6, horizon=80, time=60
    ).act(b.view(seat))


def _advance(players: int, seed: int, turns: int) -> ParisState:
    game = deal_game(players, seed=seed, dealer=seed % players)
    bots = [make_bot("random" if s % 2 else "heuristic", seed=s, game="paris")
            for s in range(players)]  # fmt: skip
    while not game.is_over and game.turns < turns:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.view(seat)))
    return game


@pytest.mark.parametrize("players", [2, 3, 4, 6, 9])
def test_knowledge_is_true_and_worlds_fit_the_view(players: int) -> None:
    for seed in range(6):
        game = _advance(players, seed, 30 + 40 * seed)
        if game.is_over or game.phase != "play":
            continue
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        knowledge = read_knowledge(view)
        # Known cards really are in those hands; the unseen pool is exactly the hidden cards.
        hidden: Counter[int] = Counter(game.deck)
        for s in range(players):
            hand = Counter(game.hand(s))
            assert not knowledge.known[s] - hand, (s, knowledge.known[s], hand)
            if s != seat:
                hidden.update(hand - knowledge.known[s])
            hidden.update(c for c in game.face_down(s) if c >= 0)
        assert knowledge.unseen == hidden
        world = sample_world(view, knowledge, random.Random(seed))
        seen_again = world.view(seat)
        assert seen_again.hand == view.hand
        # Everything public about the seats (swap counters aside: a position has none).
        public = [(p.hand_count, p.face_up, p.face_down_slots, p.finished) for p in view.seats]
        assert [(p.hand_count, p.face_up, p.face_down_slots, p.finished)
                for p in seen_again.seats] == public  # fmt: skip
        assert (seen_again.pile, seen_again.deck, seen_again.finished) == (
            view.pile, view.deck, view.finished,
        )  # fmt: skip
        if not view.opening:
            assert sorted(world.legal_actions()) == sorted(view.legal)
        for s in range(players):
            assert not knowledge.known[s] - Counter(world.hand(s))


def _cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def test_search_finds_the_burn_and_the_way_out() -> None:
    """Three 9s on the pile, the fourth in hand with two jacks, deck empty: burning with 9D
    and then shedding both jacks goes out at once; shedding jacks first strands the 9."""
    seats = [
        (_cards("9D JC JH"), [], [None, None, None]),
        (_cards("AC KC 2C"), [], [None, None, None]),
        (_cards("AD KD"), [], [None, None, None]),
    ]
    state = ParisState.from_position(3, 2, seats, to_act=0, pile=_cards("9C 9H 9S"))
    choices = DpimcBot(seed=1, worlds=8, time=60).explain(state.view(0))
    assert move_of(choices[0].action).text == "play 9D"
    assert choices[0].value == -1.0  # out first in every world
    assert all(c.value < -1.0 for c in choices[1:])


def test_the_explanation_puts_the_move_played_first() -> None:
    for seed in range(3):
        state = _position(4, seed + 10, 12)
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        action = DpimcBot(seed=seed, worlds=5, horizon=60, time=60).act(view)
        choices = DpimcBot(seed=seed, worlds=5, horizon=60, time=60).explain(view)
        assert choices[0].action == action
        assert sorted(c.action for c in choices) == sorted(view.legal)


def test_the_search_steps_out_of_the_looping_vector_v33() -> None:
    """paris.md §12 V33: twelve actions (four, three times, the seats taking turns) bring the
    position back; the search sees that it led the two 7s here before and does not again."""
    seats = [
        (_cards("7H 7H 2H"), _cards("9S"), _cards("3S KC AD")),
        (_cards("QS 2D"), _cards("6S QH 2D"), _cards("AS 4H AH")),
        (_cards("7D 9C 9D 9H"), [], [None, None, None]),
    ]
    state = ParisState.from_position(3, 2, seats, to_act=0)
    for action in ["play 7H 7H", "pickup", "play 7D", "pickup"] * 3:
        state.apply(action)
    view = state.view(0)
    assert earlier_choices(view) == ["play 7H 7H"]
    assert move_of(DpimcBot(seed=0, worlds=4, time=60).act(view)).text != "play 7H 7H"
