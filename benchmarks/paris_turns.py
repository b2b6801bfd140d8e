"""How long games last when every seat is the same Paris bot: turns per game, no time.

Seeded deals (the reference shuffle, dealer rotating), one bot spec at every seat, each bot
seeded from the game and its seat. Reported: median, p99 and max turns per game and how many
games the 10,000-turn limit ended (the issue-21 target: none). The last line printed is one
JSON object.

Usage::

    nice -n 10 .venv/bin/python benchmarks/paris_turns.py --spec heuristic --players 4 --games 500
    nice -n 10 .venv/bin/python benchmarks/paris_turns.py --spec strong --players 4 --games 40
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from paston.bots import make_bot
from paston.games.paris.shuffle import deal_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--spec", default="heuristic", help="bot spec or level at every seat")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    turns: list[int] = []
    limit = 0
    cpu = time.process_time()
    for game in range(args.games):
        state = deal_game(args.players, seed=args.seed + game, dealer=game % args.players)
        bots = [make_bot(args.spec, seed=10 * game + s, game="paris") for s in range(args.players)]
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state.apply(bots[seat].act(state.view(seat)))
        turns.append(state.turns)
        limit += state.end == "turn_limit"
    turns.sort()
    out = {
        "benchmark": "paris_turns",
        "spec": args.spec,
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "turns_median": statistics.median(turns),
        "turns_p99": turns[min(len(turns) - 1, int(0.99 * len(turns)))],
        "turns_max": turns[-1],
        "turn_limit_games": limit,
        "cpu_seconds": round(time.process_time() - cpu, 1),
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
