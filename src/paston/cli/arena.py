"""`paston arena`: a duplicate match between bots of any game, with a ladder, plot and records.

A game with arena hooks (the flagship, the default) plays duplicate deal sets of three bots in
all six seatings and ranks them by mean score, with the rates its tallies give; any other game
(``--game NAME --players N``) seats one bot per seat, plays each seeded hand once per seating
and ranks them by finishing position and loser rate (or by score for a game that does not rank
its players). Bad input (an unknown game or bot, a bad option,
an ``--out`` that holds an earlier arena without ``--force``) and a bot that fails during
the match end the command with one ``error:`` line on standard error and exit status 2,
never a traceback.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Iterable
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

from ..arena.core import ArenaError, ArenaResult, arena_hooks, iter_deal_sets, summarise
from ..arena.duplicate import GameArenaResult, SetTask, iter_sets, summarise_sets
from ..arena.output import (
    RECORDS_NAME,
    RecordWriter,
    existing_outputs,
    write_game_outputs,
    write_outputs,
)
from ..bots.external import ExternalBotError
from ..bots.registry import BotSpecError
from ..core.errors import RecordError
from ..core.hooks.arena import ArenaHooks
from ..core.protocol import GameInfo
from ..core.registry import UnknownGame, available, default_game, get_game
from ..terminal.encoding import can_encode

__all__ = ["register", "result_table"]

#: The header of confidence intervals ("+-95%" where standard output cannot write "±", so
#: that the letters fallback does not widen a header rich has already measured).
CI = "±95%" if can_encode(sys.stdout, "±−–") else "+-95%"


def _fail(message: str) -> typer.Exit:
    line = " ".join(str(message).split())
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {line}", markup=False)
    return typer.Exit(2)


def _fmt(value: float | None, pct: bool = False) -> str:
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "–"
    return f"{100 * value:.1f} %" if pct else f"{value:+.2f}"


def result_table(result: ArenaResult, hooks: ArenaHooks) -> Table:
    """The ladder as a rich table, best bot first, with the game's rates."""
    seatings = result.deals // result.deal_sets if result.deal_sets else 0
    caption = "mean score per deal" + (f"; {hooks.caption}" if hooks.caption else "")
    table = Table(
        title=f"{result.deals} deals = {result.deal_sets} duplicate sets × {seatings} seatings",
        caption=caption,
    )
    widest = max(len(b.label) for b in result.bots)
    table.add_column("bot", overflow="fold", min_width=min(widest, 24))
    for header in ("mean", CI, *(r.header for r in hooks.rates), "ms/dec"):
        table.add_column(header, justify="right", no_wrap=True)
    for b in result.ranking():
        table.add_row(
            b.label,
            _fmt(b.mean),
            "–" if not math.isfinite(b.ci95) else f"{b.ci95:.2f}",
            *(_fmt(b.rates.get(r.key), pct=True) for r in hooks.rates),
            f"{b.ms_per_decision:.3f}",
        )
    return table


def _diff_table(result: ArenaResult) -> Table:
    table = Table(title="score difference per deal, paired by deal set")
    table.add_column("pair", overflow="fold")
    table.add_column("mean", justify="right", no_wrap=True)
    table.add_column(CI, justify="right", no_wrap=True)
    for d in result.differences:
        ci = "–" if not math.isfinite(d.ci95) else f"{d.ci95:.2f}"
        table.add_row(f"{d.a} − {d.b}", _fmt(d.mean), ci)
    return table


def _game_table(result: GameArenaResult) -> Table:
    """Another game's ladder as a rich table, best bot first."""
    ranked = result.measure == "position"
    table = Table(
        title=f"{result.game}: {result.games} games = {result.sets} duplicate sets × "
        f"{result.seatings} seatings, {result.players} players",
        caption="mean finishing position (1 = first out) and how often each bot finished last"
        if ranked
        else "mean score per game",
    )
    widest = max(len(b.label) for b in result.bots)
    table.add_column("bot", overflow="fold", min_width=min(widest, 24))
    headers = ("position", CI, "loser", CI) if ranked else ("mean", CI)
    for header in (*headers, "ms/dec"):
        table.add_column(header, justify="right", no_wrap=True)

    def ci(value: float | None, pct: bool = False) -> str:
        if value is None or not math.isfinite(value):
            return "–"
        return f"{100 * value:.1f} %" if pct else f"{value:.2f}"

    for b in result.ranking():
        cells: tuple[str, ...]
        if ranked:
            cells = (
                ci(b.mean_position),
                ci(b.position_ci95),
                ci(b.loser_rate, pct=True),
                ci(b.loser_ci95, pct=True),
            )
        else:
            cells = (_fmt(b.mean_score), ci(b.score_ci95))
        table.add_row(b.label, *cells, f"{b.ms_per_decision:.3f}")
    return table


