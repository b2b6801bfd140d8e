"""Duplicate matches for any game of the platform: the engine of ``paston arena --game``.

A *set* is one seeded hand (the first state of a fresh match of the game) played once per
*seating* of the bots: every permutation of the bots through the seats for up to three seats,
the ``n`` cyclic rotations above that (all ``n!`` orders would be too many: 40 320 for eight).
Every bot so plays the same cards from every seat (rotations) or every seat in every company
(permutations), so the luck of the deal cancels out and results are compared per set.

Results depend on what the game's states say at the end:

* a game that ranks its players (a shedding game such as Paris: ``PlayHooks.placings`` gives
  each seat's finishing position) is measured by each bot's **finishing position** (1 =
  first out) and its **loser rate** (how often it finished last);
* any other game by each bot's **score** (``state.result()``, what the hand adds to the
  match totals), as Paston's own arena does.

Only the protocol is used (:class:`~paston.core.protocol.GameInfo`, ``State``, ``Match``), and
bots only ever receive views. :func:`play_set` needs nothing but plain data, so it runs the
same in this process, in a spawned worker or as a Ray task.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..bots import Bot, make_bot
from ..bots.registry import parse_spec
from ..core.meta import build_meta
from ..core.protocol import GameInfo, State
from ..core.registry import get_game
from .playing import ArenaError, play_out
from .running import collect_sets, iter_local, ray_map
from .stats import add_counters, labels_of, mean_ci

__all__ = [
    "GameArenaResult",
    "GameBotStats",
    "GamePairDiff",
    "SetTask",
    "iter_sets",
    "play_set",
    "run_game_arena",
    "seatings",
    "summarise_sets",
]


def seatings(players: int) -> tuple[tuple[int, ...], ...]:
    """The seatings of a set: ``seating[seat]`` is the index of the bot in that seat.

    Every permutation for up to three seats; the ``players`` cyclic rotations above.
    """
    if players <= 3:
        return tuple(itertools.permutations(range(players)))
    return tuple(tuple((seat + shift) % players for seat in range(players)) for shift in
                 range(players))  # fmt: skip


def _bot_seed(game: str, seed: int, set_index: int, entry: int) -> int:
    # Each bot's generator depends only on (game, seed, set, bot), never on the worker.
    return random.Random(f"paston-arena-bot:{game}:{seed}:{set_index}:{entry}").randrange(2**32)


def _deal_rng(game: str, seed: int, set_index: int) -> random.Random:
    return random.Random(f"paston-arena:{game}:{seed}:{set_index}")


@dataclass(frozen=True)
class SetTask:
    """Everything a worker needs to play one set (picklable: plain data only)."""

    game: str
    bots: tuple[str, ...]
    players: int
    seed: int
    rules: dict[str, Any] | None = None
    keep_records: bool = True

    def __call__(self, set_index: int) -> dict[str, Any]:
        return play_set(self, set_index)


def _new_counters() -> dict[str, float]:
    return {"games": 0, "decisions": 0, "seconds": 0.0, "lost": 0}


def _placings(info: GameInfo) -> Callable[[Any], tuple[int, ...]] | None:
    """The game's finishing positions of a finished hand, when it ranks its players."""
    return info.play.placings if info.offers("play") else None


def _positions(info: GameInfo, state: State) -> list[int] | None:
    """Finishing position per seat (1 = best), for a game that ranks its players."""
    placings = _placings(info)
    return None if placings is None else list(placings(state))


