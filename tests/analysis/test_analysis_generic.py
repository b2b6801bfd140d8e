"""The generic evaluator (sampled worlds, bot playouts) on the shipped games: ``paston analyse
--generic`` grades a finished Paris game and a Paskievics deal from the record alone, without
changing it, and a decision's expected values depend only on what its seat saw."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import heuristic_deal
from typer.testing import CliRunner

from paston.analysis import MonteCarloEvaluator, Settings, Unavailable, evaluator_for
from paston.analysis.montecarlo import METHOD
from paston.cli import app
from paston.core.hooks import HookSource
from paston.core.hooks.sampling import SamplingHooks
from paston.core.registry import get_game, register_game, unregister_game
from paston.games.paris.bots.heuristic import HeuristicBot as ParisHeuristic
from paston.games.paris.record import game_record
from paston.games.paris.shuffle import deal_game
from paston.games.paskievics.bots.heuristic import HeuristicBot as PaskievicsHeuristic
from paston.games.paskievics.record import deal_record as paskievics_record
from paston.games.paskievics.state import PaskievicsState
from paston.games.paston.record import deal_record as paston_record

FEW = Settings(worlds=2, max_worlds=2, decision_seconds=None, dd_table=False)


def finished_paris(seed: int = 3) -> dict[str, Any]:
    """A two-player Paris game dealt with ``seed`` and played to its end by the heuristic."""
    state = deal_game(2, seed=seed)
    bots = [ParisHeuristic(seed=s) for s in range(2)]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state.view(seat)))
    record: dict[str, Any] = game_record(state)
    record["meta"] = {"players": ["Ann", "Bob"]}
    return record


def finished_paskievics(seed: int = 4) -> dict[str, Any]:
    """The first deal of a seeded four-player Paskievics game, played by the heuristic."""
    state = get_game("paskievics").new_match(4).next_state(random.Random(seed))
    assert isinstance(state, PaskievicsState)
    bot = PaskievicsHeuristic()
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(bot.act(state.view(seat)))
    record: dict[str, Any] = paskievics_record(state)
    return record


def finished_paston(seed: int = 2) -> dict[str, Any]:
    """A seeded Paston deal played by the heuristic at every seat."""
    record: dict[str, Any] = paston_record(heuristic_deal(seed))
    return record


RECORDS = {"paris": finished_paris, "paskievics": finished_paskievics, "paston": finished_paston}


@pytest.mark.parametrize("game", ["paris", "paskievics"])
def test_the_command_grades_a_finished_record_with_the_generic_evaluator(
    tmp_path: Path, game: str
) -> None:
    record = RECORDS[game]()
    path = tmp_path / "record.json"
    text = json.dumps(record)
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(app, ["analyse", str(path), "--generic", "--json", "--worlds", "2"])
    assert out.exit_code == 0, out.output
    result = json.loads(out.stdout)
    assert path.read_text(encoding="utf-8") == text  # read-only
    assert result["format"] == "paston-analysis/2"
    settings = result["settings"]
    assert settings["game"] == game and settings["method"] == METHOD
    assert settings["unit"] == get_game(game).analysis.unit
    (deal,) = result["deals"]
    assert deal["status"] == "finished" and deal["decisions"]
    evaluator = MonteCarloEvaluator(game)
    assert len(deal["decisions"]) == evaluator.count(record)
    for d in deal["decisions"]:
        # 2 worlds, or the real state alone where the game's sampler found no world.
        assert d["worlds"] in (1, 2) and d["loss"] >= 0 and d["hindsight_loss"] >= 0
        assert d["grade"] in ("best", "good", "inaccuracy", "mistake", "blunder")
        assert (d["grade"] == "best") == (d["loss"] == 0)
    seats = len(result["names"])
    graded = sum(p["decisions"] for p in result["players"])
    assert seats == len(result["players"]) and graded == len(deal["decisions"])
    # The text report says the generic method's unit, and the game's own evaluator is still
    # the default (it publishes no method).
    text_out = CliRunner().invoke(app, ["analyse", str(path), "--generic", "--worlds", "2"])
    assert text_out.exit_code == 0, text_out.output
    assert get_game(game).analysis.unit in " ".join(text_out.stdout.split())
    assert "method" not in evaluator_for(game).settings_json(FEW)


def _decisions(record: dict[str, Any], game: str, count: int) -> list[tuple[Any, int]]:
    """Up to ``count`` decisions with a choice spread over the record's first hand: the state
    before each and the action taken there."""
    hands = get_game(game).analysis.hands
    assert hands is not None
    start, actions = hands(record)[1][0]
    state = start.copy()
    choices = []
    for action in actions:
        if len(state.legal_actions()) > 1:
            choices.append((state.copy(), action))
        state.apply(action)
    return choices[:: max(1, len(choices) // count)][:count]


def _twin(state: Any, seat: int, resample: Callable[[Any, int, random.Random], Any]) -> Any:
    """A state ``seat`` cannot tell from ``state`` whose hidden cards differ, drawn by the
    game's ``resample`` (``None`` when it finds none)."""
    mine = state.view(seat).to_json()
    others = [s for s in range(state.players) if s != seat]
    for k in range(20):
        try:
            twin = resample(state, seat, random.Random(1000 + k))
        except RuntimeError:  # the game's SamplingError: no world found
            return None
        assert twin.view(seat).to_json() == mine
        if any(twin.view(s).to_json() != state.view(s).to_json() for s in others):
            return twin
    return None


