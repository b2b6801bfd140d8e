"""The Paris bot ladder: seeded duplicate arenas, finishing position and loser rate with 95 % CIs.

An arena is one bot spec per seat, e.g. ``dpimc,heuristic,heuristic,heuristic``. A *deal set*
is one seeded deal (the reference shuffle of ``paris.md`` §3.3, dealer rotating with the set)
played n times, the bots rotated one seat further each time, so every entry plays every seat
of the same cards. Per set, each entry's mean finishing position (1 = went out first, n =
the loser) and loser rate are averaged over the rotations; the sets are independent, so the
95 % intervals (normal, over sets) and the paired differences between bots (per set) are
honest.

Usage::

    .venv/bin/python benchmarks/paris_ladder.py --sets 100 --seed 7 \
        --arena "heuristic,random,random,random" --out benchmarks/results/paris_ladder_hr4.json
    .venv/bin/python benchmarks/paris_ladder.py --report benchmarks/results/paris_ladder_*.json \
        --plot docs/paris_ladder.png

Bot specs with options use the registry's syntax (``dpimc:time=0.1,worlds=24``); separate the
seats with ``;`` when a spec has a comma. One process, one core (the arena helper's
``paston arena --jobs`` is the way to use more). Results are rewritten to ``--out`` every
``--flush`` sets and an existing file with the same seed is resumed; the last line printed is
one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from paston.bots import make_bot
from paston.games.paris.shuffle import deal_game

Z95 = 1.959963984540054


def _seed_of(seed: int, set_index: int, what: str) -> int:
    return random.Random(f"paris-ladder:{what}:{seed}:{set_index}").randrange(2**63)


def play_set(specs: Sequence[str], seed: int, set_index: int) -> dict[str, Any]:
    """One deal set: per rotation, each entry's finishing position (1-based) and whether it
    lost; also the turns of each game and how it ended."""
    n = len(specs)
    deal_seed = _seed_of(seed, set_index, "deal")
    dealer = set_index % n
    games = []
    for rotation in range(n):
        bots = [
            make_bot(spec, seed=_seed_of(seed, set_index, f"bot{i}"), game="paris")
            for i, spec in enumerate(specs)
        ]
        entry_at = [(s + rotation) % n for s in range(n)]  # seat -> entry
        state = deal_game(n, seed=deal_seed, dealer=dealer)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            action = bots[entry_at[seat]].act(view)
            if action not in view.legal:
                raise SystemExit(f"{specs[entry_at[seat]]} chose an illegal action {action}")
            state.apply(action)
        ranking = list(state.ranking or ())
        position = [0] * n
        for place, seat in enumerate(ranking):
            position[entry_at[seat]] = place + 1
        loser = [1 if p == n else 0 for p in position]
        games.append({"position": position, "loser": loser, "turns": state.turns, "end": state.end})
        for bot in bots:
            bot.close()
    return {"deal_seed": deal_seed, "dealer": dealer, "games": games}


def mean_ci(values: Sequence[float]) -> list[float]:
    if not values:
        return [math.nan, math.nan]
    if len(values) < 2:
        return [float(values[0]), math.nan]
    return [statistics.fmean(values), Z95 * statistics.stdev(values) / math.sqrt(len(values))]


def _per_set(rows: list[dict[str, Any]], key: str, entries: list[int]) -> list[float]:
    """Per set, the mean of ``key`` over the rotations and over the given entries."""
    out = []
    for row in rows:
        games = row["games"]
        out.append(statistics.fmean(g[key][e] for g in games for e in entries))
    return out


def summary(specs: Sequence[str], rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per bot (entries with the same spec pooled): mean position and loser rate with 95 %
    intervals; per pair of bots: the paired difference (first − second) per set."""
    names = list(dict.fromkeys(specs))
    entries = {name: [i for i, s in enumerate(specs) if s == name] for name in names}
    out: dict[str, Any] = {
        "bots": list(specs),
        "players": len(specs),
        "sets": len(rows),
        "games": sum(len(r["games"]) for r in rows),
        "per_bot": {},
        "diff": {},
    }
    for name in names:
        out["per_bot"][name] = {
            "position": mean_ci(_per_set(rows, "position", entries[name])),
            "loser": mean_ci(_per_set(rows, "loser", entries[name])),
        }
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            pos = [
                x - y
                for x, y in zip(
                    _per_set(rows, "position", entries[a]),
                    _per_set(rows, "position", entries[b]),
                    strict=True,
                )
            ]
            lose = [
                x - y
                for x, y in zip(
                    _per_set(rows, "loser", entries[a]),
                    _per_set(rows, "loser", entries[b]),
                    strict=True,
                )
            ]
            out["diff"][f"{a} - {b}"] = {"position": mean_ci(pos), "loser": mean_ci(lose)}
    turns = sorted(g["turns"] for r in rows for g in r["games"])
    out["turns_median"] = statistics.median(turns) if turns else None
    out["turns_p99"] = turns[min(len(turns) - 1, int(0.99 * len(turns)))] if turns else None
    out["turns_max"] = turns[-1] if turns else None
    out["turn_limit_games"] = sum(g["end"] == "turn_limit" for r in rows for g in r["games"])
    return out


def _fmt(pair: Sequence[float], digits: int = 3) -> str:
    return f"{pair[0]:+.{digits}f} ± {pair[1]:.{digits}f}"


