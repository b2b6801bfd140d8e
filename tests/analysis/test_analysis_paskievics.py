"""The analysis of Paskievics: the Pagát the player kept graded best and a tarokk thrown in
its place a mistake (card points, worlds from the pimc sampler), standard errors, re-dealt
worlds for the decisions before the play that the deciding seat cannot tell from the real
deal, and the command's text and JSON with the cards as in play."""

from __future__ import annotations

import json
import os
import random
import time
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_analysis_server import wait_done
from typer.testing import CliRunner

from browser.pw_helpers import CHROMIUM, Server, checked_chromium
from paston.analysis.settings import Settings
from paston.cli import app
from paston.core.registry import get_game
from paston.games.paskievics.actions import parse_action
from paston.games.paskievics.analysis import (
    _protected,
    _rebuild,
    _redeal,
    action_text,
    grade_decision,
)
from paston.games.paskievics.bots.heuristic import HeuristicBot
from paston.games.paskievics.bots.pimc import PimcBot
from paston.games.paskievics.record import deal_record
from paston.games.paskievics.state import PaskievicsState

NAMES = ["Ann", "Bob", "Cy", "Dan"]


def heuristic_deal(seed: int) -> PaskievicsState:
    """The first deal of a seeded 4-player game, played by the heuristic bot at every seat."""
    state: PaskievicsState = get_game("paskievics").new_match(4).next_state(random.Random(seed))
    bot = HeuristicBot()
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(bot.act(state.view(seat)))
    return state


def before(deal: PaskievicsState, index: int) -> PaskievicsState:
    """The deal just before its action ``index`` (1-based)."""
    state = _rebuild(deal)
    for action in deal.history[: index - 1]:
        state.apply(action)
    return state


def test_the_kept_pagat_is_best_and_a_tarokk_in_its_place_a_mistake() -> None:
    # Deal 38, action 39: the heuristic plays the Pagát; the XVI would have cost card points
    # in most of the worlds the seat could not tell apart.
    deal = heuristic_deal(38)
    state = before(deal, 39)
    taken = deal.history[38]
    assert action_text(taken) == "Pagát"
    settings_ = Settings(worlds=12, decision_seconds=None)
    pimc, policy = PimcBot(seed=0), HeuristicBot()
    best = grade_decision(state.copy(), taken, 1, 39, settings_, random.Random(0), pimc, policy)
    assert best.phase == "play" and best.trick == len(state.tricks) + 1
    assert best.grade == "best" and best.loss == 0 and best.text == "Pagát"
    assert best.worlds == 12 and best.value_se > 0  # the hidden hands differ between worlds
    xvi = state.parse_action("T16")
    bad = grade_decision(state.copy(), xvi, 1, 39, settings_, random.Random(0), pimc, policy)
    assert bad.grade in ("mistake", "blunder") and bad.text == "XVI"
    assert bad.loss - bad.loss_se >= 7 and bad.best_text == "Pagát" and bad.loss_se > 0
    assert abs(bad.luck - (bad.hindsight_loss - bad.loss)) < 1e-9


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 500), st.integers(0, 2**32), st.data())
def test_redealt_worlds_look_the_same_to_the_deciding_seat(
    seed: int, draw: int, data: st.DataObject
) -> None:
    deal = heuristic_deal(seed)
    preplay = [i for i in range(1, len(deal.history) + 1) if before(deal, i).phase != "play"]
    state = before(deal, data.draw(st.sampled_from(preplay)))
    seat = state.to_act
    assert seat is not None
    world = _redeal(state, seat, state.view(seat).data, random.Random(draw), strict=False)
    assert world is not None
    # Nothing the seat can see changes: its view (legal actions included) is the same.
    assert world.view(seat).to_json() == state.view(seat).to_json()
    cards: Counter[int] = Counter()
    for s in state.active:
        cards.update(world.hands[s])
        cards.update(world.discards[s])
        assert len(world.hands[s]) == len(state.hands[s])
        assert len(world.discards[s]) == len(state.discards[s])
        if s != seat:
            assert not set(world.discards[s]) & (_protected(state) - set(state.discards[s]))
    if state.received is None:
        cards.update(world.talon)
    assert cards == Counter(range(42))
    if state.called is not None and not world.alone:
        assert state.called in world.hands[world.partner or 0]


