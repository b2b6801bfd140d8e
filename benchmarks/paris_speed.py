"""Paris engine speed: random complete games per second through the public API, on one core.

Every game is dealt with the reference shuffle (a different seed each game, 2 to 9 players in
turn) and played to its end, each step a uniformly random choice among ``legal_actions()``
taken with ``apply()``; uniformly random games are long (median 1,200-1,900 turns, paris.md
§9) and a few stop at the 10,000-turn limit. A second figure plays other deals with the
"lowest cards" policy of a simple bot (all cards of the lowest playable rank); such games are
shorter, though some loop until the limit as in paris.md §9's example. The Paston engine's random
deals are timed in the same process as the baseline (steps per second of each engine).
Figures are medians of several rounds, timed in CPU seconds of the benchmark's thread.

    .venv/bin/python benchmarks/paris_speed.py [--games 40] [--rounds 5] [--seed 1]

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

from _timing import paston_round

from paston.games.paris.actions import COMBO_SIZE, COMBOS, SWAP_BASE
from paston.games.paris.shuffle import deal_game
from paston.games.paris.state import ParisState

Policy = Callable[[ParisState, random.Random], int]
#: Number of cards of each play id.
COMBO_OF = {a: COMBO_SIZE[a % COMBOS + 1] for a in range(SWAP_BASE)}


def uniform(state: ParisState, rng: random.Random) -> int:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def lowest(state: ParisState, rng: random.Random) -> int:
    """Every card of the lowest playable rank (the reference order puts the lowest rank
    first, most cards last within it); ``ready`` at once in the swap phase."""
    legal = state.legal_actions()
    if state.phase == "swap":
        return legal[-1]
    first = legal[0]
    if first >= SWAP_BASE:
        return first  # pickup or a blind card
    rank = first // COMBOS
    return max((a for a in legal if a < SWAP_BASE and a // COMBOS == rank), key=COMBO_OF.get)


def paris_round(games: int, rng: random.Random, policy: Policy) -> tuple[float, int, int]:
    """Play ``games`` complete games; returns (CPU seconds, actions, games ended by the limit)."""
    seeds = [rng.getrandbits(64) for _ in range(games)]
    actions = limited = 0
    start = time.thread_time()
    for i, seed in enumerate(seeds):
        players = 2 + i % 8
        state = deal_game(players, seed=seed, dealer=i % players)
        while not state.is_over:
            state.apply(policy(state, rng))
            actions += 1
        limited += state.end == "turn_limit"
    return time.thread_time() - start, actions, limited


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="random games per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)

    random_games, random_steps, low_games, low_steps, baseline = [], [], [], [], []
    lengths, low_lengths, limited_total = [], [], 0
    for r in range(args.rounds):
        cpu, actions, limited = paris_round(args.games, rng, uniform)
        random_games.append(args.games / cpu)
        random_steps.append(actions / cpu)
        lengths.append(actions / args.games)
        limited_total += limited
        cpu, actions, _ = paris_round(args.games * 5, rng, lowest)
        low_games.append(args.games * 5 / cpu)
        low_steps.append(actions / cpu)
        low_lengths.append(actions / (args.games * 5))
        cpu, actions = paston_round(1000, rng)
        baseline.append(actions / cpu)
        print(
            f"round {r + 1}: random {random_games[-1]:.1f} games/s "
            f"({random_steps[-1]:,.0f} steps/s, {lengths[-1]:.0f} steps/game); "
            f"lowest-play {low_games[-1]:.0f} games/s ({low_steps[-1]:,.0f} steps/s, "
            f"{low_lengths[-1]:.0f} steps/game); Paston {baseline[-1]:,.0f} steps/s",
            file=sys.stderr,
        )
    med = statistics.median
    result = {
        "benchmark": "paris_speed",
        "python": platform.python_version(),
        "rounds": args.rounds,
        "games_per_round": args.games,
        "random_games_per_s": round(med(random_games), 2),
        "random_steps_per_s": round(med(random_steps)),
        "random_steps_per_game": round(med(lengths)),
        "random_games_at_turn_limit": limited_total,
        "lowest_play_games_per_s": round(med(low_games), 1),
        "lowest_play_steps_per_s": round(med(low_steps)),
        "lowest_play_steps_per_game": round(med(low_lengths)),
        "paston_random_steps_per_s": round(med(baseline)),
        "paris_over_paston_steps_ratio": round(med(random_steps) / med(baseline), 2),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
