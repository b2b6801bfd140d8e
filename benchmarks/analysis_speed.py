"""Seconds per deal of ``paston analyse`` at its default settings (48 worlds per decision),
with the hindsight-only grade (every card known, the old double-dummy analysis) measured in
the same process as the baseline, and the server's settings (24 worlds, 1 s per decision).

The deals are seeded games of the heuristic bot at every seat (``--deals``), so the numbers
are for ordinary play: about 25-35 graded decisions per deal. A whole game is estimated from
the median seconds per deal and the deals a game to 121 takes with these bots (measured here).

    nice -n 10 .venv/bin/python benchmarks/analysis_speed.py --deals 12

The last line is JSON: median CPU seconds per deal for each setting (CPU time, because the
machine is shared; the wall time is given too), the ratio to the baseline, decisions per deal,
and the deals per game. Under load the 1 s (server) and 5 s (default) limits per decision are
reached sooner, which lowers the worlds valued: the CPU figures are the fair ones.

``--game paris`` / ``--game paskievics`` time those games' evaluators instead
(``paston.games.<game>.analysis``) on seeded records played by their heuristic bots: seconds per
game (Paris: one whole game, 4 players) or per deal (Paskievics), at the server's settings
(24 worlds, 1 s per decision), at the command's (48 worlds, 5 s per decision), and with two
worlds per decision as the baseline, all in the same process:

    nice -n 10 .venv/bin/python benchmarks/analysis_speed.py --game paris --deals 2
    nice -n 10 .venv/bin/python benchmarks/analysis_speed.py --game paskievics --deals 3
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from paston.analysis import Settings
from paston.bots import make_bot
from paston.games.paston.analysis import analyse_deal
from paston.games.paston.analysis.grading import _choices
from paston.games.paston.analysis.hindsight import hindsight_values
from paston.games.paston.bots.heuristic import HeuristicBot
from paston.games.paston.match import Game
from paston.games.paston.solver import Solver
from paston.games.paston.state import Deal


def play(deal: Deal, seed: int) -> Deal:
    bots = [make_bot("heuristic", seed=seed + s) for s in range(3)]
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        deal.apply(bots[seat].act(deal.view(seat)))
    return deal


def deals_per_game(seed: int) -> int:
    game = Game(rng=random.Random(seed))
    while not game.over and len(game.deals) < 200:
        play(game.new_deal(), seed + len(game.deals))
    return len(game.deals)


def hindsight_only(deal: Deal, solver: Solver) -> None:
    policy = HeuristicBot(seed=0)
    for state, _, _ in _choices(deal):
        hindsight_values(state, policy, solver)


def other_game_records(game: str, count: int, seed: int) -> list[dict[str, Any]]:
    """Seeded Paris games (4 players) or played Paskievics deals, heuristic bots all round."""
    from paston.core.registry import get_game

    info = get_game(game)
    out: list[dict[str, Any]] = []
    k = seed
    while len(out) < count:
        match = info.new_match(4)
        state: Any = match.next_state(random.Random(k))
        k += 1
        bots = [make_bot("heuristic", game=game, seed=k + s) for s in range(state.players)]
        while not state.is_over:
            seat = state.to_act
            state.apply(bots[seat].act(state.view(seat)))
        if game == "paskievics" and state.thrown_in:
            continue  # a passed-out deal has a bid or two to grade: not an ordinary deal
        out.append(match.record())
    return out


def other_game(game: str, count: int, seed: int) -> None:
    """The ``--game`` measurement (see the module docstring)."""
    from paston.analysis import evaluator_for

    evaluator = evaluator_for(game)
    records = other_game_records(game, count, seed)
    settings = {
        "two_worlds": Settings(worlds=2, decision_seconds=None),
        "server": Settings(worlds=24, max_worlds=48, decision_seconds=1.0),
        "default": Settings(worlds=48, max_worlds=192, decision_seconds=5.0),
    }
    # The Paskievics solver compiles on first use (numba): paid once, before the clock.
    evaluator.analyse(records[0], Settings(worlds=2, decision_seconds=None))
    times: dict[str, list[float]] = {k: [] for k in settings}
    walls: dict[str, list[float]] = {k: [] for k in settings}
    decisions = []
    for i, record in enumerate(records, start=1):
        for name, s in settings.items():
            start, wall = time.process_time(), time.perf_counter()
            evaluator.analyse(record, s)
            times[name].append(time.process_time() - start)
            walls[name].append(time.perf_counter() - wall)
        decisions.append(evaluator.count(record))
        print(f"{game} {i}: {decisions[-1]} decisions, CPU "
              + ", ".join(f"{k} {v[-1]:.2f} s" for k, v in times.items()), flush=True)  # fmt: skip
    med = {k: statistics.median(v) for k, v in times.items()}
    unit = "game" if game == "paris" else "deal"
    print(json.dumps({
        "benchmark": "analysis_speed",
        "game": game,
        unit + "s": len(records),
        f"decisions_per_{unit}_median": statistics.median(decisions),
        f"cpu_seconds_per_{unit}_median": {k: round(v, 3) for k, v in med.items()},
        f"wall_seconds_per_{unit}_median": {
            k: round(statistics.median(v), 3) for k, v in walls.items()
        },
        "ratio_to_two_worlds": {k: round(med[k] / med["two_worlds"], 1) for k in settings},
    }))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=("paston", "paris", "paskievics"), default="paston")
    args = parser.parse_args()
    if args.game != "paston":
        other_game(args.game, args.deals, args.seed)
        return
    game = Game(rng=random.Random(args.seed))
    deals: list[Deal] = []
    while len(deals) < args.deals:
        deal = play(game.new_deal(), len(deals))
        deals.append(deal)
        if game.over:
            game = Game(rng=random.Random(args.seed + len(deals)))
    solver = Solver()
    server = Settings(worlds=24, max_worlds=48, decision_seconds=1.0)
    settings = {"default": Settings(), "server": server}
    times: dict[str, list[float]] = {"hindsight": [], **{k: [] for k in settings}}
    walls: dict[str, list[float]] = {k: [] for k in settings}
    decisions = []
    for i, deal in enumerate(deals, start=1):
        start = time.process_time()
        hindsight_only(deal, solver)
        times["hindsight"].append(time.process_time() - start)
        for name, s in settings.items():
            start = time.process_time()
            wall = time.perf_counter()
            result = analyse_deal(deal, i, settings=s, solver=solver)
            times[name].append(time.process_time() - start)
            walls[name].append(time.perf_counter() - wall)
        decisions.append(len(result.decisions))
        print(f"deal {i}: {len(result.decisions)} decisions, CPU "
              + ", ".join(f"{k} {v[-1]:.2f} s" for k, v in times.items()), flush=True)  # fmt: skip
    per_game = [deals_per_game(1000 * g) for g in range(args.games)]
    med = {k: statistics.median(v) for k, v in times.items()}
    out = {
        "benchmark": "analysis_speed",
        "deals": len(deals),
        "decisions_per_deal_median": statistics.median(decisions),
        "cpu_seconds_per_deal_median": {k: round(v, 3) for k, v in med.items()},
        "wall_seconds_per_deal_median": {
            k: round(statistics.median(v), 3) for k, v in walls.items()
        },
        "ratio_to_hindsight": {k: round(med[k] / med["hindsight"], 1) for k in settings},
        "deals_per_game_median": statistics.median(per_game),
        "game_minutes_default": round(med["default"] * statistics.median(per_game) / 60, 1),
        "game_minutes_server": round(med["server"] * statistics.median(per_game) / 60, 1),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
