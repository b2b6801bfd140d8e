"""The batched engine: deals per second on one core, and its agreement with the main engine.

Two parts, in one process:

* **agreement**: ``--verify`` deals (default 10,000) played by
  :class:`paston.games.paston.batched.BatchedPaston` and, action for action, by the main engine's
  :class:`~paston.games.paston.state.Deal` on the same cards: at every step the seat to act,
  the legal-action mask (against ``legal_actions()``), the observation (against
  ``encode`` of that seat's view) and, at the end, every seat's score must agree;
* **speed**: ``--batch`` deals stepped together with uniformly random legal actions
  (``random_actions``, compiled too) until ``--deals`` deals have ended, timed in CPU seconds
  of this thread (one core; the kernels run on the calling thread), median of ``--rounds``;
  the baseline is OpenSpiel's C++ ``skat`` driven from Python with ``observation_tensor``
  of the player to move at every move, in the same process, its rounds interleaved with
  ours (as ``env_speed.py``); figures per deal (episode) and per decision (a move with its
  observation: every deal's action of a step, every skat move).

    .venv/bin/python benchmarks/batched_speed.py [--verify 10000] [--deals 100000] [--rounds 7]
        [--no-recall]

``--no-recall`` times the layout without the trick-by-trick history (``perfect_recall=False``:
538 values an observation instead of 1,528).

The last line of output is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from typing import Any

from paston.games.paston.batched import BatchedPaston
from paston.games.paston.batched.check import compare_with_engine


def batched_round(deals: int, batch: int, env: BatchedPaston) -> tuple[float, float]:
    """(deals/s, decisions/s): every deal's action of a step is one decision, with its
    observation and mask row."""
    start = time.thread_time()
    finished = steps = 0
    while finished < deals:
        _, _, _, done = env.step(env.random_actions())
        finished += int(done.sum())
        steps += 1
    cpu = time.thread_time() - start
    return finished / cpu, steps * batch / cpu


def skat_round(games: int, rng: random.Random) -> tuple[float, float]:
    """(games/s, moves/s) of OpenSpiel's skat, ``observation_tensor`` before every move."""
    import pyspiel  # type: ignore[import-not-found, unused-ignore]

    game = pyspiel.load_game("skat")
    moves = 0
    start = time.thread_time()
    for _ in range(games):
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
    cpu = time.thread_time() - start
    return games / cpu, moves / cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--verify", type=int, default=10_000, help="deals checked (0: none)")
    parser.add_argument("--deals", type=int, default=100_000, help="deals per timed round")
    # 256 deals (1,528 floats of observation each) stay in the caches; 1,024 and more step
    # slower per deal on this machine.
    parser.add_argument("--batch", type=int, default=256, help="deals stepped together")
    parser.add_argument("--skat", type=int, default=2000, help="skat games per timed round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-recall", action="store_true", help="the layout without the trick history"
    )
    args = parser.parse_args(argv)
    recall = not args.no_recall

    out: dict[str, Any] = {
        "benchmark": "batched_speed",
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    if args.verify:
        agreement = compare_with_engine(
            args.verify, batch=64, seed=args.seed, perfect_recall=recall
        )
        out["agreement"] = {"deals": agreement.deals, "steps": agreement.steps, "agree": True}
        print(f"agreement: {agreement.deals:,} deals, every step equal", file=sys.stderr)
    env = BatchedPaston(args.batch, seed=args.seed, perfect_recall=recall)
    env.reset()
    batched_round(args.batch, args.batch, env)  # warm-up (compiled code loaded)
    rng = random.Random(args.seed)
    skat_round(max(1, args.skat // 10), rng)
    # Rounds interleaved (skat, then ours), so that a change of load moves both alike; the
    # ratios are the medians of the per-round ratios.
    ours: list[tuple[float, float]] = []
    skat: list[tuple[float, float]] = []
    for _ in range(args.rounds):
        skat.append(skat_round(args.skat, rng))
        ours.append(batched_round(args.deals, args.batch, env))
    out["batched_deals_per_s"] = round(statistics.median(d for d, _ in ours))
    out["batched_decisions_per_s"] = round(statistics.median(m for _, m in ours))
    out["skat_obs_games_per_s"] = round(statistics.median(g for g, _ in skat))
    out["skat_obs_decisions_per_s"] = round(statistics.median(m for _, m in skat))
    out["ratio_to_skat_obs"] = round(
        statistics.median(o[0] / k[0] for o, k in zip(ours, skat, strict=True)), 2
    )
    out["ratio_per_decision"] = round(
        statistics.median(o[1] / k[1] for o, k in zip(ours, skat, strict=True)), 2
    )
    out["batch"] = args.batch
    out["perfect_recall"] = recall
    out["rounds"] = args.rounds
    print(
        f"batched: {out['batched_deals_per_s']:,} deals/s, {out['batched_decisions_per_s']:,} "
        f"decisions/s (batch {args.batch}); skat with observation_tensor: "
        f"{out['skat_obs_games_per_s']:,} games/s, {out['skat_obs_decisions_per_s']:,} "
        f"decisions/s; ratio {out['ratio_to_skat_obs']} per episode, "
        f"{out['ratio_per_decision']} per decision"
    )
    sys.stdout.write(json.dumps(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
