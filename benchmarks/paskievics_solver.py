"""Paskievics card-point double-dummy solver: time per full 9-card deal and per 4-card ending.

Positions come from real deals: random deals bid, discarded and announced by the heuristic bot;
the full deal is the position before the first lead, the ending the position after the
heuristic bots have played five tricks. Sides are the deal's real ones (declarer and partner).
Each position is solved from an empty table (``Solver.clear``), so no timing profits from an
earlier one. The baseline, in the same process, is the brute-force minimax on the first
``--baseline`` endings (the ratio says what the pruning and the table buy).

It also times the ``pimc`` bot's card decisions (``--pimc-deals`` deals, the bot at every
seat, default settings; decisions with one legal card are not counted).

Parts alone: ``--only-values`` (nodes and CPU of every legal card's value, what PIMC asks in a
world, ``--values N --values-tricks K``), ``--only-full`` (one solve per full deal, nodes and
CPU), ``--only-pimc`` (the bot's decision times; ``--pimc-settings exact_cards=7`` to time
other settings), ``--only-strength`` (``pimc`` with ``--base`` settings and with ``--new``,
each against three heuristic bots on the same deal sets, interleaved; the paired difference).

Usage::

    nice -n 10 .venv/bin/python benchmarks/paskievics_solver.py --deals 12 --endings 400 \
        --seconds 600 --pimc-deals 6

The last line printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from paston.games.paskievics.bots.heuristic import HeuristicBot
from paston.games.paskievics.bots.pimc import PimcBot
from paston.games.paskievics.rules import DEFAULT_RULES
from paston.games.paskievics.shuffle import deal_cards
from paston.games.paskievics.solver import PlayPosition, Solver
from paston.games.paskievics.solver.bruteforce import brute_force
from paston.games.paskievics.state import PaskievicsState
from paston.games.paskievics.view import build_view


def position(state: PaskievicsState) -> PlayPosition:
    """The state's play position, places in playing order from forehand."""
    order = [(state.forehand + i) % state.seats for i in range(4)]
    hands = [sum(1 << c for c in state.hands[s]) for s in order]
    leader = order.index(state.tricks[-1][2]) if state.tricks else 0
    side = frozenset(i for i, s in enumerate(order) if state.side(s) == 0)
    return PlayPosition((hands[0], hands[1], hands[2], hands[3]), leader, side)


def positions(seed: int, tricks: int, count: int) -> list[PlayPosition]:
    """``count`` positions at trick boundaries after ``tricks`` heuristic tricks."""
    rng = random.Random(seed)
    bot = HeuristicBot()
    out: list[PlayPosition] = []
    while len(out) < count:
        hands, talon, dealer = deal_cards(rng, rng.randrange(4), 4)
        state = PaskievicsState(hands, talon, dealer, DEFAULT_RULES)
        while not state.is_over:
            if state.phase == "play" and len(state.tricks) == tricks and not state.trick:
                out.append(position(state))
                break
            state.apply(bot.act(build_view(state, state.to_act)))
    return out


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def timed(solver: Solver, pos: PlayPosition) -> tuple[float, int, int]:
    solver.clear()
    nodes = solver.nodes
    start = time.perf_counter()
    value = solver.solve(pos)
    return time.perf_counter() - start, solver.nodes - nodes, value


