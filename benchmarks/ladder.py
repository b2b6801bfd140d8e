"""The bot ladder: seeded duplicate arenas between the bots, with 95 % intervals.

Each arena plays deal sets of :mod:`paston.arena.core` (one seeded deal played six times, once
per seating of the three bots) and reports each bot's mean score per deal and the paired
differences. Arenas of the form ``X, heuristic, heuristic`` measure X's advantage over the
heuristic; with X = ``oracle`` (sees every card) that advantage is the "heuristic -> oracle
gap", and the share of it a bot closes is ``adv(bot) / adv(oracle)``.

The oracle needs the real deal, which the arena's own runner (rightly) never gives a bot, so
this script plays the sets itself with the same deals, seatings and bot seeds as
``run_arena`` and attaches the deal to oracle bots only.

Usage::

    .venv/bin/python benchmarks/ladder.py --sets 500 --out ladder.json \
        --arena "heuristic,random,random" --arena "pimc,heuristic,heuristic" ...

Results are rewritten to ``--out`` after every ``--flush`` sets, so a long run can be read
while it is going; ``--report ladder.json`` prints the tables of a (partial) results file.

``--jobs N`` (default 2) plays the sets in N worker processes; a set's result depends only on
(seed, set index, bots), so the figures are the same for any N. Progress goes to stderr, the
tables to stdout, and the last stdout line is one JSON object of the summaries.

``--games N`` plays games to 121 instead of single deals: game ``k`` is dealt from a
generator seeded by (seed, k) and played once per seating of the three bots (six games, the
same cards as long as the play keeps the deals in step); each bot's share of the games won is
reported with its 95 % interval, and bot 0's wins minus bot 1's per game (paired).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from paston.arena.core import PERMUTATIONS, _bot_seed
from paston.arena.playing import play_out
from paston.bots import make_bot
from paston.games.paston.arena import deal_of_set
from paston.games.paston.bots.oracle import OracleBot
from paston.games.paston.bots.search_oracle import SearchOracleBot
from paston.games.paston.match import Game
from paston.games.paston.rules import Rules
from paston.games.paston.state import Deal

Z95 = 1.959963984540054
DEFAULT_ARENAS = [
    "heuristic,random,random",
    "pimc,heuristic,heuristic",
    "wpimc,heuristic,heuristic",
    "oracle,heuristic,heuristic",
    "wpimc,pimc,pimc",
]


def _new_counters() -> list[dict[str, float]]:
    """Scratch counters for :func:`play_out` (decisions and seconds per seat)."""
    return [{"decisions": 0, "seconds": 0.0} for _ in range(3)]


def play_set(specs: list[str], seed: int, set_index: int) -> list[list[int]]:
    """Scores ``[seating][bot]`` of one deal set (oracles see the deal)."""
    rules = Rules()
    base = deal_of_set(rules, seed, set_index)
    bots = [make_bot(spec, seed=_bot_seed(seed, set_index, i)) for i, spec in enumerate(specs)]
    rows = []
    counters = _new_counters()
    for perm in PERMUTATIONS:
        deal = Deal(list(base.dealt), base.prikup, dealer=base.dealer, first_deal=False,
                    rules=rules)  # fmt: skip
        seated = [bots[perm[s]] for s in range(3)]
        for bot in seated:
            if isinstance(bot, (OracleBot, SearchOracleBot)):
                bot.attach(deal)
        play_out(deal, seated, [specs[perm[s]] for s in range(3)], counters)
        scores = deal.scores or (0, 0, 0)
        row = [0, 0, 0]
        for s in range(3):
            row[perm[s]] = scores[s]
        rows.append(row)
    for bot in bots:
        bot.close()
    return rows


def play_game_set(specs: list[str], seed: int, game_index: int) -> list[int]:
    """Winners of one duplicate game set: per seating, the winning bot's index (-1: a draw
    or no winner within the deal limit). Every seating deals from the same seeded generator."""
    rules = Rules()
    out = []
    for k, perm in enumerate(PERMUTATIONS):
        bots = [make_bot(specs[perm[s]], seed=_bot_seed(seed, game_index, 10 * k + s))
                for s in range(3)]  # fmt: skip
        rng = random.Random(f"paston-ladder-game:{seed}:{game_index}")
        game = Game(rules, first_dealer=game_index % 3, rng=rng)
        counters = _new_counters()
        deals = 0
        while not game.over and deals < 400:
            deal = game.next_state(rng)
            deals += 1
            if not deal.is_over:
                play_out(deal, bots, [specs[perm[s]] for s in range(3)], counters)
        winner = game.winner if game.over else None
        out.append(perm[winner] if winner is not None else -1)
        for bot in bots:
            bot.close()
    return out


#: ``--ray ADDRESS``: run the sets as Ray tasks on that cluster instead of local processes.
RAY_ADDRESS: str | None = None


def _pool_map(work: functools.partial[Any], indices: range, jobs: int) -> Iterator[Any]:
    """``work(i)`` for each index, in order, in ``jobs`` worker processes (1: here), or as
    Ray tasks when ``--ray`` names a cluster (the results are the same: they depend only on
    the seed, the index and the bots)."""
    if RAY_ADDRESS is not None:
        from paston.arena.running import ray_map

        yield from ray_map(work.func, [(*work.args, i) for i in indices], RAY_ADDRESS)
        return
    if jobs <= 1 or len(indices) <= 1:
        yield from map(work, indices)
        return
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(processes=jobs) as pool:
        yield from pool.imap(work, indices, chunksize=1)


def game_summary(specs: list[str], sets: list[list[int]]) -> dict[str, Any]:
    """Each bot's share of the games won (95 % interval, games as independent trials) and
    bot 0 minus bot 1 wins per game, paired."""
    games = [w for row in sets for w in row]
    n = len(games)
    out: dict[str, Any] = {"bots": specs, "game_sets": len(sets), "games": n}
    shares = []
    for i in range(3):
        p = sum(1 for w in games if w == i) / n if n else math.nan
        shares.append((p, Z95 * math.sqrt(p * (1 - p) / n) if n else math.nan))
    out["win_share"] = shares
    out["draws"] = sum(1 for w in games if w < 0)
    # Per game set (six seatings share their cards): bot 0's wins minus bot 1's.
    out["wins01"] = mean_ci([sum((w == 0) - (w == 1) for w in row) / len(row) for row in sets])
    return out


def mean_ci(values: list[float]) -> tuple[float, float]:
    if len(values) < 2:
        return (values[0] if values else math.nan), math.nan
    return statistics.fmean(values), Z95 * statistics.stdev(values) / math.sqrt(len(values))


def summary(specs: list[str], sets: list[list[list[int]]]) -> dict[str, Any]:
    """Per-bot means and the advantage of bot 0 over the mean of bots 1 and 2 (per set)."""
    per_set = [[sum(r[i] for r in rows) / len(rows) for i in range(3)] for rows in sets]
    out: dict[str, Any] = {"bots": specs, "sets": len(sets), "deals": 6 * len(sets)}
    out["means"] = [mean_ci([m[i] for m in per_set]) for i in range(3)]
    out["advantage"] = mean_ci([m[0] - (m[1] + m[2]) / 2 for m in per_set])
    out["diff01"] = mean_ci([m[0] - m[1] for m in per_set])
    out["diff02"] = mean_ci([m[0] - m[2] for m in per_set])
    return out


def report(results: dict[str, Any], console: Console) -> None:
    table = Table(title="Ladder: duplicate arenas (mean score per deal, 95 % interval)")
    for col in ("arena (bot 0 vs 1, 2)", "deals", "bot 0", "bot 1", "bot 2", "adv. bot 0"):
        table.add_column(col)
    for name, res in results["arenas"].items():
        s = res["summary"]
        cells = [f"{m:+.2f} ± {c:.2f}" for m, c in s["means"]]
        adv = f"{s['advantage'][0]:+.2f} ± {s['advantage'][1]:.2f}"
        table.add_row(name, str(s["deals"]), *cells, adv)
    console.print(table)
    arenas = results["arenas"]
    oracle_name = next((n for n in arenas if n.startswith("oracle,heuristic,heur")), None)
    if oracle_name is None:
        return
    oracle = _advantages(arenas[oracle_name]["rows"])
    gap, gap_ci = mean_ci(oracle)
    console.print(f"heuristic -> oracle gap: {gap:+.2f} ± {gap_ci:.2f} points per deal")
    rng = random.Random(0)
    for name, res in arenas.items():
        if not name.endswith(",heuristic,heuristic") or name == oracle_name:
            continue
        adv = _advantages(res["rows"])
        n = min(len(adv), len(oracle))  # same seed: set k is the same deal in every arena
        if n < 2:
            continue
        x, o = adv[:n], oracle[:n]
        # Share of the gap, with a paired bootstrap interval over the deal sets.
        boot = []
        for _ in range(2000):
            idx = [rng.randrange(n) for _ in range(n)]
            den = sum(o[i] for i in idx)
            if den:
                boot.append(sum(x[i] for i in idx) / den)
        boot.sort()
        lo, hi = boot[int(0.025 * len(boot))], boot[int(0.975 * len(boot)) - 1]
        d, d_ci = mean_ci([a - b for a, b in zip(o, x, strict=True)])
        console.print(
            f"  {name.split(',')[0]}: closes {100 * sum(x) / sum(o):.0f} % of it "
            f"(95 % bootstrap {100 * lo:.0f}-{100 * hi:.0f} %; oracle still {d:+.2f} ± {d_ci:.2f} "
            f"better, paired, {n} sets)"
        )
    names = [n for n in arenas if n.endswith(",heuristic,heuristic") and n != oracle_name]
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            x, y = _advantages(arenas[first]["rows"]), _advantages(arenas[second]["rows"])
            n = min(len(x), len(y))
            if n >= 2:
                d, d_ci = mean_ci([a - b for a, b in zip(x[:n], y[:n], strict=True)])
                console.print(
                    f"  advantage {first.split(',')[0]} - {second.split(',')[0]}: "
                    f"{d:+.2f} ± {d_ci:.2f} (paired over {n} sets)"
                )


def plot(results: dict[str, Any], path: Path) -> None:
    """Draw the ladder: each bot's advantage over a field of two heuristic bots (plus
    heuristic over two random bots), with 95 % intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bars: list[tuple[str, float, float]] = []
    for name, res in results["arenas"].items():
        bots = name.split(",")
        if bots[1:] == ["heuristic", "heuristic"] or bots == ["heuristic", "random", "random"]:
            mean, ci = res["summary"]["advantage"]
            bars.append((f"{bots[0]}\nvs {bots[1]} ×2", mean, ci))
    bars.sort(key=lambda bar: bar[1])
    fig, ax = plt.subplots(figsize=(7, 3.6), dpi=120)
    colours = ["#9b9b9b" if "oracle" in b[0] else "#2e7d4f" for b in bars]
    ax.barh([b[0] for b in bars], [b[1] for b in bars], xerr=[b[2] for b in bars],
            color=colours, capsize=4)  # fmt: skip
    for i, (_, mean, ci) in enumerate(bars):
        ax.text(mean + ci + 0.4, i, f"{mean:+.1f} ± {ci:.1f}", va="center", fontsize=8)
    ax.set_xlabel("points per deal over the field (duplicate deals, 95 % interval)")
    ax.set_title("paston bot ladder (oracle sees all cards: the ceiling, not a player)")
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlim(0, max(b[1] + b[2] for b in bars) * 1.25)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def _advantages(rows: list[list[list[int]]]) -> list[float]:
    out = []
    for set_rows in rows:
        m = [sum(r[i] for r in set_rows) / len(set_rows) for i in range(3)]
        out.append(m[0] - (m[1] + m[2]) / 2)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=500, help="deal sets per arena (6 deals each)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--arena", action="append", help="three bot specs, comma separated")
    parser.add_argument("--out", type=Path, default=Path("ladder.json"))
    parser.add_argument("--flush", type=int, default=10)
    parser.add_argument(
        "--report", type=Path, action="append", help="only print the tables of results file(s)"
    )
    parser.add_argument("--plot", type=Path, help="also draw the ladder as a PNG")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--ray", metavar="ADDRESS", help="run the sets as Ray tasks ('auto', ...)")
    parser.add_argument("--games", type=int, default=0,
                        help="play N duplicate game sets to 121 instead of deal sets")  # fmt: skip
    args = parser.parse_args(argv)
    global RAY_ADDRESS
    RAY_ADDRESS = args.ray
    console = Console()
    progress_console = Console(stderr=True)
    if args.report:
        merged: dict[str, Any] = {"arenas": {}}
        for path in args.report:
            merged["arenas"].update(json.loads(path.read_text())["arenas"])
        report(merged, console)
        if args.plot:
            plot(merged, args.plot)
        return 0
    arenas = args.arena or DEFAULT_ARENAS
    if args.games:
        return _run_games(args, arenas, console, progress_console)
    results: dict[str, Any] = {"seed": args.seed, "sets_planned": args.sets, "arenas": {}}
    if args.out.exists():
        old = json.loads(args.out.read_text())
        if old.get("seed") == args.seed:
            results["arenas"] = old.get("arenas", {})
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=progress_console) as progress:  # fmt: skip
        for spec_text in arenas:
            specs = [s.strip() for s in spec_text.split(";")] if ";" in spec_text else None
            specs = specs or _split_specs(spec_text)
            entry = results["arenas"].setdefault(spec_text, {"rows": [], "seconds": 0.0})
            done = len(entry["rows"])
            task = progress.add_task(spec_text, total=args.sets, completed=done)
            start = begun = time.perf_counter()
            work = functools.partial(play_set, specs, args.seed)
            for k, rows in zip(
                range(done, args.sets),
                _pool_map(work, range(done, args.sets), args.jobs),
                strict=True,
            ):
                entry["rows"].append(rows)
                progress.advance(task)
                _log_line(progress_console, spec_text, k + 1 - done, args.sets - done, begun)
                if (k + 1) % args.flush == 0 or k + 1 == args.sets:
                    entry["seconds"] += time.perf_counter() - start
                    start = time.perf_counter()
                    entry["summary"] = summary(specs, entry["rows"])
                    args.out.write_text(json.dumps(results))
            entry["summary"] = summary(specs, entry["rows"])
            args.out.write_text(json.dumps(results))
    report(results, console)
    if args.plot:
        plot(results, args.plot)
    final = {
        name: {**res["summary"], "seconds": round(res["seconds"], 1)}
        for name, res in results["arenas"].items()
        if "summary" in res
    }
    print(json.dumps({"seed": args.seed, "jobs": args.jobs, "arenas": final}))
    return 0


