"""`paston replay`, `paston deal` and `paston show`: reading, making and printing records.

``replay`` and ``show`` read a record of any game (they dispatch on its ``format``);
``deal --game`` makes a seeded deal of any game that has one (the game's terminal hooks
``record_text`` and ``deal_record`` say how). Bad input never produces a traceback:
the commands print exactly one line ``error: ...`` on standard error, nothing on standard
output, and exit with status 2 (spec/notation.md).
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from ..core.errors import RecordError
from ..core.meta import build_meta
from ..core.protocol import GameInfo
from ..core.record_json import MAX_INT_DIGITS, loads
from ..core.registry import UnknownGame, available, default_game, game_for_record, get_game, replay
from ..terminal.generic import terminal_hooks

__all__ = ["GAME_OPTION", "fail", "game_info", "read_record", "register"]

#: Exit status of every command for bad input (spec/notation.md, "Errors").
BAD_INPUT = 2


def fail(message: str) -> NoReturn:
    """Print one ``error:`` line on standard error and exit with status 2."""
    # One line, whatever the message holds: later lines would look like separate errors.
    # Only line breaks go: other whitespace stays (an action is quoted exactly as written).
    line = " ".join(str(message).splitlines()).strip()
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
    """Read and parse a record's JSON from FILE or ``-``; bad JSON ends the command with
    one line naming the file and the place (an empty file is called empty)."""
    where = "standard input" if source == "-" else source
    text = read_text(source)
    if not text.strip():
        fail(f"not JSON: {where} is empty (a record is a JSON object)")
    try:
        data = loads(text)
    except json.JSONDecodeError as exc:
        # json's own messages can end in "at" ("Unterminated string starting at"), and
        # its position is the place that matters: say it once, as line and column.
        what = exc.msg.removesuffix(" at").removesuffix(" starting")
        fail(f"not JSON: {what} (line {exc.lineno}, column {exc.colno} of {where})")
    except RecordError as exc:
        # A number no record may hold (an integer over 4,300 digits, NaN): named by its path.
        fail(str(exc))
    except RecursionError:
        fail("not JSON: nested too deeply")
    if not isinstance(data, dict):
        fail(f"a record is a JSON object, not {type(data).__name__}")
    return data


def game_info(name: str) -> GameInfo:
    """The ``--game`` option: a game of the platform; an unknown one ends the command."""
    try:
        return get_game(name)
    except UnknownGame as exc:
        fail(str(exc))


#: The ``--game`` option as every command that needs to know the game declares it.
GAME_OPTION = typer.Option(
    "--game", "-g", help=f"The game: {', '.join(available())} (default {default_game()})."
)


def _guarded(func: Callable[..., Any], *args: Any) -> Any:
    """Run ``func`` on a record; every failure becomes the one-line error."""
    try:
        return func(*args)
    except RecordError as exc:
        fail(str(exc))
    except ValueError as exc:
        if "integer string conversion" in str(exc):
            # Python's int-string limit, met by a result grown from huge numbers of the record.
            fail(
                f"a number in the result has over {MAX_INT_DIGITS} digits, too long to print "
                "(the record's multiplier or a flag is too large)"
            )
        # Every game's rule and record errors are ValueErrors with a message for people.
        fail(str(exc))
    except RecursionError:
        fail("the record is nested too deeply")
    except Exception as exc:
        # A shape the record checks did not foresee: still a bad record, never a traceback.
        fail(f"malformed record ({type(exc).__name__}: {exc})")


def replay_command(
    file: Annotated[str, typer.Argument(help="A record of any game (JSON); - for stdin.")],
) -> None:
    """Replay a record of any game and print where it stands, as JSON."""
    record = read_record(file)
    result = _guarded(replay, record)
    # Built completely before anything is written: on error nothing reaches stdout. A
    # number too long to print (a score grown from a huge flag) is a bad record too.
    text = _guarded(json.dumps, result)
    sys.stdout.write(text + "\n")


def deal_command(
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the dealing procedure.")],
    dealer: Annotated[int, typer.Option(help="The dealer's seat.")] = 0,
    first_deal: Annotated[
        bool,
        typer.Option(
            "--first-deal/--no-first-deal",
            help="Apply the game's first-deal rule, where it has one (who bids first).",
        ),
    ] = True,
    rules: Annotated[
        str | None, typer.Option(help="Variant flags as JSON, e.g. '{\"target\": 61}'.")
    ] = None,
    pretty: Annotated[bool, typer.Option(help="Indent the JSON.")] = False,
    game: Annotated[str | None, GAME_OPTION] = None,
    players: Annotated[
        int | None, typer.Option(help="Number of players (default: the game's usual table).")
    ] = None,
) -> None:
    """Deal cards with the game's seeded dealing procedure and print the record."""
    info = game_info(game if game is not None else default_game())
    make = terminal_hooks(info).deal_record
    if make is None:
        fail(f"paston deal cannot deal {info.name} yet")
    seats = _seats(info, players)
    if not 0 <= dealer < seats:
        fail(f"--dealer must be a seat {_seat_list(seats)}, not {dealer}")
    flags = _rules_json(rules)
    try:
        record, notes = make(seats, seed, dealer, flags, first_deal)
    except ValueError as exc:
        fail(str(exc))
    for note in notes:
        sys.stderr.write(f"note: {note}\n")
    # The tags a seeded deal knows: when it was made, and the seed that makes it again.
    record["meta"] = build_meta(seats=seats, extra={"seed": seed})
    sys.stdout.write(json.dumps(record, indent=2 if pretty else None) + "\n")


