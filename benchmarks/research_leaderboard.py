"""A research leaderboard: every bot of a game, and any trained agent, against one fixed field.

Each *entry* (a bot of the game's registry, a strength level, or a trained agent given with
``--agent``) plays **one seat** of seeded duplicate deals against the same fixed field (by
default ``heuristic`` in every other seat: Paston 3 seats, Paris 3 players, Paskievics 4
seats). Deal set ``k`` is the hand of set ``k`` of ``paston arena --game GAME --seed SEED``
(:mod:`paston.arena.duplicate`: the first hand of a fresh match, dealer ``k % seats``), and
the entry takes every seat of it in turn, so every entry plays the same cards from every
seat. The **baseline** is the field bot itself in that seat on the same cards, with the same
company and the same bot seeds: the paired difference ``entry − field`` per set (averaged over
the seats) cancels the luck of the deal, and its 95 % interval is over the sets. The field
bot against itself therefore differs by exactly 0 (the check of the pairing the tests make).

Every bot gets a fresh generator per (set, seat taken, seat), so an entry and the baseline
start each hand alike. Only seat views reach the bots (:func:`paston.arena.playing.play_out`).

Budgets: an entry plays ``--sets`` deal sets or stops when its hands have used ``--seconds``
of CPU time (``time.process_time``), whichever comes first (at least two sets, for an
interval); the deals each row played are reported, so a slow search bot has fewer deals and
a wider, but honest, interval. The baseline hands (played once per set and shared by the
entries) are not counted against an entry's budget. The CPU seconds per decision (median)
count the entry's own decisions with more than one legal action.

Scores are ``state.result()`` per hand: Paston and Paskievics points per deal, Paris −1 for
the loser and 0 for the others (so Paris's "score" is minus the loser rate). For a game that
ranks its players (Paris), the mean finishing place and its paired difference are reported
too (lower is better).

Entries: the game's levels and bots (:func:`paston.bots.registry.bot_infos`), except bots
that cannot play from a seat's view (Paston's ``oracle`` and ``search_oracle`` need the whole
deal). A level that is another bot of the list under a new name (``casual`` = ``heuristic``)
is not played again in a full run: its row repeats that bot's figures (``--only LEVEL`` plays
it and gives the same figures, the bots being the same with the same seeds).

A trained agent: ``--agent NAME=MODULE:FACTORY[:ARG]``. ``MODULE`` is a module name
(``examples.my_policy``, importable from the repository root) or a path to a ``.py`` file;
``FACTORY`` is called once per hand as ``FACTORY(ARG)`` (or ``FACTORY()`` without ``ARG``),
with ``seed=`` and ``game=`` keywords when it takes them, and returns a bot-like object: an
``act(view) -> action id`` method (one of ``view.legal``), optionally ``close()``. Keep
loaded weights in a module-level cache: the factory is called for every hand. The agent then
runs like any entry (``--only NAME`` runs it alone).

Results: ``benchmarks/results/leaderboard_GAME.json`` (rows of a run replace the rows of the
same entries in the file, when the file's game, seats, field and seed are the same), the
Markdown table on stdout, progress on stderr; ``--chart PNG`` draws the paired differences.
Each row keeps its per-set differences over the field (``set_vs_field``, and
``set_place_vs_field`` for Paris), so ``--pair A B`` compares two entries *with each other*,
paired by set over the sets both played: the entries met the same cards, the same field bots
with the same seeds and the same baseline, so ``A − B`` per set is exactly the difference of
their hands (how far a level is ahead of the one below it, e.g. ``--pair expert strong``).

Usage::

    nice -n 10 .venv/bin/python benchmarks/research_leaderboard.py --game paston \
        --sets 100 --seconds 120 --chart docs/leaderboard_paston.png
    .venv/bin/python benchmarks/research_leaderboard.py --game paston --only pimc --sets 12
    .venv/bin/python benchmarks/research_leaderboard.py --game paris --sets 50 \
        --agent selfplay=examples/paris_policy.py:make_agent:build/paris_selfplay.npz \
        --only selfplay
    .venv/bin/python benchmarks/research_leaderboard.py --game paris --report   # table only
    .venv/bin/python benchmarks/research_leaderboard.py --game paskievics --list
    .venv/bin/python benchmarks/research_leaderboard.py --game paris --only expert \
        --only strong --sets 60 --out benchmarks/results/levels_paris_pair.json --pair expert strong
    .venv/bin/python benchmarks/research_leaderboard.py --game paris --report \
        --out benchmarks/results/levels_paris_pair.json --pair expert strong   # table only
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import inspect
import json
import math
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from paston.arena.duplicate import _deal_rng
from paston.arena.playing import ArenaError, play_out
from paston.arena.stats import mean_ci
from paston.bots import Bot, make_bot
from paston.bots.levels import levels_of
from paston.bots.registry import BotSpecError, bot_infos, register_bot
from paston.core.protocol import GameInfo, State
from paston.core.registry import get_game

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
GAMES = ("paston", "paris", "paskievics")
#: The seats of each game's leaderboard (Paris is played by 3, like Paston).
DEFAULT_SEATS = {"paston": 3, "paris": 3, "paskievics": 4}
#: Bots of the registry that cannot take a seat: what they would need a view never carries.
EXCLUDED = {
    ("paston", "oracle"): "sees every card: it needs the whole deal, not a seat's view",
    ("paston", "search_oracle"): "sees the true deal: it needs the whole deal, not a seat's view",
}
FORMAT = "paston-leaderboard/1"


# ---------------------------------------------------------------------- entries


@dataclass(frozen=True)
class Entry:
    """One row of the leaderboard: ``name`` is the bot spec it plays (``make_bot(name)``)."""

    name: str
    #: What it is: ``level``, ``bot`` or ``agent``.
    kind: str
    #: For a level that is another entry under a new name: that entry.
    alias_of: str | None = None


def entries_of(game: str, agents: Sequence[str] = ()) -> list[Entry]:
    """The entries of ``game``: its levels, its bots (less :data:`EXCLUDED`), then ``agents``."""
    levels = {level.name: level for level in levels_of(game)}
    infos = [info for info in bot_infos(game) if (game, info.name) not in EXCLUDED]
    names = {info.name for info in infos}
    out = []
    for info in infos:
        level = levels.get(info.name)
        if info.name in agents:
            continue
        if level is None:
            out.append(Entry(info.name, "bot"))
            continue
        same = level.spec if not level.mistakes and level.spec in names else None
        out.append(Entry(info.name, "level", same if same != info.name else None))
    out.extend(Entry(name, "agent") for name in agents)
    return out


class _AgentBot(Bot):
    """A trained agent's bot-like object as a :class:`Bot` (``close`` when it has one)."""

    def __init__(self, inner: Any, name: str) -> None:
        self.inner = inner
        self.name = name

    def act(self, view: Any) -> int:
        return int(self.inner.act(view))

    def close(self) -> None:
        close = getattr(self.inner, "close", None)
        if callable(close):
            close()


