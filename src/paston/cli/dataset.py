"""`paston dataset`: played hands of any game as learning data, from records or self-play.

Two sources, one output (see :mod:`paston.env.dataset` and docs/research-apis.md):

* record files (``records.jsonl`` of ``paston arena --out``, saved tables, any JSON Lines or
  JSON file of one game's records, or an arena's ``--out`` folder);
* ``--self-play BOT``: fresh hands between bots (one spec for every seat, or one per seat
  separated by commas), seeded so the same command writes the same data.

Progress goes to stderr (a bar on a terminal, a line every 5 % otherwise); the summary line
says what was written.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from ..core.registry import UnknownGame, available, default_game, get_game
from ..env.dataset import DatasetError, read_records, self_play_records, write_dataset

__all__ = ["dataset_command", "register"]


def _fail(message: str) -> typer.Exit:
    line = " ".join(str(message).split())
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {line}", markup=False)
    return typer.Exit(2)


class _Progress:
    """Records done out of an expected total: a live line on a terminal, every 5 % in a log."""

    def __init__(self, total: int | None, what: str) -> None:
        self.total = total
        self.what = what
        self.started = time.monotonic()
        self.tty = sys.stderr.isatty()
        self.shown = -1
        self.rows = 0

    def __call__(self, done: int, rows: int) -> None:
        self.rows = rows
        elapsed = time.monotonic() - self.started
        if self.total:
            percent = 100 * done // self.total
            eta = elapsed / done * (self.total - done) if done else 0.0
            text = (
                f"{done:,} of {self.total:,} {self.what} ({percent} %), {rows:,} rows, "
                f"{elapsed:.0f} s, about {eta:.0f} s left"
            )
            step = percent // 5
        else:
            text = f"{done:,} {self.what}, {rows:,} rows, {elapsed:.0f} s"
            step = done // 1000
        if self.tty:
            sys.stderr.write("\r" + text.ljust(78)[:200])
            sys.stderr.flush()
        elif step != self.shown:
            self.shown = step
            print(text, file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.tty:
            sys.stderr.write("\n")


def _self_play(
    spec: str,
    game: str | None,
    players: int | None,
    hands: int,
    seed: int,
    jobs: int,
    rules: str | None,
    records_out: Path | None,
) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """The self-play records as ``(where, record)`` pairs, also written to ``records_out``."""
    try:
        info = get_game(game or default_game())
    except UnknownGame:
        raise _fail(f"unknown game {game!r} (known: {', '.join(available())})") from None
    bots = [part.strip() for part in spec.split(",") if part.strip()]
    seats = players if players is not None else (len(bots) if len(bots) > 1 else info.default_seats)
    if len(bots) == 1:
        bots *= seats
    if len(bots) != seats:
        raise _fail(f"--self-play names {len(bots)} bots for {seats} seats: give one or {seats}")
    rules_dict: dict[str, Any] | None = None
    if rules is not None:
        try:
            rules_dict = json.loads(rules)
        except json.JSONDecodeError as exc:
            raise _fail(f"--rules is not JSON: {exc.msg} at column {exc.colno}") from None
        if not isinstance(rules_dict, dict):
            raise _fail("--rules must be a JSON object, e.g. '{\"max_turns\": 300}'")
    try:
        stream = self_play_records(info.name, bots, hands, seed=seed, jobs=jobs, rules=rules_dict)
    except Exception as exc:  # a bad bot spec or rule: the bots' and rules' own messages
        raise _fail(str(exc)) from None
    sink = records_out.open("w", encoding="utf-8") if records_out is not None else None
    try:
        for index, record in enumerate(stream):
            if sink is not None:
                sink.write(json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n")
            yield f"self-play hand {index}", record
    finally:
        if sink is not None:
            sink.close()


def _record_stream(paths: list[Path]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for path in paths:
        yield from read_records(path)


def _count_records(paths: list[Path]) -> int | None:
    """How many records the files hold (lines of JSON Lines files), for the progress line."""
    total = 0
    for path in paths:
        target = path / "records.jsonl" if path.is_dir() else path
        try:
            with target.open("rb") as handle:
                total += sum(1 for line in handle if line.strip())
        except OSError:
            return None
    return total


def dataset_command(
    records: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Record files (JSON Lines or JSON) or arena --out folders, all of one game.",
            show_default=False,
        ),
    ] = None,
    out: Annotated[
        Path,
        typer.Option("--out", "-o", help="The file to write: .npz (NumPy) or .parquet."),
    ] = Path("dataset.npz"),
    self_play: Annotated[
        str | None,
        typer.Option(
            "--self-play",
            help="Play fresh hands between these bots instead of reading records: one spec "
            "for every seat (expert) or one per seat, comma-separated.",
        ),
    ] = None,
    game: Annotated[
        str | None, typer.Option("--game", "-g", help="The game of --self-play.")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", help="Seats at the --self-play table.")
    ] = None,
    hands: Annotated[int, typer.Option("--hands", help="Hands to play with --self-play.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the --self-play deals.")] = 0,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Worker processes for --self-play.")
    ] = 1,
    rules: Annotated[
        str | None, typer.Option("--rules", help="The --self-play table's rules as JSON.")
    ] = None,
    records_out: Annotated[
        Path | None,
        typer.Option("--records-out", help="Also keep the --self-play records (JSON Lines)."),
    ] = None,
    reward: Annotated[
        str | None,
        typer.Option("--reward", help="The return's reward mode (the game's default if unset)."),
    ] = None,
    normalize: Annotated[
        bool,
        typer.Option("--normalize", help="Divide returns by the game's reward scale."),
    ] = False,
    shard_rows: Annotated[
        int,
        typer.Option("--shard-rows", help="Start a new file after about this many rows."),
    ] = 100_000,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing --out.")] = False,
) -> None:
    """Turn played hands into (observation, legal actions, action, return) rows for learning."""
    if self_play is None and not records:
        raise _fail("give record files to convert, or --self-play BOT to play fresh hands")
    if self_play is not None and records:
        raise _fail("give record files or --self-play, not both")
    if out.exists() and not force:
        raise _fail(f"{out} exists; add --force to overwrite it")
    if self_play is not None:
        stream = _self_play(self_play, game, players, hands, seed, jobs, rules, records_out)
        progress = _Progress(hands, "hands")
    else:
        paths = list(records or [])
        for path in paths:
            if not path.exists():
                raise _fail(f"no such file or folder: {path}")
        stream = _record_stream(paths)
        progress = _Progress(_count_records(paths), "records")
    try:
        written = write_dataset(
            stream, out, reward=reward, normalize=normalize, shard_rows=shard_rows,
            on_record=progress,
        )  # fmt: skip
    except DatasetError as exc:
        progress.close()
        raise _fail(str(exc)) from None
    progress.close()
    names = ", ".join(str(path) for path in written)
    typer.echo(f"wrote {progress.rows:,} decisions to {names}")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("dataset")(dataset_command)
