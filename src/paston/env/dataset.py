"""Learning data from played hands: ``(observation, legal actions, action, return)`` rows.

A record of any game (an arena's ``records.jsonl``, a saved table, a self-play run) becomes
one row per decision: the acting seat's observation, exactly as the research adapters give
it (:class:`~paston.env.research_game.ResearchGame`, so it holds only what that seat could
see), its legal action ids, the action id it took, and the return the seat got at the end of
the hand (the adapters' hand-level reward, optionally divided by the game's reward scale).

The legal actions are stored ragged (``legal_ids`` and ``legal_offsets``, CSR-style): a dense
mask would cost a byte per action id per row (Paskievics has 12,517 ids), so
:meth:`Dataset.mask` builds masks for the rows asked for. Files are NumPy ``.npz`` (always
available) or Parquet (when ``pyarrow`` is installed); docs/research-apis.md describes the
columns.

:func:`self_play_records` plays fresh hands between bots (one per seat, seeded per hand, in
worker processes when asked): the self-play sets that :func:`build_dataset` turns into rows.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..arena.playing import ArenaError, play_out
from ..arena.running import iter_local
from ..bots import Bot, make_bot
from ..core.meta import build_meta
from ..core.protocol import GameInfo, State
from ..core.registry import game_for_record, get_game
from .research_game import ResearchGame

__all__ = [
    "COLUMNS",
    "Dataset",
    "DatasetBuilder",
    "DatasetError",
    "build_dataset",
    "load_dataset",
    "read_records",
    "save_dataset",
    "self_play_records",
    "write_dataset",
]

#: The columns of a dataset file, in order, with what each holds.
COLUMNS: dict[str, str] = {
    "observation": "float32 [rows, obs_size]: the acting seat's observation before acting",
    "legal_ids": "int32 [sum of legal counts]: every row's legal action ids, row after row",
    "legal_offsets": "int64 [rows + 1]: row i's legal ids are legal_ids[offsets[i]:offsets[i+1]]",
    "action": "int32 [rows]: the action id the seat took",
    "seat": "int8 [rows]: the acting seat",
    "returns": "float32 [rows]: what the seat got at the end of the hand",
    "hand": "int32 [rows]: the hand's index in the dataset (rows of one hand are together)",
    "step": "int32 [rows]: the action's index within its hand",
}


class DatasetError(ValueError):
    """A record or option that cannot become a dataset; the message says what and where."""


@dataclass
class Dataset:
    """Decision rows of one game at one table size (see :data:`COLUMNS`)."""

    game: str
    players: int
    num_actions: int
    reward: str
    normalized: bool
    observation: npt.NDArray[np.float32]
    legal_ids: npt.NDArray[np.int32]
    legal_offsets: npt.NDArray[np.int64]
    action: npt.NDArray[np.int32]
    seat: npt.NDArray[np.int8]
    returns: npt.NDArray[np.float32]
    hand: npt.NDArray[np.int32]
    step: npt.NDArray[np.int32]

    def __len__(self) -> int:
        return int(self.action.shape[0])

    @property
    def hands(self) -> int:
        """How many hands the rows come from."""
        return int(self.hand.max()) + 1 if len(self) else 0

    def legal(self, row: int) -> npt.NDArray[np.int32]:
        """Row ``row``'s legal action ids."""
        return self.legal_ids[self.legal_offsets[row] : self.legal_offsets[row + 1]]

    def mask(self, rows: Sequence[int] | slice | None = None) -> npt.NDArray[np.bool_]:
        """Dense legal-action masks ``[len(rows), num_actions]`` for the rows asked for (all
        rows when ``None``; mind the size: rows × action ids bytes)."""
        index = np.arange(len(self))[rows if rows is not None else slice(None)]
        out = np.zeros((index.shape[0], self.num_actions), dtype=np.bool_)
        for i, row in enumerate(index):
            out[i, self.legal(int(row))] = True
        return out

    def meta(self) -> dict[str, Any]:
        return {
            "format": "paston-dataset/1",
            "game": self.game,
            "players": self.players,
            "num_actions": self.num_actions,
            "reward": self.reward,
            "normalized": self.normalized,
            "rows": len(self),
            "hands": self.hands,
            "columns": COLUMNS,
        }