def play_set(task: SetTask, set_index: int) -> dict[str, Any]:
    """Play set ``set_index``: the same seeded hand once per seating of the bots.

    Returns plain data: ``scores[k][i]`` is bot ``i``'s score in seating ``k``,
    ``positions[k][i]`` its finishing position (``None`` for games without a ranking),
    ``counters[i]`` its tallies and ``records`` the records with their ``meta`` (bots per
    seat, set, seating, result).
    """
    info = get_game(task.game)
    n = task.players
    if len(task.bots) != n:
        raise ArenaError(f"a {n}-player arena needs {n} bots, not {len(task.bots)}")
    rules = info.parse_rules(task.rules or {})
    bots: list[Bot] = []
    try:
        for entry, spec in enumerate(task.bots):
            bots.append(
                make_bot(
                    spec, seed=_bot_seed(task.game, task.seed, set_index, entry), game=info.name
                )
            )
        scores: list[list[float]] = []
        positions: list[list[int] | None] = []
        counters = [_new_counters() for _ in range(n)]
        records: list[dict[str, Any]] = []
        for k, seating in enumerate(seatings(n)):
            # The same generator state for every seating: the same hand each time.
            match = info.new_match(n, rules, set_index % n)
            rng = _deal_rng(task.game, task.seed, set_index)
            state = match.next_state(rng)
            while state.is_over and not match.over:
                state = match.next_state(rng)  # thrown in as dealt (a Paston redeal): again
            specs = [task.bots[seating[s]] for s in range(n)]
            play_out(state, [bots[seating[s]] for s in range(n)], specs,
                  [counters[seating[s]] for s in range(n)])  # fmt: skip
            result = state.result()
            row = [0.0] * n
            for seat in range(n):
                row[seating[seat]] = float(result[seat])
                counters[seating[seat]]["games"] += 1
            scores.append(row)
            seat_positions = _positions(info, state)
            if seat_positions is None:
                positions.append(None)
            else:
                by_bot = [0] * n
                for seat in range(n):
                    by_bot[seating[seat]] = seat_positions[seat]
                    if seat_positions[seat] == n:
                        counters[seating[seat]]["lost"] += 1
                positions.append(by_bot)
            if task.keep_records:
                meta = build_meta(
                    seats=n,
                    bots=specs,
                    event=f"paston arena, seed {task.seed}",
                    result=[float(r) for r in result],
                    extra={"set": set_index, "seating": k},
                )
                records.append(match.record(meta))
    finally:
        for bot in bots:
            bot.close()
    return {
        "set": set_index,
        "scores": scores,
        "positions": positions,
        "counters": counters,
        "records": records,
    }


# ---------------------------------------------------------------------- statistics


@dataclass(frozen=True)
class GameBotStats:
    """One bot's results over the match (per game played; intervals over the sets)."""

    label: str
    spec: str
    games: int
    mean_score: float
    score_ci95: float
    #: Mean finishing position (1 = first out) and its interval; ``None`` without a ranking.
    mean_position: float | None
    position_ci95: float | None
    #: How often the bot finished last, and its interval; ``None`` without a ranking.
    loser_rate: float | None
    loser_ci95: float | None
    ms_per_decision: float
    decisions: int


@dataclass(frozen=True)
class GamePairDiff:
    """Mean difference per game between two bots (``a − b``), paired by set."""

    a: str
    b: str
    #: ``position`` (lower is better) or ``score`` (higher is better).
    measure: str
    mean: float
    ci95: float


@dataclass
class GameArenaResult:
    """The outcome of a duplicate match of any game; ``to_json()`` is ``arena.json``."""

    game: str
    players: int
    specs: list[str]
    labels: list[str]
    seed: int
    sets: int
    seatings: int
    games: int
    rules: dict[str, Any]
    #: ``position`` for games with a ranking, else ``score``.
    measure: str
    bots: list[GameBotStats]
    differences: list[GamePairDiff]
    set_means: list[list[float]] = field(repr=False)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "paston-arena/1",
            "game": self.game,
            "players": self.players,
            "bots": self.specs,
            "labels": self.labels,
            "seed": self.seed,
            "deal_sets": self.sets,
            "seatings": self.seatings,
            "deals": self.games,
            "rules": self.rules,
            "measure": self.measure,
            "results": [asdict(b) for b in self.bots],
            "differences": [asdict(d) for d in self.differences],
            "set_means": self.set_means,
            "seconds": round(self.seconds, 3),
        }

    def ranking(self) -> list[GameBotStats]:
        """The bots, best first (lowest mean position, or highest mean score)."""
        if self.measure == "position":
            return sorted(self.bots, key=lambda b: b.mean_position or 0.0)
        return sorted(self.bots, key=lambda b: -b.mean_score)


def _per_set(rows: list[Sequence[float]], n: int) -> list[float]:
    return [sum(row[i] for row in rows) / len(rows) for i in range(n)]