def _load_module(target: str) -> Any:
    if target.endswith(".py") or "/" in target:
        path = Path(target)
        if not path.is_absolute():
            path = (Path.cwd() / path) if (Path.cwd() / path).exists() else ROOT / path
        if not path.is_file():
            raise BotSpecError(f"--agent: no such file {target!r}")
        if str(path.parent) not in sys.path:
            sys.path.insert(0, str(path.parent))  # its sibling modules, as a script has them
        spec = importlib.util.spec_from_file_location(f"_leaderboard_agent_{path.stem}", path)
        if spec is None or spec.loader is None:
            raise BotSpecError(f"--agent: cannot load {target!r} as Python")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        return module
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    try:
        return importlib.import_module(target)
    except ImportError as exc:
        raise BotSpecError(f"--agent: cannot import module {target!r}: {exc}") from exc


def agent_factory(text: str, game: str) -> tuple[str, Callable[..., Bot]]:
    """``NAME=MODULE:FACTORY[:ARG]`` as (name, bot factory) for :func:`register_bot`."""
    name, sep, target = text.partition("=")
    name = name.strip()
    parts = target.split(":", 2)
    if not sep or not name or len(parts) < 2 or not all(parts[:2]):
        raise BotSpecError(f"--agent wants NAME=MODULE:FACTORY[:ARG], not {text!r}")
    if not name.replace("_", "").replace("-", "").isalnum():
        raise BotSpecError(f"--agent: the name must be a word (letters, digits, _ or -): {name!r}")
    taken = {info.name for info in bot_infos(game)}
    if name in taken:
        raise BotSpecError(f"--agent: {name!r} is already a bot of {game}; pick another name")
    module_name, attr = parts[0], parts[1]
    arg = parts[2] if len(parts) == 3 else None
    module = _load_module(module_name)
    build = getattr(module, attr, None)
    if not callable(build):
        raise BotSpecError(f"--agent: {module_name} has no callable {attr!r}")
    try:
        params = inspect.signature(build).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    takes_kwargs = any(p.kind is p.VAR_KEYWORD for p in params.values())

    def factory(seed: int | None = None, **options: Any) -> Bot:
        if options:
            raise BotSpecError(f"the agent {name!r} takes no options in its spec")
        kwargs: dict[str, Any] = {}
        if "seed" in params or takes_kwargs:
            kwargs["seed"] = seed
        if "game" in params or takes_kwargs:
            kwargs["game"] = game
        try:
            inner = build(arg, **kwargs) if arg is not None else build(**kwargs)
        except Exception as exc:  # the agent's own failure, said in the command's terms
            called = f"{attr}({arg!r})" if arg is not None else f"{attr}()"
            raise BotSpecError(f"--agent {name}: {called} failed: {exc}") from exc
        if not callable(getattr(inner, "act", None)):
            raise BotSpecError(f"--agent {name}: {attr}() returned {inner!r}, which has no act()")
        return inner if isinstance(inner, Bot) else _AgentBot(inner, name)

    return name, factory