@dataclass
class DatasetBuilder:
    """Adds records of one game, row by row, and builds the :class:`Dataset`.

    The first record fixes the table size and the rules' observation layout; a record of
    another game or table size is refused with a :class:`DatasetError` naming it.
    """

    game: str | None = None
    reward: str | None = None
    normalize: bool = False
    #: The table size every record must have (``None``: the first record's).
    players: int | None = None
    _research: ResearchGame | None = None
    _observers: list[Callable[[State], npt.NDArray[np.float32]]] = field(default_factory=list)
    _obs: list[npt.NDArray[np.float32]] = field(default_factory=list)
    _legal: list[npt.NDArray[np.int32]] = field(default_factory=list)
    _rows: list[tuple[int, int, float, int, int]] = field(default_factory=list)
    _hands: int = 0
    _reward_mode: str = "hand"

    def add(self, record: Mapping[str, Any], where: str = "record") -> int:
        """Add every decision of ``record``; returns the number of rows added."""
        if not isinstance(record, Mapping):
            raise DatasetError(f"{where}: a record is a JSON object, not {type(record).__name__}")
        info = self._game_of(record, where)
        if not info.offers("analysis") or info.analysis.hands is None:
            raise DatasetError(f"{where}: {info.name} records cannot be walked (no hands hook)")
        try:
            _kind, hands = info.analysis.hands(dict(record))
        except Exception as exc:  # a game's record error, whatever its class: name the record
            raise DatasetError(f"{where}: {exc}") from None
        added = 0
        for first, actions in hands:
            added += self._add_hand(info, record, first, actions, where)
        return added

    def _game_of(self, record: Mapping[str, Any], where: str) -> GameInfo:
        try:
            name = game_for_record(dict(record)).name
        except Exception as exc:  # the registry's RecordError or a plug-in's failure
            raise DatasetError(f"{where}: {exc}") from None
        if self.game is None:
            self.game = name
        elif name != self.game:
            raise DatasetError(
                f"{where} is a {name} record; this dataset holds {self.game} (one game per file)"
            )
        return get_game(name)

    def _setup(self, info: GameInfo, record: Mapping[str, Any], players: int, where: str) -> None:
        if self.players is not None and players != self.players:
            raise DatasetError(
                f"{where} has {players} players; this dataset has {self.players} "
                "(one table size per file: the observations' shapes differ)"
            )
        if self._research is None:
            try:
                research = ResearchGame.build(info, players, record.get("rules") or {}, {})
                self._reward_mode = research.reward_mode(self.reward, match=False)
            except (ValueError, TypeError) as exc:
                raise DatasetError(f"{where}: {exc}") from None
            self._research = research
            self.players = players
            self._observers = [research.observer(seat) for seat in range(players)]

    def _add_hand(
        self,
        info: GameInfo,
        record: Mapping[str, Any],
        first: State,
        actions: Sequence[int],
        where: str,
    ) -> int:
        state = first.copy()
        self._setup(info, record, state.players, where)
        assert self._research is not None
        research = self._research
        hand = self._hands
        start = len(self._rows)
        for step, action in enumerate(actions):
            seat = state.to_act
            if seat is None:
                raise DatasetError(f"{where}: action {step + 1} comes after the hand is over")
            legal = state.legal_actions()
            if action not in legal:
                raise DatasetError(
                    f"{where}: action {step + 1} ({action}) is not legal for seat {seat}"
                )
            self._obs.append(np.asarray(self._observers[seat](state), dtype=np.float32))
            self._legal.append(np.asarray(legal, dtype=np.int32))
            self._rows.append((seat, int(action), 0.0, hand, step))
            state.apply(action)
        if not state.is_over:
            # An unfinished hand has no return: its rows would teach nothing true.
            del self._obs[start:], self._legal[start:], self._rows[start:]
            return 0
        scale = research.hooks.reward_scale if self.normalize else 1.0
        returns = [
            research.hand_reward(state, seat, self._reward_mode) / scale
            for seat in range(state.players)
        ]
        for i in range(start, len(self._rows)):
            seat, action, _, hand_index, step = self._rows[i]
            self._rows[i] = (seat, action, returns[seat], hand_index, step)
        self._hands += 1
        return len(self._rows) - start

    def build(self) -> Dataset:
        if self._research is None or self.game is None:
            raise DatasetError("no finished hand in the records: nothing to write")
        research = self._research
        rows = self._rows
        counts = np.fromiter((len(ids) for ids in self._legal), dtype=np.int64, count=len(rows))
        offsets = np.zeros(len(rows) + 1, dtype=np.int64)
        np.cumsum(counts, out=offsets[1:])
        return Dataset(
            game=self.game,
            players=research.players,
            num_actions=research.num_actions,
            reward=self._reward_mode,
            normalized=self.normalize,
            observation=np.stack(self._obs).astype(np.float32, copy=False),
            legal_ids=np.concatenate(self._legal).astype(np.int32, copy=False),
            legal_offsets=offsets,
            action=np.array([r[1] for r in rows], dtype=np.int32),
            seat=np.array([r[0] for r in rows], dtype=np.int8),
            returns=np.array([r[2] for r in rows], dtype=np.float32),
            hand=np.array([r[3] for r in rows], dtype=np.int32),
            step=np.array([r[4] for r in rows], dtype=np.int32),
        )