def summarise_sets(
    task: SetTask, set_results: list[dict[str, Any]], seconds: float = 0.0
) -> GameArenaResult:
    """Turn per-set results (from :func:`play_set`) into a :class:`GameArenaResult`."""
    n = task.players
    labels = labels_of(task.bots)
    set_results = sorted(set_results, key=lambda r: r["set"])
    ranked = bool(set_results) and all(p is not None for r in set_results for p in r["positions"])
    score_means = [_per_set(r["scores"], n) for r in set_results]
    position_means = [_per_set(r["positions"], n) for r in set_results] if ranked else []
    loser_means = (
        [_per_set([[1.0 if p == n else 0.0 for p in row] for row in r["positions"]], n)
         for r in set_results]
        if ranked
        else []
    )  # fmt: skip
    totals = [_new_counters() for _ in range(n)]
    add_counters(totals, set_results)
    bots = []
    for i in range(n):
        c = totals[i]
        score, score_ci = mean_ci([m[i] for m in score_means])
        position = position_ci = loser = loser_ci = None
        if ranked:
            position, position_ci = mean_ci([m[i] for m in position_means])
            loser, loser_ci = mean_ci([m[i] for m in loser_means])
        bots.append(
            GameBotStats(
                label=labels[i],
                spec=task.bots[i],
                games=int(c["games"]),
                mean_score=score,
                score_ci95=score_ci,
                mean_position=position,
                position_ci95=position_ci,
                loser_rate=loser,
                loser_ci95=loser_ci,
                ms_per_decision=1000.0 * c["seconds"] / c["decisions"] if c["decisions"] else 0.0,
                decisions=int(c["decisions"]),
            )
        )
    measure = "position" if ranked else "score"
    per_set = position_means if ranked else score_means
    diffs = []
    for i, j in itertools.combinations(range(n), 2):
        mean, ci = mean_ci([m[i] - m[j] for m in per_set])
        diffs.append(GamePairDiff(labels[i], labels[j], measure, mean, ci))
    n_seatings = len(seatings(n))
    return GameArenaResult(
        game=task.game,
        players=n,
        specs=list(task.bots),
        labels=labels,
        seed=task.seed,
        sets=len(set_results),
        seatings=n_seatings,
        games=len(set_results) * n_seatings,
        rules=dict(task.rules or {}),
        measure=measure,
        bots=bots,
        differences=diffs,
        set_means=[[m[i] for m in per_set] for i in range(n)],
        seconds=seconds,
    )


# ---------------------------------------------------------------------- running


def check_task(task: SetTask, sets: int) -> GameInfo:
    """Fail early (before any worker starts) on a bad game, player count, bot or option."""
    info = get_game(task.game)
    if task.players not in info.seat_counts:
        low, high = min(info.seat_counts), max(info.seat_counts)
        seats = f"{low}" if low == high else f"{low} to {high}"
        raise ArenaError(f"--players: {info.title} is for {seats} players, not {task.players}")
    if len(task.bots) != task.players:
        raise ArenaError(
            f"give one bot per seat: {task.players} bots for {task.players} players, "
            f"not {len(task.bots)} ({' '.join(task.bots) or 'none'})"
        )
    if sets < 1:
        raise ArenaError(f"--deals must be at least 1, not {sets}")
    info.parse_rules(task.rules or {})
    for spec in task.bots:
        # External programs start only to play; every other bot is built once here.
        if not spec.strip().startswith("cmd:"):
            make_bot(spec, seed=0, game=info.name).close()
        else:
            parse_spec(spec)
    return info


def iter_sets(
    task: SetTask, sets: int, jobs: int = 1, ray_address: str | None = None
) -> Iterator[dict[str, Any]]:
    """The results of sets ``0 … sets-1``, in order, played here, in workers or with Ray."""
    check_task(task, sets)
    if ray_address is not None:
        return ray_map(play_set, [(task, i) for i in range(sets)], ray_address)
    return iter_local(task, sets, jobs)


def run_game_arena(
    task: SetTask,
    sets: int,
    jobs: int = 1,
    *,
    ray_address: str | None = None,
    on_set: Callable[[dict[str, Any]], None] | None = None,
) -> GameArenaResult:
    """Play ``sets`` duplicate sets and summarise them (``on_set`` sees each raw result)."""
    start = time.perf_counter()
    results = collect_sets(iter_sets(task, sets, jobs, ray_address), on_set)
    return summarise_sets(task, results, time.perf_counter() - start)
