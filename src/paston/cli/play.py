"""`paston play`: a whole game in the terminal, one person against bots.

This module only turns the options into a session of :mod:`paston.terminal` for the chosen
game (``--game``, or the format of the ``--resume`` record); the game loop itself lives there,
and everything it knows of a game comes from the game's ``GameInfo`` and terminal hooks.
Every record it writes carries ``meta`` (names, the person's seat, the bots, date, result),
from which ``--resume`` seats everyone again. It never writes over a file it did not make
(``--force`` allows it), and refuses bots that are not for play (``oracle`` sees every card).
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from ..bots import Bot, make_bot
from ..bots.registry import BotSpecError, bot_info, bot_infos, parse_spec
from ..core.errors import RecordError
from ..core.hooks import MissingHooks
from ..core.protocol import GameInfo, Match
from ..core.registry import UnknownGame, available, default_game, game_for_record, get_game
from ..terminal import GameSession, line_reader
from ..terminal.console import terminal_keys
from ..terminal.generic import terminal_hooks
from .records import fail, read_record

__all__ = ["register"]

#: The games ``paston play`` can seat a person at: every installed game of the registry (a
#: game without terminal hooks is played through the protocol alone).
PLAYABLE = tuple(available())


@dataclass(frozen=True)
class _Options:
    """The options every game's start reads."""

    seat: int
    bots: str | None
    seed: int | None
    rules: str | None
    save: Path | None
    resume: Path | None
    hint_bot: str | None
    pause: float
    force: bool = False
    auto_play: bool = True
    #: Whether a person sits at a terminal (keys skip pauses, a deal's end waits for one).
    interactive: bool = False


def _game_of_record(record: dict[str, Any], source: Path) -> str:
    """Which game a saved record is of, from its ``format``."""
    try:
        return game_for_record(record).name
    except RecordError as exc:
        fail(f"{source}: {exc}")


def _default_save(game: str) -> Path:
    """``<game>-game-<time>.json`` in the current folder, never the name of a file already
    there (two games started within a second get ``-2``, ``-3`` …)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(f"{game}-game-{stamp}.json")
    n = 1
    while path.exists():
        n += 1
        path = Path(f"{game}-game-{stamp}-{n}.json")
    return path


def _check_save_target(save_path: Path, options: _Options) -> None:
    """The record goes to an existing folder, and never over another file unless asked
    (``--force``); a resumed game is saved back over its own record."""
    if not (save_path.parent if str(save_path.parent) else Path(".")).is_dir():
        fail(f"--save: no such folder: {save_path.parent}")
    if save_path.is_dir():
        fail(f"--save: {save_path} is a folder, not a file")
    same = options.resume is not None and save_path.resolve() == options.resume.resolve()
    if save_path.exists() and not same and not options.force:
        fail(
            f"--save: {save_path} already exists; add --force to overwrite it "
            f"(or continue that game with --resume {save_path})"
        )


def _check_game(game: str) -> GameInfo:
    """The ``--game`` option: any game of the registry."""
    try:
        return get_game(game)
    except UnknownGame as exc:
        fail(f"--game: {exc}")


def _default_bot(info: GameInfo) -> str:
    """The bot that takes the other seats when ``--bots`` names none: the game's default."""
    try:
        return info.play.default_bot
    except (MissingHooks, ImportError):
        return "heuristic"


def _check_bot_spec(spec: str, game: str, option: str) -> None:
    """A bot a person may play against or take hints from: a known, offered bot of the game
    (a measuring stick such as ``oracle`` sees every card) or an external ``cmd:`` bot."""
    try:
        name, _ = parse_spec(spec)
        if name == "cmd":
            return
        info = bot_info(name, game)
    except BotSpecError:
        info = None
        name = spec.partition(":")[0].strip()
    offered = ", ".join(b.name for b in bot_infos(game) if b.offered)
    if info is None:
        fail(f"{option}: unknown bot {name!r}; choose one of: {offered}, or cmd:COMMAND")
    if not info.offered:
        fail(
            f"{option}: {name!r} is not for play (it is a measuring stick that sees every "
            f"card); choose one of: {offered}, or cmd:COMMAND"
        )


