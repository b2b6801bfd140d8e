"""Time per decision of each Paris bot, on the decisions of real games.

Games of ``--players`` seats are played by ``heuristic`` bots from seeded deals; at every
decision of the play and swap phases each measured bot is asked for its action on the same
view (the game goes on with the heuristic's choice, so every bot sees the same positions).
Reported per bot: median, p90 and max seconds per decision, over all decisions and over the
decisions that need thought (more than one distinct move), and the ratio of each median to the
``heuristic`` median measured in the same process. The last line is one JSON object.

Usage::

    .venv/bin/python benchmarks/paris_bots.py --players 4 --games 3 --bots random,heuristic,dpimc
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from paston.bots import make_bot
from paston.games.paris.bots.moves import move_of
from paston.games.paris.shuffle import deal_game


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _stats(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"decisions": 0}
    return {
        "decisions": len(values),
        "median": statistics.median(values),
        "p90": _quantile(values, 0.9),
        "max": max(values),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument(
        "--bots",
        default="random,heuristic,dpimc",
        help="bot specs separated by ';' (or ',' when no spec has options)",
    )
    args = parser.parse_args(argv)
    specs = args.bots.split(";") if ";" in args.bots else args.bots.split(",")
    times: dict[str, list[float]] = {s: [] for s in specs}
    thought: dict[str, list[float]] = {s: [] for s in specs}
    for game in range(args.games):
        state = deal_game(args.players, seed=args.seed + game, dealer=game % args.players)
        driver = make_bot("heuristic", seed=game, game="paris")
        bots = {s: make_bot(s, seed=game, game="paris") for s in specs}
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            distinct = len({move_of(a).key for a in view.legal})
            for spec, bot in bots.items():
                start = time.perf_counter()
                bot.act(view)
                elapsed = time.perf_counter() - start
                times[spec].append(elapsed)
                if distinct > 1:
                    thought[spec].append(elapsed)
            state.apply(driver.act(view))
        print(f"game {game + 1}/{args.games}: {state.turns} turns", file=sys.stderr, flush=True)
    base = statistics.median(times["heuristic"]) if times.get("heuristic") else None
    out: dict[str, Any] = {
        "benchmark": "paris_bots",
        "players": args.players,
        "games": args.games,
        "bots": {},
    }
    for spec in specs:
        entry = {"all": _stats(times[spec]), "with_choice": _stats(thought[spec])}
        if base and times[spec]:
            entry["median_vs_heuristic"] = statistics.median(times[spec]) / base
        out["bots"][spec] = entry
        a, t = entry["all"], entry["with_choice"]
        print(
            f"{spec:<28} all: median {a.get('median', 0) * 1e3:8.3f} ms  p90 "
            f"{a.get('p90', 0) * 1e3:8.3f} ms  max {a.get('max', 0) * 1e3:8.3f} ms   "
            f"with a choice: median {t.get('median', 0) * 1e3:8.3f} ms  p90 "
            f"{t.get('p90', 0) * 1e3:8.3f} ms  max {t.get('max', 0) * 1e3:8.3f} ms"
        )
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
