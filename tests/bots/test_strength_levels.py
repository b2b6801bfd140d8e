"""Strength levels: ``beginner`` … ``expert`` exist for every game, are built by name, are
listed first by ``/api/games`` (and ``/api/bots`` for Paston), are accepted as table bots by the
server API, and ``paston play --bots expert`` starts."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import httpx
import pytest

from paston.bots import Bot, make_bot
from paston.bots.levels import LEVEL_NAMES, LEVELS, MistakeBot
from paston.bots.registry import bot_names
from paston.core.registry import get_game
from paston.games.paston.bots.heuristic import HeuristicBot
from paston.games.paston.shuffle import deal_until_playable
from play_session import PlaySession

# The server tests' helpers (a real server on 127.0.0.1 in a thread) live in tests/server.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from server_helpers import ThreadServer

GAMES = ("paston", "paris", "paskievics")


@pytest.mark.parametrize("game", GAMES)
def test_each_game_offers_the_four_levels(game: str) -> None:
    names = bot_names(game)
    for level in LEVEL_NAMES:
        assert level in names
        bot = make_bot(level, seed=1, game=game)
        assert isinstance(bot, Bot)
        bot.close()
    assert [lv.name for lv in LEVELS[game]] == list(LEVEL_NAMES)


@pytest.mark.parametrize("game", GAMES)
def test_a_level_plays_a_legal_game_move(game: str) -> None:
    info = get_game(game)
    match = info.new_match(info.default_seats, info.parse_rules({}), 0)
    state = match.next_state(random.Random(5))
    steps = 0
    while not state.is_over and steps < 40:
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        level = LEVEL_NAMES[steps % 2]  # beginner and casual: quick ones
        action = make_bot(level, seed=steps, game=game).act(view)
        assert action in view.legal
        state.apply(action)
        steps += 1


def test_paston_levels_are_the_documented_bots() -> None:
    from paston.games.paston.bots.search import SearchBot
    from paston.games.paston.bots.wpimc import WeightedPimcBot

    assert isinstance(make_bot("expert"), SearchBot)
    assert isinstance(make_bot("strong"), WeightedPimcBot)
    assert isinstance(make_bot("beginner", seed=1), MistakeBot)
    assert isinstance(make_bot("casual"), HeuristicBot)
    assert make_bot("expert").name == "expert"  # seats are named by the level chosen


def test_paskievics_levels_are_the_documented_bots() -> None:
    # The two measured steps above casual: strong searches the card play only, expert its
    # calls too (docs/figures.md, "Strength levels of every game").
    from paston.games.paskievics.bots.heuristic import HeuristicBot as PkHeuristic
    from paston.games.paskievics.bots.pimc import PimcBot

    strong = make_bot("strong", seed=1, game="paskievics")
    expert = make_bot("expert", seed=1, game="paskievics")
    assert isinstance(strong, PimcBot) and isinstance(expert, PimcBot)
    assert strong.calls is None and strong.cards == "search"
    assert expert.calls is not None and expert.cards == "search"
    assert isinstance(make_bot("casual", game="paskievics"), PkHeuristic)
    strong.close()
    expert.close()


def test_mistakes_are_plausible_and_seeded() -> None:
    deal = deal_until_playable(rng=random.Random(3), dealer=0, first_deal=False)[-1]
    view = deal.view(deal.to_act)  # type: ignore[arg-type]
    always = MistakeBot(HeuristicBot(), 1.0, seed=4)
    ranked = [c.action for c in HeuristicBot().explain(view)]
    picks = {always.act(view) for _ in range(30)}
    # Never the best option, always one of the next few in the inner bot's own ranking.
    assert picks and picks <= set(ranked[1:4])
    a = MistakeBot(HeuristicBot(), 0.5, seed=9)
    b = MistakeBot(HeuristicBot(), 0.5, seed=9)
    assert [a.act(view) for _ in range(20)] == [b.act(view) for _ in range(20)]
    with pytest.raises(ValueError):
        MistakeBot(HeuristicBot(), 1.5)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> ThreadServer:
    with ThreadServer(tmp_path_factory.mktemp("levels") / "paston.sqlite") as srv:
        yield srv  # type: ignore[misc]


def test_server_lists_levels_first_and_accepts_them(server: ThreadServer) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        games = {g["name"]: g for g in http.get("/api/games").json()}
        for game in GAMES:
            bots = games[game]["bots"]
            assert [b["name"] for b in bots[:4]] == list(LEVEL_NAMES)
            assert all(b["description"] for b in bots[:4])
        paston_bots = [b["name"] for b in http.get("/api/bots").json()]
        assert paston_bots[:4] == list(LEVEL_NAMES)
        body = {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "expert"},
                          {"kind": "bot", "bot": "beginner"}]}  # fmt: skip
        made = http.post("/api/tables", json=body)
        assert made.status_code == 201, made.text
        table = http.get(f"/api/tables/{made.json()['id']}").json()
        assert "expert" in str(table) and "beginner" in str(table)


def test_paston_play_starts_with_levels(tmp_path: Path) -> None:
    prompt = re.compile(r"(bid|discard|declare|whist|play)> $")
    session = PlaySession(["--bots", "expert,casual", "--seed", "3"], tmp_path, prompt)
    try:
        text, phase = session.read(timeout=120)
        assert phase is not None, text[-2000:]
        assert "playing expert-1 and casual-2" in text
    finally:
        session.proc.kill()
        session.proc.wait()
