"""`paston analyse RECORD`: every decision graded by what the player knew (docs/analysis.md).

RECORD is a deal or game record (a JSON file, or ``-`` for standard input) or an arena's
``records.jsonl`` (any file ending in ``.jsonl``, or ``--lines``), read one record per line.
Text output lists each deal's inaccuracies, mistakes and blunders, the game's table of the
deal (Paston's double-dummy table) and the report per player; ``--json`` prints the analysis
as one JSON object (one per line for a ``.jsonl`` file). Progress goes to standard error: on
a terminal a bar (deal k of n, decisions, time spent and left), else one line per deal
(none with ``--json``). Bad input prints one ``error:`` line and exits with status 2, like
the other record commands.
Any game with analysis hooks is analysed, by its own evaluator or, with ``--generic``, by
the generic Monte-Carlo one (:class:`paston.analysis.MonteCarloEvaluator`).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..core.errors import RecordError
from ..core.registry import default_game
from ..i18n import t
from .records import GAME_OPTION, fail, game_info, read_record

__all__ = ["register"]


def _lines(source: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, record) of each non-blank line of a JSON Lines file, read lazily."""
    from ..analysis.records import read_record_text

    try:
        handle = sys.stdin if source == "-" else Path(source).open(encoding="utf-8-sig")  # noqa: SIM115 (closed by the with below)
    except OSError as exc:
        fail(f"cannot read {source}: {exc.strerror or exc}")
    with handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                yield number, read_record_text(line)
            except (RecordError, ValueError) as exc:
                fail(f"{source}, line {number}: {exc}")


def _check_game(record: dict[str, Any], game: str | None, where: str) -> str:
    """The game of ``record``: ``--game`` when given (it must match), else its format's."""
    from ..analysis import Unavailable, evaluator_for, game_of_record

    try:
        of_record = game_of_record(record).name
    except RecordError:
        # No game reads this format: the chosen game's (else the flagship's) own checks
        # name what is wrong with the record.
        of_record = game or default_game()
    if game is not None and of_record != game:
        fail(f"{where}: --game {game}, but the record is a {of_record} record")
    try:
        evaluator_for(of_record)
    except Unavailable as exc:
        fail(str(exc))
    return of_record


def _evaluator(game: str, generic: bool) -> Any:
    """The game's own evaluator, or the generic Monte-Carlo one when asked."""
    from ..analysis import MonteCarloEvaluator, evaluator_for

    return MonteCarloEvaluator(game) if generic else evaluator_for(game)


def _analyse_one(
    record: dict[str, Any],
    settings: Any,
    where: str,
    game: str,
    generic: bool = False,
    quiet: bool = False,
) -> Any:
    """The analysis of ``record``, deal by deal, with its progress on standard error: on a
    terminal a bar (deal k of n, decisions, time spent and left), else one line per deal
    (``quiet``: none off a terminal, for ``--json``)."""
    from ..analysis.progress import Progress as Step
    from ..analysis.progress import analyse_by_deal, duration

    evaluator = _evaluator(game, generic)
    try:
        evaluator.outline(record)
        evaluator.count(record)
    except RecordError as exc:
        fail(f"{where}: {exc}")
    err = Console(stderr=True, highlight=False)
    if not err.is_terminal and quiet:
        # JSON for a program off a terminal: nothing but the JSON (and errors).
        return analyse_by_deal(evaluator, record, settings)
    if not err.is_terminal:
        said = [0]

        def line(p: Step) -> None:
            # One line per finished deal of a record of several (none for one deal).
            if p.deals_done > said[0] and p.deals > 1:
                said[0] = p.deals_done
                left = duration(p.left) if p.left is not None else "?"
                err.print(
                    t(
                        "analyse.progress",
                        "analysing: deal {k} of {n} done · {elapsed} elapsed · about {left} left",
                        k=p.deals_done,
                        n=p.deals,
                        elapsed=duration(p.elapsed),
                        left=left,
                    ),
                    soft_wrap=True,
                )

        return analyse_by_deal(evaluator, record, settings, line)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(t("analyse.decisions", "decisions")),
        TimeElapsedColumn(),
        TextColumn("{task.fields[left]}"),
        console=err,
        transient=True,
    ) as bar:
        task = bar.add_task("", total=None, left="")

        def tick(p: Step) -> None:
            left = (
                ""
                if p.left is None
                else t("analyse.left", "about {left} left", left=duration(p.left))
            )
            bar.update(
                task,
                completed=p.decisions,
                total=p.total_decisions or None,
                left=left,
                description=t("analyse.deal_of", "deal {k} of {n}", k=p.deal, n=p.deals),
            )

        return analyse_by_deal(evaluator, record, settings, tick)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""

    @app.command("analyse")
    def analyse(
        record: Annotated[
            str,
            typer.Argument(help="A deal or game record (JSON file, - for stdin) or records.jsonl."),
        ],
        as_json: Annotated[
            bool, typer.Option("--json", help="Print the analysis as JSON.")
        ] = False,
        all_decisions: Annotated[
            bool, typer.Option("--all", help="List every graded decision, not only the bad ones.")
        ] = False,
        worlds: Annotated[
            int, typer.Option(help="Deals sampled per decision (error shrinks as 1/sqrt).")
        ] = 48,
        seed: Annotated[int, typer.Option(help="Seed of the sampling.")] = 0,
        lines: Annotated[
            bool, typer.Option("--lines", help="Read one record per line (JSON Lines).")
        ] = False,
        game: Annotated[str | None, GAME_OPTION] = None,
        generic: Annotated[
            bool,
            typer.Option(
                "--generic",
                help="Grade with the generic evaluator (sampled worlds, bot playouts) "
                "instead of the game's own.",
            ),
        ] = False,
    ) -> None:
        """Grade every decision by its expected loss over the deals the player could not tell
        apart, beside its double-dummy (hindsight) loss; bids included."""
        from ..analysis import Settings
        from ..analysis.render import render_analysis

        chosen = game_info(game).name if game is not None else None  # None: the record's
        if worlds < 2 or worlds > 10_000:
            fail(f"--worlds must be between 2 and 10000, not {worlds}")
        settings = Settings(worlds=worlds, max_worlds=4 * worlds, seed=seed)
        console = Console(highlight=False)
        if not console.is_terminal:
            console = Console(highlight=False, width=120)  # files and pipes: no wrapping
        if lines or record.endswith(".jsonl"):
            for number, data in _lines(record):
                where = f"{record}, line {number}"
                of_record = _check_game(data, chosen, where)
                result = _analyse_one(data, settings, where, of_record, generic, as_json)
                if as_json:
                    sys.stdout.write(json.dumps(result.to_json(), ensure_ascii=False) + "\n")
                    sys.stdout.flush()
                else:
                    console.print(f"[bold]Line {number}[/bold]")
                    render_analysis(result, console, all_decisions)
            return
        data = read_record(record)
        of_record = _check_game(data, chosen, record)
        result = _analyse_one(data, settings, record, of_record, generic, as_json)
        if as_json:
            sys.stdout.write(json.dumps(result.to_json(), indent=2, ensure_ascii=False) + "\n")
            return
        render_analysis(result, console, all_decisions)