# ---------------------------------------------------------------------- playing


class _Timed(Bot):
    """Records the CPU time of each decision of ``inner`` that had a choice."""

    def __init__(self, inner: Bot, times: list[float]) -> None:
        self.inner = inner
        self.times = times
        self.name = inner.name

    def act(self, view: Any) -> int:
        start = time.process_time()
        action = self.inner.act(view)
        if len(view.legal) > 1:
            self.times.append(time.process_time() - start)
        return action

    def close(self) -> None:
        self.inner.close()


def _seat_seed(game: str, seed: int, set_index: int, taken: int, seat: int) -> int:
    # Depends on the hand and the seat only: an entry and its baseline get the same seeds.
    key = f"paston-leaderboard-bot:{game}:{seed}:{set_index}:{taken}:{seat}"
    return random.Random(key).randrange(2**32)


def first_state(info: GameInfo, players: int, seed: int, set_index: int) -> State:
    """The hand of set ``set_index``: that of ``paston arena --game ... --seed seed``."""
    match = info.new_match(players, info.parse_rules({}), set_index % players)
    rng = _deal_rng(info.name, seed, set_index)
    state = match.next_state(rng)
    while state.is_over and not match.over:
        state = match.next_state(rng)  # thrown in as dealt (a Paston redeal): again
    return state


@dataclass(frozen=True)
class Hand:
    """The outcome of one hand for the seat taken: its score and finishing place."""

    score: float
    place: int | None


