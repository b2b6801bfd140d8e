"""Every Paris bot answers every view with a legal action: random positions of real games with
2 to 9 players and random variant flags, reached by mixed bot play."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paston.bots import Bot, make_bot
from paston.bots.registry import BotSpecError, bot_names
from paston.games.paris.rules import ParisRules
from paston.games.paris.shuffle import deal_game

FLAGS = st.fixed_dictionaries(
    {
        "start_rule": st.sampled_from(["seat_order", "most_lowest"]),
        "starter_plays_all_lowest": st.booleans(),
        "ten_grants_extra_turn": st.booleans(),
        "voluntary_pickup": st.booleans(),
        "play_faceup_with_last_hand": st.booleans(),
    }
)

#: Small search settings: the point is legality, not strength.
SEARCH = "dpimc:worlds=2,candidates=3,horizon=40"


def _check_bots(bots: dict[str, Bot], view: object) -> None:
    legal = view.legal  # type: ignore[attr-defined]
    for name, bot in bots.items():
        action = bot.act(view)
        assert action in legal, (name, action, legal)
        choices = bot.explain(view)
        assert sorted(c.action for c in choices) == sorted(legal), name
        if name != "random":  # the random bot has no reasons to give
            assert all(c.reason for c in choices), name
        if name == "heuristic":
            values = [c.value for c in choices]
            assert values == sorted(values, reverse=True)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 9),
    seed=st.integers(0, 2**32 - 1),
    flags=FLAGS,
    max_turns=st.sampled_from([10000, 150]),
)
def test_every_bot_answers_every_view_legally(
    players: int, seed: int, flags: dict[str, object], max_turns: int
) -> None:
    rules = ParisRules.from_dict({**flags, "max_turns": max_turns})
    rng = random.Random(seed)
    state = deal_game(players, rng=rng, dealer=rng.randrange(players), rules=rules)
    drivers = [make_bot(rng.choice(["random", "heuristic"]), seed=s, game="paris")
               for s in range(players)]  # fmt: skip
    checked = {
        "random": make_bot("random", seed=seed, game="paris"),
        "heuristic": make_bot("heuristic", seed=seed, game="paris"),
    }
    search = make_bot(SEARCH, seed=seed, game="paris")
    # Positions checked: every swap decision and a random sample of the play, so that a
    # search bot is asked in every stage without making the test slow.
    searched = 0
    while not state.is_over and state.turns < 400:
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        _check_bots(checked, view)
        if searched < 6 and (view.phase == "swap" or rng.random() < 0.05):
            _check_bots({"dpimc": search}, view)
            searched += 1
        state.apply(drivers[seat].act(view))


def test_the_paris_bots_are_registered_and_options_are_checked() -> None:
    # The strength levels first (as for every game), then the bots themselves.
    assert bot_names("paris")[4:7] == ["random", "heuristic", "dpimc"]
    assert make_bot("dpimc:worlds=3,time=0.5", game="paris").name == "dpimc"
    for bad in ("dpimc:worlds=0", "dpimc:planets=3", "nosuchbot"):
        try:
            make_bot(bad, game="paris")
        except (BotSpecError, ValueError):
            continue
        raise AssertionError(f"{bad!r} was accepted")