def card_values_nodes(seed: int, tricks: int, count: int) -> dict[str, object]:
    """Nodes the solver needs for every legal card's value (what PIMC asks at each world),
    from an empty table, with each card's value the guess for the next and without: the
    median over ``count`` positions after ``tricks`` tricks, and the values must agree."""
    solver = Solver()
    solver.solve(positions(seed + 99, 7, 1)[0])  # compiles the solver
    plain: list[int] = []
    guessed: list[int] = []
    cpu: list[float] = []
    for pos in positions(seed, tricks, count):
        counts = []
        results = []
        for guesses in (False, True):
            solver.clear()
            before = solver.nodes
            start = time.thread_time()
            results.append(solver.card_values(pos, guesses=guesses))
            counts.append(solver.nodes - before)
        cpu.append(time.thread_time() - start)
        assert results[0] == results[1], "a guess changed a value"
        plain.append(counts[0])
        guessed.append(counts[1])
    return {
        "benchmark": "paskievics_solver_card_values",
        "command": f"benchmarks/paskievics_solver.py --values {count} --values-tricks {tricks} "
        f"--seed {seed} --only-values",
        "cards_in_hand": 9 - tricks,
        "positions": count,
        "median_nodes_without_guesses": int(statistics.median(plain)),
        "median_nodes_with_guesses": int(statistics.median(guessed)),
        "max_nodes_with_guesses": max(guessed),
        "total_ratio": round(sum(guessed) / sum(plain), 3),
        "median_cpu_ms_with_guesses": round(statistics.median(cpu) * 1000, 2),
        "max_cpu_ms_with_guesses": round(max(cpu) * 1000, 1),
    }


def pimc_decisions(seed: int, deals: int, bot_spec: str = "") -> dict[str, object]:
    """Wall and thread-CPU seconds of the default ``pimc`` bot's decisions with a choice, card
    plays and calls apart, the bot at every seat of ``deals`` played deals (the first
    decision, which compiles the solver, not counted). ``bot_spec`` are the bot's settings
    (``exact_cards=7,time_budget=0.6``; empty: the defaults)."""
    from paston.games.paskievics.bots.calls import CALL_PHASES

    rng = random.Random(seed)
    settings: dict[str, float] = {}
    for item in filter(None, bot_spec.split(",")):
        key, _, value = item.partition("=")
        settings[key] = float(value) if "." in value else int(value)
    bot = PimcBot(seed=seed, **settings)  # type: ignore[arg-type]
    times: dict[str, list[tuple[float, float]]] = {"card": [], "call": []}
    played = 0
    first = True
    while played < deals:
        hands, talon, dealer = deal_cards(rng, rng.randrange(4), 4)
        state = PaskievicsState(hands, talon, dealer, DEFAULT_RULES)
        while not state.is_over:
            view = build_view(state, state.to_act)
            wall, cpu = time.perf_counter(), time.thread_time()
            action = bot.act(view)
            spent = (time.perf_counter() - wall, time.thread_time() - cpu)
            if len(view.legal) > 1 and not first:
                kind = "call" if state.phase in CALL_PHASES else "card"
                times[kind].append(spent)
            first = first and not (state.phase == "play" and len(view.legal) > 1)
            state.apply(action)
        played += state.thrown_in is None
    out: dict[str, object] = {
        "benchmark": "paskievics_pimc_decisions",
        "command": f"benchmarks/paskievics_solver.py --only-pimc --pimc-deals {deals} "
        f"--seed {seed}" + (f" --pimc-settings {bot_spec}" if bot_spec else ""),
    }
    for kind, pairs in times.items():
        for i, what in enumerate(("wall", "cpu")):
            values = [p[i] for p in pairs]
            if values:
                out[f"{kind}_{what}_median_s"] = round(statistics.median(values), 3)
                out[f"{kind}_{what}_max_s"] = round(max(values), 3)
        out[f"{kind}_decisions"] = len(pairs)
    return out


def full_deals(seed: int, deals: int, seconds: float) -> dict[str, object]:
    """Nodes and thread-CPU seconds of one solve of each full 9-card deal (before the first
    lead), each from an empty table, until ``seconds`` have passed."""
    solver = Solver()
    solver.solve(positions(seed + 99, 7, 1)[0])  # compiles the solver
    nodes: list[int] = []
    cpu: list[float] = []
    start = time.perf_counter()
    for pos in positions(seed, 0, deals):
        if time.perf_counter() - start > seconds:
            break
        solver.clear()
        before = solver.nodes
        begin = time.thread_time()
        solver.solve(pos)
        cpu.append(time.thread_time() - begin)
        nodes.append(solver.nodes - before)
    return {
        "benchmark": "paskievics_solver_full_deals",
        "command": f"benchmarks/paskievics_solver.py --only-full --deals {deals} "
        f"--seconds {seconds:g} --seed {seed}",
        "deals": len(nodes),
        "median_nodes": int(statistics.median(nodes)),
        "max_nodes": max(nodes),
        "median_cpu_s": round(statistics.median(cpu), 3),
        "max_cpu_s": round(max(cpu), 3),
    }


