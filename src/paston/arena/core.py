"""Duplicate deal sets and their ladder: ``paston arena`` for a game with arena hooks.

A *deal set* is one seeded hand, dealt by the game's :class:`~paston.core.hooks.arena.
ArenaHooks` (the flagship's: a deal that is not a first deal, the dealer rotating with the
set's index), played once per seating of the bots: all six for three seats. :func:`play_deal_set`
plays one set from the bots' registry specs alone, so it can run in this process, in a spawned
worker process or as a Ray task and give the same result. The ladder ranks the bots by mean
score per deal, with the rates the game's tallies give (how often a bot declared …). Bots are
only ever given views, never the state. A game without arena hooks is played by
:mod:`.duplicate`.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..bots import Bot, make_bot
from ..core.hooks.arena import ArenaHooks
from ..core.meta import build_meta
from ..core.protocol import GameInfo
from ..core.registry import default_game, get_game
from .playing import ArenaError, play_out
from .running import collect_sets, iter_local, ray_map
from .stats import add_counters, labels_of, mean_ci

__all__ = [
    "PERMUTATIONS",
    "ArenaError",
    "ArenaResult",
    "BotStats",
    "PairDiff",
    "arena_hooks",
    "play_deal_set",
    "run_arena",
]

#: The six seatings of three bots: ``PERMUTATIONS[k][seat]`` is the index of the bot there.
PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(itertools.permutations(range(3)))

_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def arena_hooks(info: GameInfo) -> ArenaHooks | None:
    """The game's arena hooks, ``None`` when it has none (or no play hooks)."""
    if not info.offers("play"):
        return None
    return info.play.arena


def _setup(game: str | None) -> tuple[GameInfo, ArenaHooks]:
    info = get_game(game if game is not None else default_game())
    hooks = arena_hooks(info)
    if hooks is None:
        raise ArenaError(
            f"{info.title} has no deal-set arena (its arena is paston.arena.duplicate)"
        )
    return info, hooks


def _check_bots(info: GameInfo, count: int) -> int:
    """The table's seats: the game's one seat count; ``count`` bots must fill it."""
    seats = info.default_seats
    if count != seats:
        raise ArenaError(f"an arena needs exactly {_WORDS.get(seats, seats)} bots, not {count}")
    return seats


def _bot_seed(seed: int, set_index: int, entry: int) -> int:
    # Each bot's generator depends only on (seed, set, bot), never on which worker plays it.
    return random.Random(f"paston-arena-bot:{seed}:{set_index}:{entry}").randrange(2**32)


def _new_counters(hooks: ArenaHooks) -> dict[str, float]:
    counters: dict[str, float] = {"deals": 0, "decisions": 0, "seconds": 0.0}
    counters.update(dict.fromkeys(hooks.tallies, 0))
    return counters


def play_deal_set(
    bot_specs: Sequence[str],
    seed: int,
    set_index: int,
    rules: dict[str, Any] | None = None,
    keep_records: bool = True,
    game: str | None = None,
) -> dict[str, Any]:
    """Play deal set ``set_index``: the same deal in every seating of the bots.

    Returns plain data (it crosses process boundaries): ``scores[k][i]`` is bot ``i``'s score
    in seating ``k``, ``counters[i]`` its tallies, and ``records`` the hands' records with the
    seat-to-bot mapping (when ``keep_records``). ``game``: the flagship when not given.
    """
    info, hooks = _setup(game)
    seats = _check_bots(info, len(bot_specs))
    rules_obj = info.parse_rules(rules or {})
    bots: list[Bot] = []
    try:
        for entry, spec in enumerate(bot_specs):
            bots.append(make_bot(spec, seed=_bot_seed(seed, set_index, entry), game=info.name))
        scores: list[list[float]] = []
        counters = [_new_counters(hooks) for _ in range(seats)]
        records: list[dict[str, Any]] = []
        for k, perm in enumerate(itertools.permutations(range(seats))):
            state = hooks.deal(rules_obj, seed, set_index)
            seat_specs = [bot_specs[perm[s]] for s in range(seats)]
            by_seat = [counters[perm[s]] for s in range(seats)]
            play_out(state, [bots[perm[s]] for s in range(seats)], seat_specs, by_seat,
                     tally=hooks.tally)  # fmt: skip
            result = state.result()
            row = [0.0] * seats
            for seat in range(seats):
                row[perm[seat]] = result[seat]
                by_seat[seat]["deals"] += 1
            if hooks.after_hand is not None:
                hooks.after_hand(state, by_seat)
            scores.append(row)
            if keep_records:
                meta = build_meta(
                    seats=seats,
                    bots=seat_specs,
                    event=f"paston arena, seed {seed}",
                    result=list(result),
                    extra={"set": set_index, "seating": k},
                )
                records.append(hooks.record(state, meta))
    finally:
        for bot in bots:
            bot.close()
    return {"set": set_index, "scores": scores, "counters": counters, "records": records}


# ---------------------------------------------------------------------- statistics


@dataclass(frozen=True)
class BotStats:
    """One bot's results over the match (means are per deal played)."""

    label: str
    spec: str
    mean: float
    ci95: float
    deals: int
    ms_per_decision: float
    decisions: int
    #: The game's rates (:attr:`ArenaHooks.rates`) by key; ``None`` where none was possible.
    rates: dict[str, float | None] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        del out["rates"]
        return {**out, **self.rates}

    def __getattr__(self, name: str) -> float | None:
        """A rate by its key as an attribute (``stats.declared_rate``), as before rates were
        the game's."""
        rates = self.__dict__.get("rates", {})
        if name in rates:
            value: float | None = rates[name]
            return value
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