def report(arenas: dict[str, Any]) -> None:
    for name, entry in arenas.items():
        s = entry["summary"]
        print(
            f"\narena {name}: {s['players']} players, {s['sets']} deal sets, {s['games']} games,"
            f" {entry['seconds']:.0f} s ({entry.get('cpu_seconds', 0):.0f} s CPU),"
            f" turns median {s['turns_median']}, p99 {s.get('turns_p99')}, max"
            f" {s.get('turns_max')},"
            f" {s['turn_limit_games']} ended by the turn limit"
        )
        for bot, fig in s["per_bot"].items():
            print(f"  {bot:<28} position {_fmt(fig['position'])}   loser rate {_fmt(fig['loser'])}")
        for pair, fig in s["diff"].items():
            print(f"  {pair:<40} Δposition {_fmt(fig['position'])}   Δloser {_fmt(fig['loser'])}")


def plot(arenas: dict[str, Any], path: Path) -> None:
    """Paired differences (first bot − second) of each arena, position and loser rate; one row
    per pair, each with its own scale (heuristic − random dwarfs the rest)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = []
    for entry in arenas.values():
        s = entry["summary"]
        for pair, fig in s["diff"].items():
            a, b = pair.split(" - ")
            names = f"{a.split(':')[0]} − {b.split(':')[0]}"
            rows.append((f"{names}\n{s['players']} players\n{s['games']} games", fig))
    fig, axes = plt.subplots(len(rows), 2, figsize=(9, 0.4 + 1.1 * len(rows)), dpi=120,
                             squeeze=False)  # fmt: skip
    for r, (label, figures) in enumerate(rows):
        for c, key in enumerate(("position", "loser")):
            ax = axes[r][c]
            value, error = figures[key]
            colour = (
                "#2e7d4f" if value + error < 0 else ("#b23b3b" if value - error > 0 else "#999")
            )
            ax.barh([0], [value], xerr=[error], color=colour, capsize=5, height=0.5)
            ax.axvline(0, color="black", linewidth=0.8)
            reach = max(abs(value) + error, 1e-3) * 1.3
            ax.set_xlim(-reach, reach)
            ax.set_yticks([0], [label] if c == 0 else [""], fontsize=8)
            ax.text(0.02, 0.8, f"{value:+.3f} ± {error:.3f}", transform=ax.transAxes, fontsize=8)
            if r == len(rows) - 1:
                what = "finishing position" if key == "position" else "loser rate"
                ax.set_xlabel(f"Δ {what} (lower is better, 95 %)", fontsize=8)
            ax.tick_params(axis="x", labelsize=7)
    fig.suptitle("Paris bot ladder: paired differences over duplicate deal sets", fontsize=10)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def _specs(text: str) -> list[str]:
    if ";" in text:
        return [s.strip() for s in text.split(";")]
    out: list[str] = []
    for part in (s.strip() for s in text.split(",")):
        # Options use commas too ("dpimc:time=0.1,worlds=24"): glue key=value parts back on.
        if out and "=" in part and ":" not in part:
            out[-1] += "," + part
        else:
            out.append(part)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--arena", action="append", help="one bot spec per seat, comma separated")
    parser.add_argument("--sets", type=int, default=50, help="deal sets per arena (n games each)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, default=Path("paris_ladder.json"))
    parser.add_argument("--flush", type=int, default=5)
    parser.add_argument(
        "--minutes",
        type=float,
        default=0.0,
        help="stop an arena after this many minutes (0: no limit)",
    )
    parser.add_argument("--report", type=Path, nargs="+", help="only report these results files")
    parser.add_argument("--plot", type=Path, help="also draw the paired differences as a PNG")
    args = parser.parse_args(argv)
    arenas: dict[str, Any] = {}
    if args.report:
        for path in args.report:
            arenas.update(json.loads(path.read_text())["arenas"])
    else:
        results: dict[str, Any] = {"seed": args.seed, "arenas": {}}
        if args.out.exists():
            old = json.loads(args.out.read_text())
            if old.get("seed") == args.seed:
                results["arenas"] = old.get("arenas", {})
        for text in args.arena or ["heuristic,random,random,random"]:
            specs = _specs(text)
            entry = results["arenas"].setdefault(text, {"rows": [], "seconds": 0.0})
            entry.setdefault("cpu_seconds", 0.0)
            begin = time.perf_counter()
            start = begin
            cpu = time.process_time()
            for k in range(len(entry["rows"]), args.sets):
                entry["rows"].append(play_set(specs, args.seed, k))
                done = k + 1
                if done % args.flush == 0 or done == args.sets:
                    entry["seconds"] += time.perf_counter() - start
                    entry["cpu_seconds"] += time.process_time() - cpu
                    start, cpu = time.perf_counter(), time.process_time()
                    entry["summary"] = summary(specs, entry["rows"])
                    args.out.write_text(json.dumps(results))
                    print(
                        f"{text}: {done}/{args.sets} sets, {entry['seconds']:.0f} s",
                        file=sys.stderr,
                        flush=True,
                    )
                if args.minutes and time.perf_counter() - begin > 60 * args.minutes:
                    break
            entry["seconds"] += time.perf_counter() - start
            entry["cpu_seconds"] += time.process_time() - cpu
            entry["summary"] = summary(specs, entry["rows"])
            args.out.write_text(json.dumps(results))
        arenas = results["arenas"]
    report(arenas)
    if args.plot:
        plot(arenas, args.plot)
    final = {
        name: e["summary"]
        | {"seconds": round(e["seconds"], 1), "cpu_seconds": round(e.get("cpu_seconds", 0), 1)}
        for name, e in arenas.items()
    }
    print(json.dumps({"benchmark": "paris_ladder", "arenas": final}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