class Leaderboard:
    """Plays entries against the field of one game, sharing the baseline hands."""

    def __init__(self, game: str, players: int, field: str, seed: int) -> None:
        self.info = get_game(game)
        if players not in self.info.seat_counts:
            raise ArenaError(f"--players: {self.info.title} is not for {players} players")
        self.game = game
        self.players = players
        self.field = field
        self.seed = seed
        self._baseline: dict[tuple[int, int], Hand] = {}
        self.baseline_seconds = 0.0
        make_bot(field, seed=0, game=game).close()  # a bad field fails before any hand

    def play(self, spec: str, set_index: int, taken: int, times: list[float] | None) -> Hand:
        """Set ``set_index`` with ``spec`` in seat ``taken`` and the field elsewhere."""
        n = self.players
        state = first_state(self.info, n, self.seed, set_index)
        specs = [spec if seat == taken else self.field for seat in range(n)]
        bots: list[Bot] = []
        try:
            for seat in range(n):
                bot = make_bot(
                    specs[seat],
                    seed=_seat_seed(self.game, self.seed, set_index, taken, seat),
                    game=self.game,
                )
                bots.append(_Timed(bot, times) if seat == taken and times is not None else bot)
            counters = [{"decisions": 0, "seconds": 0.0} for _ in range(n)]
            play_out(state, bots, specs, counters)
        finally:
            for bot in bots:
                bot.close()
        placings = self.info.play.placings if self.info.offers("play") else None
        place = None if placings is None else int(placings(state)[taken])
        return Hand(float(state.result()[taken]), place)

    def baseline(self, set_index: int, taken: int) -> Hand:
        """The field bot itself in seat ``taken`` of set ``set_index`` (played once)."""
        key = (set_index, taken)
        if key not in self._baseline:
            start = time.process_time()
            self._baseline[key] = self.play(self.field, set_index, taken, None)
            self.baseline_seconds += time.process_time() - start
        return self._baseline[key]

    def run(self, entry: Entry, sets: int, seconds: float, command: str) -> dict[str, Any]:
        """Play ``entry`` for ``sets`` sets or ``seconds`` of CPU, whichever comes first."""
        n = self.players
        scores: list[float] = []
        diffs: list[float] = []
        field_scores: list[float] = []
        places: list[float] = []
        place_diffs: list[float] = []
        times: list[float] = []
        cpu = 0.0
        wall = time.perf_counter()
        capped_by = "sets"
        for set_index in range(sets):
            if set_index >= 2 and cpu >= seconds:
                capped_by = "seconds"
                break
            start = time.process_time()
            mine = [self.play(entry.name, set_index, seat, times) for seat in range(n)]
            cpu += time.process_time() - start
            base = [self.baseline(set_index, seat) for seat in range(n)]
            scores.append(statistics.fmean(h.score for h in mine))
            field_scores.append(statistics.fmean(h.score for h in base))
            pairs = list(zip(mine, base, strict=True))
            diffs.append(statistics.fmean(a.score - b.score for a, b in pairs))
            if all(h.place is not None for h in (*mine, *base)):
                places.append(statistics.fmean(h.place or 0 for h in mine))
                place_diffs.append(
                    statistics.fmean((a.place or 0) - (b.place or 0) for a, b in pairs)
                )
            done = set_index + 1
            per_set = cpu / done
            left = min((sets - done) * per_set, max(0.0, seconds - cpu) + per_set)
            print(
                f"{self.game} {entry.name}: deal set {done} of {sets} ({done * n} deals), "
                f"{time.perf_counter() - wall:.0f} s elapsed, {cpu:.0f} s CPU, "
                f"~{left if done < sets else 0:.0f} s left",
                file=sys.stderr,
                flush=True,
            )
        mean, ci = mean_ci(scores)
        diff, diff_ci = mean_ci(diffs)
        row: dict[str, Any] = {
            "entry": entry.name,
            "kind": entry.kind,
            "alias_of": entry.alias_of,
            "sets": len(scores),
            "deals": len(scores) * n,
            "capped_by": capped_by,
            "mean_score": _num(mean),
            "score_ci95": _num(ci),
            "field_score": _num(statistics.fmean(field_scores)) if field_scores else None,
            "vs_field": _num(diff),
            "vs_field_ci95": _num(diff_ci),
            "decisions": len(times),
            "cpu_s_per_decision_median": _num(statistics.median(times)) if times else 0.0,
            "cpu_seconds": round(cpu, 2),
            "command": command,
            "set_vs_field": [round(d, 6) for d in diffs],
        }
        if places:
            place, place_ci = mean_ci(places)
            place_diff, place_diff_ci = mean_ci(place_diffs)
            row.update(
                mean_place=_num(place),
                place_ci95=_num(place_ci),
                place_vs_field=_num(place_diff),
                place_vs_field_ci95=_num(place_diff_ci),
                set_place_vs_field=[round(d, 6) for d in place_diffs],
            )
        return row