def read_records(path: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """The records of a JSON Lines file, a JSON file (one record or a list) or an arena's
    ``--out`` folder (its ``records.jsonl``), each with where it came from (``file:line``)."""
    if path.is_dir():
        path = path / "records.jsonl"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DatasetError(f"cannot read {path}: {exc.strerror or exc}") from None
    stripped = text.lstrip()
    if stripped.startswith("[") or (stripped.startswith("{") and "\n{" not in stripped):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DatasetError(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from None
        items = data if isinstance(data, list) else [data]
        for i, record in enumerate(items):
            yield f"{path} record {i + 1}", record
        return
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield f"{path}:{number}", json.loads(line)
        except json.JSONDecodeError as exc:
            raise DatasetError(f"{path}:{number}: not JSON ({exc.msg})") from None


def build_dataset(
    records: Iterable[tuple[str, Mapping[str, Any]]],
    *,
    reward: str | None = None,
    normalize: bool = False,
    on_record: Callable[[int, int], None] | None = None,
) -> Dataset:
    """A dataset of every decision in ``records`` (``(where, record)`` pairs);
    ``on_record(records_done, rows_so_far)`` after each, for progress."""
    builder = DatasetBuilder(reward=reward, normalize=normalize)
    rows = 0
    for done, (where, record) in enumerate(records, 1):
        rows += builder.add(record, where)
        if on_record is not None:
            on_record(done, rows)
    return builder.build()


def write_dataset(
    records: Iterable[tuple[str, Mapping[str, Any]]],
    out: Path,
    *,
    reward: str | None = None,
    normalize: bool = False,
    shard_rows: int = 100_000,
    on_record: Callable[[int, int], None] | None = None,
) -> list[Path]:
    """Stream ``records`` into files of at most about ``shard_rows`` rows each (a shard ends
    at a hand's end), so memory stays bounded however many hands there are.

    One shard is written to ``out``; more are ``<stem>-00000<suffix>``, ``-00001`` … Returns
    the paths written."""
    if shard_rows < 1:
        raise DatasetError(f"--shard-rows must be at least 1, not {shard_rows}")
    if out.suffix.lower() not in (".npz", ".parquet"):
        raise DatasetError(
            f"unknown dataset file type {out.suffix or '(none)'!r}: use .npz or .parquet"
        )
    written: list[Path] = []

    def shard_path(index: int) -> Path:
        return out.with_name(f"{out.stem}-{index:05d}{out.suffix}")

    builder = DatasetBuilder(reward=reward, normalize=normalize)
    rows = total = 0
    for done, (where, record) in enumerate(records, 1):
        added = builder.add(record, where)
        rows += added
        total += added
        if rows >= shard_rows:
            written.append(save_dataset(builder.build(), shard_path(len(written))))
            builder = DatasetBuilder(
                game=builder.game, reward=reward, normalize=normalize, players=builder.players
            )
            rows = 0
        if on_record is not None:
            on_record(done, total)
    if rows or not written:
        written.append(save_dataset(builder.build(), shard_path(len(written))))
    if len(written) == 1:
        written[0] = written[0].replace(out)
    return written


# ---------------------------------------------------------------------- files


def save_dataset(dataset: Dataset, path: Path) -> Path:
    """Write ``dataset`` as ``.npz`` or ``.parquet`` (by the suffix); returns the path."""
    suffix = path.suffix.lower()
    if suffix == ".npz":
        np.savez_compressed(
            path,
            meta=np.array(json.dumps(dataset.meta())),
            **{name: getattr(dataset, name) for name in COLUMNS},
        )
        return path
    if suffix == ".parquet":
        try:
            import pyarrow as pa  # type: ignore[import-not-found, unused-ignore]
            import pyarrow.parquet as pq  # type: ignore[import-not-found, unused-ignore]
        except ImportError:
            raise DatasetError(
                "writing Parquet needs pyarrow (pip install pyarrow); or write a .npz file"
            ) from None
        legal = [dataset.legal(i).tolist() for i in range(len(dataset))]
        table = pa.table(
            {
                "observation": list(dataset.observation),
                "legal": legal,
                "action": dataset.action,
                "seat": dataset.seat,
                "returns": dataset.returns,
                "hand": dataset.hand,
                "step": dataset.step,
            }
        )
        meta = {b"dataset": json.dumps(dataset.meta()).encode()}
        pq.write_table(table.replace_schema_metadata(meta), path)
        return path
    raise DatasetError(
        f"unknown dataset file type {path.suffix or '(none)'!r}: use .npz or .parquet"
    )


def load_dataset(path: Path) -> Dataset:
    """Read a ``.npz`` dataset written by :func:`save_dataset`."""
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            arrays = {name: data[name] for name in COLUMNS}
    except (OSError, KeyError, ValueError) as exc:
        raise DatasetError(f"{path} is not a paston dataset: {exc}") from None
    return Dataset(
        game=meta["game"],
        players=meta["players"],
        num_actions=meta["num_actions"],
        reward=meta["reward"],
        normalized=meta["normalized"],
        **arrays,
    )


# ---------------------------------------------------------------------- self-play


@dataclass(frozen=True)
class _SelfPlayChunk:
    """Hands ``chunk*size … (chunk+1)*size-1`` of a self-play run (picklable for workers)."""

    game: str
    bots: tuple[str, ...]
    seed: int
    hands: int
    size: int
    rules: dict[str, Any] | None

    def __call__(self, chunk: int) -> dict[str, Any]:
        info = get_game(self.game)
        players = len(self.bots)
        rules = info.parse_rules(self.rules or {})
        rng = random.Random(f"paston-dataset:{self.game}:{self.seed}:{chunk}")
        bots: list[Bot] = [
            make_bot(spec, seed=rng.randrange(2**32), game=info.name) for spec in self.bots
        ]
        records: list[dict[str, Any]] = []
        counters: list[dict[str, float]] = [
            {"decisions": 0, "seconds": 0.0} for _ in range(players)
        ]
        try:
            first = chunk * self.size
            for index in range(first, min(first + self.size, self.hands)):
                deal_rng = random.Random(f"paston-dataset-deal:{self.game}:{self.seed}:{index}")
                match = info.new_match(players, rules, index % players)
                state = match.next_state(deal_rng)
                while state.is_over and not match.over:
                    state = match.next_state(deal_rng)
                play_out(state, bots, list(self.bots), counters)
                meta = build_meta(
                    seats=players,
                    bots=list(self.bots),
                    event=f"paston dataset self-play, seed {self.seed}",
                    result=[float(r) for r in state.result()],
                    extra={"hand": index},
                )
                records.append(match.record(meta))
        finally:
            for bot in bots:
                bot.close()
        return {"chunk": chunk, "records": records}


def self_play_records(
    game: str,
    bots: Sequence[str],
    hands: int,
    *,
    seed: int = 0,
    jobs: int = 1,
    rules: Mapping[str, Any] | None = None,
    chunk: int = 25,
) -> Iterator[dict[str, Any]]:
    """``hands`` fresh hands of ``game`` between ``bots`` (one spec per seat), each hand dealt
    from ``(seed, its index)`` so the same command gives the same hands: an iterator of their
    records. The game, bots and rules are checked at once (a :class:`DatasetError` or the
    bots' ``BotSpecError``), before any hand is played."""
    info = get_game(game)
    if len(bots) not in info.seat_counts:
        counts = [str(n) for n in info.seat_counts]
        words = counts[0] if len(counts) == 1 else f"{', '.join(counts[:-1])} or {counts[-1]}"
        raise DatasetError(
            f"{info.name} is played by {words} players: give that many bots, not {len(bots)}"
        )
    if hands < 1:
        raise DatasetError(f"--hands must be at least 1, not {hands}")
    info.parse_rules(dict(rules or {}))
    for spec in bots:
        make_bot(spec, seed=0, game=info.name).close()  # an unknown bot fails here, early
    task = _SelfPlayChunk(info.name, tuple(bots), seed, hands, chunk, dict(rules or {}) or None)
    return _played(task, (hands + chunk - 1) // chunk, jobs)


def _played(task: _SelfPlayChunk, chunks: int, jobs: int) -> Iterator[dict[str, Any]]:
    try:
        for result in iter_local(task, chunks, jobs):
            yield from result["records"]
    except ArenaError as exc:
        raise DatasetError(str(exc)) from None
