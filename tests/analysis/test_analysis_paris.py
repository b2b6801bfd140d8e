"""The analysis of Paris: a winning play graded best and a losing one a blunder, standard
errors over sampled worlds, swap-phase worlds that keep what the seat knows, the command's text
and JSON with cards as in play, and the endpoint for a finished Paris table on a real server."""

from __future__ import annotations

import json
import os
import random
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_analysis_server import wait_done
from typer.testing import CliRunner

from browser.pw_helpers import CHROMIUM, Server, checked_chromium
from paston.analysis import evaluator_for
from paston.analysis.settings import Settings
from paston.cli import app
from paston.core.registry import get_game
from paston.games.paris.analysis import _swap_world
from paston.games.paris.bots.heuristic import HeuristicBot
from paston.games.paris.record import game_record, position_record, state_from_record
from paston.games.paris.shuffle import deal_game
from paston.games.paris.state import ParisState

FAST = Settings(worlds=6, decision_seconds=None)


def duel(*actions: str) -> dict[str, Any]:
    """Ann (seat 0) holds 4♦ A♥ A♠ on a 3; Bob has one face-up 4♣ left and nothing else.
    Both aces end Ann's game at once (Bob cannot beat them); the 4♦ lets Bob go out first."""
    return {
        "format": "paris-position/1", "players": 2, "dealer": 1,
        "seats": [{"hand": ["4D", "AS", "AH"], "face_up": [], "face_down": [None] * 3},
                  {"hand": [], "face_up": ["4C"], "face_down": [None] * 3}],
        "deck": [], "pile": ["3H"], "burned": 0, "finished": [], "to_act": 0, "turns": 10,
        "actions": list(actions), "meta": {"players": ["Ann", "Bob"]},
    }  # fmt: skip


def heuristic_game(players: int, seed: int, stop: int | None = None) -> ParisState:
    """A dealt game played by the heuristic bot (up to ``stop`` actions)."""
    state = deal_game(players, seed=seed)
    bots = [HeuristicBot(seed=s) for s in range(players)]
    while not state.is_over and (stop is None or len(state.history) < stop):
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state.view(seat)))
    return state


def test_the_winning_play_is_best_and_the_losing_one_a_blunder() -> None:
    evaluator = evaluator_for("paris")
    good = evaluator.analyse(duel("play AS AH"), FAST).deals[0].decisions
    assert len(good) == 1 and good[0].grade == "best" and good[0].loss == 0
    assert abs(good[0].value + 1.0) < 1e-9  # out first: place 1
    bad = evaluator.analyse(duel("play 4D"), FAST).deals[0].decisions
    assert len(bad) == 1 and bad[0].grade in ("mistake", "blunder")
    assert bad[0].loss >= 0.99 and abs(bad[0].value + 2.0) < 1e-9
    assert abs(bad[0].best_value + 1.0) < 1e-9
    assert bad[0].hindsight_loss >= 0.99 and bad[0].text == "4♦"
    assert bad[0].best_text in ("A♥", "A♠", "A♥ A♠")


def test_a_played_position_reports_standard_errors() -> None:
    # The middle of a heuristic game, written as a position and the next actions from it.
    full = heuristic_game(3, seed=7)
    state = heuristic_game(3, seed=7, stop=40)
    assert state.phase == "play" and not state.opening
    record = position_record(state)
    record["actions"] = [full.action_str(a) for a in full.history[40:52]]
    analysis = evaluator_for("paris").analyse(record, FAST)
    decisions = analysis.deals[0].decisions
    assert decisions and all(d.phase == "play" for d in decisions)
    assert any(d.value_se > 0 for d in decisions)  # hidden cards: the worlds differ
    for d in decisions:
        assert d.worlds == FAST.worlds and 0 < d.effective_worlds <= d.worlds
        assert d.loss >= 0 and d.loss_se >= 0 and d.value_se >= 0
        assert abs(d.luck - (d.hindsight_loss - d.loss)) < 1e-9
        assert (d.grade == "best") == (d.loss == 0)
    report = analysis.players
    assert sum(p.decisions for p in report) == len(decisions)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 5), st.integers(0, 2**32))
def test_swap_worlds_keep_what_the_seat_knows(seed: int, players: int, draw: int) -> None:
    game = heuristic_game(players, seed, stop=players * 2)  # some swaps made, some to come
    if game.phase != "swap":
        return
    start = state_from_record({**game_record(game), "actions": []})
    done = []  # (seat, action) of every swap so far, as the evaluator walks them
    replay = start.copy()
    for action in game.history:
        assert replay.to_act is not None
        done.append((replay.to_act, action))
        replay.apply(action)
    seat = game.to_act
    assert seat is not None
    world = _swap_world(start, done, seat, random.Random(draw))
    assert world.history == game.history and world.to_act == seat
    assert sorted(world.hand(seat)) == sorted(game.hand(seat))
    for s in range(players):
        assert sorted(world.face_up(s)) == sorted(game.face_up(s))
        assert world.hand_count(s) == game.hand_count(s)
    cards: Counter[int] = Counter(world.deck)
    for s in range(players):
        cards.update(world.hand(s))
        cards.update(world.face_up(s))
        cards.update(c for c in world.face_down(s) if c >= 0)
    assert cards == Counter({c: 2 for c in range(52)})