def paired(result: dict[str, Any], first: str, second: str) -> dict[str, Any]:
    """``first − second`` per set over the sets both rows played, with 95 % intervals.

    Both entries' per-set differences are over the same baseline hands, so their difference
    is the difference of the two entries' own hands on the same cards (see the module
    docstring). Rows from before the per-set figures were kept cannot be paired.
    """
    rows = {r["entry"]: r for r in result["rows"]}
    for name in (first, second):
        if name not in rows:
            raise ArenaError(f"--pair: no row {name!r} in the results; rows: {', '.join(rows)}")
    for name in (first, second):
        if "set_vs_field" not in rows[name]:
            raise ArenaError(f"--pair: the row {name!r} has no per-set figures; run it again")
    a, b = rows[first], rows[second]
    sets = min(len(a["set_vs_field"]), len(b["set_vs_field"]))
    if sets < 2:
        raise ArenaError(f"--pair: {first} and {second} share {sets} set(s); need at least 2")
    diffs = [x - y for x, y in zip(a["set_vs_field"][:sets], b["set_vs_field"][:sets], strict=True)]
    diff, ci = mean_ci(diffs)
    out: dict[str, Any] = {
        "first": first,
        "second": second,
        "sets": sets,
        "deals": sets * result["players"],
        "difference": _num(diff),
        "difference_ci95": _num(ci),
    }
    if "set_place_vs_field" in a and "set_place_vs_field" in b:
        pa, pb = a["set_place_vs_field"], b["set_place_vs_field"]
        n = min(len(pa), len(pb), sets)
        place, place_ci = mean_ci([x - y for x, y in zip(pa[:n], pb[:n], strict=True)])
        out.update(place_difference=_num(place), place_difference_ci95=_num(place_ci))
    return out


def _num(x: float) -> float | None:
    """A figure for JSON: rounded, ``None`` for an undefined interval."""
    return None if math.isnan(x) else round(x, 6)


# ---------------------------------------------------------------------- output


def _pm(mean: float | None, ci: float | None, digits: int) -> str:
    if mean is None:
        return "–"
    text = f"{mean:+.{digits}f}"
    return text + (f" ± {ci:.{digits}f}" if ci is not None else " ± ?")


