"""`paston play`: a whole game in the terminal, one person against two bots.

This module only turns the options into a :class:`~paston.terminal.TerminalSession`; the game
loop itself lives in :mod:`paston.terminal`.
"""

from __future__ import annotations

import random
import sys
from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ..bots import Bot, make_bot
from ..core.errors import RecordError
from ..games.paston.game import Game
from ..games.paston.record import game_from_record
from ..terminal import TerminalSession, line_reader
from .records import fail, parse_rules, read_record

__all__ = ["register"]


def _bots(spec: str, person: int, seed: int | None) -> dict[int, Bot]:
    names = [s.strip() for s in spec.split(",") if s.strip()]
    if len(names) == 1:
        names *= 2
    if len(names) != 2:
        fail(f"--bots names two bots (one per other seat), e.g. random,random; got {spec!r}")
    seats = [s for s in range(3) if s != person]
    bots: dict[int, Bot] = {}
    for seat, name in zip(seats, names, strict=True):
        try:
            bots[seat] = make_bot(name, seed=None if seed is None else seed * 7 + seat)
        except ValueError as exc:
            fail(f"--bots: {exc}")
    return bots


def play_command(
    seat: Annotated[int, typer.Option(min=0, max=2, help="Your seat.")] = 0,
    bots: Annotated[
        str, typer.Option(help="The two computer players, for the other seats in order.")
    ] = "heuristic,heuristic",
    seed: Annotated[int | None, typer.Option(help="Seed of the cards and the bots.")] = None,
    rules: Annotated[
        str | None, typer.Option(help="Variant flags as JSON, e.g. '{\"target\": 61}'.")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Where to save the game record (default paston-game-<time>.json)."),
    ] = None,
    resume: Annotated[
        Path | None, typer.Option(help="Continue the game saved in this record.")
    ] = None,
    hint_bot: Annotated[
        str | None, typer.Option(help="The bot asked by 'hint' (default pimc).")
    ] = None,
    pause: Annotated[
        float, typer.Option(min=0.0, help="Seconds to wait after each bot action (terminal only).")
    ] = 0.6,
) -> None:
    """Play a whole game to the target in the terminal against two bots."""
    rng = random.Random(seed)
    if resume is not None:
        if rules is not None:
            fail("--rules cannot be combined with --resume (the saved game has its rules)")
        try:
            game = game_from_record(read_record(str(resume)))
        except RecordError as exc:
            fail(f"{resume}: {exc}")
        # The saved deals are replayed exactly; the next deal's cards come from a fresh rng.
        game.rng = rng
        save_path = save if save is not None else resume
    else:
        game = Game(parse_rules(rules), first_dealer=rng.randrange(3), rng=rng)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        save_path = save if save is not None else Path(f"paston-game-{stamp}.json")
    if not (save_path.parent if str(save_path.parent) else Path(".")).is_dir():
        fail(f"--save: no such folder: {save_path.parent}")
    if hint_bot is not None:
        try:
            make_bot(hint_bot).close()
        except ValueError as exc:
            fail(f"--hint-bot: {exc}")
    players = _bots(bots, seat, seed)
    console = Console(highlight=False)
    interactive = sys.stdin.isatty() and console.is_terminal
    session = TerminalSession(
        game,
        seat,
        players,
        console,
        line_reader(console),
        save_path,
        pause=pause if interactive else 0.0,
        hint_bot=hint_bot,
        seed=seed,
    )
    if game.over:
        console.print("That game is already over.")
        session.show_sheet()
        raise typer.Exit(0)
    raise typer.Exit(session.run())


def register(app: typer.Typer) -> None:
    """Add ``play`` to the app."""
    app.command("play")(play_command)
