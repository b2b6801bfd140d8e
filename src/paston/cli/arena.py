"""`paston arena`: a duplicate-deal match between three bots, with a ladder, plot and records.

Bad input (an unknown bot, a bad option) and a bot that fails during the match end the
command with one ``error:`` line on standard error and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import math
import os
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from ..arena.core import ArenaError, ArenaResult, iter_deal_sets, summarise
from ..arena.output import RECORDS_NAME, RecordWriter, write_outputs
from ..bots.external import ExternalBotError
from ..bots.registry import BotSpecError
from ..games.paston.rules import RuleError, Rules

__all__ = ["register", "result_table"]


def _fail(message: str) -> typer.Exit:
    line = " ".join(str(message).split())
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {line}", markup=False)
    return typer.Exit(2)


def _fmt(value: float | None, pct: bool = False) -> str:
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "–"
    return f"{100 * value:.1f} %" if pct else f"{value:+.2f}"


def result_table(result: ArenaResult) -> Table:
    """The ladder as a rich table, best bot first."""
    table = Table(
        title=f"{result.deals} deals = {result.deal_sets} duplicate sets × 6 seatings",
        caption="mean score per deal; how often each bot declared, made its contract "
        "(of those played), surrendered (of those declared) and whisted",
    )
    widest = max(len(b.label) for b in result.bots)
    table.add_column("bot", overflow="fold", min_width=min(widest, 24))
    for header in ("mean", "±95%", "declared", "made", "surr.", "whist", "ms/dec"):
        table.add_column(header, justify="right", no_wrap=True)
    for b in result.ranking():
        table.add_row(
            b.label,
            _fmt(b.mean),
            "–" if not math.isfinite(b.ci95) else f"{b.ci95:.2f}",
            _fmt(b.declared_rate, pct=True),
            _fmt(b.declarer_success, pct=True),
            _fmt(b.surrender_rate, pct=True),
            _fmt(b.whist_rate, pct=True),
            f"{b.ms_per_decision:.3f}",
        )
    return table


def _diff_table(result: ArenaResult) -> Table:
    table = Table(title="score difference per deal, paired by deal set")
    table.add_column("pair", overflow="fold")
    table.add_column("mean", justify="right", no_wrap=True)
    table.add_column("±95%", justify="right", no_wrap=True)
    for d in result.differences:
        ci = "–" if not math.isfinite(d.ci95) else f"{d.ci95:.2f}"
        table.add_row(f"{d.a} − {d.b}", _fmt(d.mean), ci)
    return table


def arena_command(
    bots: Annotated[
        list[str],
        typer.Argument(
            help="Three bot specs, e.g. heuristic random 'pimc:worlds=32' "
            "'cmd:python examples/random_bot.py'.",
            show_default=False,
        ),
    ],
    deals: Annotated[
        int, typer.Option("--deals", "-n", help="Duplicate deal sets (each is played 6 times).")
    ] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the dealt cards.")] = 0,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Worker processes (0 = one per core).")
    ] = 1,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write arena.json, ladder.png and records.jsonl here."),
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray", help="Run the deal sets as Ray tasks on this cluster ('auto', 'local', ...)."
        ),
    ] = None,
    rules: Annotated[
        str | None, typer.Option("--rules", help="Variant flags as a JSON object.")
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="Print the results as JSON instead of tables.")
    ] = False,
) -> None:
    """Play duplicate deals between three bots and rank them (mean score per deal)."""
    if len(bots) != 3:
        raise _fail(f"give exactly three bots, not {len(bots)} ({' '.join(bots) or 'none'})")
    if deals < 1:
        raise _fail(f"--deals must be at least 1, not {deals}")
    if jobs < 0:
        raise _fail(f"--jobs must be 0 (one per core) or more, not {jobs}")
    if jobs == 0:
        jobs = os.cpu_count() or 1
    rules_dict: dict[str, Any] | None = None
    if rules is not None:
        try:
            rules_dict = Rules.from_dict(json.loads(rules)).to_dict()
        except json.JSONDecodeError as exc:
            raise _fail(f"--rules is not JSON: {exc.msg} at column {exc.colno}") from None
        except RuleError as exc:
            raise _fail(f"--rules: {exc}") from None
    writer: RecordWriter | None = None
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
            writer = RecordWriter(out / RECORDS_NAME)
        except OSError as exc:
            raise _fail(f"cannot write to {out}: {exc.strerror or exc}") from None
    console = Console(stderr=True)
    results: list[dict[str, Any]] = []
    started = time.perf_counter()
    try:
        stream = iter_deal_sets(bots, deals, seed, jobs, rules_dict, ray)
        with Progress(
            SpinnerColumn(),
            TextColumn("[bold]arena[/] " + " · ".join(bots)),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("deal sets"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=json_out,
        ) as progress:
            task = progress.add_task("sets", total=deals)
            for set_result in stream:
                if writer is not None:
                    writer(set_result)
                results.append({**set_result, "records": []})
                progress.advance(task)
    except (ArenaError, BotSpecError, ExternalBotError, RuleError) as exc:
        raise _fail(str(exc)) from None
    finally:
        if writer is not None:
            writer.close()
    result = summarise(bots, seed, results, rules_dict, time.perf_counter() - started)
    if out is not None:
        write_outputs(result, out)
    if json_out:
        from ..arena.output import _finite

        typer.echo(json.dumps(_finite(result.to_json() | {"set_means": None}), indent=2))
        return
    stdout = Console()
    if not stdout.is_terminal:
        stdout = Console(width=max(stdout.width, 110))  # files and pipes: keep rows whole
    stdout.print(result_table(result))
    stdout.print(_diff_table(result))
    stdout.print(f"seed {seed}, {result.seconds:.1f} s")
    if out is not None:
        stdout.print(f"wrote {out / 'arena.json'}, {out / 'ladder.png'}, {out / RECORDS_NAME}")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("arena")(arena_command)
