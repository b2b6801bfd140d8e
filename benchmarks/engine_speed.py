"""Engine speed: random complete deals per second through the public API, on one core.

Every deal goes through all phases: the dealing procedure (``deal_cards``, redeals dealt
again), the auction, the prikup exchange, the declaration or surrender, the whist decisions,
the play and the scoring, each step a uniformly random choice among ``legal_actions()`` taken
with ``apply()``. The figure is the median of several timed rounds, timed in CPU seconds of
the benchmark's thread (wall-clock rates are printed too).

If OpenSpiel (``pyspiel``) is installed, its C++ ``skat`` game is driven the same way from
Python (random legal moves, chance outcomes drawn uniformly) in the same process, for scale:
a three-player trick-taking game with a bidding phase, stepped through a compiled engine.

    .venv/bin/python benchmarks/engine_speed.py [--deals 4000] [--rounds 7] [--seed 1]

The last line of output is one JSON object with the figures.
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

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

import paston
from paston.games.paston.state import REDEAL

TARGET_DEALS_PER_SECOND = 8000


def paston_round(n: int, rng: random.Random) -> tuple[float, float, int]:
    """Play ``n`` random complete deals; returns (CPU seconds, wall seconds, actions)."""
    deal_cards = paston.deal_cards
    actions = 0
    start_cpu = time.thread_time()
    start = time.perf_counter()
    for i in range(n):
        # Deals rotate dealers; one in ten is a first deal (the J♠/7♠ first-bidder rule).
        dealer = i % 3
        first = i % 10 == 0
        deal = deal_cards(dealer=dealer, first_deal=first, rng=rng)
        while deal.phase_id == REDEAL:
            deal = deal_cards(dealer=dealer, first_deal=first, rng=rng)
        while deal.seat_to_act >= 0:
            legal = deal.legal_actions()
            deal.apply(legal[rng.randrange(len(legal))])
            actions += 1
        # A finished deal is scored, or thrown in after an all-pass with both markers in the
        # prikup (a complete deal too). A check, not a cost.
        if deal.scores is None and deal.phase_id != REDEAL:
            raise AssertionError("a finished deal has no scores")
    return time.thread_time() - start_cpu, time.perf_counter() - start, actions


def skat_round(n: int, rng: random.Random) -> tuple[float, float, int]:
    """Play ``n`` random complete games of OpenSpiel's skat; returns (CPU seconds, wall
    seconds, moves)."""
    import pyspiel  # type: ignore[import-not-found, unused-ignore]

    game = pyspiel.load_game("skat")
    moves = 0
    start_cpu = time.thread_time()
    start = time.perf_counter()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            moves += 1
    return time.thread_time() - start_cpu, time.perf_counter() - start, moves


def measure(
    name: str,
    run: Callable[[int, random.Random], tuple[float, float, int]],
    per_round: int,
    rounds: int,
    seed: int,
    progress: Progress,
) -> dict[str, Any]:
    rng = random.Random(seed)
    run(max(1, per_round // 10), rng)  # warm-up: caches, first imports
    task = progress.add_task(name, total=rounds)
    rates = []
    wall_rates = []
    steps = 0
    for _ in range(rounds):
        cpu, wall, taken = run(per_round, rng)
        rates.append(per_round / cpu)
        wall_rates.append(per_round / wall)
        steps += taken
        progress.advance(task)
    # CPU time of this thread: the figure for "one core" even on a busy machine; the
    # wall-clock rate is reported too and is lower when other processes share the core.
    return {
        "per_second": round(statistics.median(rates)),
        "min": round(min(rates)),
        "max": round(max(rates)),
        "wall_per_second": round(statistics.median(wall_rates)),
        "rounds": rounds,
        "per_round": per_round,
        "steps_per_item": round(steps / (rounds * per_round), 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=4000, help="deals per timed round")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds (median taken)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-skat", action="store_true", help="skip the OpenSpiel comparison")
    args = parser.parse_args(argv)

    console = Console(stderr=True)
    try:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]  # noqa: F401

        have_skat = not args.no_skat
    except ImportError:
        have_skat = False

    columns = (
        TextColumn("{task.description:<8}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        ours = measure("paston", paston_round, args.deals, args.rounds, args.seed, progress)
        skat = (
            measure("skat", skat_round, args.deals, args.rounds, args.seed, progress)
            if have_skat
            else None
        )

    out = Console()
    out.print(
        f"paston: {ours['per_second']:,} random complete deals/s on one core "
        f"(median of {ours['rounds']} rounds of {ours['per_round']}; "
        f"min {ours['min']:,}, max {ours['max']:,}; wall clock {ours['wall_per_second']:,}/s; "
        f"{ours['steps_per_item']} actions/deal); "
        f"target {TARGET_DEALS_PER_SECOND:,}: "
        + ("met" if ours["per_second"] >= TARGET_DEALS_PER_SECOND else "NOT met"),
        soft_wrap=True,
    )
    result: dict[str, Any] = {
        "benchmark": "engine_speed",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "paston_deals_per_s": ours["per_second"],
        "paston": ours,
        "target_deals_per_s": TARGET_DEALS_PER_SECOND,
        "target_met": ours["per_second"] >= TARGET_DEALS_PER_SECOND,
    }
    if skat is not None:
        ratio = ours["per_second"] / skat["per_second"]
        out.print(
            f"OpenSpiel skat (C++ via pyspiel): {skat['per_second']:,} random games/s "
            f"({skat['steps_per_item']} moves/game); paston/skat ratio {ratio:.2f}",
            soft_wrap=True,
        )
        result["skat_games_per_s"] = skat["per_second"]
        result["skat"] = skat
        result["ratio_paston_to_skat"] = round(ratio, 3)
    else:
        out.print("OpenSpiel (pyspiel) not installed: no skat comparison")
        result["skat_games_per_s"] = None
    sys.stdout.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
