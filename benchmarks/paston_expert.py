"""The Paston expert's strength and its surrenders, from seeded duplicate deals (issue 21).

Each ``--arena "A,B,C"`` plays deal sets: one seeded deal (the arena's: not a first deal,
the dealer rotating with the set's index) played once in each of the six seatings of the
three bots, with the bot seeds of ``paston arena``; every arena of a run plays the same
deals, so arenas that share their field (bots B and C) are compared **paired by deal set**.
The sets of all arenas are played interleaved (set 0 of every arena, then set 1, ...), so
a run stopped by ``timeout`` still gives paired figures.

Reported, with 95 % intervals (normal approximation over the deal sets):

* per arena: each bot's mean score per deal, bot 0's advantage (its score minus the mean of
  the other two, per deal) and bot 0 minus bot 1;
* between arenas with the same field: the difference of bot 0's advantages, paired by set
  (``search,heuristic,heuristic`` against ``wpimc,heuristic,heuristic``: expert - wpimc);
* per bot: the auctions it won (declaring after an all-pass counts, and is shown apart),
  how many it surrendered, how many of those it had won by outbidding another bidder, the
  surrenders by final bid, and how many contracts it played out and made;
* the CPU seconds per deal of each arena (the worker's process time, all three seats).

``--games N --game-arena "A,B,C"`` also plays N duplicate game sets to 121 (one seeded game
per seating, six games a set): each bot's share of the games won and bot 0's wins minus
bot 1's per game, paired by set, and between game arenas with the same field bot 0's share
of the wins, paired by set (``search`` against ``search:game_near=0``: playing for the game
near 121 or not). In a game every seat's view carries the standing (``view.match``: the
totals before the deal), which the expert reads; the single deals have none.

Measuring bots that see the deal (``oracle``, ``search_oracle:sees=play|auction|contract|all``)
are handed each deal of a set before it is played (never in games to 121): ``search_oracle``
minus ``search`` on the same deals is the headroom perfect knowledge leaves in those phases.

Usage (screening, then a long run on a shared machine)::

    nice -n 10 timeout 1800 .venv/bin/python benchmarks/paston_expert.py --sets 60 \\
        --arena "search,heuristic,heuristic" --arena "search:bid_rival=1,heuristic,heuristic" \\
        --arena "wpimc,heuristic,heuristic" --out /tmp/expert.json
    .venv/bin/python benchmarks/paston_expert.py --report /tmp/expert.json

Progress goes to stderr (a line every ``--every`` sets, with the running figures); the
results file is rewritten every ``--every`` sets and a run with the same seed and arenas
resumes from it. The last stdout line is one JSON object of the summaries.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from paston.arena.playing import play_out
from paston.bots import make_bot
from paston.games.paston.actions import CONTRACT_NAMES, SURRENDER, is_bid
from paston.games.paston.arena import deal_of_set
from paston.games.paston.bots.oracle import OracleBot
from paston.games.paston.bots.search_oracle import SearchOracleBot
from paston.games.paston.match import Game
from paston.games.paston.rules import Rules
from paston.games.paston.state import Deal

Z95 = 1.959963984540054
PERMUTATIONS = tuple(itertools.permutations(range(3)))
TALLIES = ("won", "all_pass", "outbid", "surrendered", "outbid_surrendered", "played", "made")


def bot_seed(seed: int, set_index: int, entry: int) -> int:
    """The seed ``paston arena`` gives bot ``entry`` in set ``set_index`` (same deals, same
    bots: the figures match the arena's)."""
    return random.Random(f"paston-arena-bot:{seed}:{set_index}:{entry}").randrange(2**32)


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    if len(values) < 2:
        return (values[0] if values else math.nan), math.nan
    return statistics.fmean(values), Z95 * statistics.stdev(values) / math.sqrt(len(values))


def split_specs(text: str) -> list[str]:
    """Three bot specs from ``"A,B,C"``; options' commas (``pimc:worlds=8,margin=1``) stay."""
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if out and "=" in part and ":" not in part:
            out[-1] += "," + part
        else:
            out.append(part)
    if len(out) != 3:
        raise SystemExit(f"an arena is three bot specs, not {out}")
    return out


def tally_deal(deal: Deal, counters: list[dict[str, int]], by_seat: Sequence[int]) -> None:
    """The declarer's auction and contract: won (all-pass apart), outbid another bidder,
    surrendered (and at which final bid), played out and made."""
    decl = deal.declarer
    if decl < 0 or deal.scores is None:
        return
    c = counters[by_seat[decl]]
    c["won"] += 1
    if deal.all_pass:
        c["all_pass"] += 1
    outbid = any(is_bid(a) and s != decl for s, a in deal.action_history())
    c["outbid"] += outbid
    if deal.actions[-1] == SURRENDER:
        c["surrendered"] += 1
        c["outbid_surrendered"] += outbid
        key = f"surrendered_{CONTRACT_NAMES[deal.bid] or 'all_pass'}"
        c[key] = c.get(key, 0) + 1
    else:
        c["played"] += 1
        c["made"] += deal.scores[decl] > 0


def play_set(specs: Sequence[str], seed: int, set_index: int) -> dict[str, Any]:
    """One deal set: ``rows[seating][bot]`` scores, per-bot tallies, CPU seconds."""
    cpu0 = time.process_time()
    rules = Rules()
    bots = [make_bot(spec, seed=bot_seed(seed, set_index, i)) for i, spec in enumerate(specs)]
    counters: list[dict[str, int]] = [dict.fromkeys(TALLIES, 0) for _ in range(3)]
    rows = []
    try:
        for perm in PERMUTATIONS:
            deal = deal_of_set(rules, seed, set_index)
            seated = [bots[perm[s]] for s in range(3)]
            for bot in seated:  # measuring bots that see the deal (``search_oracle``)
                if isinstance(bot, (OracleBot, SearchOracleBot)):
                    bot.attach(deal)
            scratch: list[dict[str, float]] = [{"seconds": 0.0, "decisions": 0} for _ in range(3)]
            play_out(deal, seated, [specs[perm[s]] for s in range(3)], scratch)
            tally_deal(deal, counters, perm)
            scores = deal.scores or (0, 0, 0)
            row = [0, 0, 0]
            for s in range(3):
                row[perm[s]] = scores[s]
            rows.append(row)
    finally:
        for bot in bots:
            bot.close()
    return {"rows": rows, "counters": counters, "cpu": time.process_time() - cpu0}


def play_game_set(specs: Sequence[str], seed: int, game_index: int) -> dict[str, Any]:
    """Winners (bot index, -1 for a draw or no end in 400 deals) of one duplicate game set:
    game ``game_index`` dealt from one seeded generator, once per seating; and the bots'
    auction tallies over its deals (as :func:`tally_deal`)."""
    rules = Rules()
    out = []
    counters: list[dict[str, int]] = [dict.fromkeys(TALLIES, 0) for _ in range(3)]
    for k, perm in enumerate(PERMUTATIONS):
        bots = [make_bot(specs[perm[s]], seed=bot_seed(seed, game_index, 10 * k + s))
                for s in range(3)]  # fmt: skip
        rng = random.Random(f"paston-expert-game:{seed}:{game_index}")
        game = Game(rules, first_dealer=game_index % 3, rng=rng)
        scratch: list[dict[str, float]] = [{"seconds": 0.0, "decisions": 0} for _ in range(3)]
        deals = 0
        try:
            while not game.over and deals < 400:
                deal = game.next_state(rng)
                deals += 1
                if not deal.is_over:
                    play_out(deal, bots, [specs[perm[s]] for s in range(3)], scratch)
                    tally_deal(deal, counters, perm)
        finally:
            for bot in bots:
                bot.close()
        winner = game.winner if game.over else None
        out.append(perm[winner] if winner is not None else -1)
    return {"winners": out, "counters": counters}


# ---------------------------------------------------------------------- summaries


def _set_means(rows: list[list[int]]) -> list[float]:
    return [sum(r[i] for r in rows) / len(rows) for i in range(3)]


def advantages(sets: list[dict[str, Any]]) -> list[float]:
    """Bot 0's score minus the mean of the other two, per deal, one value per set."""
    out = []
    for s in sets:
        m = _set_means(s["rows"])
        out.append(m[0] - (m[1] + m[2]) / 2)
    return out


def _rate(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f} %)" if whole else f"{part}/0"


