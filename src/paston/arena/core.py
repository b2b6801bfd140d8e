"""Playing duplicate deal sets and summing them up: the engine of ``paston arena``.

A *deal set* is one seeded deal (``paston.shuffle``, not a first deal, dealer rotating with
the set's index so the bidding order varies) played six times, once per seating of the three
bots. :func:`play_deal_set` plays one set from the bots' registry specs alone, so it can run in
this process, in a spawned worker process or as a Ray task and give the same result.
Bots are only ever given :class:`~paston.games.paston.view.SeatView` objects, never the deal.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..bots import Bot, make_bot
from ..core.meta import build_meta
from ..games.paston.actions import SURRENDER, WHIST, action_str
from ..games.paston.state import DEFENCE, Deal
from ..games.paston.record import deal_record
from ..games.paston.rules import Rules
from ..games.paston.shuffle import deal_until_playable
from .playing import ArenaError, play_out
from .running import collect_sets, iter_local, ray_map
from .stats import add_counters, labels_of, mean_ci

__all__ = [
    "PERMUTATIONS",
    "ArenaError",
    "ArenaResult",
    "BotStats",
    "PairDiff",
    "play_deal_set",
    "run_arena",
]

#: The six seatings: ``PERMUTATIONS[k][seat]`` is the index of the bot in that seat.
PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(itertools.permutations(range(3)))


def _bot_seed(seed: int, set_index: int, entry: int) -> int:
    # Each bot's generator depends only on (seed, set, bot), never on which worker plays it.
    return random.Random(f"paston-arena-bot:{seed}:{set_index}:{entry}").randrange(2**32)


def deal_of_set(seed: int, set_index: int, rules: Rules | None = None) -> Deal:
    """The deal (before any action) of deal set ``set_index`` of an arena seeded ``seed``."""
    rng = random.Random(f"paston-arena:{seed}:{set_index}")
    deals = deal_until_playable(
        rng=rng, dealer=set_index % 3, first_deal=False, rules=rules or Rules()
    )
    return deals[-1]


def _new_counters() -> dict[str, float]:
    return {
        "deals": 0,
        "declared": 0,
        "made": 0,
        "surrendered": 0,
        "defended": 0,
        "whisted": 0,
        "decisions": 0,
        "seconds": 0.0,
    }


def play_deal_set(
    bot_specs: Sequence[str],
    seed: int,
    set_index: int,
    rules: dict[str, Any] | None = None,
    keep_records: bool = True,
) -> dict[str, Any]:
    """Play deal set ``set_index``: the same deal six times, the bots in every seating.

    Returns plain data (it crosses process boundaries): ``scores[k][i]`` is bot ``i``'s score
    in seating ``k``, ``counters[i]`` its tallies, and ``records`` the deal records with the
    seat-to-bot mapping (when ``keep_records``).
    """
    if len(bot_specs) != 3:
        raise ArenaError(f"an arena needs exactly three bots, not {len(bot_specs)}")
    rules_obj = Rules.from_dict(rules) if rules else Rules()
    base = deal_of_set(seed, set_index, rules_obj)
    bots: list[Bot] = []
    try:
        for entry, spec in enumerate(bot_specs):
            bots.append(make_bot(spec, seed=_bot_seed(seed, set_index, entry)))
        scores: list[list[int]] = []
        counters = [_new_counters() for _ in range(3)]
        records: list[dict[str, Any]] = []
        for k, perm in enumerate(PERMUTATIONS):
            deal = Deal(
                list(base.dealt), base.prikup, dealer=base.dealer, first_deal=False, rules=rules_obj
            )
            _play(deal, [bots[perm[s]] for s in range(3)], [bot_specs[perm[s]] for s in range(3)],
                  [counters[perm[s]] for s in range(3)])  # fmt: skip
            deal_scores = deal.scores if deal.scores is not None else (0, 0, 0)
            row = [0, 0, 0]
            for seat in range(3):
                row[perm[seat]] = deal_scores[seat]
                counters[perm[seat]]["deals"] += 1
            if deal.declarer >= 0 and deal.scores is not None:
                c = counters[perm[deal.declarer]]
                c["declared"] += 1
                if deal.actions[-1] == SURRENDER:
                    c["surrendered"] += 1
                elif deal.scores[deal.declarer] > 0:
                    c["made"] += 1
            scores.append(row)
            if keep_records:
                record = deal_record(deal)
                seat_specs = [bot_specs[perm[s]] for s in range(3)]
                # The top-level keys are what older tools read; meta is the notation's place.
                record["bots"] = seat_specs
                record["set"] = set_index
                record["seating"] = k
                record["meta"] = build_meta(
                    seats=3,
                    bots=seat_specs,
                    event=f"paston arena, seed {seed}",
                    result=list(deal_scores),
                    extra={"set": set_index, "seating": k},
                )
                records.append(record)
    finally:
        for bot in bots:
            bot.close()
    return {"set": set_index, "scores": scores, "counters": counters, "records": records}


def _play(deal: Deal, bots: list[Bot], specs: list[str], counters: list[dict[str, float]]) -> None:
    play_out(deal, bots, specs, counters, shown=_shown, tally=_tally_defence)


def _shown(deal: Deal, action: object) -> object:
    # Paston's arena names an out-of-range answer as it came (its messages predate the
    # generic arena's, and its output stays as it was).
    return action_str(action) if isinstance(action, int) and 0 <= action < 541 else action


def _tally_defence(deal: Deal, action: int, counter: dict[str, float]) -> None:
    if deal.phase_id == DEFENCE:
        counter["defended"] += 1
        if action == WHIST:
            counter["whisted"] += 1


# ---------------------------------------------------------------------- statistics


@dataclass(frozen=True)
class BotStats:
    """One bot's results over the match (means are per deal played)."""

    label: str
    spec: str
    mean: float
    ci95: float
    deals: int
    declared_rate: float
    declarer_success: float | None
    surrender_rate: float | None
    whist_rate: float | None
    ms_per_decision: float
    decisions: int


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
            "results": [asdict(b) for b in self.bots],
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
) -> ArenaResult:
    """Turn per-set results (from :func:`play_deal_set`) into an :class:`ArenaResult`."""
    labels = labels_of(specs)
    set_results = sorted(set_results, key=lambda r: r["set"])
    n_perm = len(PERMUTATIONS)
    # Per set, each bot's mean score per deal over the six seatings.
    set_means = [
        [sum(row[i] for row in r["scores"]) / n_perm for r in set_results] for i in range(3)
    ]
    totals = [_new_counters() for _ in range(3)]
    add_counters(totals, set_results)
    bots = []
    for i in range(3):
        c = totals[i]
        mean, ci = mean_ci(set_means[i])
        played = c["declared"] - c["surrendered"]
        bots.append(
            BotStats(
                label=labels[i],
                spec=specs[i],
                mean=mean,
                ci95=ci,
                deals=int(c["deals"]),
                declared_rate=c["declared"] / c["deals"] if c["deals"] else 0.0,
                declarer_success=c["made"] / played if played else None,
                surrender_rate=c["surrendered"] / c["declared"] if c["declared"] else None,
                whist_rate=c["whisted"] / c["defended"] if c["defended"] else None,
                ms_per_decision=1000.0 * c["seconds"] / c["decisions"] if c["decisions"] else 0.0,
                decisions=int(c["decisions"]),
            )
        )
    diffs = []
    for i, j in itertools.combinations(range(3), 2):
        mean, ci = mean_ci([a - b for a, b in zip(set_means[i], set_means[j], strict=True)])
        diffs.append(PairDiff(labels[i], labels[j], mean, ci))
    return ArenaResult(
        specs=list(specs),
        labels=labels,
        seed=seed,
        deal_sets=len(set_results),
        deals=len(set_results) * n_perm,
        rules=dict(rules or {}),
        bots=bots,
        differences=diffs,
        set_means=set_means,
        seconds=seconds,
    )


