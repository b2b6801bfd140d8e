"""The Paris self-play example runs from a fresh checkout: ``examples/train_paris_selfplay.py
--quick`` trains on the batched engine, writes its weights, plays its duplicate arena against
the heuristic bot and prints its figures; ``paris_policy.make_agent`` loads the weights as a
bot that plays legal moves. Behaviour only: never how fast or how strong."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from paston.games.paris.shuffle import deal_game

#: numba kernels: compiled once, by one xdist worker (the Makefile: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("numba")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _policy_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("paris_policy", EXAMPLES / "paris_policy.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("paris_policy", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, object], Path, str]:
    weights = tmp_path_factory.mktemp("selfplay") / "paris.npz"
    done = subprocess.run(
        [
            sys.executable,
            str(EXAMPLES / "train_paris_selfplay.py"),
            "--quick",
            "--out",
            str(weights),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1]), weights, done.stderr


def test_quick_run_trains_writes_weights_and_scores(
    quick_run: tuple[dict[str, object], Path, str],
) -> None:
    result, weights, stderr = quick_run
    assert result["example"] == "train_paris_selfplay"
    assert weights.is_file() and result["weights"] == str(weights)
    assert isinstance(result["decisions"], int) and result["decisions"] > 0
    assert isinstance(result["updates"], int) and result["updates"] > 0
    arena = result["arena"]
    assert isinstance(arena, dict) and arena["deals"] == 10 and arena["games"] == 90
    names = ("trained", "greedy", "heuristic", "trained_minus_heuristic", "greedy_minus_heuristic")
    for name in names:
        assert -2.0 <= arena[name]["mean"] <= 2.0 and arena[name]["ci95"] >= 0
    # Progress went to stderr: training updates and the arena's running figure.
    assert "update" in stderr and "arena" in stderr


def test_loaded_agent_plays_legal_moves_to_the_end(
    quick_run: tuple[dict[str, object], Path, str],
) -> None:
    _, weights, _ = quick_run
    policy = _policy_module()
    bots = [policy.make_agent(weights, seed=seat) for seat in range(3)]
    state = deal_game(3, seed=7)
    moves = 0
    while not state.is_over and moves < 20_000:
        seat = state.to_act
        view = state.view(seat)
        action = bots[seat].act(view)
        assert action in view.legal
        state.apply(action)
        moves += 1
    assert moves > 0


def test_weights_of_other_features_are_refused(tmp_path: Path) -> None:
    policy = _policy_module()
    bad = tmp_path / "bad.npz"
    np.savez(bad, theta=np.zeros((3, 3)), w=np.zeros(3), state_features=np.array(["x"]),
             move_features=np.array(["y"]))  # fmt: skip
    with pytest.raises(ValueError, match="other features"):
        policy.make_agent(bad)


def test_the_agent_leaves_a_position_that_came_back(
    quick_run: tuple[dict[str, object], Path, str],
) -> None:
    """Failing first: the trained agent chose by its policy alone, so a position that came
    back could be played the same way again (21 of 27,000 arena games ran to the turn limit).
    Like every Paris bot it now chooses otherwise there (the V33 cycle of paris.md §9)."""
    from paston.games.paris.bots.moves import move_of
    from paston.games.paris.cards import parse_card
    from paston.games.paris.state import ParisState

    def cards(text: str) -> list[int]:
        return [parse_card(t) for t in text.split()]

    _, weights, _ = quick_run
    policy = _policy_module()
    seats = [
        (cards("7H 7H 2H"), cards("9S"), cards("3S KC AD")),
        (cards("QS 2D"), cards("6S QH 2D"), cards("AS 4H AH")),
        (cards("7D 9C 9D 9H"), [], [None, None, None]),
    ]
    state = ParisState.from_position(3, 2, seats, to_act=0)
    for action in ["play 7H 7H", "pickup", "play 7D", "pickup"] * 3:
        state.apply(action)
    # Whatever each seed's policy would sample, "play 7H 7H" (chosen here before) is out.
    for seed in range(20):
        bot = policy.make_agent(weights, seed=seed)
        assert move_of(bot.act(state.view(0))).text != "play 7H 7H"


def test_a_game_cut_short_is_named_and_its_record_replays(tmp_path: Path) -> None:
    """``--dump-truncated``: where a game the turn limit ended was played (enough to play that
    deal alone again with ``--first-deal``) and its record, which replays to the same game."""
    import gymnasium as gym

    import paston.env  # noqa: F401  (registers the paston/ ids)
    from paston.games.paris.record import state_from_record

    _policy_module()
    spec = importlib.util.spec_from_file_location(
        "train_paris_selfplay", EXAMPLES / "train_paris_selfplay.py"
    )
    assert spec is not None and spec.loader is not None
    train = importlib.util.module_from_spec(spec)
    sys.modules["train_paris_selfplay"] = train  # its dataclasses look their module up
    spec.loader.exec_module(train)
    env = gym.make(
        "paston/Paris-v0", players=3, seat=1, opponents="heuristic", reward="rank",
        rules={"max_turns": 12},
    )  # fmt: skip
    env.reset(seed=5)
    truncated = terminated = False
    while not (truncated or terminated):
        view = env.unwrapped.view  # type: ignore[attr-defined]
        _, _, terminated, truncated, _ = env.step(view.legal[0])
    assert truncated
    entry = train.cut_off(env, tmp_path / "cut", seed=1, deal=7, seat=1, player="greedy")
    path = tmp_path / "cut" / "deal7-seat1-greedy.json"
    assert entry == {
        "seed": 1, "deal": 7, "seat": 1, "player": "greedy", "turns": 12, "record": str(path)
    }  # fmt: skip
    record = json.loads(path.read_text())
    assert record["meta"] == {k: v for k, v in entry.items() if k != "record"}
    replayed = state_from_record(record)
    assert replayed.turns == 12 and replayed.history == env.unwrapped.state.history  # type: ignore[attr-defined]
    env.close()
