"""`paston replay`, `paston deal` and `paston show`: reading, making and printing records.

``replay`` and ``show`` read a record of any game (they dispatch on its ``format``);
``deal --game`` makes a seeded deal of Paston or Paris. Bad input never produces a traceback:
the commands print exactly one line ``error: ...`` on standard error, nothing on standard
output, and exit with status 2 (spec/notation.md).
"""

from __future__ import annotations

import importlib
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
from ..core.registry import UnknownGame, game_for_record, get_game, replay
from ..games.paston.record import (
    DEAL_FORMAT,
    GAME_FORMAT,
    deal_from_record,
    deal_record,
    game_from_record,
)
from ..games.paston.rules import RuleError, Rules
from ..games.paston.shuffle import deal_until_playable
from ..games.paston.text import deal_renderable, game_renderable, to_plain

__all__ = ["GAME_OPTION", "fail", "game_info", "parse_rules", "read_record", "register"]

#: Seeds of the Paris reference shuffle are 64-bit (paris-notation.md, "Seeded deals").
MAX_SEED = 2**64 - 1

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


def game_info(name: str) -> GameInfo:
    """The ``--game`` option: a game of the platform; an unknown one ends the command."""
    try:
        return get_game(name)
    except UnknownGame as exc:
        fail(str(exc))


#: The ``--game`` option as every command that needs to know the game declares it.
GAME_OPTION = typer.Option("--game", "-g", help="The game: paston (default), paris, ...")


def _guarded(func: Callable[..., Any], *args: Any) -> Any:
    """Run ``func`` on a record; every failure becomes the one-line error."""
    try:
        return func(*args)
    except (RecordError, RuleError) as exc:
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
            "--first-deal/--no-first-deal", help="Paston: apply the first-deal J♠/7♠ rule."
        ),
    ] = True,
    rules: Annotated[
        str | None, typer.Option(help="Paston: variant flags as JSON, e.g. '{\"target\": 61}'.")
    ] = None,
    pretty: Annotated[bool, typer.Option(help="Indent the JSON.")] = False,
    game: Annotated[str, GAME_OPTION] = "paston",
    players: Annotated[
        int | None, typer.Option(help="Number of players (Paris: 2 to 9; Paston: 3).")
    ] = None,
) -> None:
    """Deal cards with the game's seeded dealing procedure and print the record."""
    info = game_info(game)
    if info.name == "paston":
        record = _paston_deal(seed, dealer, first_deal, rules, players)
        seats = 3
    else:
        seats = info.default_seats if players is None else players
        record = _other_deal(info, seed, dealer, seats, rules, first_deal)
    # The tags a seeded deal knows: when it was made, and the seed that makes it again.
    record["meta"] = build_meta(seats=seats, extra={"seed": seed})
    sys.stdout.write(json.dumps(record, indent=2 if pretty else None) + "\n")


def _paston_deal(
    seed: int, dealer: int, first_deal: bool, rules: str | None, players: int | None
) -> dict[str, Any]:
    if players is not None and players != 3:
        fail(f"--players: Paston is played by 3, not {players}")
    if dealer not in (0, 1, 2):
        fail(f"--dealer must be a seat 0, 1 or 2, not {dealer}")
    parsed = parse_rules(rules)
    deals = deal_until_playable(seed=seed, dealer=dealer, first_deal=first_deal, rules=parsed)
    if len(deals) > 1:
        reasons = ", ".join(d.redeal_reason or "?" for d in deals[:-1])
        sys.stderr.write(
            f"note: {len(deals) - 1} redeal(s) skipped ({reasons}); the same dealer dealt again\n"
        )
    return deal_record(deals[-1])


def _other_deal(
    info: GameInfo,
    seed: int,
    dealer: int,
    players: int,
    rules: str | None,
    first_deal: bool,
) -> dict[str, Any]:
    if rules is not None or not first_deal:
        option = "--rules" if rules is not None else "--no-first-deal"
        fail(f"{option} is for Paston deals; a {info.name} deal takes --players, --seed, --dealer")
    if players not in info.seat_counts:
        low, high = min(info.seat_counts), max(info.seat_counts)
        fail(f"--players: {info.title} is for {low} to {high} players, not {players}")
    if not 0 <= seed <= MAX_SEED:
        fail(f"--seed must be 0 to 2^64-1 (a 64-bit seed), not {seed}")
    if not 0 <= dealer < players:
        fail(f"--dealer must be a seat 0 to {players - 1}, not {dealer}")
    try:
        shuffle = importlib.import_module(f"paston.games.{info.name}.shuffle")
        seeded: Callable[[int, int, int], dict[str, Any]] = shuffle.seeded_record
    except (ImportError, AttributeError):
        fail(f"paston deal cannot deal {info.name} yet")
    record: dict[str, Any] = _guarded(seeded, players, seed, dealer)
    return record


def _text_of_record(info: GameInfo, record: dict[str, Any]) -> str:
    """Another game's record as text: its ``text`` module's ``state_text`` for each game in
    the record, or the record itself as compact JSON when the game has no text module."""
    loaded = _guarded(info.load_record, record)
    try:
        text = importlib.import_module(f"paston.games.{info.name}.text")
        render: Callable[..., str] | None = getattr(text, "state_text", None)
    except ImportError:
        render = None
    states = getattr(loaded, "states", None)
    if states is None:
        states = [loaded]
    if render is None or not states:
        return json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n"
    names = _meta_names(record, getattr(states[0], "players", 0))
    pictures = [str(_guarded(render, state, names)) for state in states]
    if len(pictures) == 1:
        return pictures[0].rstrip("\n") + "\n"
    return "\n\n".join(f"Game {k}\n{p.rstrip()}" for k, p in enumerate(pictures, start=1)) + "\n"


def _meta_names(record: dict[str, Any], players: int) -> list[str] | None:
    """The players' names from the record's meta, when they are usable (else seat numbers)."""
    meta = record.get("meta")
    names = meta.get("players") if isinstance(meta, dict) else None
    if (
        isinstance(names, list)
        and len(names) == players
        and all(isinstance(n, str) and n.strip() and n.isprintable() for n in names)
    ):
        return [n[:40] for n in names]
    return None


def show_command(
    file: Annotated[str, typer.Argument(help="A record of any game (JSON); - for stdin.")],
    width: Annotated[int | None, typer.Option(help="Line width (default: the terminal's).")] = None,
    dd: Annotated[
        bool, typer.Option("--dd", help="Add each Paston deal's double-dummy table.")
    ] = False,
) -> None:
    """Print a record of any game as readable text (hands, auction or play, scores)."""
    record = read_record(file)
    fmt = record.get("format")
    if fmt == DEAL_FORMAT:
        renderable = deal_renderable(_guarded(deal_from_record, record))
    elif fmt == GAME_FORMAT:
        renderable = game_renderable(_guarded(game_from_record, record))
    else:
        info = _guarded(game_for_record, record)
        sys.stdout.write(_text_of_record(info, record))
        return
    if dd:
        from rich.console import Group

        from ..analysis.render import dd_tables_of_record

        renderable = Group(renderable, dd_tables_of_record(record))
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