@dataclass(frozen=True)
class PairDiff:
    """Mean score difference per deal between two bots, paired by deal set."""

    a: str
    b: str
    mean: float
    ci95: float


@dataclass
class ArenaResult:
    """The outcome of :func:`run_arena`; ``to_json()`` is what ``arena.json`` holds."""

    specs: list[str]
    labels: list[str]
    seed: int
    deal_sets: int
    deals: int
    rules: dict[str, Any]
    bots: list[BotStats]
    differences: list[PairDiff]
    set_means: list[list[float]] = field(repr=False)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "paston-arena/1",
            "bots": self.specs,
            "labels": self.labels,
            "seed": self.seed,
            "deal_sets": self.deal_sets,
            "deals": self.deals,
            "rules": self.rules,
            "results": [b.to_json() for b in self.bots],
            "differences": [asdict(d) for d in self.differences],
            "set_means": self.set_means,
            "seconds": round(self.seconds, 3),
        }

    def ranking(self) -> list[BotStats]:
        """The bots, best mean score first."""
        return sorted(self.bots, key=lambda b: -b.mean)


def summarise(
    specs: Sequence[str],
    seed: int,
    set_results: list[dict[str, Any]],
    rules: dict[str, Any] | None = None,
    seconds: float = 0.0,
    game: str | None = None,
) -> ArenaResult:
    """Turn per-set results (from :func:`play_deal_set`) into an :class:`ArenaResult`."""
    _, hooks = _setup(game)
    n = len(specs)
    labels = labels_of(specs)
    set_results = sorted(set_results, key=lambda r: r["set"])
    # Per set, each bot's mean score per deal over the seatings.
    set_means = [
        [sum(row[i] for row in r["scores"]) / len(r["scores"]) for r in set_results]
        for i in range(n)
    ]
    totals = [_new_counters(hooks) for _ in range(n)]
    add_counters(totals, set_results)
    bots = []
    for i in range(n):
        c = totals[i]
        mean, ci = mean_ci(set_means[i])
        rates = {r.key: c[r.count] / c[r.out_of] if c[r.out_of] else None for r in hooks.rates}
        bots.append(
            BotStats(
                label=labels[i],
                spec=specs[i],
                mean=mean,
                ci95=ci,
                deals=int(c["deals"]),
                ms_per_decision=1000.0 * c["seconds"] / c["decisions"] if c["decisions"] else 0.0,
                decisions=int(c["decisions"]),
                rates=rates,
            )
        )
    diffs = []
    for i, j in itertools.combinations(range(n), 2):
        mean, ci = mean_ci([a - b for a, b in zip(set_means[i], set_means[j], strict=True)])
        diffs.append(PairDiff(labels[i], labels[j], mean, ci))
    deals = sum(len(r["scores"]) for r in set_results)
    return ArenaResult(
        specs=list(specs),
        labels=labels,
        seed=seed,
        deal_sets=len(set_results),
        deals=deals,
        rules=dict(rules or {}),
        bots=bots,
        differences=diffs,
        set_means=set_means,
        seconds=seconds,
    )


# ---------------------------------------------------------------------- running


def iter_deal_sets(
    bot_specs: Sequence[str],
    deals: int,
    seed: int,
    jobs: int = 1,
    rules: dict[str, Any] | None = None,
    ray_address: str | None = None,
    keep_records: bool = True,
    game: str | None = None,
) -> Iterator[dict[str, Any]]:
    """The results of deal sets ``0 .. deals-1``, in order, played locally or with Ray."""
    info, _ = _setup(game)
    specs = list(bot_specs)
    _check_bots(info, len(specs))
    if deals < 1:
        raise ArenaError(f"--deals must be at least 1, not {deals}")
    info.parse_rules(rules or {})
    for spec in specs:
        # Fail early on an unknown bot or a bad option (external programs start only to play).
        if not spec.strip().startswith("cmd:"):
            make_bot(spec, seed=0, game=info.name).close()
    if ray_address is not None:
        calls = [(specs, seed, i, rules, keep_records, info.name) for i in range(deals)]
        return ray_map(play_deal_set, calls, ray_address)
    return iter_local(_SetTask(specs, seed, rules, keep_records, info.name), deals, jobs)


@dataclass(frozen=True)
class _SetTask:
    """A picklable ``set_index -> result`` callable for worker processes."""

    specs: list[str]
    seed: int
    rules: dict[str, Any] | None
    keep_records: bool
    game: str

    def __call__(self, set_index: int) -> dict[str, Any]:
        return play_deal_set(
            self.specs, self.seed, set_index, self.rules, self.keep_records, self.game
        )


def run_arena(
    bot_specs: Sequence[str],
    deals: int,
    seed: int = 0,
    jobs: int = 1,
    *,
    rules: dict[str, Any] | None = None,
    ray_address: str | None = None,
    on_set: Callable[[dict[str, Any]], None] | None = None,
    game: str | None = None,
) -> ArenaResult:
    """Play ``deals`` duplicate deal sets (one deal per seating in each) and summarise them.

    ``on_set`` is called with each deal set's raw result as it arrives, in set order (the
    command line uses it for the progress bar and to stream the records to disk). ``game``:
    the flagship when not given.
    """
    start = time.perf_counter()
    stream = iter_deal_sets(bot_specs, deals, seed, jobs, rules, ray_address, game=game)
    results = collect_sets(stream, on_set)
    return summarise(bot_specs, seed, results, rules, time.perf_counter() - start, game)