def _check_hint_bot(hint_bot: str | None, game: str) -> None:
    if hint_bot is None:
        return
    _check_bot_spec(hint_bot, game, "--hint-bot")
    try:
        make_bot(hint_bot, game=game).close()
    except ValueError as exc:
        fail(f"--hint-bot: {exc}")


def play_command(
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            help=f"The game to play: {', '.join(PLAYABLE)} (default {PLAYABLE[0]}).",
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(help="Number of players, you included (default: the game's usual table)."),
    ] = None,
    seat: Annotated[int, typer.Option(min=0, help="Your seat.")] = 0,
    bots: Annotated[
        str | None,
        typer.Option(
            help="The computer players, for the other seats in order (one name for all); "
            "default: the game's default bot."
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help="Seed of the cards and the bots.")
    ] = None,
    rules: Annotated[
        str | None, typer.Option(help="Variant flags as JSON, e.g. '{\"target\": 61}'.")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            "-o",
            help="Where to save the game record (default <game>-game-<time>.json); "
            "an existing file is kept unless --force.",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Let --save overwrite an existing file.")
    ] = False,
    resume: Annotated[
        Path | None, typer.Option(help="Continue the game saved in this record.")
    ] = None,
    hint_bot: Annotated[
        str | None,
        typer.Option(help="The bot asked by 'hint' (default: the game's hint bot)."),
    ] = None,
    pause: Annotated[
        float,
        typer.Option(
            min=0.0,
            help="Seconds to wait after each bot action (terminal only; any key skips to "
            "your next decision).",
        ),
    ] = 0.6,
    auto_play: Annotated[
        bool,
        typer.Option(
            "--auto-play/--no-auto-play",
            help="Play your only legal card for you.",
        ),
    ] = True,
) -> None:
    """Play a whole game in the terminal against bots."""
    record: dict[str, Any] | None = None
    if resume is not None:
        if rules is not None:
            fail("--rules cannot be combined with --resume (the saved game has its rules)")
        record = read_record(str(resume))
        name = _game_of_record(record, resume)
    else:
        name = game if game is not None else default_game()
    info = _check_game(name)
    _check_hint_bot(hint_bot, info.name)
    if bots is not None:
        for spec in bots.split(","):
            if spec.strip():
                _check_bot_spec(spec.strip(), info.name, "--bots")
    console = Console(highlight=False)
    interactive = sys.stdin.isatty() and console.is_terminal
    options = _Options(
        seat,
        bots,
        seed,
        rules,
        save,
        resume,
        hint_bot,
        pause if interactive else 0.0,
        force=force,
        auto_play=auto_play,
        interactive=interactive,
    )
    raise typer.Exit(_start(console, options, players, record, info))


def _run(session: GameSession, options: _Options, record: dict[str, Any] | None = None) -> int:
    """Play the session with the options every game shares (``record``: the one resumed)."""
    meta = record.get("meta") if record is not None else None
    if isinstance(meta, dict):
        session.earlier_meta = meta
    session.auto_play = options.auto_play
    session.keys = terminal_keys() if options.interactive else None
    return session.run()


def _players(info: GameInfo, players: int | None) -> int:
    """The ``--players`` option, checked against the game's seat counts."""
    seats = terminal_hooks(info).seats
    default = seats if seats is not None else info.default_seats
    n = default if players is None else players
    if n not in info.seat_counts:
        low, high = min(info.seat_counts), max(info.seat_counts)
        if low == high:
            fail(f"--players: {info.title} is played by {low}, not {n}")
        fail(f"--players: {info.title} is for {low} to {high} players, not {n}")
    return n


def _new_match(info: GameInfo, options: _Options, n: int, rng: random.Random) -> Match:
    """A fresh match of ``n`` seats with the ``--rules`` flags, its first dealer drawn by
    ``rng`` (a seeded game so deals the same)."""
    try:
        data = {} if options.rules is None else json.loads(options.rules)
    except json.JSONDecodeError as exc:
        fail(f"--rules is not JSON: {exc.msg} at column {exc.colno}")
    if not isinstance(data, dict):
        fail(f"--rules must be a JSON object, not {type(data).__name__}")
    try:
        return info.new_match(n, info.parse_rules(data), rng.randrange(n))
    except (ValueError, TypeError) as exc:
        fail(f"--rules: {exc}")