def _seats(info: GameInfo, players: int | None) -> int:
    """The ``--players`` option, checked against the game's seat counts."""
    seats = info.default_seats if players is None else players
    if seats not in info.seat_counts:
        low, high = min(info.seat_counts), max(info.seat_counts)
        if low == high:
            fail(f"--players: {info.title} is played by {low}, not {seats}")
        fail(f"--players: {info.title} is for {low} to {high} players, not {seats}")
    return seats


def _seat_list(seats: int) -> str:
    """``0, 1 or 2`` for a small table, ``0 to 8`` for a large one."""
    if seats <= 3:
        return f"{', '.join(map(str, range(seats - 1)))} or {seats - 1}"
    return f"0 to {seats - 1}"


def _rules_json(text: str | None) -> dict[str, Any] | None:
    """The ``--rules`` option as a JSON object (the game checks its flags)."""
    if text is None:
        return None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        fail(f"--rules is not JSON: {exc.msg} at column {exc.colno}")
    if not isinstance(data, dict):
        fail(f"--rules must be a JSON object, not {type(data).__name__}")
    return data


def _meta_names(record: dict[str, Any]) -> list[str] | None:
    """The players' names from the record's meta, when they are usable (the game checks
    that there is one per seat)."""
    meta = record.get("meta")
    names = meta.get("players") if isinstance(meta, dict) else None
    if (
        isinstance(names, list)
        and names
        and all(isinstance(n, str) and n.strip() and n.isprintable() for n in names)
    ):
        return [n[:40] for n in names]
    return None


def show_command(
    file: Annotated[str, typer.Argument(help="A record of any game (JSON); - for stdin.")],
    width: Annotated[int | None, typer.Option(help="Line width (default: the terminal's).")] = None,
    dd: Annotated[
        bool,
        typer.Option("--dd", help="Add each deal's double-dummy table (games with a solver)."),
    ] = False,
) -> None:
    """Print a record of any game as readable text (hands, auction or play, scores)."""
    record = read_record(file)
    info = _guarded(game_for_record, record)
    render = terminal_hooks(info).record_text
    if render is None:
        sys.stdout.write(json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n")
        return
    lines: list[Any] = list(_guarded(render, record, _meta_names(record)))
    if dd:
        from ..analysis.render import dd_tables_of_record

        lines.append(_guarded(dd_tables_of_record, record))
    console = Console(width=width, highlight=False)
    for line in lines:
        if console.is_terminal:
            console.print(line, markup=not isinstance(line, str))
        elif isinstance(line, str):
            sys.stdout.write(line.rstrip("\n") + "\n")
        else:
            sys.stdout.write(_plain(line, width or 100))


def _plain(renderable: Any, width: int) -> str:
    """A rich renderable as plain text (no colour, no control codes, no padding)."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, force_terminal=False)
    console.print(renderable)
    # Rich pads table cells to the full width; the padding carries no information.
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines()) + "\n"


def register(app: typer.Typer) -> None:
    """Add ``replay``, ``deal`` and ``show`` to the app."""
    app.command("replay")(replay_command)
    app.command("deal")(deal_command)
    app.command("show")(show_command)
