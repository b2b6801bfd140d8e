"""What ``paston arena --out DIR`` writes: ``arena.json``, ``ladder.png`` and ``records.jsonl``."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, TypeVar

from .core import ArenaResult
from .duplicate import GameArenaResult

__all__ = [
    "RecordWriter",
    "existing_outputs",
    "plot_game_ladder",
    "plot_ladder",
    "write_game_outputs",
    "write_json",
    "write_outputs",
]

JSON_NAME = "arena.json"
PLOT_NAME = "ladder.png"
RECORDS_NAME = "records.jsonl"

ResultT = TypeVar("ResultT", ArenaResult, GameArenaResult)


def _finite(value: Any) -> Any:
    # JSON has no NaN: an undefined interval (a single deal set) is written as null.
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


def existing_outputs(out_dir: Path) -> list[Path]:
    """The files of an earlier arena in ``out_dir`` that a new one would overwrite."""
    return [p for p in (out_dir / n for n in (JSON_NAME, PLOT_NAME, RECORDS_NAME)) if p.exists()]


def write_json(result: ArenaResult | GameArenaResult, path: Path) -> None:
    path.write_text(json.dumps(_finite(result.to_json()), indent=2) + "\n", encoding="utf-8")


def plot_ladder(result: ArenaResult, path: Path) -> None:
    """A PNG of the ladder: each bot's mean score per deal with its 95 % interval."""
    import matplotlib

    matplotlib.use("Agg")  # no display: files only
    import matplotlib.pyplot as plt

    ranked = result.ranking()[::-1]  # best at the top
    labels = [b.label for b in ranked]
    means = [b.mean for b in ranked]
    errors = [0.0 if not math.isfinite(b.ci95) else b.ci95 for b in ranked]
    fig, ax = plt.subplots(figsize=(7.0, 1.2 + 0.7 * len(ranked)))
    ax.errorbar(means, range(len(ranked)), xerr=errors, fmt="o", capsize=6, color="tab:blue")
    ax.axvline(0.0, color="grey", linewidth=0.8)
    ax.set_yticks(range(len(ranked)), labels)
    ax.set_ylim(-0.6, len(ranked) - 0.4)
    ax.set_xlabel("mean score per deal (95 % interval over duplicate deal sets)")
    ax.set_title(
        f"paston arena: {result.deals} deals ({result.deal_sets} sets), seed {result.seed}"
    )
    for y, (m, e) in enumerate(zip(means, errors, strict=True)):
        ax.annotate(f"{m:+.2f} ± {e:.2f}", (m, y), textcoords="offset points", xytext=(0, 8),
                    ha="center", fontsize=8)  # fmt: skip
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


class RecordWriter:
    """Streams the deal records of each deal set to ``records.jsonl`` as the sets finish."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] = path.open("w", encoding="utf-8")

    def __call__(self, set_result: dict[str, Any]) -> None:
        for record in set_result.get("records", []):
            self._file.write(json.dumps(record, separators=(",", ":")) + "\n")

    def close(self) -> None:
        self._file.close()


def _write(
    result: ResultT, out_dir: Path, plot: Callable[[ResultT, Path], None]
) -> dict[str, Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {"json": out_dir / JSON_NAME, "plot": out_dir / PLOT_NAME}
    write_json(result, paths["json"])
    plot(result, paths["plot"])
    return paths


def write_outputs(result: ArenaResult, out_dir: Path) -> dict[str, Path]:
    """Write ``arena.json`` and ``ladder.png`` into ``out_dir`` (records are streamed)."""
    return _write(result, out_dir, plot_ladder)


def plot_game_ladder(result: GameArenaResult, path: Path) -> None:
    """A PNG of a game's ladder: mean finishing position (and loser rate) per bot with their
    95 % intervals, or the mean score for a game without a ranking."""
    import matplotlib

    matplotlib.use("Agg")  # no display: files only
    import matplotlib.pyplot as plt

    ranked = result.ranking()[::-1]  # best at the top
    labels = [b.label for b in ranked]
    ys = range(len(ranked))

    def finite(value: float | None) -> float:
        return 0.0 if value is None or not math.isfinite(value) else value

    if result.measure == "position":
        panels = [
            ("mean finishing position (1 = first out; lower is better)",
             [finite(b.mean_position) for b in ranked], [finite(b.position_ci95) for b in ranked],
             "{:.2f} ± {:.2f}"),
            ("loser rate (finished last)",
             [finite(b.loser_rate) for b in ranked], [finite(b.loser_ci95) for b in ranked],
             "{:.0%} ± {:.0%}"),
        ]  # fmt: skip
    else:
        panels = [
            ("mean score per game (95 % interval over duplicate sets)",
             [b.mean_score for b in ranked], [finite(b.score_ci95) for b in ranked],
             "{:+.2f} ± {:.2f}"),
        ]  # fmt: skip
    fig, axes = plt.subplots(
        1, len(panels), figsize=(6.0 * len(panels), 1.2 + 0.6 * len(ranked)), squeeze=False
    )
    for ax, (xlabel, values, errors, fmt) in zip(axes[0], panels, strict=True):
        ax.errorbar(values, ys, xerr=errors, fmt="o", capsize=6, color="tab:blue")
        ax.set_yticks(list(ys), labels)
        ax.set_ylim(-0.6, len(ranked) - 0.4)
        ax.set_xlabel(xlabel)
        for y, (m, e) in enumerate(zip(values, errors, strict=True)):
            ax.annotate(fmt.format(m, e), (m, y), textcoords="offset points", xytext=(0, 8),
                        ha="center", fontsize=8)  # fmt: skip
    fig.suptitle(
        f"{result.game} arena: {result.players} players, {result.games} games "
        f"({result.sets} sets × {result.seatings} seatings), seed {result.seed}"
    )
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write_game_outputs(result: GameArenaResult, out_dir: Path) -> dict[str, Path]:
    """Write a game's ``arena.json`` and ``ladder.png`` into ``out_dir``."""
    return _write(result, out_dir, plot_game_ladder)