def strength(seed: int, sets: int, seconds: float, base: str, new: str) -> dict[str, object]:
    """The ``pimc`` bot with settings ``base`` and with ``new`` (``exact_cards=6`` …), each
    against three heuristic bots on the same seeded deal sets (every seat rotation; the bots'
    seeds the same too), the two arenas interleaved set by set in this process: per arena the
    bot's mean score per deal minus the heuristics', and the paired difference new − base,
    with 95 % intervals over the sets."""
    from paston.arena.duplicate import SetTask, play_set

    def gap(result: dict[str, list[list[float]]]) -> float:
        rows = result["scores"]
        return statistics.fmean(row[0] - statistics.fmean(row[1:]) for row in rows)

    def ci(values: list[float]) -> list[float]:
        half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
        return [round(statistics.fmean(values), 3), round(half, 3)]

    tasks = [
        SetTask("paskievics", (f"pimc:{spec}" if spec else "pimc",) + ("heuristic",) * 3, 4,
                seed, None, keep_records=False)
        for spec in (base, new)
    ]  # fmt: skip
    gaps: list[list[float]] = [[], []]
    cpu = [0.0, 0.0]
    start = time.perf_counter()
    while len(gaps[1]) < sets and time.perf_counter() - start < seconds:
        index = len(gaps[1])
        for k, task in enumerate(tasks):
            begin = time.process_time()
            gaps[k].append(gap(play_set(task, index)))
            cpu[k] += time.process_time() - begin
    return {
        "benchmark": "paskievics_pimc_strength",
        "command": f"benchmarks/paskievics_solver.py --only-strength --strength-sets {sets} "
        f"--strength-seconds {seconds:g} --seed {seed} --base '{base}' --new '{new}'",
        "sets": len(gaps[1]),
        "deals_each": 4 * len(gaps[1]),
        "base_minus_heuristics": ci(gaps[0]),
        "new_minus_heuristics": ci(gaps[1]),
        "new_minus_base": ci([b - a for a, b in zip(gaps[0], gaps[1], strict=True)]),
        "cpu_s_per_set": [round(c / max(1, len(gaps[1])), 1) for c in cpu],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--endings", type=int, default=400)
    parser.add_argument("--baseline", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=600.0, help="bound on the full deals")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pimc-deals", type=int, default=6)
    parser.add_argument(
        "--values",
        type=int,
        default=0,
        help="also count nodes of card_values (every legal card) with and without guesses",
    )
    parser.add_argument("--values-tricks", type=int, default=3, help="tricks played before")
    parser.add_argument("--only-values", action="store_true", help="skip everything else")
    parser.add_argument(
        "--pimc-settings", default="", help="the timed pimc bot's settings: exact_cards=7,..."
    )
    parser.add_argument(
        "--only-full", action="store_true", help="only the full 9-card deals (--deals, --seconds)"
    )
    parser.add_argument(
        "--only-pimc", action="store_true", help="only time the pimc bot's decisions"
    )
    parser.add_argument(
        "--only-strength",
        action="store_true",
        help="pimc with --base settings against pimc with --new, each vs three heuristic bots",
    )
    parser.add_argument("--strength-sets", type=int, default=50)
    parser.add_argument("--strength-seconds", type=float, default=1800.0)
    parser.add_argument("--base", default="exact_cards=6")
    parser.add_argument("--new", default="exact_cards=7")
    args = parser.parse_args()
    if args.only_strength:
        print(json.dumps(strength(args.seed, args.strength_sets, args.strength_seconds,
                                  args.base, args.new)))  # fmt: skip
        return
    if args.only_pimc:
        print(json.dumps(pimc_decisions(args.seed, args.pimc_deals, args.pimc_settings)))
        return
    if args.only_full:
        print(json.dumps(full_deals(args.seed, args.deals, args.seconds)))
        return
    if args.values:
        print(json.dumps(card_values_nodes(args.seed, args.values_tricks, args.values)))
        if args.only_values:
            return
    solver = Solver()
    compile_start = time.perf_counter()
    solver.solve(positions(args.seed + 99, 7, 1)[0])
    compile_s = time.perf_counter() - compile_start

    endings = positions(args.seed, 5, args.endings)
    end_times = [timed(solver, p)[0] for p in endings]
    base_times = []
    solver_times = []
    for pos in endings[: args.baseline]:
        start = time.perf_counter()
        expected = brute_force(pos)
        base_times.append(time.perf_counter() - start)
        elapsed, _nodes, value = timed(solver, pos)
        solver_times.append(elapsed)
        assert value == expected, "solver and brute force disagree"

    full = positions(args.seed, 0, args.deals)
    full_times: list[float] = []
    full_nodes: list[int] = []
    start = time.perf_counter()
    for pos in full:
        if time.perf_counter() - start > args.seconds:
            break
        elapsed, nodes, _value = timed(solver, pos)
        full_times.append(elapsed)
        full_nodes.append(nodes)
        print(f"full deal {len(full_times)}: {elapsed:.2f} s, {nodes} nodes", flush=True)

    decisions: list[float] = []
    rng = random.Random(args.seed)
    bot = PimcBot(seed=args.seed)
    played = 0
    while played < args.pimc_deals:
        hands, talon, dealer = deal_cards(rng, rng.randrange(4), 4)
        state = PaskievicsState(hands, talon, dealer, DEFAULT_RULES)
        while not state.is_over:
            view = build_view(state, state.to_act)
            begin = time.perf_counter()
            action = bot.act(view)
            if state.phase == "play" and len(view.legal) > 1:
                decisions.append(time.perf_counter() - begin)
            state.apply(action)
        played += state.thrown_in is None

    out = {
        "benchmark": "paskievics_solver",
        "command": f"benchmarks/paskievics_solver.py --deals {args.deals} --endings "
        f"{args.endings} --baseline {args.baseline} --seconds {args.seconds:g} --seed {args.seed} "
        f"--pimc-deals {args.pimc_deals}",
        "compile_s": round(compile_s, 2),
        "ending4_n": len(end_times),
        "ending4_median_ms": round(statistics.median(end_times) * 1000, 3),
        "ending4_p99_ms": round(percentile(end_times, 99) * 1000, 3),
        "ending4_bruteforce_median_ms": round(statistics.median(base_times) * 1000, 3),
        "ending4_solver_median_ms_same_positions": round(statistics.median(solver_times) * 1000, 3),
        "ending4_speedup_vs_bruteforce": round(
            statistics.median(base_times) / statistics.median(solver_times), 1
        ),
        "full9_n": len(full_times),
        "full9_median_s": round(statistics.median(full_times), 3) if full_times else None,
        "full9_p99_s": round(percentile(full_times, 99), 3) if full_times else None,
        "full9_max_s": round(max(full_times), 3) if full_times else None,
        "full9_median_nodes": int(statistics.median(full_nodes)) if full_nodes else None,
        "pimc_decisions": len(decisions),
        "pimc_decision_median_s": round(statistics.median(decisions), 3) if decisions else None,
        "pimc_decision_p90_s": round(percentile(decisions, 90), 3) if decisions else None,
        "pimc_decision_max_s": round(max(decisions), 3) if decisions else None,
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