def _run_games(
    args: argparse.Namespace, arenas: list[str], console: Console, progress_console: Console
) -> int:
    """The game-level arena (``--games N``): winners of duplicate game sets to 121."""
    results: dict[str, Any] = {"seed": args.seed, "game_sets_planned": args.games, "arenas": {}}
    if args.out.exists():
        old = json.loads(args.out.read_text())
        if old.get("seed") == args.seed and old.get("game_sets_planned"):
            results["arenas"] = old.get("arenas", {})
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=progress_console) as progress:  # fmt: skip
        for spec_text in arenas:
            specs = _split_specs(spec_text)
            entry = results["arenas"].setdefault(spec_text, {"winners": [], "seconds": 0.0})
            done = len(entry["winners"])
            task = progress.add_task(f"games {spec_text}", total=args.games, completed=done)
            start = begun = time.perf_counter()
            work = functools.partial(play_game_set, specs, args.seed)
            for k, winners in zip(
                range(done, args.games),
                _pool_map(work, range(done, args.games), args.jobs),
                strict=True,
            ):
                entry["winners"].append(winners)
                progress.advance(task)
                _log_line(progress_console, f"games {spec_text}", k + 1 - done,
                          args.games - done, begun)  # fmt: skip
                if (k + 1) % max(1, args.flush // 5) == 0 or k + 1 == args.games:
                    entry["seconds"] += time.perf_counter() - start
                    start = time.perf_counter()
                    entry["summary"] = game_summary(specs, entry["winners"])
                    args.out.write_text(json.dumps(results))
    final = {}
    for name, res in results["arenas"].items():
        s = res["summary"]
        shares = ", ".join(
            f"{b}: {100 * p:.1f} ± {100 * c:.1f} %"
            for b, (p, c) in zip(s["bots"], s["win_share"], strict=True)
        )
        d, d_ci = s["wins01"]
        console.print(f"{name}: {s['games']} games to 121; wins {shares}; draws {s['draws']}")
        console.print(f"  bot 0 - bot 1 wins per game: {d:+.3f} ± {d_ci:.3f} (paired by set)")
        final[name] = {**s, "seconds": round(res["seconds"], 1)}
    print(json.dumps({"seed": args.seed, "jobs": args.jobs, "games": final}))
    return 0


def _log_line(console: Console, name: str, done: int, total: int, begun: float) -> None:
    """A plain progress line on stderr when it is not a terminal (a log of a background run):
    about every 5 % of the sets, with the elapsed time and the time left at this pace."""
    if console.is_terminal or total <= 0:
        return
    step = max(1, total // 20)
    if done % step and done != total:
        return
    elapsed = time.perf_counter() - begun
    left = elapsed / done * (total - done) if done else math.nan
    print(
        f"{time.strftime('%H:%M:%S')} {name}: {done}/{total} sets, {elapsed / 60:.1f} min, "
        f"about {left / 60:.1f} min left",
        file=sys.stderr,
        flush=True,
    )


def _split_specs(text: str) -> list[str]:
    specs = [s.strip() for s in text.split(",")]
    # Options use commas too ("pimc:worlds=16,bid_worlds=8"): glue "key=value" parts back on.
    out: list[str] = []
    for part in specs:
        if out and "=" in part and ":" not in part:
            out[-1] += "," + part
        else:
            out.append(part)
    if len(out) != 3:
        raise SystemExit(f"an arena is three bot specs, not {out}")
    return out


if __name__ == "__main__":
    sys.exit(main())