def _resumed_match(info: GameInfo, record: dict[str, Any], source: Path | None) -> Match:
    """The match a saved record continues (the game's ``resume`` hook, else its record)."""
    hooks = terminal_hooks(info)
    try:
        match = hooks.resume(record) if hooks.resume is not None else info.load_record(record)
    except (RecordError, ValueError) as exc:
        fail(f"{source}: {exc}")
    if not isinstance(match, Match):
        fail(f"{source}: a single {info.title} hand cannot be resumed, only a game")
    return match


def _start(
    console: Console,
    options: _Options,
    players: int | None,
    record: dict[str, Any] | None,
    info: GameInfo,
) -> int:
    rng = random.Random(options.seed)
    default_bot = _default_bot(info)
    names: list[str] | None = None
    if record is not None:
        match = _resumed_match(info, record, options.resume)
        person, specs, names = _saved_seats(record.get("meta"), match.players, options, default_bot)
        save_path = options.save if options.save is not None else options.resume
        assert save_path is not None
    else:
        n = _players(info, players)
        match = _new_match(info, options, n, rng)
        deal_seeded = terminal_hooks(info).deal_seeded
        if options.seed is not None and deal_seeded is not None:
            # Checked on a spare match before anything is saved: a seed the game cannot use.
            try:
                deal_seeded(_new_match(info, options, n, random.Random(options.seed)), options.seed)
            except ValueError as exc:
                fail(f"--seed: {exc}")
        person = options.seat
        if person >= n:
            fail(f"--seat: a {n}-player game has seats 0 to {n - 1}, not {person}")
        specs = _bot_specs(options.bots, person, n, default_bot)
        save_path = options.save if options.save is not None else _default_save(info.name)
    _check_save_target(save_path, options)
    bots = _make_bots(specs, options.seed, info.name)
    session = GameSession(
        info,
        match,
        person,
        bots,
        specs,
        console,
        line_reader(console),
        save_path,
        rng,
        pause=options.pause,
        hint_bot=options.hint_bot,
        seed=options.seed,
        names=names,
    )
    if match.over:
        console.print("That game is already over.")
        session.show_sheet()
        for bot in bots.values():
            bot.close()
        return 0
    return _run(session, options, record)


def _make_bots(specs: dict[int, str], seed: int | None, game: str) -> dict[int, Bot]:
    bots: dict[int, Bot] = {}
    for seat, spec in specs.items():
        try:
            bots[seat] = make_bot(spec, seed=None if seed is None else seed * 7 + seat, game=game)
        except ValueError as exc:
            for bot in bots.values():
                bot.close()
            fail(f"--bots: {exc}")
    return bots


def _bot_specs(spec: str | None, person: int, players: int, default: str) -> dict[int, str]:
    """``--bots``: one spec for every other seat, or one per other seat in seat order."""
    names = [s.strip() for s in (spec or default).split(",") if s.strip()]
    others = [s for s in range(players) if s != person]
    if len(names) == 1:
        names *= len(others)
    if len(names) != len(others):
        fail(
            f"--bots names one bot for every other seat ({len(others)}), or one for all; "
            f"got {spec!r}"
        )
    return dict(zip(others, names, strict=True))


def _saved_seats(
    meta: Any, players: int, options: _Options, default_bot: str
) -> tuple[int, dict[int, str], list[str] | None]:
    """Who sat where in a saved game: the person's seat, the bots' specs and the names, from
    the record's ``meta`` (as ``paston play`` writes it), else from the options."""
    if isinstance(meta, dict):
        bots = meta.get("bots")
        if (
            isinstance(bots, list)
            and len(bots) == players
            and bots.count(None) == 1
            and all(b is None or isinstance(b, str) for b in bots)
        ):
            person = bots.index(None)
            names = meta.get("players")
            specs = {s: str(b) for s, b in enumerate(bots) if b is not None}
            if (
                isinstance(names, list)
                and len(names) == players
                and all(isinstance(x, str) and x.isprintable() and len(x) <= 40 for x in names)
            ):
                return person, specs, [str(x) for x in names]
            return person, specs, None
    person = options.seat
    if person >= players:
        fail(f"--seat: a {players}-player game has seats 0 to {players - 1}, not {person}")
    return person, _bot_specs(options.bots, person, players, default_bot), None


def register(app: typer.Typer) -> None:
    """Add ``play`` to the app."""
    app.command("play")(play_command)