# ---------------------------------------------------------------------- running


def _iter_ray(
    address: str,
    bot_specs: Sequence[str],
    seed: int,
    n: int,
    rules: dict[str, Any] | None,
    keep_records: bool,
) -> Iterator[dict[str, Any]]:
    calls = [(list(bot_specs), seed, i, rules, keep_records) for i in range(n)]
    return ray_map(play_deal_set, calls, address)


def iter_deal_sets(
    bot_specs: Sequence[str],
    deals: int,
    seed: int,
    jobs: int = 1,
    rules: dict[str, Any] | None = None,
    ray_address: str | None = None,
    keep_records: bool = True,
) -> Iterator[dict[str, Any]]:
    """The results of deal sets ``0 .. deals-1``, in order, played locally or with Ray."""
    specs = list(bot_specs)
    if len(specs) != 3:
        raise ArenaError(f"an arena needs exactly three bots, not {len(specs)}")
    if deals < 1:
        raise ArenaError(f"--deals must be at least 1, not {deals}")
    for spec in specs:
        # Fail early on an unknown bot or a bad option (external programs start only to play).
        if not spec.strip().startswith("cmd:"):
            make_bot(spec, seed=0).close()
    if ray_address is not None:
        return _iter_ray(ray_address, specs, seed, deals, rules, keep_records)
    return iter_local(_SetTask(specs, seed, rules, keep_records), deals, jobs)


class _SetTask:
    """A picklable ``set_index -> result`` callable for worker processes."""

    def __init__(
        self, specs: list[str], seed: int, rules: dict[str, Any] | None, keep_records: bool
    ) -> None:
        self.specs = specs
        self.seed = seed
        self.rules = rules
        self.keep_records = keep_records

    def __call__(self, set_index: int) -> dict[str, Any]:
        return play_deal_set(self.specs, self.seed, set_index, self.rules, self.keep_records)


def run_arena(
    bot_specs: Sequence[str],
    deals: int,
    seed: int = 0,
    jobs: int = 1,
    *,
    rules: dict[str, Any] | None = None,
    ray_address: str | None = None,
    on_set: Callable[[dict[str, Any]], None] | None = None,
) -> ArenaResult:
    """Play ``deals`` duplicate deal sets (``6 * deals`` deals) and summarise them.

    ``on_set`` is called with each deal set's raw result as it arrives, in set order (the
    command line uses it for the progress bar and to stream the records to disk).
    """
    start = time.perf_counter()
    results = collect_sets(iter_deal_sets(bot_specs, deals, seed, jobs, rules, ray_address), on_set)
    return summarise(bot_specs, seed, results, rules, time.perf_counter() - start)
