"""The research adapters in the shape researchers expect (issue 12): ids known on import,
masks that never go all zero, opponents as objects, PettingZoo's classic conventions and
rewards with a known range."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from env_helpers import play_aec  # noqa: E402
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402
from pettingzoo.test import api_test, render_test  # noqa: E402

from paston.bots import Bot, make_bot  # noqa: E402
from paston.env import (  # noqa: E402
    DEAL_SCORE_BOUND,
    DEAL_SCORE_RANGE,
    ParisEnv,
    PaskievicsEnv,
    PastonEnv,
    pettingzoo_env,
)

GAMES = [
    pytest.param(PastonEnv, {}, id="paston"),
    pytest.param(ParisEnv, {"players": 4, "opponents": "random"}, id="paris"),
    pytest.param(PaskievicsEnv, {"players": 4, "opponents": "random"}, id="paskievics"),
]


@pytest.mark.parametrize("env_id", ["paston/Paston-v0", "paston/Paris-v0", "paston/Paskievics-v0"])
def test_ids_are_registered_by_importing_the_package(env_id: str) -> None:
    # A fresh interpreter: nothing but `import paston.env` may be needed before gym.make.
    code = (
        "import gymnasium as gym, paston.env\n"
        f"env = gym.make({env_id!r})\n"
        "obs, info = env.reset(seed=2)\n"
        "assert env.observation_space.contains(obs), 'observation outside its space'\n"
        "print(type(env.unwrapped).__name__)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == env_id.split("/")[1].removesuffix("-v0") + "Env"


def test_module_prefix_makes_without_any_import() -> None:
    env = gym.make("paston.env:paston/Paston-v0")
    assert isinstance(env.unwrapped, PastonEnv)


@pytest.mark.parametrize(("env_class", "kwargs"), GAMES)
def test_masks_hold_a_legal_action_under_next_step_autoreset(
    env_class: Any, kwargs: dict[str, Any]
) -> None:
    envs = SyncVectorEnv([lambda: env_class(**kwargs)] * 2, autoreset_mode=AutoresetMode.NEXT_STEP)
    _, infos = envs.reset(seed=5)
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(3000):
        masks = infos["action_mask"]
        assert masks.any(axis=1).all(), "an all-zero mask"
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        _, _, terminated, truncated, infos = envs.step(actions)
        ends += int(np.sum(terminated | truncated))
        if ends >= 4:
            break
    assert ends >= 4  # the loop did go through episode ends and the resets after them
    envs.close()


@pytest.mark.parametrize(("env_class", "kwargs"), GAMES)
def test_terminal_mask_is_a_placeholder_that_step_still_refuses(
    env_class: Any, kwargs: dict[str, Any]
) -> None:
    env = env_class(**kwargs)
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(1)
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break
    assert info["action_mask"].sum() == 1 and env.action_masks().sum() == 1
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))


class _CountingBot(Bot[Any]):
    """Plays the first legal action and counts its calls (a stand-in for a learner's copy)."""

    name = "counting"

    def __init__(self) -> None:
        self.calls = 0
        self.closed = False

    def act(self, view: Any) -> int:
        self.calls += 1
        return int(view.legal[0])

    def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize(("env_class", "kwargs"), GAMES)
def test_opponents_may_be_bot_objects_and_callables(env_class: Any, kwargs: dict[str, Any]) -> None:
    bot = _CountingBot()
    seen: list[Any] = []

    def policy(view: Any) -> int:
        seen.append(view)
        return int(view.legal[-1])

    others = kwargs.get("players", 3) - 1
    opponents: list[Any] = [bot, policy] + ["random"] * (others - 2)
    env = env_class(**{**kwargs, "opponents": opponents})
    for seed in range(3):
        done = False
        rng = np.random.default_rng(seed)
        _, info = env.reset(seed=seed)
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
    assert bot.calls > 0 and seen
    # A view reaches the callable, never the state; and the caller's bot is not closed.
    assert all(hasattr(v, "legal") and not hasattr(v, "apply") for v in seen)
    env.close()
    assert not bot.closed
    # One object for every seat is accepted too, and so is a bot built by make_bot.
    env_class(**{**kwargs, "opponents": make_bot("random", seed=1, game=env_class.bound_game)})


@pytest.mark.parametrize(("env_class", "kwargs"), GAMES)
def test_an_opponent_of_the_wrong_type_is_named(env_class: Any, kwargs: dict[str, Any]) -> None:
    others = kwargs.get("players", 3) - 1
    with pytest.raises(TypeError, match="opponent 1 must be a bot name, a Bot or a callable"):
        env_class(**{**kwargs, "opponents": ["random", 7] + ["random"] * (others - 2)})


@pytest.mark.parametrize("game", ["paston", "paris", "paskievics"])
def test_pettingzoo_classic_conventions(game: str) -> None:
    api_test(pettingzoo_env.env(game), num_cycles=200)
    render_test(lambda **kw: pettingzoo_env.raw_env(game, **kw))
    raw = pettingzoo_env.raw_env(game)
    raw.reset(seed=4)
    state = raw.state()
    assert raw.state_space.contains(state)
    # Every seat's observation is part of the state, in seat order.
    size = raw.observation_spaces["seat_0"]["observation"].shape[0]
    for i, agent in enumerate(raw.possible_agents):
        obs = raw.observe(agent)["observation"]
        assert np.array_equal(state[i * size : (i + 1) * size], obs)


def test_paston_state_holds_the_prikup_no_seat_sees(capsys: pytest.CaptureFixture[str]) -> None:
    env = pettingzoo_env.raw_env(render_mode="human")
    env.reset(seed=6)
    hidden = env.state()[-32:]
    prikup = env.game_state.prikup
    assert set(np.flatnonzero(hidden)) == {c for c in range(32) if prikup >> c & 1}
    assert hidden.sum() == 2
    assert env.render() is None and "to act" in capsys.readouterr().out


def test_paston_rewards_lie_in_the_documented_range_and_normalise() -> None:
    low, high = DEAL_SCORE_RANGE
    raw = PastonEnv(opponents="heuristic")
    scaled = PastonEnv(opponents="heuristic", normalize_reward=True)
    rng_a, rng_b = np.random.default_rng(0), np.random.default_rng(0)
    for seed in range(6):
        _, info_a = raw.reset(seed=seed)
        _, info_b = scaled.reset(seed=seed)
        while True:
            action = int(rng_a.choice(np.flatnonzero(info_a["action_mask"])))
            assert action == int(rng_b.choice(np.flatnonzero(info_b["action_mask"])))
            _, ra, done_a, _, info_a = raw.step(action)
            _, rb, done_b, _, info_b = scaled.step(action)
            assert low <= ra <= high and rb == pytest.approx(ra / DEAL_SCORE_BOUND)
            assert -1.0 <= rb <= 1.0
            assert done_a == done_b
            if done_a:
                break
    _, info = scaled.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    assert scaled.step(illegal)[1] == pytest.approx(-1.0 / DEAL_SCORE_BOUND)


def test_paris_state_holds_the_face_down_cards_and_the_deck() -> None:
    env = pettingzoo_env.raw_env("paris", players=3)
    env.reset(seed=8)
    game = env.game_state
    size = env.observation_spaces["seat_0"]["observation"].shape[0]
    hidden = env.state()[3 * size :]
    down = hidden[: 3 * 3 * 52].reshape(3, 3, 52)
    for seat in range(3):
        for slot, card in enumerate(game.face_down(seat)):
            assert np.flatnonzero(down[seat, slot]).tolist() == ([card] if card >= 0 else [])
    deck = hidden[3 * 3 * 52 :] * 2
    assert deck.sum() == game.deck_count
    assert all(deck[c] == game.deck.count(c) for c in range(52))


def test_paston_aec_rewards_normalise() -> None:
    raw = pettingzoo_env.raw_env()
    scaled = pettingzoo_env.raw_env(normalize_reward=True)
    for seed in range(4):
        totals, moves = play_aec(raw, seed)
        scaled_totals, scaled_moves = play_aec(scaled, seed)
        assert moves == scaled_moves
        assert raw.game_state.scores is not None or all(t == 0 for t in totals.values())
        for agent, total in totals.items():
            assert DEAL_SCORE_RANGE[0] <= total <= DEAL_SCORE_RANGE[1]
            assert scaled_totals[agent] == pytest.approx(total / DEAL_SCORE_BOUND)