def ranked(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Best first: the highest paired difference over the field."""
    return sorted(rows, key=lambda r: -(r["vs_field"] if r["vs_field"] is not None else -1e9))


def markdown(result: dict[str, Any]) -> str:
    """The leaderboard of one game as a Markdown table."""
    rows = ranked(result["rows"])
    has_place = any("mean_place" in r for r in rows)
    digits = 3 if result["game"] == "paris" else 2
    head = ["#", "entry", "mean score per deal", "vs field (paired)"]
    if has_place:
        head += ["mean place", "place vs field"]
    head += ["deals", "CPU s / decision (median)"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for rank, row in enumerate(rows, 1):
        name = f"`{row['entry']}`"
        if row.get("alias_of"):
            name += f" (= `{row['alias_of']}`)"
        if row["entry"] == result["field"]:
            name += " (the field)"
        if row["kind"] == "agent":
            name += " (agent)"
        cells = [
            str(rank),
            name,
            _pm(row["mean_score"], row["score_ci95"], digits),
            _pm(row["vs_field"], row["vs_field_ci95"], digits),
        ]
        if has_place:
            cells += [
                _pm(row.get("mean_place"), row.get("place_ci95"), 3).lstrip("+"),
                _pm(row.get("place_vs_field"), row.get("place_vs_field_ci95"), 3),
            ]
        deals = f"{row['deals']}" + (" (time cap)" if row["capped_by"] == "seconds" else "")
        cells += [deals, f"{row['cpu_s_per_decision_median']:.3g}"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def commands(result: dict[str, Any]) -> str:
    """The command that reproduces each row of the table, as a Markdown list."""
    return "\n".join(f"- `{row['entry']}`: `{row['command']}`" for row in ranked(result["rows"]))


def chart(result: dict[str, Any], path: Path) -> None:
    """Each entry's paired difference over the field with its 95 % interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [r for r in ranked(result["rows"]) if r["vs_field"] is not None][::-1]
    labels = [
        r["entry"]
        + (f" (= {r['alias_of']})" if r.get("alias_of") else "")
        + (" (agent)" if r["kind"] == "agent" else "")
        + f"\n{r['deals']} deals"
        for r in rows
    ]
    means = [r["vs_field"] for r in rows]
    errors = [r["vs_field_ci95"] or 0.0 for r in rows]
    colours = [
        "#9b9b9b" if r["entry"] == result["field"] else "#b5651d" if r["kind"] == "agent"
        else "#97c2a5" if r.get("alias_of") else "#2e7d4f"
        for r in rows
    ]  # fmt: skip
    fig, ax = plt.subplots(figsize=(7.5, 0.5 * len(rows) + 1.4), dpi=110)
    ax.barh(labels, means, xerr=errors, color=colours, capsize=4)
    span = max((abs(m) + e for m, e in zip(means, errors, strict=True)), default=1.0) or 1.0
    for i, (mean, error) in enumerate(zip(means, errors, strict=True)):
        x = mean + error + 0.02 * span if mean >= 0 else mean - error - 0.02 * span
        ha = "left" if mean >= 0 else "right"
        ax.text(x, i, f"{mean:+.3g} ± {error:.2g}", va="center", ha=ha, fontsize=8)
    ax.set_xlim(-1.6 * span, 1.6 * span)
    ax.axvline(0, color="black", linewidth=0.8)
    unit = "score per game (−1 for the loser)" if result["game"] == "paris" else "points per deal"
    ax.set_xlabel(f"{unit} over the field bot in the same seat\n(paired by deal, 95 % interval)")
    field = ", ".join([result["field"]] * (result["players"] - 1))
    ax.set_title(f"{result['game']}: one seat against {field} (seed {result['seed']})")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def source_version() -> str:
    """The commit the figures were taken at (``-dirty``: with uncommitted changes)."""
    try:
        done = subprocess.run(
            ["git", "describe", "--always", "--dirty"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except OSError:
        return "unknown"
    return done.stdout.strip() or "unknown"


def _results_path(game: str, out: Path | None) -> Path:
    return out if out is not None else RESULTS / f"leaderboard_{game}.json"


def merged(path: Path, header: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The results file's rows for the same leaderboard, with ``rows`` replacing their own."""
    old: dict[str, Any] = {}
    if path.exists():
        old = json.loads(path.read_text())
        same = all(old.get(k) == header[k] for k in ("game", "players", "field", "seed"))
        if not same:
            print(f"{path}: another leaderboard (game/seats/field/seed): replaced",
                  file=sys.stderr)  # fmt: skip
            old = {}
    fresh = {r["entry"] for r in rows}
    kept = [r for r in old.get("rows", []) if r["entry"] not in fresh]
    return {**header, "rows": ranked(kept + rows)}


def _command(args: argparse.Namespace, game: str, entry: Entry, sets: int | None) -> str:
    parts = [".venv/bin/python benchmarks/research_leaderboard.py", f"--game {game}"]
    if args.players:
        parts.append(f"--players {args.players}")
    if args.field != "heuristic":
        parts.append(f"--field {args.field}")
    parts.append(f"--seed {args.seed}")
    if entry.kind == "agent":
        parts += [f"--agent {a}" for a in args.agent or [] if a.startswith(entry.name + "=")]
    parts += [f"--only {entry.name}", f"--sets {sets if sets is not None else args.sets}"]
    return " ".join(parts)


def run_game(args: argparse.Namespace, game: str) -> dict[str, Any]:
    """Run (or, with ``--report``, read) the leaderboard of one game; return the results."""
    players = args.players or DEFAULT_SEATS.get(game) or get_game(game).default_seats
    path = _results_path(game, args.out if len(args.game) == 1 else None)
    header = {
        "format": FORMAT,
        "benchmark": "research_leaderboard",
        "game": game,
        "players": players,
        "field": args.field,
        "seed": args.seed,
        "rules": {},
        "commit": source_version(),
        "deal_sets": f"set k is the hand of `paston arena --game {game} --seed {args.seed}` "
        f"set k (generator 'paston-arena:{game}:{args.seed}:k', dealer k % {players})",
    }
    if args.report:
        if not path.exists():
            raise ArenaError(f"--report: no results in {path} yet")
        return json.loads(path.read_text())  # type: ignore[no-any-return]
    agents = []
    for text in args.agent or []:
        name, factory = agent_factory(text, game)
        register_bot(name, factory, game=game, offered=False, description="trained agent")
        agents.append(name)
    entries = entries_of(game, agents)
    by_name = {e.name: e for e in entries}
    if args.only:
        unknown = [name for name in args.only if name not in by_name]
        if unknown:
            raise ArenaError(
                f"--only: no entry {', '.join(unknown)} for {game}; entries: {', '.join(by_name)}"
            )
        chosen = [by_name[name] for name in args.only]
    else:
        chosen = [e for e in entries if e.alias_of is None]
    # A level that is a bot played now under another name repeats that bot's fresh row.
    played = {e.name for e in chosen}
    aliases = [e for e in entries if e.alias_of in played and e.name not in played]
    board = Leaderboard(game, players, args.field, args.seed)
    for entry in chosen:  # a bot or agent that cannot be built fails before any hand
        make_bot(entry.name, seed=0, game=game).close()
    rows = []
    for entry in chosen:
        row = board.run(entry, args.sets, args.seconds, "")
        row["command"] = _command(args, game, entry, row["sets"])
        row["commit"] = header["commit"]
        rows.append(row)
    for entry in aliases:
        target = next(r for r in rows if r["entry"] == entry.alias_of)
        rows.append({**target, "entry": entry.name, "kind": entry.kind,
                     "alias_of": entry.alias_of, "command": _command(args, game, entry,
                                                                     target["sets"])})  # fmt: skip
    # --no-write: this run's rows alone; else merged into the results file's.
    result = {**header, "rows": ranked(rows)} if args.no_write else merged(path, header, rows)
    result["baseline_cpu_seconds"] = round(board.baseline_seconds, 2)
    if not args.no_write:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {path}", file=sys.stderr)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="default: all three")
    parser.add_argument("--players", type=int, default=0, help="seats (default: 3, 3, 4)")
    parser.add_argument("--field", default="heuristic", help="the bot in every other seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sets", type=int, default=100, help="deal sets per entry (at most)")
    parser.add_argument(
        "--seconds", type=float, default=math.inf, help="CPU seconds per entry (at most)"
    )
    parser.add_argument("--only", action="append", metavar="ENTRY", help="run these entries")
    parser.add_argument("--agent", action="append", metavar="NAME=MODULE:FACTORY[:ARG]")
    parser.add_argument("--out", type=Path, help="results JSON (one game only)")
    parser.add_argument(
        "--no-write", action="store_true", help="print this run's rows, read and write no JSON"
    )
    parser.add_argument("--chart", type=Path, help="draw the chart (one game only) to this PNG")
    parser.add_argument("--report", action="store_true", help="print the tables of the results")
    parser.add_argument("--list", action="store_true", help="list each game's entries")
    parser.add_argument(
        "--pair",
        nargs=2,
        action="append",
        metavar=("A", "B"),
        help="also report A − B paired by set (both rows in the results; repeatable)",
    )
    args = parser.parse_args(argv)
    args.game = args.game or list(GAMES)
    if args.sets < 1:
        parser.error(f"--sets must be at least 1, not {args.sets}")
    if (args.chart or args.out) and len(args.game) > 1:
        parser.error("--chart and --out are for one --game at a time")
    if args.list:
        for game in args.game:
            for e in entries_of(game):
                print(f"{game} {e.name} ({e.kind}{', = ' + e.alias_of if e.alias_of else ''})")
        return 0
    results = {}
    try:
        for game in args.game:
            result = results[game] = run_game(args, game)
            print(f"\n### {game} (one seat against {args.field} × {result['players'] - 1})\n")
            print(markdown(result))
            print("\nEach row again (the same deals; `--seconds` is not needed):\n")
            print(commands(result))
            if args.chart:
                chart(result, args.chart)
                print(f"drew {args.chart}", file=sys.stderr)
            pairs = [paired(result, first, second) for first, second in args.pair or []]
            for pair in pairs:
                digits = 3 if game == "paris" else 2
                text = (
                    f"\n{pair['first']} − {pair['second']}, paired by set: "
                    f"{_pm(pair['difference'], pair['difference_ci95'], digits)} per deal"
                )
                if "place_difference" in pair:
                    place = _pm(pair["place_difference"], pair["place_difference_ci95"], 3)
                    text += f", place {place}"
                print(text + f" ({pair['sets']} sets, {pair['deals']} deals)")
            if pairs:
                result = results[game] = {**result, "pairs": pairs}
                if not args.no_write:  # the pairs beside the rows they were taken from
                    path = _results_path(game, args.out)
                    path.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
    except (ArenaError, BotSpecError) as exc:
        print(f"research_leaderboard: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