def _game_diff_table(result: GameArenaResult) -> Table:
    what = "finishing position" if result.measure == "position" else "score"
    table = Table(title=f"{what} difference per game, paired by set")
    table.add_column("pair", overflow="fold")
    table.add_column("mean", justify="right", no_wrap=True)
    table.add_column(CI, justify="right", no_wrap=True)
    for d in result.differences:
        ci = "–" if not math.isfinite(d.ci95) else f"{d.ci95:.2f}"
        table.add_row(f"{d.a} − {d.b}", _fmt(d.mean), ci)
    return table


def _rules_of(info: GameInfo, rules: str | None) -> dict[str, Any] | None:
    """The ``--rules`` JSON, checked by the game (``None`` when not given)."""
    if rules is None:
        return None
    try:
        data = json.loads(rules)
    except json.JSONDecodeError as exc:
        raise _fail(f"--rules is not JSON: {exc.msg} at column {exc.colno}") from None
    if not isinstance(data, dict):
        raise _fail(f"--rules must be a JSON object, not {type(data).__name__}")
    try:
        parsed = info.parse_rules(data)
    except (RecordError, ValueError) as exc:
        raise _fail(f"--rules: {exc}") from None
    to_dict = getattr(parsed, "to_dict", None)
    checked: dict[str, Any] = to_dict() if callable(to_dict) else dict(data)
    return checked


def _prepare_out(out: Path | None, force: bool) -> RecordWriter | None:
    if out is None:
        return None
    if out.exists() and not out.is_dir():
        raise _fail(f"--out {out} is a file, not a directory")
    earlier = existing_outputs(out) if out.is_dir() else []
    if earlier and not force:
        names = ", ".join(p.name for p in earlier)
        raise _fail(f"--out {out} already holds an arena ({names}); add --force to overwrite it")
    try:
        out.mkdir(parents=True, exist_ok=True)
        return RecordWriter(out / RECORDS_NAME)
    except OSError as exc:
        raise _fail(f"cannot write to {out}: {exc.strerror or exc}") from None


def _progress(console: Console, title: str, transient: bool) -> Progress:
    return Progress(
        SpinnerColumn(),
        TextColumn(title),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("deal sets"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=transient,
    )


def arena_command(
    bots: Annotated[
        list[str],
        typer.Argument(
            help="One bot spec per seat, e.g. heuristic random "
            "'pimc:worlds=32' 'cmd:python examples/random_bot.py'.",
            show_default=False,
        ),
    ],
    deals: Annotated[
        int,
        typer.Option(
            "--deals",
            "-n",
            help="How many duplicate deal sets: each set is one deal played in all six "
            "seatings of the three bots (the default game's deal-set ladder), or one hand "
            "per seating for another game.",
        ),
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
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            help=f"The game: {', '.join(available())} (default {default_game()}).",
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", help="Seats at the table (default: one per bot)."),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite an earlier arena in --out.")
    ] = False,
) -> None:
    """Play duplicate deals between bots and rank them (mean score or finishing position)."""
    try:
        info = get_game(game if game is not None else default_game())
    except UnknownGame as exc:
        raise _fail(str(exc)) from None
    if deals < 1:
        raise _fail(f"--deals must be at least 1, not {deals}")
    if jobs < 0:
        raise _fail(f"--jobs must be 0 (one per core) or more, not {jobs}")
    if jobs == 0:
        jobs = os.cpu_count() or 1
    hooks = arena_hooks(info)
    if hooks is None:
        _other_game_arena(info, bots, players, deals, seed, jobs, out, ray, rules, json_out, force)
        return
    seats = info.default_seats
    if players is not None and players != seats:
        raise _fail(f"--players: {info.title} is played by {seats}, not {players}")
    _ladder_arena(info, hooks, bots, deals, seed, jobs, out, ray, rules, json_out, force)