def test_text_and_json_read_like_the_game(tmp_path: Path) -> None:
    deal = heuristic_deal(38)
    record = deal_record(deal, {"players": NAMES})
    runner = CliRunner()
    # The text of the auction alone (an unfinished deal, graded up to its last action).
    auction = before(deal, 1)
    bids = 0
    while auction.phase in ("bidding", "raise"):
        auction.apply(deal.history[bids])
        bids += 1
    path = tmp_path / "auction.json"
    path.write_text(json.dumps({**record, "actions": record["actions"][:bids]}), "utf-8")
    text = runner.invoke(app, ["analyse", str(path), "--worlds", "2", "--all"])
    assert text.exit_code == 0, text.output
    for word in ("Ann", "Dan", "auction", "unfinished", "game points", "card points"):
        assert word in text.output, word
    assert "-0.0" not in text.output
    # The JSON of the auction, the talon, the announcements and the first trick.
    first_trick = len(deal.history) - 32
    path = tmp_path / "deal.json"
    path.write_text(json.dumps({**record, "actions": record["actions"][:first_trick]}), "utf-8")
    out = runner.invoke(app, ["analyse", str(path), "--worlds", "2", "--json", "--game",
                              "paskievics"])  # fmt: skip
    assert out.exit_code == 0, out.output
    body = json.loads(out.output)
    assert body["names"] == NAMES and body["settings"]["game"] == "paskievics"
    assert set(body["settings"]["unit"]) == {"play", "other"}
    (only,) = body["deals"]
    assert only["status"] == "unfinished"
    phases = Counter(d["phase"] for d in only["decisions"])
    assert phases["bid"] and phases["talon"] and phases["play"]
    assert set(phases) <= {"bid", "talon", "announce", "play"}
    for d in only["decisions"]:
        assert d["loss_se"] >= 0 and d["worlds"] == 2
        if d["phase"] == "play":
            assert d["trick"] == 1 and d["text"] == action_text(parse_action(d["action"]))
        if d["phase"] == "talon" and d["action"] != "annul":
            assert d["text"].startswith("discard ") and "T" not in d["text"].split()[1]
    assert [p["name"] for p in body["players"]] == NAMES


@pytest.mark.browser
def test_a_finished_paskievics_table_is_analysed_and_its_replay_offers_it(
    tmp_path: Path,
) -> None:
    # Marked browser (with the long end-to-end runs): the server's worker compiles the solver
    # first, which alone takes 15-20 s on this machine.
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"Chromium is not installed at {CHROMIUM}")
    server = Server(tmp_path)
    try:
        bots = [{"kind": "bot", "bot": "heuristic"}] * 3
        body = {"name": "Paskievics analysed", "game": "paskievics", "grace": 0,
                "deal_pause": 0, "stand_in": "heuristic", "rules": {"game_deals": 1},
                "seats": [{"kind": "human"}, *bots]}  # fmt: skip
        table = server.post("/api/tables", body)["id"]
        server.post(f"/api/tables/{table}/join", {"nickname": "Ani"})  # then away: a stand-in
        deadline = time.monotonic() + 60
        while server.get(f"/api/tables/{table}")["status"] != "over":
            assert time.monotonic() < deadline, "the Paskievics table did not finish"
            time.sleep(0.3)
        codes, result = wait_done(server, f"/api/tables/{table}/analysis?worlds=8", 180)
        assert codes[0] == 202 and codes[-1] == 200 and result["status"] == "done"
        record = server.get(f"/api/tables/{table}/record")
        assert len(result["deals"]) == len(record["deals"])
        assert result["names"] == record["meta"]["players"]
        scored = [d for d in result["deals"] if any(x["phase"] == "play" for x in d["decisions"])]
        assert len(scored) == 1 and scored[0]["declarer"] is not None
        assert [p["seat"] for p in result["players"]] == [0, 1, 2, 3]
        # Fails on any page error, console error or failed request of its pages.
        with checked_chromium() as browser:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{server.base}/t/{table}/replay")
            # The default analysis (24 worlds) does not exist yet: it is offered.
            page.wait_for_selector("#analysis-start", timeout=30000)
    finally:
        server.stop()
