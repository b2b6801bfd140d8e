"""The Paskievics ``pimc`` bot: consistent worlds from a seat's view, legal play, registration."""

from __future__ import annotations

import random

import pytest

from paston.bots import make_bot
from paston.core.registry import get_game
from paston.games.paskievics import actions as A
from paston.games.paskievics.bots.heuristic import HeuristicBot
from paston.games.paskievics.bots.pimc import PimcBot
from paston.games.paskievics.bots.worlds import SeatKnowledge
from paston.games.paskievics.cards import HONOURS, KINGS, T20, is_tarokk, suit_of
from paston.games.paskievics.state import PaskievicsState
from paston.games.paskievics.view import build_view

from .test_heuristic import new_deal


def to_play(seed: int, players: int = 4, tricks: int = 0) -> PaskievicsState | None:
    """A deal played by heuristic bots until ``tricks`` tricks are done (None if thrown in)."""
    state = new_deal(seed, players)
    bot = HeuristicBot()
    while not state.is_over:
        if state.phase == "play" and len(state.tricks) >= tricks:
            return state
        state.apply(bot.act(build_view(state, state.to_act)))
    return None


def played_deals(count: int, tricks: int, players: int = 4) -> list[PaskievicsState]:
    out = []
    seed = 0
    while len(out) < count:
        state = to_play(seed, players, tricks)
        seed += 1
        if state is not None:
            out.append(state)
    return out


@pytest.mark.parametrize("tricks", [0, 3, 6])
def test_worlds_fit_everything_public(tricks: int) -> None:
    rng = random.Random(tricks)
    for state in played_deals(6, tricks):
        seat = state.to_act
        know = SeatKnowledge(build_view(state, seat).data)
        for _ in range(10):
            world = know.sample(rng)
            assert world.hands[seat] == frozenset(state.hands[seat])
            for s in state.active:
                # Hand sizes are public; voids shown by play hold in the world.
                assert len(world.hands[s]) == len(state.hands[s])
                for suit in know.voids[s]:
                    assert all(suit_of(c) != suit for c in world.hands[s])
            held = set().union(*world.hands.values())
            # The unseen cards outside the hands lie in discards: never an honour or a king,
            # never the XX, and exactly as many tarokks as the discards publicly hold.
            outside = set(know.unknown) - held
            assert not outside & (HONOURS | KINGS | {T20})
            hidden_tarokks = sum(n for n, _plain in know.discard_slots.values())
            assert sum(1 for c in outside if is_tarokk(c)) == hidden_tarokks
            # The world's sides agree with every side the view shows.
            for s, side in know.known_sides.items():
                assert (s in world.declarer_side) == (side == "declarer")


def test_the_partner_is_sampled_when_unknown() -> None:
    rng = random.Random(3)
    varied = 0
    for state in played_deals(12, 0):
        for seat in state.active:
            view = build_view(state, seat)
            if view.data["partner"] is not None or state.called is None:
                continue
            know = SeatKnowledge(view.data)
            sides = {know.sample(rng).declarer_side for _ in range(30)}
            # Nobody the view shows as a defender is ever made the partner.
            for side in sides:
                assert all(know.known_sides.get(s) != "defenders" for s in side)
            varied += len(sides) > 1
    assert varied > 0


def test_pimc_plays_whole_deals_legally() -> None:
    bot = PimcBot(seed=1, worlds=3, min_worlds=2, time_budget=0.05)
    for state in played_deals(3, 0, players=5) + played_deals(3, 0):
        while not state.is_over:
            view = build_view(state, state.to_act)
            action = bot.act(view)
            assert action in view.legal
            state.apply(action)


def test_pimc_values_cards_by_points_to_come() -> None:
    # At the last two tricks every card is known: the values are points to come, all >= 0.
    state = played_deals(1, 7)[0]
    view = build_view(state, state.to_act)
    choices = PimcBot(seed=0, worlds=2, min_worlds=2).explain(view)
    assert sorted(c.action for c in choices) == sorted(view.legal)
    assert all(c.value >= 0 for c in choices)


def test_pimc_is_registered_for_paskievics() -> None:
    info = {b.name for b in get_game("paskievics").play.bots}
    assert "pimc" in info
    bot = make_bot("pimc:worlds=4,min_worlds=2", game="paskievics")
    assert isinstance(bot, PimcBot) and bot.worlds == 4
    with pytest.raises(ValueError, match="min_worlds"):
        PimcBot(worlds=2, min_worlds=3)


def test_pimc_can_leave_the_auction_to_the_heuristic() -> None:
    state = new_deal(11, 4)
    view = build_view(state, state.to_act)
    assert PimcBot(seed=0, calls="heuristic").act(view) == HeuristicBot().act(view)
    assert max(view.legal) < A.PLAY
    with pytest.raises(ValueError, match="calls and cards"):
        PimcBot(calls="guess")