def test_text_and_json_read_like_the_game(tmp_path: Path) -> None:
    path = tmp_path / "duel.json"
    path.write_text(json.dumps(duel("play 4D")), encoding="utf-8")
    runner = CliRunner()
    # The game comes from the record's format; --game paris says the same.
    for extra in ([], ["--game", "paris"]):
        text = runner.invoke(app, ["analyse", str(path), "--worlds", "4", *extra])
        assert text.exit_code == 0, text.output
        assert "Ann" in text.output and "4♦" in text.output and "blunder" in text.output
        assert "-0.0" not in text.output and "finishing places" in text.output
    out = runner.invoke(app, ["analyse", str(path), "--worlds", "4", "--json"])
    assert out.exit_code == 0, out.output
    body = json.loads(out.output)
    assert body["format"] == "paston-analysis/2" and body["names"] == ["Ann", "Bob"]
    assert body["settings"]["game"] == "paris" and "blunder" in body["settings"]["thresholds"]
    (decision,) = body["deals"][0]["decisions"]
    assert decision["text"] == "4♦" and decision["action"] == "play 4D"
    assert decision["grade"] == "blunder" and decision["luck"] == 0.0
    wrong = runner.invoke(app, ["analyse", str(path), "--game", "paskievics"])
    assert wrong.exit_code == 2 and "paris record" in wrong.output


@pytest.fixture(scope="module")
def finished_paris(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    """A real server with one finished two-player Paris table (a stand-in plays the person's
    seat; a turn limit keeps the game short)."""
    server = Server(Path(tmp_path_factory.mktemp("paris-analysis")))
    try:
        body = {"name": "Paris analysed", "game": "paris", "grace": 0, "deal_pause": 0,
                "stand_in": "heuristic", "rules": {"max_turns": 40},
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]}  # fmt: skip
        table = server.post("/api/tables", body)["id"]
        server.post(f"/api/tables/{table}/join", {"nickname": "Ani"})  # then away: a stand-in
        deadline = time.monotonic() + 60
        while server.get(f"/api/tables/{table}")["status"] != "over":
            assert time.monotonic() < deadline, "the Paris table did not finish"
            time.sleep(0.3)
        yield server, table
    finally:
        server.stop()


def test_the_endpoint_analyses_a_finished_paris_table(
    finished_paris: tuple[Server, str],
) -> None:
    server, table = finished_paris
    # 8 is the smallest world count the endpoint offers (8, 24, 48); the wait is a hang guard.
    codes, result = wait_done(server, f"/api/tables/{table}/analysis?worlds=8", 300)
    assert codes[-1] == 200 and result["status"] == "done"
    record = server.get(f"/api/tables/{table}/record")
    assert result["format"] == "paston-analysis/2" and len(result["deals"]) == 1
    assert result["names"] == record["meta"]["players"]
    assert result["settings"]["game"] == "paris" and result["settings"]["worlds"] == 8
    decisions = result["deals"][0]["decisions"]
    assert decisions and {d["phase"] for d in decisions} <= {"swap", "play"}
    assert all(d["seat"] in (0, 1) and d["worlds"] >= 2 for d in decisions)
    assert any(s in d["text"] for d in decisions for s in "♣♦♥♠")
    assert [p["seat"] for p in result["players"]] == [0, 1]


@pytest.mark.browser
def test_the_paris_replay_shows_the_analysis(finished_paris: tuple[Server, str]) -> None:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"Chromium is not installed at {CHROMIUM}")
    server, table = finished_paris
    graded = wait_done(server, f"/api/tables/{table}/analysis", 90)[1]["deals"][0]["decisions"]
    # Fails on any page error, console error or failed request of its pages.
    with checked_chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(60000)
        page.goto(f"{server.base}/t/{table}/replay")
        # The default analysis exists already (asked above): the panel shows it.
        page.wait_for_selector("#analysis-report-table tr[data-seat='1']")
        first = graded[0]["index"]
        for _ in range(first):
            page.keyboard.press("ArrowRight")
        box = page.locator("#analysis-decision")
        assert box.get_attribute("data-grade") == graded[0]["grade"]
        assert graded[0]["text"] in box.inner_text()
        assert page.locator("#analysis-chart polyline").count() >= 1


def test_a_session_is_a_game_of_several_games(tmp_path: Path) -> None:
    match = get_game("paris").new_match(2, {"max_turns": 30}, games=2)
    for number in range(2):
        state = match.next_state(random.Random(number))
        bots = [HeuristicBot(seed=s) for s in range(2)]
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state.apply(bots[seat].act(state.view(seat)))
    path = tmp_path / "session.json"
    path.write_text(json.dumps(match.record({"players": ["Ann", "Bob"]})), encoding="utf-8")
    out = CliRunner().invoke(app, ["analyse", str(path), "--worlds", "2", "--json"])
    assert out.exit_code == 0, out.output
    body = json.loads(out.output)
    assert body["kind"] == "game" and [d["deal"] for d in body["deals"]] == [1, 2]
    assert all(d["status"] == "finished" and d["decisions"] for d in body["deals"])
    # Each game's result: the loser -1, the other 0.
    assert all(sorted(d["scores"]) == [-1, 0] for d in body["deals"])