def arena_summary(specs: list[str], sets: list[dict[str, Any]]) -> dict[str, Any]:
    means = [_set_means(s["rows"]) for s in sets]
    out: dict[str, Any] = {"bots": specs, "sets": len(sets), "deals": 6 * len(sets)}
    out["means"] = [mean_ci([m[i] for m in means]) for i in range(3)]
    out["advantage"] = mean_ci(advantages(sets))
    out["diff01"] = mean_ci([m[0] - m[1] for m in means])
    tallies = []
    for i in range(3):
        total: dict[str, int] = {}
        for s in sets:
            for key, v in s.get("counters", [{}, {}, {}])[i].items():
                total[key] = total.get(key, 0) + v
        won = total.get("won", 0)
        sur = total.get("surrendered", 0)
        total["surrender_rate_permille"] = round(1000 * sur / won) if won else 0
        tallies.append(total)
    out["tallies"] = tallies
    cpu = [s["cpu"] for s in sets if "cpu" in s]
    out["cpu_s_per_deal"] = round(sum(cpu) / (6 * len(cpu)), 3) if cpu else None
    return out


def comparisons(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Bot 0's advantage in each arena minus that in every other arena with the same field,
    paired by set (the first ``n`` sets both have)."""
    arenas = results["arenas"]
    names = [n for n, a in arenas.items() if a["sets"]]
    out = []
    for a, b in itertools.combinations(names, 2):
        if split_specs(a)[1:] != split_specs(b)[1:]:
            continue
        x, y = advantages(arenas[a]["sets"]), advantages(arenas[b]["sets"])
        n = min(len(x), len(y))
        if n < 2:
            continue
        d = mean_ci([p - q for p, q in zip(x[:n], y[:n], strict=True)])
        own = [_set_means(s["rows"])[0] for s in arenas[a]["sets"][:n]]
        theirs = [_set_means(s["rows"])[0] for s in arenas[b]["sets"][:n]]
        o = mean_ci([p - q for p, q in zip(own, theirs, strict=True)])
        out.append({"a": a, "b": b, "sets": n, "deals": 6 * n, "diff": d, "own_diff": o})
    return out


def report_lines(results: dict[str, Any]) -> list[str]:
    lines = []
    for name, arena in results["arenas"].items():
        if not arena["sets"]:
            continue
        s = arena_summary(split_specs(name), arena["sets"])
        adv, d01 = s["advantage"], s["diff01"]
        lines.append(
            f"[{name}] {s['deals']} deals: bot 0 {s['means'][0][0]:+.2f}, advantage "
            f"{adv[0]:+.2f} ± {adv[1]:.2f}, bot 0 - bot 1 {d01[0]:+.2f} ± {d01[1]:.2f}, "
            f"{s['cpu_s_per_deal']} CPU-s/deal"
        )
        for i, (spec, t) in enumerate(zip(s["bots"], s["tallies"], strict=True)):
            if (i and spec == s["bots"][i - 1]) or "won" not in t:
                continue  # the same bot again, or scores imported without the tallies
            by_bid = ", ".join(
                f"{k.removeprefix('surrendered_')} {v}"
                for k, v in sorted(t.items())
                if k.startswith("surrendered_")
            )
            lines.append(
                f"    {spec}: won {t.get('won', 0)} auctions ({t.get('all_pass', 0)} after an "
                f"all-pass, {t.get('outbid', 0)} by outbidding), surrendered "
                f"{_rate(t.get('surrendered', 0), t.get('won', 0))}, "
                f"{t.get('outbid_surrendered', 0)} after outbidding [{by_bid}]; made "
                f"{_rate(t.get('made', 0), t.get('played', 0))} played"
            )
    for c in comparisons(results):
        d, o = c["diff"], c["own_diff"]
        lines.append(
            f"  {split_specs(c['a'])[0]} - {split_specs(c['b'])[0]} (advantage over "
            f"{','.join(split_specs(c['a'])[1:])}): {d[0]:+.2f} ± {d[1]:.2f} per deal; own "
            f"score {o[0]:+.2f} ± {o[1]:.2f}; paired over {c['deals']} deals"
        )
    for name, games in results.get("games", {}).items():
        if not games:
            continue
        g = game_summary(split_specs(name), games)
        shares = ", ".join(
            f"{b} {100 * p:.1f} ± {100 * c:.1f} %"
            for b, (p, c) in zip(g["bots"], g["win_share"], strict=True)
        )
        d, ci = g["wins01"]
        lines.append(
            f"[games {name}] {g['games']} games to 121: won {shares}; draws {g['draws']}; "
            f"bot 0 - bot 1 wins per game {d:+.3f} ± {ci:.3f}"
        )
        tallied = results.get("game_tallies", {}).get(name, [])
        if tallied:
            won = sum(c[0]["won"] for c in tallied)
            sur = sum(c[0]["surrendered"] for c in tallied)
            lines.append(
                f"    {split_specs(name)[0]} in the {6 * len(tallied)} games with tallies: "
                f"surrendered {_rate(sur, won)} of the auctions it won"
            )
    for c in game_comparisons(results):
        d, ci = c["diff"]
        lines.append(
            f"  games: {split_specs(c['a'])[0]} - {split_specs(c['b'])[0]} (share of the games "
            f"won against {','.join(split_specs(c['a'])[1:])}): {100 * d:+.1f} ± {100 * ci:.1f}"
            f" points, paired over {c['games']} games"
        )
    return lines


def game_summary(specs: list[str], sets: list[list[int]]) -> dict[str, Any]:
    games = [w for row in sets for w in row]
    n = len(games)
    shares = []
    for i in range(3):
        p = sum(1 for w in games if w == i) / n
        shares.append((p, Z95 * math.sqrt(p * (1 - p) / n)))
    return {
        "bots": specs,
        "games": n,
        "win_share": shares,
        "draws": sum(1 for w in games if w < 0),
        "wins01": mean_ci([sum((w == 0) - (w == 1) for w in row) / len(row) for row in sets]),
    }


def game_comparisons(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Bot 0's share of the games won in each game arena minus that in every other with the
    same field, paired by game set (the first ``n`` sets both have)."""
    games = results.get("games", {})
    names = [n for n, g in games.items() if g]
    out = []
    for a, b in itertools.combinations(names, 2):
        if split_specs(a)[1:] != split_specs(b)[1:]:
            continue
        n = min(len(games[a]), len(games[b]))
        if n < 2:
            continue
        diffs = [
            (sum(w == 0 for w in x) - sum(w == 0 for w in y)) / len(x)
            for x, y in zip(games[a][:n], games[b][:n], strict=True)
        ]
        out.append({"a": a, "b": b, "sets": n, "games": 6 * n, "diff": mean_ci(diffs)})
    return out


def summaries(results: dict[str, Any]) -> dict[str, Any]:
    return {
        "seed": results["seed"],
        "arenas": {
            n: {k: v for k, v in arena_summary(split_specs(n), a["sets"]).items()}
            for n, a in results["arenas"].items()
            if a["sets"]
        },
        "comparisons": comparisons(results),
        "games": {
            n: game_summary(split_specs(n), g) for n, g in results.get("games", {}).items() if g
        },
        "game_comparisons": game_comparisons(results),
    }


# ---------------------------------------------------------------------- running


def _call(unit: tuple[str, list[str], int, int]) -> tuple[str, int, Any]:
    kind, specs, seed, index = unit
    if kind == "set":
        return kind, index, play_set(specs, seed, index)
    return kind, index, play_game_set(specs, seed, index)


def _pool_map(units: list[tuple[str, list[str], int, int]], jobs: int) -> Iterator[Any]:
    if jobs <= 1:
        yield from map(_call, units)
        return
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(processes=jobs) as pool:
        yield from pool.imap(_call, units, chunksize=1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arena", action="append", default=[], help="three bot specs A,B,C")
    parser.add_argument("--sets", type=int, default=50, help="deal sets per arena (6 deals)")
    parser.add_argument("--games", type=int, default=0, help="duplicate game sets to 121")
    parser.add_argument("--game-arena", action="append", default=[], help="bots of --games")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--every", type=int, default=5, help="progress and flush every N sets")
    parser.add_argument("--out", type=Path, default=Path("paston_expert.json"))
    parser.add_argument("--report", type=Path, help="only print the figures of a results file")
    parser.add_argument(
        "--import",
        dest="imports",
        type=Path,
        action="append",
        default=[],
        help="with --report: add the arenas of a benchmarks/ladder.py results file (same "
        "seed: the same deals) as scores only, bot 0 named BOT@FILE",
    )
    args = parser.parse_args(argv)
    if args.report:
        stored = json.loads(args.report.read_text())
        for path in args.imports:
            ladder = json.loads(path.read_text())
            if ladder.get("seed") != stored["seed"]:
                raise SystemExit(f"{path} has seed {ladder.get('seed')}, not {stored['seed']}")
            for name, arena in ladder["arenas"].items():
                specs = split_specs(name)
                specs[0] += f"@{path.stem}"
                stored["arenas"][",".join(specs)] = {"sets": [{"rows": r} for r in arena["rows"]]}
        print("\n".join(report_lines(stored)))
        print(json.dumps(summaries(stored)))
        return 0
    if not args.arena and not (args.games and args.game_arena):
        parser.error("say --arena A,B,C (and/or --games N --game-arena A,B,C)")
    results: dict[str, Any] = {"seed": args.seed, "arenas": {}, "games": {}}
    if args.out.exists():
        old = json.loads(args.out.read_text())
        if old.get("seed") == args.seed:
            results = old
            results.setdefault("games", {})
    for name in args.arena:
        split_specs(name)
        results["arenas"].setdefault(name, {"sets": []})
    for name in args.game_arena if args.games else []:
        split_specs(name)
        results["games"].setdefault(name, [])
    units: list[tuple[str, list[str], int, int]] = []
    for k in range(args.sets):
        for name in args.arena:
            if k >= len(results["arenas"][name]["sets"]):
                units.append(("set", split_specs(name), args.seed, k))
    for k in range(args.games):
        for name in args.game_arena:
            if k >= len(results["games"][name]):
                units.append(("game", split_specs(name), args.seed, k))
    names = {(tuple(split_specs(n)), "set"): n for n in args.arena}
    names.update({(tuple(split_specs(n)), "game"): n for n in args.game_arena})
    begun = time.perf_counter()
    for done, ((kind, index, result), unit) in enumerate(
        zip(_pool_map(units, args.jobs), units, strict=True), start=1
    ):
        name = names[(tuple(unit[1]), kind)]
        if kind == "set":
            assert index == len(results["arenas"][name]["sets"])
            results["arenas"][name]["sets"].append(result)
        else:
            results["games"][name].append(result["winners"])
            tallies = results.setdefault("game_tallies", {}).setdefault(name, [])
            tallies.append(result["counters"])
        if done % (args.every * max(1, len(args.arena))) == 0 or done == len(units):
            args.out.write_text(json.dumps(results))
            elapsed = time.perf_counter() - begun
            print(
                f"{time.strftime('%H:%M:%S')} {done}/{len(units)} units, "
                f"{elapsed / 60:.1f} min, about {elapsed / done * (len(units) - done) / 60:.1f}"
                " min left",
                file=sys.stderr,
            )
            for line in report_lines(results):
                print("  " + line, file=sys.stderr)
            sys.stderr.flush()
    args.out.write_text(json.dumps(results))
    print("\n".join(report_lines(results)))
    print(json.dumps(summaries(results)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
