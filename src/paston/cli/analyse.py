"""`paston analyse RECORD`: double-dummy grading of every decision after the prikup.

Text output is a table of the mistakes of each deal and a summary per player (rich tables);
``--json`` prints the whole analysis as one JSON object (format ``paston-analysis/1``). A
progress bar on standard error follows long games. Bad input prints one ``error:`` line and
exits with status 2, like the other record commands.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..core.errors import RecordError
from ..core.registry import game_for_record, get_game
from .records import GAME_OPTION, fail, game_info, read_record

#: The games ``paston analyse`` can grade (the solver and the graders are Paston's).
ANALYSED_GAMES = ("paston",)

__all__ = ["register"]


def _render(analysis: object, console: Console, all_decisions: bool) -> None:
    from ..analysis import Analysis

    assert isinstance(analysis, Analysis)
    for d in analysis.deals:
        title = f"Deal {d.deal}"
        if d.declarer is not None:
            title += f": declarer seat {d.declarer}, {d.contract or 'no contract'}"
        if d.scores is not None:
            title += f", scores {list(d.scores)}"
        shown = [
            x
            for x in d.decisions
            if all_decisions or x.loss_points > 1e-6 or (x.loss_tricks or 0) > 0
        ]
        if not shown:
            console.print(
                f"[bold]{title}[/bold]: no double-dummy mistake among "
                f"{len(d.decisions)} graded decisions"
            )
            continue
        table = Table(title=title, title_justify="left")
        for col, just in (
            ("#", "right"),
            ("seat", "right"),
            ("phase", "left"),
            ("trick", "right"),
            ("played", "left"),
            ("best", "left"),
            ("lost tricks", "right"),
            ("lost points", "right"),
        ):
            table.add_column(col, justify=just)  # type: ignore[arg-type]
        for x in shown:
            best = (
                x.best
                if x.best_for_side in (None, x.best)
                else f"{x.best} (side: {x.best_for_side})"
            )
            table.add_row(
                str(x.index),
                str(x.seat),
                x.phase,
                "" if x.trick is None else str(x.trick),
                x.action,
                best,
                "" if x.loss_tricks is None else str(x.loss_tricks),
                f"{x.loss_points:.1f}" + ("*" if x.estimate and x.loss_points > 1e-6 else ""),
            )
        console.print(table)
    summary = Table(title="Summary per player", title_justify="left")
    for col in ("seat", "graded", "mistakes", "lost tricks", "lost points", "worst mistakes"):
        summary.add_column(col)
    for p in analysis.players:
        worst = "; ".join(
            f"deal {w.deal} #{w.index} {w.action} (best {w.best}, -{w.loss_points:.1f})"
            for w in p.worst[:3]
        )
        summary.add_row(
            str(p.seat),
            str(p.decisions),
            str(p.mistakes),
            str(p.loss_tricks),
            f"{p.loss_points:.1f}",
            worst or "-",
        )
    console.print(summary)
    console.print(
        "Lost tricks are for the player's side; lost points for the seat itself (* = estimated "
        "share of a defender in three-handed play). Contracts and discards assume both "
        "defenders whist."
    )


def get_title(name: str) -> str:
    """A game's title for messages (its name when it cannot be loaded)."""
    try:
        return get_game(name).title
    except Exception:  # a game that does not load is still named in the message
        return name


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""

    @app.command("analyse")
    def analyse(
        record: Annotated[
            str, typer.Argument(help="A deal or game record (JSON file, or - for stdin).")
        ],
        as_json: Annotated[
            bool, typer.Option("--json", help="Print the analysis as JSON.")
        ] = False,
        all_decisions: Annotated[
            bool, typer.Option("--all", help="List every graded decision, not only mistakes.")
        ] = False,
        game: Annotated[str, GAME_OPTION] = "paston",
    ) -> None:
        """Grade every decision after the prikup with the exact double-dummy solver."""
        from ..analysis import analyse_record, count_steps, deals_of_record

        info = game_info(game)
        data = read_record(record)
        try:
            # A record of another game says so by its format, whatever --game says.
            of_record = game_for_record(data).name
        except RecordError:
            of_record = info.name  # Paston's own checks below name what is wrong
        for name in (info.name, of_record):
            if name not in ANALYSED_GAMES:
                fail(
                    f"analysis of {get_title(name)} games is not available yet "
                    f"(paston analyse grades {', '.join(ANALYSED_GAMES)} records)"
                )
        if of_record != info.name:
            fail(f"--game {info.name}: the record is a {of_record} record")
        try:
            _, deals = deals_of_record(data)
        except RecordError as exc:
            fail(str(exc))
        total = sum(count_steps(d) for d in deals)
        err = Console(stderr=True)
        with Progress(
            TextColumn("analysing"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err,
            transient=True,
            disable=total < 40,
        ) as progress:
            task = progress.add_task("analyse", total=total)
            result = analyse_record(data, step=lambda: progress.advance(task))
        if as_json:
            sys.stdout.write(json.dumps(result.to_json(), indent=2) + "\n")
            return
        _render(result, Console(), all_decisions)
