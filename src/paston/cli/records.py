"""`paston replay`, `paston deal` and `paston show`: reading, making and printing records.

Bad input never produces a traceback: the commands print exactly one line ``error: ...`` on
standard error, nothing on standard output, and exit with status 2 (spec/notation.md).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from ..core.errors import RecordError
from ..games.paston.record import (
    DEAL_FORMAT,
    GAME_FORMAT,
    deal_from_record,
    deal_record,
    game_from_record,
    load_record,
    replay,
)
from ..games.paston.rules import RuleError, Rules
from ..games.paston.shuffle import deal_until_playable
from ..games.paston.text import deal_renderable, game_renderable, to_plain

__all__ = ["fail", "parse_rules", "read_record", "register"]

#: Exit status of every command for bad input (spec/notation.md, "Errors").
BAD_INPUT = 2


def fail(message: str) -> NoReturn:
    """Print one ``error:`` line on standard error and exit with status 2."""
    # One line, whatever the message holds: later lines would look like separate errors.
    line = " ".join(str(message).split())
    sys.stderr.write(f"error: {line}\n")
    sys.stderr.flush()
    raise typer.Exit(BAD_INPUT)


def read_text(source: str) -> str:
    """The text of FILE, or of standard input when ``source`` is ``-``."""
    try:
        if source == "-":
            data = sys.stdin.buffer.read()
            where = "standard input"
        else:
            data = Path(source).read_bytes()
            where = source
    except OSError as exc:
        fail(f"cannot read {source}: {exc.strerror or exc}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        fail(f"{where} is not UTF-8 text (byte {exc.start})")


def read_record(source: str) -> dict[str, Any]:
    """Read and parse a record's JSON from FILE or ``-``; bad JSON ends the command."""
    try:
        return load_record(read_text(source))
    except RecordError as exc:
        fail(str(exc))
    except RecursionError:
        fail("not JSON: nested too deeply")


def parse_rules(text: str | None) -> Rules:
    """The ``--rules`` option: a JSON object of variant flags."""
    if text is None:
        return Rules()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        fail(f"--rules is not JSON: {exc.msg} at column {exc.colno}")
    try:
        return Rules.from_dict(data)
    except RuleError as exc:
        fail(f"--rules: {exc}")


def _guarded(func: Any, *args: Any) -> Any:
    """Run ``func`` on a record; every failure becomes the one-line error."""
    try:
        return func(*args)
    except (RecordError, RuleError) as exc:
        fail(str(exc))
    except RecursionError:
        fail("the record is nested too deeply")
    except Exception as exc:
        # A shape the record checks did not foresee: still a bad record, never a traceback.
        fail(f"malformed record ({type(exc).__name__}: {exc})")


def replay_command(
    file: Annotated[str, typer.Argument(help="A deal or game record (JSON); - for stdin.")],
) -> None:
    """Replay a deal or game record and print where it stands, as JSON."""
    record = read_record(file)
    result = _guarded(replay, record)
    # Built completely before anything is written: on error nothing reaches stdout.
    sys.stdout.write(json.dumps(result) + "\n")


def deal_command(
    seed: Annotated[int, typer.Option(help="Seed of the dealing procedure.")],
    dealer: Annotated[int, typer.Option(min=0, max=2, help="The dealer's seat.")] = 0,
    first_deal: Annotated[
        bool,
        typer.Option("--first-deal/--no-first-deal", help="Apply the first-deal J♠/7♠ rule."),
    ] = True,
    rules: Annotated[
        str | None, typer.Option(help="Variant flags as JSON, e.g. '{\"target\": 61}'.")
    ] = None,
    pretty: Annotated[bool, typer.Option(help="Indent the JSON.")] = False,
) -> None:
    """Deal cards with the seeded dealing procedure and print the deal record."""
    parsed = parse_rules(rules)
    deals = deal_until_playable(seed=seed, dealer=dealer, first_deal=first_deal, rules=parsed)
    if len(deals) > 1:
        reasons = ", ".join(d.redeal_reason or "?" for d in deals[:-1])
        sys.stderr.write(
            f"note: {len(deals) - 1} redeal(s) skipped ({reasons}); the same dealer dealt again\n"
        )
    record = deal_record(deals[-1])
    sys.stdout.write(json.dumps(record, indent=2 if pretty else None) + "\n")


def show_command(
    file: Annotated[str, typer.Argument(help="A deal or game record (JSON); - for stdin.")],
    width: Annotated[int | None, typer.Option(help="Line width (default: the terminal's).")] = None,
) -> None:
    """Print a deal or game record as readable text (hands, auction, tricks, scores)."""
    record = read_record(file)
    fmt = record.get("format")
    if fmt == DEAL_FORMAT:
        renderable = deal_renderable(_guarded(deal_from_record, record))
    elif fmt == GAME_FORMAT:
        renderable = game_renderable(_guarded(game_from_record, record))
    elif fmt is None:
        fail(f"missing key 'format' ({DEAL_FORMAT!r} or {GAME_FORMAT!r})")
    else:
        fail(f"unknown format {fmt!r} (expected {DEAL_FORMAT!r} or {GAME_FORMAT!r})")
    console = Console(width=width, highlight=False)
    if console.is_terminal:
        console.print(renderable)
    else:
        sys.stdout.write(to_plain(renderable, width or 100))


def register(app: typer.Typer) -> None:
    """Add ``replay``, ``deal`` and ``show`` to the app."""
    app.command("replay")(replay_command)
    app.command("deal")(deal_command)
    app.command("show")(show_command)
