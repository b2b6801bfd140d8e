"""The statistics both arenas report: means with 95 % intervals over duplicate sets, unique
bot labels, and per-bot tallies added up over the sets."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["Z95", "add_counters", "labels_of", "mean_ci"]

#: The two-sided 95 % quantile of the normal distribution.
Z95 = 1.959963984540054


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its normal 95 % interval (NaN when it
    is undefined: fewer than two values)."""
    if not values:
        return 0.0, math.nan
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, Z95 * statistics.stdev(values) / math.sqrt(len(values))


def labels_of(specs: Sequence[str]) -> list[str]:
    """Unique labels: a spec that appears more than once gets ``#1``, ``#2`` …"""
    out = []
    for i, spec in enumerate(specs):
        same = [j for j, s in enumerate(specs) if s == spec]
        out.append(spec if len(same) == 1 else f"{spec} #{same.index(i) + 1}")
    return out


def add_counters(totals: list[dict[str, float]], set_results: Iterable[Mapping[str, Any]]) -> None:
    """Add every set's ``counters[i]`` (one tally per bot) into ``totals[i]``."""
    for result in set_results:
        for i, total in enumerate(totals):
            for key, value in result["counters"][i].items():
                total[key] += value
