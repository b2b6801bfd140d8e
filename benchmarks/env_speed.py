"""Paston research environments: episodes per second with observations, random play, one core.

Every loop plays one deal per episode with uniformly random legal actions and is timed in CPU
seconds of this thread; the figure is the median of several rounds. The baseline is
OpenSpiel's compiled ``skat`` driven from Python in the same process, with
``observation_tensor()`` of the player to move taken at every move (its random chance
outcomes drawn the same way):

* ``engine``: the bare :class:`~paston.games.paston.state.Deal` (no observation);
* ``gym``: :class:`paston.env.PastonEnv` (``paston/Paston-v0``), the learner at seat 0 picks
  from ``info["action_mask"]``, ``random`` bots at the other seats; every learner step returns
  the perfect-recall observation and the mask; seeded at the first ``reset`` of a round only,
  as a training loop does;
* ``aec``: :class:`paston.env.PastonAECEnv` in PettingZoo's wrappers (``env()``), every seat
  an agent, ``last()`` (observation and mask) at every step; ``aec_raw``: the same without
  the wrappers (``raw_env()``);
* ``spiel``: the Python OpenSpiel game ``python_paston``, ``information_state_tensor`` of the
  player to move at every move (``--spiel`` only: slow);
* ``skat`` and ``skat_obs``: OpenSpiel's skat without and with ``observation_tensor``.

    .venv/bin/python benchmarks/env_speed.py [--episodes 2000] [--rounds 7] [--spiel]

The last line of output is one JSON object with the figures and the ratios to ``skat_obs``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from paston.games.paston.shuffle import deal_cards
from paston.games.paston.state import REDEAL

Loop = Callable[[int, random.Random], float]


def engine_round(n: int, rng: random.Random) -> float:
    start = time.thread_time()
    for i in range(n):
        deal = deal_cards(dealer=i % 3, rng=rng)
        while deal.phase_id == REDEAL:
            deal = deal_cards(dealer=i % 3, rng=rng)
        while deal.seat_to_act >= 0:
            legal = deal.legal_actions()
            deal.apply(legal[rng.randrange(len(legal))])
    return time.thread_time() - start


def gym_round(n: int, rng: random.Random) -> float:
    from paston.env import PastonEnv

    env = PastonEnv(seat=0, opponents="random")
    start = time.thread_time()
    for i in range(n):
        # Seeded once, as a training loop does; later resets go on with the env's generator.
        _, info = env.reset(seed=rng.getrandbits(32) if i == 0 else None)
        done = False
        while not done:
            legal = info["action_mask"].nonzero()[0]
            _, _, terminated, truncated, info = env.step(legal[rng.randrange(len(legal))])
            done = terminated or truncated
    cpu = time.thread_time() - start
    env.close()
    return cpu


def aec_round(n: int, rng: random.Random, wrapped: bool = True) -> float:
    from paston.env.pettingzoo_env import env as make_env
    from paston.env.pettingzoo_env import raw_env

    env = make_env() if wrapped else raw_env()
    start = time.thread_time()
    for _ in range(n):
        env.reset(seed=rng.getrandbits(32))
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
    return time.thread_time() - start


def _spiel_loop(game_name: str, tensor: str | None) -> Loop:
    def run(n: int, rng: random.Random) -> float:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]

        if game_name == "python_paston":
            import paston.env.openspiel_game  # noqa: F401  (registers the game)
        game = pyspiel.load_game(game_name)
        start = time.thread_time()
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                    continue
                if tensor == "observation":
                    state.observation_tensor(state.current_player())
                elif tensor == "information_state":
                    state.information_state_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        return time.thread_time() - start

    return run


def measure(run: Loop, n: int, rounds: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    run(max(1, n // 10), rng)  # warm-up: imports, caches
    rates = [n / run(n, rng) for _ in range(rounds)]
    return {
        "per_second": round(statistics.median(rates)),
        "min": round(min(rates)),
        "max": round(max(rates)),
        "rounds": rounds,
        "per_round": n,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=2000, help="episodes per timed round")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds (median taken)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--spiel", action="store_true", help="also time python_paston")
    parser.add_argument(
        "--only", default="", help="comma-separated loops to time besides skat_obs (e.g. gym,aec)"
    )
    args = parser.parse_args(argv)

    loops: dict[str, tuple[Loop, int]] = {
        "skat_obs": (_spiel_loop("skat", "observation"), args.episodes),
        "skat": (_spiel_loop("skat", None), args.episodes),
        "engine": (engine_round, args.episodes),
        "gym": (gym_round, args.episodes),
        "aec": (aec_round, args.episodes),
        "aec_raw": (lambda n, rng: aec_round(n, rng, wrapped=False), args.episodes),
    }
    if args.spiel:
        loops["spiel"] = (_spiel_loop("python_paston", "information_state"), args.episodes // 10)
    if args.only:
        keep = {"skat_obs", *args.only.split(",")}
        loops = {name: loop for name, loop in loops.items() if name in keep}
    results: dict[str, Any] = {}
    for name, (run, n) in loops.items():
        results[name] = measure(run, n, args.rounds, args.seed)
        print(f"{name:>9}: {results[name]['per_second']:>8,} episodes/s", file=sys.stderr)
    base = results["skat_obs"]["per_second"]
    ratios = {name: round(r["per_second"] / base, 3) for name, r in results.items()}
    for name, ratio in ratios.items():
        print(f"{name:>9}: {ratio:.2f}x skat with observation_tensor")
    out = {
        "benchmark": "env_speed",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "episodes_per_s": {name: r["per_second"] for name, r in results.items()},
        "ratio_to_skat_obs": ratios,
        "details": results,
    }
    sys.stdout.write(json.dumps(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
