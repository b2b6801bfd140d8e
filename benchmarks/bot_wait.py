"""How long a person waits for each strength level's move, in every game (issue 21).

Issue 21 asks that a person wait at most 1 s median and 3 s at most for a bot's move on an
idle server. Bots budget CPU time, not wall-clock time, so the honest measure of the wait on
an idle server is the CPU a decision takes: this script plays seeded hands of every game with
one level in seat ``k % n`` of hand ``k`` and ``casual`` in the other seats (bots only, views
only, as the arena does) and records the process CPU (``time.process_time``) and wall clock
of each of that level's decisions, per phase of the game. On a loaded machine the wall clock
is longer, the CPU the same.

The process first warms the games' search bots up, as the server's bot workers do when they
start (``PlayHooks.warm_up``: the Paskievics solver compiles once per process, about 4 CPU
seconds); ``--cold`` leaves that out, to see what a first decision costs without it.

Usage::

    nice -n 10 .venv/bin/python benchmarks/bot_wait.py --hands 12 --seed 1 \\
        --out benchmarks/results/bot_wait.json --plot docs/bot_wait.png

``--games`` and ``--levels`` (comma-separated) choose what is measured; ``--players`` sets a
game's seat count as ``GAME=N`` (default: the game's default seats). Progress goes to stderr;
the table and then one JSON line to stdout.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from paston.bots import Bot, make_bot
from paston.bots.warm import warm_up
from paston.core.registry import available, get_game

#: The issue's bounds on a person's wait, in seconds.
MEDIAN_BOUND = 1.0
MAX_BOUND = 3.0


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(game: str, level: str, players: int, hands: int, seed: int) -> dict[str, Any]:
    """Play ``hands`` seeded hands, ``level`` in seat ``k % players`` and ``casual`` elsewhere."""
    info = get_game(game)
    rules = info.parse_rules({})
    cpu: list[float] = []
    wall: list[float] = []
    by_phase: dict[str, list[float]] = defaultdict(list)
    for k in range(hands):
        seat_of_level = k % players
        bots: list[Bot] = [
            make_bot(
                level if seat == seat_of_level else "casual",
                seed=random.Random(f"bot-wait:{game}:{seed}:{k}:{seat}").randrange(2**32),
                game=game,
            )
            for seat in range(players)
        ]
        try:
            match = info.new_match(players, rules, k % players)
            rng = random.Random(f"bot-wait:{game}:{seed}:{k}")
            state = match.next_state(rng)
            while state.is_over and not match.over:
                state = match.next_state(rng)
            while not state.is_over:
                seat = state.to_act
                assert seat is not None, f"{game}: the {state.phase} has nobody to act"
                view = state.view(seat)
                if seat == seat_of_level:
                    phase = str(state.phase)
                    start_cpu, start_wall = time.process_time(), time.perf_counter()
                    action = bots[seat].act(view)
                    spent = time.process_time() - start_cpu
                    cpu.append(spent)
                    wall.append(time.perf_counter() - start_wall)
                    by_phase[phase].append(spent)
                else:
                    action = bots[seat].act(view)
                state.apply(action)
        finally:
            for bot in bots:
                bot.close()
        print(
            f"  {game} {level}: hand {k + 1}/{hands}, {len(cpu)} decisions, "
            f"max {max(cpu, default=0.0):.3f} s CPU",
            file=sys.stderr,
            flush=True,
        )
    return {
        "game": game,
        "level": level,
        "spec": next(lv.spec for lv in info.play.levels if lv.name == level),
        "players": players,
        "hands": hands,
        "decisions": len(cpu),
        "cpu_median": statistics.median(cpu),
        "cpu_p90": _quantile(cpu, 0.9),
        "cpu_p99": _quantile(cpu, 0.99),
        "cpu_max": max(cpu),
        "wall_median": statistics.median(wall),
        "wall_max": max(wall),
        "within_bounds": statistics.median(cpu) <= MEDIAN_BOUND and max(cpu) <= MAX_BOUND,
        "phases": {
            phase: {
                "decisions": len(values),
                "cpu_median": statistics.median(values),
                "cpu_max": max(values),
            }
            for phase, values in sorted(by_phase.items())
        },
        "cpu_seconds": cpu,
    }


def plot(rows: list[dict[str, Any]], path: Path) -> None:
    """One box per game and level: the CPU of its decisions, with the issue's two bounds."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.5))
    data = [[max(v, 1e-5) for v in row["cpu_seconds"]] for row in rows]
    labels = [f"{row['game']}\n{row['level']}" for row in rows]
    ax.boxplot(data, whis=(0, 100), showfliers=False)
    ax.set_xticks(range(1, len(labels) + 1), labels, fontsize=8)
    ax.set_yscale("log")
    ax.axhline(MEDIAN_BOUND, color="tab:orange", linestyle="--", label="1 s: the median's bound")
    ax.axhline(MAX_BOUND, color="tab:red", linestyle="--", label="3 s: the longest wait's bound")
    ax.set_ylabel("CPU seconds per decision (log)")
    ax.set_title("A person's wait for each level's move (box: quartiles; whiskers: min to max)")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(available()))
    parser.add_argument("--levels", default="beginner,casual,strong,expert")
    parser.add_argument("--players", action="append", default=[], metavar="GAME=N")
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--plot", type=Path)
    parser.add_argument("--cold", action="store_true", help="no warm-up first")
    args = parser.parse_args(argv)
    seats: dict[str, int] = {}
    for item in args.players:
        name, _, count = item.partition("=")
        if not count.isdigit():
            parser.error(f"--players {item!r}: say GAME=N, e.g. paskievics=5")
        seats[name] = int(count)
    warmed = {} if args.cold else warm_up()
    if warmed:
        print(f"warmed up first: {warmed} CPU s", file=sys.stderr)
    rows: list[dict[str, Any]] = []
    for game in [g.strip() for g in args.games.split(",") if g.strip()]:
        info = get_game(game)
        players = seats.get(game, info.default_seats)
        if players not in info.seat_counts:
            parser.error(f"{game} is played by {info.seat_counts}, not {players}")
        known = [lv.name for lv in info.play.levels]
        for level in [lv.strip() for lv in args.levels.split(",") if lv.strip()]:
            if level not in known:
                parser.error(f"{game} has no level {level!r}; its levels: {', '.join(known)}")
            rows.append(measure(game, level, players, args.hands, args.seed))
    print(f"{'game':<11} {'level':<9} {'seats':>5} {'decisions':>9} {'median':>8} "
          f"{'p90':>8} {'max':>8}  CPU s per decision")  # fmt: skip
    for row in rows:
        print(
            f"{row['game']:<11} {row['level']:<9} {row['players']:>5} {row['decisions']:>9} "
            f"{row['cpu_median']:>8.4f} {row['cpu_p90']:>8.4f} {row['cpu_max']:>8.3f}"
            + ("" if row["within_bounds"] else "  OVER THE BOUNDS")
        )
    if args.plot:
        plot(rows, args.plot)
    result = {
        "benchmark": "bot_wait",
        "seed": args.seed,
        "hands": args.hands,
        "warmed_up": warmed,
        "rows": rows,
    }
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(result) + "\n")
    summary = {**result, "rows": [{k: v for k, v in r.items() if k != "cpu_seconds"} for r in rows]}
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
