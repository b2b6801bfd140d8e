"""Research environments of every game: learner decisions per CPU second, against OpenSpiel's
compiled ``skat`` with observations, in the same process, rounds interleaved.

What a learner pays is the time per decision it takes, so every loop counts **decisions that
come with an observation and a mask** and the CPU seconds of this thread they cost:

* ``skat_obs`` (the baseline): OpenSpiel's C++ ``skat`` driven from Python, uniformly random
  moves and chance outcomes, ``observation_tensor()`` of the player to move before every move;
  every move of every player is a decision (about 30 a game);
* ``<game>_gym``: ``gymnasium.make("paston/<Game>-v0", opponents="random")`` after
  ``import paston.env`` (the environment as users get it: Gymnasium's order-enforcing and
  mask-forwarding wrappers included), the learner at seat 0 choosing uniformly from
  ``info["action_mask"]`` read as booleans (``mask.view(bool)``: numpy finds the non-zero
  entries of a boolean array ten times faster than of an ``int8`` one); a decision is one
  ``env.step`` (its observation, mask and the bots' moves up to the learner's next turn
  included); seeded at a round's first ``reset`` only, as a training loop does;
* ``<game>_compiled`` (``--compiled``): the same env with ``engine="compiled"`` (the whole
  step in the game's numba kernels; games that have them), driven the same way;
* ``<game>_engine`` (``--engine``): the bare engine, ``legal_actions`` + ``apply`` with random
  choices, every action counted (no view, no observation): the ceiling the env layer sits on;
* ``<game>_aec`` (``--aec``): the PettingZoo AEC env (``raw_env``), every seat an agent,
  ``last()`` (observation and mask) before every action;
* ``<game>_spiel`` (``--spiel``): the OpenSpiel game ``python_<game>`` driven like skat,
  ``information_state_tensor()`` of the player to move before every move;
* ``paston_batched`` (``--batched``): :class:`paston.games.paston.batched.BatchedPaston`,
  ``--batch`` deals (default 256, which stay in the caches) stepped together with compiled
  random actions; every deal's action of a step is one decision (each comes with its
  observation and mask row).

Rounds are **interleaved**: round r times the baseline, then every loop, then the next round,
so a change of load on the machine moves all figures alike; a loop's round runs whole
episodes until it has ``--decisions`` decisions (skat: games until as many moves). Each
figure is the median over ``--rounds`` rounds; each ratio is the median of the per-round
ratios to that round's baseline, per decision and per episode.

    .venv/bin/python benchmarks/env_speed.py [--decisions 20000] [--rounds 7]
        [--games paston,paris,paskievics] [--paris-players 4] [--paskievics-players 4]
        [--compiled] [--engine] [--aec] [--spiel] [--batched] [--batch 256]

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
from dataclasses import dataclass
from typing import Any

import numpy as np

#: The games whose Gymnasium env has ``engine="compiled"``.
COMPILED = ("paston", "paris", "paskievics")

#: One timed round: (CPU seconds, decisions, episodes).
Round = tuple[float, int, int]
Loop = Callable[[int, random.Random], Round]


@dataclass
class Timed:
    """A loop and the rounds it ran."""

    name: str
    run: Loop
    rounds: list[Round]


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
    return time.thread_time() - start, moves, games


def gym_loop(game: str, players: int, engine: str = "python") -> Loop:
    def run(decisions: int, rng: random.Random) -> Round:
        import gymnasium as gym

        import paston.env  # noqa: F401  (registers the ids)

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            env = gym.make(
                f"paston/{game.capitalize()}-v0",
                players=players,
                opponents="random",
                engine=engine,
            )
        steps = episodes = 0
        start = time.thread_time()
        # Seeded once, as a training loop does; later resets go on with the env's generator.
        _, info = env.reset(seed=rng.getrandbits(32))
        while steps < decisions:
            done = False
            while not done:
                legal = np.flatnonzero(info["action_mask"].view(np.bool_))
                _, _, terminated, truncated, info = env.step(legal[rng.randrange(len(legal))])
                steps += 1
                done = terminated or truncated
            episodes += 1
            _, info = env.reset()
        cpu = time.thread_time() - start
        env.close()
        return cpu, steps, episodes

    return run


def aec_loop(game: str, players: int) -> Loop:
    def run(decisions: int, rng: random.Random) -> Round:
        from paston.env.pettingzoo_env import raw_env

        env = raw_env(game, players=players)
        steps = episodes = 0
        start = time.thread_time()
        while steps < decisions:
            env.reset(seed=rng.getrandbits(32))
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"].view(np.bool_))
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
            episodes += 1
        return time.thread_time() - start, steps, episodes

    return run


def spiel_loop(game: str, players: int) -> Loop:
    def run(decisions: int, rng: random.Random) -> Round:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]

        import paston.env  # noqa: F401  (registers the OpenSpiel games)

        params = "" if game == "paston" else f"(players={players})"
        spiel_game = pyspiel.load_game(f"python_{game}{params}")
        moves = games = 0
        start = time.thread_time()
        while moves < decisions:
            state = spiel_game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                    continue
                state.information_state_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                moves += 1
            games += 1
        return time.thread_time() - start, moves, games

    return run


def engine_loop(game: str, players: int) -> Loop:
    def run(decisions: int, rng: random.Random) -> Round:
        from paston.env.research_game import ResearchGame

        research = ResearchGame.build(game, players, None, {})
        actions = episodes = 0
        start = time.thread_time()
        while actions < decisions:
            state = research.deal(rng)
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                actions += 1
            episodes += 1
        return time.thread_time() - start, actions, episodes

    return run


def batched_loop(batch: int) -> Loop:
    state: dict[str, Any] = {}

    def run(decisions: int, rng: random.Random) -> Round:
        from paston.games.paston.batched import BatchedPaston

        env = state.get("env")
        if env is None:  # built (and compiled) once, outside the timed part
            env = state["env"] = BatchedPaston(batch, seed=rng.getrandbits(32))
            env.reset()
        steps = episodes = 0
        start = time.thread_time()
        while steps * batch < decisions:
            _, _, _, done = env.step(env.random_actions())
            steps += 1
            episodes += int(done.sum())
        return time.thread_time() - start, steps * batch, episodes

    return run


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def summarize(base: Timed, loops: list[Timed]) -> dict[str, Any]:
    """Medians per loop and the medians of the per-round ratios to the baseline."""
    out: dict[str, Any] = {}
    for loop in [base, *loops]:
        per_decision = [d / cpu for cpu, d, _ in loop.rounds]
        per_episode = [e / cpu for cpu, _, e in loop.rounds]
        decisions = sum(d for _, d, _ in loop.rounds)
        episodes = sum(e for _, _, e in loop.rounds)
        entry: dict[str, Any] = {
            "decisions_per_s": round(_median(per_decision)),
            "episodes_per_s": round(_median(per_episode), 1),
            "decisions_per_episode": round(decisions / max(1, episodes), 1),
            "min_decisions_per_s": round(min(per_decision)),
            "max_decisions_per_s": round(max(per_decision)),
        }
        if loop is not base:
            ratios_d = [
                (d / cpu) / (bd / bcpu)
                for (cpu, d, _), (bcpu, bd, _) in zip(loop.rounds, base.rounds, strict=True)
            ]
            ratios_e = [
                (e / cpu) / (be / bcpu)
                for (cpu, _, e), (bcpu, _, be) in zip(loop.rounds, base.rounds, strict=True)
            ]
            entry["ratio_per_decision"] = round(_median(ratios_d), 3)
            entry["ratio_per_episode"] = round(_median(ratios_e), 3)
        out[loop.name] = entry
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=20_000, help="decisions per round")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds (medians taken)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="paston,paris,paskievics")
    parser.add_argument("--paris-players", type=int, default=4)
    parser.add_argument("--paskievics-players", type=int, default=4)
    parser.add_argument("--engine", action="store_true", help="also the bare engines")
    parser.add_argument(
        "--compiled", action="store_true", help="also the envs with engine='compiled'"
    )
    parser.add_argument("--aec", action="store_true", help="also the PettingZoo AEC envs")
    parser.add_argument("--spiel", action="store_true", help="also the OpenSpiel games")
    parser.add_argument("--batched", action="store_true", help="also the batched Paston engine")
    parser.add_argument(
        "--batch", type=int, default=256, help="deals the batched engine steps together"
    )
    args = parser.parse_args(argv)

    players = {"paston": 3, "paris": args.paris_players, "paskievics": args.paskievics_players}
    games = [g for g in args.games.split(",") if g]
    for game in games:
        if game not in players:
            parser.error(f"unknown game {game!r}; the games are {', '.join(players)}")
    base = Timed("skat_obs", skat_obs_round, [])
    loops: list[Timed] = []
    for game in games:
        n = players[game]
        if args.engine:
            loops.append(Timed(f"{game}_engine", engine_loop(game, n), []))
        loops.append(Timed(f"{game}_gym", gym_loop(game, n), []))
        if args.compiled and game in COMPILED:
            loops.append(Timed(f"{game}_compiled", gym_loop(game, n, "compiled"), []))
        if args.aec:
            loops.append(Timed(f"{game}_aec", aec_loop(game, n), []))
        if args.spiel:
            loops.append(Timed(f"{game}_spiel", spiel_loop(game, n), []))
    if args.batched:
        loops.append(Timed("paston_batched", batched_loop(args.batch), []))

    rng = random.Random(args.seed)
    warm = max(1, args.decisions // 10)
    for loop in [base, *loops]:
        loop.run(warm, rng)  # warm-up: imports, caches, compiled kernels
    for r in range(args.rounds):
        for loop in [base, *loops]:
            loop.rounds.append(loop.run(args.decisions, rng))
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)

    figures = summarize(base, loops)
    for name, entry in figures.items():
        ratio = entry.get("ratio_per_decision")
        tail = (
            f"  {ratio:.3f}x per decision, {entry['ratio_per_episode']:.3f}x per episode"
            if ratio is not None
            else "  (baseline)"
        )
        print(
            f"{name:>18}: {entry['decisions_per_s']:>9,} decisions/s "
            f"{entry['episodes_per_s']:>10,.1f} episodes/s "
            f"({entry['decisions_per_episode']} a episode){tail}"
        )
    out = {
        "benchmark": "env_speed",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "rounds": args.rounds,
        "decisions_per_round": args.decisions,
        "players": {g: players[g] for g in games},
        "figures": figures,
    }
    sys.stdout.write(json.dumps(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