#: Small seat counts in words, for "give exactly three bots".
_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _ladder_arena(
    info: GameInfo,
    hooks: ArenaHooks,
    bots: list[str],
    deals: int,
    seed: int,
    jobs: int,
    out: Path | None,
    ray: str | None,
    rules: str | None,
    json_out: bool,
    force: bool,
) -> None:
    seats = info.default_seats
    if len(bots) != seats:
        count = _WORDS.get(seats, str(seats))
        raise _fail(f"give exactly {count} bots, not {len(bots)} ({' '.join(bots) or 'none'})")
    rules_dict = _rules_of(info, rules)
    try:
        # Bots and options are checked here, before anything is written.
        stream = iter_deal_sets(bots, deals, seed, jobs, rules_dict, ray, game=info.name)
    except (ArenaError, BotSpecError, ExternalBotError, ValueError) as exc:
        raise _fail(str(exc)) from None
    writer = _prepare_out(out, force)
    title = "[bold]arena[/] " + " · ".join(bots)
    errors = (ArenaError, BotSpecError, ExternalBotError, ValueError)
    results, seconds = _run_sets(stream, writer, title, deals, json_out, errors)
    result = summarise(bots, seed, results, rules_dict, seconds, game=info.name)
    if out is not None:
        write_outputs(result, out)
    _report(result, result_table(result, hooks), _diff_table(result), seed, out, json_out)


def _other_game_arena(
    info: GameInfo,
    bots: list[str],
    players: int | None,
    deals: int,
    seed: int,
    jobs: int,
    out: Path | None,
    ray: str | None,
    rules: str | None,
    json_out: bool,
    force: bool,
) -> None:
    seats = len(bots) if players is None else players
    rules_dict = _rules_of(info, rules)
    task_spec = SetTask(info.name, tuple(bots), seats, seed, rules_dict)
    try:
        # The player count, bots and options are checked here, before anything is written.
        stream = iter_sets(task_spec, deals, jobs, ray)
    except (ArenaError, BotSpecError, ExternalBotError, ValueError) as exc:
        raise _fail(str(exc)) from None
    writer = _prepare_out(out, force)
    title = f"[bold]{info.name} arena[/] " + " · ".join(bots)
    errors = (ArenaError, BotSpecError, ExternalBotError)
    results, seconds = _run_sets(stream, writer, title, deals, json_out, errors)
    result = summarise_sets(task_spec, results, seconds)
    if out is not None:
        write_game_outputs(result, out)
    _report(result, _game_table(result), _game_diff_table(result), seed, out, json_out)


def _run_sets(
    stream: Iterable[dict[str, Any]],
    writer: RecordWriter | None,
    title: str,
    deals: int,
    json_out: bool,
    errors: tuple[type[Exception], ...],
) -> tuple[list[dict[str, Any]], float]:
    """Play every set of `stream` under a progress bar, writing each to `writer`.

    Returns the sets without their records (they are on disk, not needed for the summary)
    and the seconds taken; any of `errors` becomes a plain command-line failure.
    """
    console = Console(stderr=True)
    results: list[dict[str, Any]] = []
    started = time.perf_counter()
    try:
        with _progress(console, title, json_out) as progress:
            task = progress.add_task("sets", total=deals)
            for set_result in stream:
                if writer is not None:
                    writer(set_result)
                results.append({**set_result, "records": []})
                progress.advance(task)
    except errors as exc:
        raise _fail(str(exc)) from None
    finally:
        if writer is not None:
            writer.close()
    return results, time.perf_counter() - started


def _report(
    result: ArenaResult | GameArenaResult,
    table: Table,
    diff_table: Table,
    seed: int,
    out: Path | None,
    json_out: bool,
) -> None:
    """Print an arena's result: JSON with --json, else its two tables and what was written."""
    if json_out:
        from ..arena.output import _finite

        typer.echo(json.dumps(_finite(result.to_json() | {"set_means": None}), indent=2))
        return
    stdout = Console()
    if not stdout.is_terminal:
        stdout = Console(width=max(stdout.width, 110))  # files and pipes: keep rows whole
    stdout.print(table)
    stdout.print(diff_table)
    stdout.print(f"seed {seed}, {result.seconds:.1f} s")
    if out is not None:
        stdout.print(f"wrote {out / 'arena.json'}, {out / 'ladder.png'}, {out / RECORDS_NAME}")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("arena")(arena_command)
