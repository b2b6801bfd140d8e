"""Paskievics's Gymnasium env with flat and with compact action ids: learner decisions per CPU
second, against OpenSpiel's compiled ``skat`` with observations, rounds interleaved.

Three loops, each counting **decisions that come with an observation and a mask** and the CPU
seconds of this thread they cost (as ``benchmarks/env_speed.py`` does):

* ``skat_obs`` (the baseline): OpenSpiel's C++ ``skat`` driven from Python, uniformly random
  moves and chance outcomes, ``observation_tensor()`` before every move;
* ``paskievics_flat``: ``gymnasium.make("paston/Paskievics-v0", opponents="random")``, the
  learner at seat 0 choosing uniformly from ``info["action_mask"]`` (12,517 ids) read as
  booleans; a decision is one ``env.step``;
* ``paskievics_compact``: the same with ``compact_actions=True`` (176 ids): a discard of k
  cards is k decisions, so an episode has a few more of them.

Round r times the baseline, then both Paskievics loops; each loop's round plays whole episodes
until it has ``--decisions`` decisions. Figures are medians over ``--rounds`` rounds; ratios
are medians of per-round ratios (to skat, and compact to flat), per decision and per episode.

    .venv/bin/python benchmarks/paskievics_compact_speed.py [--decisions 5000] [--rounds 5]
        [--players 4]

The last line of output is one JSON object with every figure and ratio.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

#: One timed round: (CPU seconds, decisions, episodes, the learner's discard decisions).
Round = tuple[float, int, int, int]
Loop = Callable[[int, random.Random], Round]


def skat_obs_round(decisions: int, rng: random.Random) -> Round:
    import pyspiel  # type: ignore[import-not-found, unused-ignore]

    game = pyspiel.load_game("skat")
    moves = games = 0
    start = time.thread_time()
    while moves < decisions:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            moves += 1
        games += 1
    return time.thread_time() - start, moves, games, 0


def gym_loop(players: int, compact: bool) -> Loop:
    def run(decisions: int, rng: random.Random) -> Round:
        import gymnasium as gym

        import paston.env  # noqa: F401  (registers the ids)
        from paston.games.paskievics.actions import DISCARD

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            env = gym.make(
                "paston/Paskievics-v0",
                players=players,
                opponents="random",
                compact_actions=compact,
            )
        steps = episodes = discards = 0
        start = time.thread_time()
        _, info = env.reset(seed=rng.getrandbits(32))  # seeded once, as a training loop does
        while steps < decisions:
            done = False
            while not done:
                legal = np.flatnonzero(info["action_mask"].view(np.bool_))
                action = legal[rng.randrange(len(legal))]
                discards += int(action >= DISCARD)  # a flat set or one compact card
                _, _, terminated, truncated, info = env.step(action)
                steps += 1
                done = terminated or truncated
            episodes += 1
            _, info = env.reset()
        cpu = time.thread_time() - start
        env.close()
        return cpu, steps, episodes, discards

    return run


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def _ratios(mine: list[Round], base: list[Round], field: int) -> float:
    return _median([(r[field] / r[0]) / (b[field] / b[0]) for r, b in zip(mine, base, strict=True)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=5_000, help="decisions per round")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (medians taken)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4, choices=(4, 5))
    args = parser.parse_args(argv)

    loops: dict[str, Loop] = {
        "skat_obs": skat_obs_round,
        "paskievics_flat": gym_loop(args.players, compact=False),
        "paskievics_compact": gym_loop(args.players, compact=True),
    }
    rounds: dict[str, list[Round]] = {name: [] for name in loops}
    rng = random.Random(args.seed)
    for run in loops.values():
        run(max(1, args.decisions // 10), rng)  # warm-up: imports and caches
    for r in range(args.rounds):
        for name, run in loops.items():
            rounds[name].append(run(args.decisions, rng))
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)

    figures: dict[str, Any] = {}
    for name, done in rounds.items():
        episodes = sum(r[2] for r in done)
        entry: dict[str, Any] = {
            "decisions_per_s": round(_median([r[1] / r[0] for r in done])),
            "episodes_per_s": round(_median([r[2] / r[0] for r in done]), 1),
            "decisions_per_episode": round(sum(r[1] for r in done) / episodes, 2),
            "learner_discard_decisions_per_episode": round(sum(r[3] for r in done) / episodes, 3),
        }
        if name != "skat_obs":
            entry["ratio_to_skat_per_decision"] = round(_ratios(done, rounds["skat_obs"], 1), 3)
        figures[name] = entry
    compact, flat = rounds["paskievics_compact"], rounds["paskievics_flat"]
    figures["compact_over_flat"] = {
        "per_decision": round(_ratios(compact, flat, 1), 3),
        "per_episode": round(_ratios(compact, flat, 2), 3),
    }
    for name, entry in figures.items():
        print(f"{name:>20}: {entry}")
    out = {
        "benchmark": "paskievics_compact_speed",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "rounds": args.rounds,
        "decisions_per_round": args.decisions,
        "players": args.players,
        "figures": figures,
    }
    sys.stdout.write(json.dumps(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