@pytest.mark.parametrize("game", ["paston", "paris", "paskievics"])
def test_expected_values_depend_only_on_the_deciding_seats_view(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # At several decisions the evaluator is given the real state and a state the seat cannot
    # tell from it (other hidden cards). Its sampler is made to draw every world from the
    # real state in both runs, so the worlds are the same; everything else the evaluator
    # learns of the state it is given must then change nothing the seat is told: the
    # expected values, best action and alternatives are equal (hindsight, which sees every
    # card, may differ).
    record = RECORDS[game]()
    before = copy.deepcopy(record)
    info = get_game(game)
    resample = info.sampling.resample
    evaluator = MonteCarloEvaluator(game)
    compared = 0
    for state, action in _decisions(record, game, 6):
        seat = state.to_act
        twin = _twin(state, seat, resample)
        if twin is None:
            continue

        def from_the_real(_given: Any, who: int, rng: random.Random, real: Any = state) -> Any:
            return resample(real, who, rng)

        monkeypatch.setitem(info.__dict__, "sampling", SamplingHooks(resample=from_the_real))
        graded = []
        for given in (state, twin):
            bots = evaluator.rollout_bots(given.players, FEW)
            try:
                rng = random.Random(7)
                graded.append(evaluator.grade_decision(given, action, FEW, rng=rng, bots=bots))
            finally:
                for bot in bots:
                    bot.close()
        a, b = graded
        assert a.worlds == b.worlds == FEW.worlds
        assert (a.value, a.best, a.best_value, a.loss, a.loss_se) == (
            b.value, b.best, b.best_value, b.loss, b.loss_se
        )  # fmt: skip
        assert a.alternatives == b.alternatives
        compared += 1
    assert compared >= 3
    assert record == before  # the record is only read


def test_a_game_without_analysis_hooks_is_refused_with_a_reason() -> None:
    bare = dataclasses.replace(get_game("paris"), name="bare", hooks=HookSource())
    register_game(bare)
    try:
        with pytest.raises(
            Unavailable,
            match="analysis of bare is not available: the game offers no analysis hooks",
        ):
            evaluator_for("bare")
    finally:
        unregister_game("bare")
    with pytest.raises(Unavailable, match="unknown game 'nosuchgame'"):
        evaluator_for("nosuchgame")
