#!/usr/bin/env python3
"""Train a Paris policy by self-play on the batched engine, then score it against the
``heuristic`` bot on duplicate deals.

**Training** (numpy only, one core, no GPU needed): ``BatchedParis`` plays ``--games``
3-player games side by side; every seat to act in every game is served from one batch of
features (``examples/paris_policy.py``: a masked linear policy over moves, suits folded away,
the thumb-rule value of a move among its features, its weight starting at ``--prior``). The
seats are a league: in a quarter of the games every seat is the learner (self-play); in a
quarter the learner plays one seat against two frozen copies of its past self (a snapshot
every 25 updates, the last 8 kept); in half against two fixed thumb-rule players (the
``heuristic`` bot's move values computed from the same features: the yardstick to beat).
Only the learner's decisions are trained on, by PPO (clipped ratio, an entropy bonus, Adam)
with a linear state-value baseline; the return of a decision is the seat's finishing place in
that game (the engine's ``rank`` reward: +1 out first, 0 second, −1 the loser).

**Arena** (the Python engine through ``gymnasium``'s ``paston/Paris-v0``): ``--deals`` fresh
seeded deals, each played with the learner in seat 0, 1 and 2 in turn against two
``heuristic`` bots, and again with the ``heuristic`` bot in the learner's seat (the same
``reset`` seed: the same cards, the same opponents' seeds). The trained policy plays twice:
sampling its moves (as in training) and taking its likeliest move (``greedy``). A deal's
score is the seat's finishing place as the env's ``rank`` reward, averaged over the three
seats; the figure is trained − heuristic per deal with its 95 % interval over the deals
(duplicate scoring: the luck of the cards cancels out). Each deal has its own seeds, so one
deal can be played alone again (``--first-deal D --deals 1``); a game the turn limit cuts
short is named on stderr and in the JSON (``turn_limit``), and ``--dump-truncated DIR``
writes its record (``paris-game/1``, the seat and player in ``meta``) there.

    nice -n 10 .venv/bin/python examples/train_paris_selfplay.py --updates 400 --deals 3000
    .venv/bin/python examples/train_paris_selfplay.py --quick                # seconds (CI)
    .venv/bin/python examples/train_paris_selfplay.py --evaluate-only --out build/paris_selfplay.npz
    .venv/bin/python examples/train_paris_selfplay.py --evaluate-only --first-deal 1746 --deals 1

The weights go to ``--out`` (default ``build/paris_selfplay.npz``, ignored by git) at every
snapshot and at the end; ``paris_policy.make_agent(path)`` loads them as a paston bot.
Training stops after ``--minutes`` of CPU or ``--updates`` updates, whichever comes first (the
same seed and updates give the same weights). Progress goes to stderr; the last line of
stdout is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parent))

from paris_policy import (
    MOVE_FEATURES,
    D,
    Features,
    LinearMovePolicy,
    ParisPolicyBot,
    choose,
    features,
    heuristic_choice,
)

from paston.bots import Bot, make_bot
from paston.games.paris.batched import BatchedParis
from paston.games.paris.view import ParisView

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]

PLAYERS = 3
LEARNER, PAST, THUMB = 0, 1, 2
LOOP_TURNS = 60 + 40 * PLAYERS


def progress(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def legal_pairs(env: BatchedParis) -> tuple[Ints, Ints]:
    """``np.nonzero(env.mask)`` from the engine's own lists of legal ids: a scan of a few
    dozen columns instead of 3,749 (the lists are the engine's private arrays, read only)."""
    count = env._nlegal.astype(np.int64)
    width = int(count.max())
    rows, cols = np.nonzero(np.arange(width)[None, :] < count[:, None])
    return rows, env._legal[rows, cols].astype(np.int64)


# ----------------------------------------------------------------- the rollout buffer


@dataclass
class Chunk:
    """The learner's decisions of one step: features, the move taken, its log π then, and
    which game and seat each decision belongs to."""

    f: Features
    taken: Ints  # index into f's moves
    old_logp: Floats
    game: Ints  # the game's number (row * 2**32 + games dealt to the row so far)
    seat: Ints


def select(chunk: Chunk, keep: npt.NDArray[np.bool_]) -> Chunk:
    """The decisions ``keep`` of a chunk (their moves renumbered)."""
    f = chunk.f
    keep_move = keep[f.row]
    new_row = np.cumsum(keep) - 1
    row = new_row[f.row[keep_move]]
    offset = np.cumsum(keep_move) - 1
    sub = Features(
        psi=f.psi[keep],
        row=row,
        start=np.searchsorted(row, np.arange(int(keep.sum()))),
        move=f.move[keep_move],
        action=f.action[keep_move],
        phi=f.phi[keep_move],
        heuristic=f.heuristic[keep_move],
    )
    return Chunk(
        sub, offset[chunk.taken[keep]], chunk.old_logp[keep], chunk.game[keep], chunk.seat[keep]
    )


def concat(chunks: list[Chunk]) -> Chunk:
    rows = 0
    moves = 0
    parts: dict[str, list[npt.NDArray[np.generic]]] = {k: [] for k in ("row", "taken")}
    for c in chunks:
        parts["row"].append(c.f.row + rows)
        parts["taken"].append(c.taken + moves)
        rows += len(c.f.psi)
        moves += len(c.f.move)
    row = np.concatenate(parts["row"])
    f = Features(
        psi=np.concatenate([c.f.psi for c in chunks]),
        row=row,
        start=np.searchsorted(row, np.arange(rows)),
        move=np.concatenate([c.f.move for c in chunks]),
        action=np.concatenate([c.f.action for c in chunks]),
        phi=np.concatenate([c.f.phi for c in chunks]),
        heuristic=np.concatenate([c.f.heuristic for c in chunks]),
    )
    return Chunk(
        f,
        np.concatenate(parts["taken"]),
        np.concatenate([c.old_logp for c in chunks]),
        np.concatenate([c.game for c in chunks]),
        np.concatenate([c.seat for c in chunks]),
    )


# ----------------------------------------------------------------- Adam


@dataclass
class Adam:
    lr: float
    beta1: float = 0.9
    beta2: float = 0.999
    t: int = 0
    m: list[Floats] = field(default_factory=list)
    v: list[Floats] = field(default_factory=list)

    def step(self, params: list[Floats], grads: list[Floats]) -> None:
        if not self.m:
            self.m = [np.zeros_like(p) for p in params]
            self.v = [np.zeros_like(p) for p in params]
        self.t += 1
        c1 = 1 - self.beta1**self.t
        c2 = 1 - self.beta2**self.t
        for p, g, m, v in zip(params, grads, self.m, self.v, strict=True):
            m *= self.beta1
            m += (1 - self.beta1) * g
            v *= self.beta2
            v += (1 - self.beta2) * g * g
            p -= self.lr * (m / c1) / (np.sqrt(v / c2) + 1e-8)


# ----------------------------------------------------------------- training


@dataclass
class Trainer:
    games: int
    seed: int
    lr: float = 0.01
    clip: float = 0.2
    entropy: float = 0.003
    epochs: int = 4
    steps: int = 48
    prior: float = 1.0
    #: The shares of games of the learner in every seat, against two past selves, and
    #: against two thumb-rule players.
    league: tuple[float, float, float] = (0.25, 0.25, 0.5)
    policy: LinearMovePolicy = field(default_factory=LinearMovePolicy)
    value: Floats = field(default_factory=lambda: np.zeros(D))

    def __post_init__(self) -> None:
        self.rng = np.random.default_rng(self.seed)
        # The weight of the thumb-rule value to start from (0: a uniformly random policy).
        self.policy.w[MOVE_FEATURES.index("thumb-rule value/10")] = self.prior
        self.env = BatchedParis(self.games, players=PLAYERS, seed=self.seed, reward="rank")
        self.obs, self.mask = self.env.reset()
        self.dealt = np.zeros(self.games, dtype=np.int64)
        self.seats = np.zeros((self.games, PLAYERS), dtype=np.int64)
        for i in range(self.games):
            self._seat_table(i)
        self.snapshots: list[LinearMovePolicy] = [self.policy.copy()]
        self.pending: list[Chunk] = []
        self.results: dict[int, npt.NDArray[np.float32]] = {}
        self.adam = Adam(self.lr)
        self.value_adam = Adam(self.lr)
        self.decisions = 0
        self.games_done = 0
        self.league_scores: dict[int, list[float]] = {PAST: [], THUMB: []}

    def _seat_table(self, i: int) -> None:
        """Who plays each seat of game ``i``'s next game."""
        u = self.rng.random()
        table = np.full(PLAYERS, LEARNER)
        if u >= self.league[0]:
            table[:] = PAST if u < self.league[0] + self.league[1] else THUMB
            table[self.rng.integers(PLAYERS)] = LEARNER
        self.seats[i] = table

    def rollout(self) -> None:
        """``steps`` steps of every game; the learner's decisions go to ``pending``."""
        past = self.snapshots[self.rng.integers(len(self.snapshots))]
        for _ in range(self.steps):
            to_act = self.env.to_act.astype(np.int64)
            f = features(self.obs, self.mask, PLAYERS, legal_pairs(self.env))
            who = self.seats[np.arange(self.games), to_act]
            logp = self.policy.log_probs(f)
            taken, taken_logp = choose(logp, f, self.rng)
            if (who == PAST).any():
                past_taken, _ = choose(past.log_probs(f), f, self.rng)
                taken = np.where(who == PAST, past_taken, taken)
            if (who == THUMB).any():
                thumb = heuristic_choice(f)
                # Thumb rules that never vary can go round a cycle for ever (paris.md §9);
                # like the heuristic bot, after 60 + 40 n turns they play a random legal
                # move one time in ten.
                moves = np.diff(np.append(f.start, len(f.move)))
                stuck = (self.env.turns() > LOOP_TURNS) & (self.rng.random(self.games) < 0.1)
                anything = f.start + (self.rng.random(self.games) * moves).astype(np.int64)
                thumb = np.where(stuck, anything, thumb)
                taken = np.where(who == THUMB, thumb, taken)
            mine = who == LEARNER
            self.pending.append(
                select(
                    Chunk(f, taken, taken_logp, np.arange(self.games) * 2**32 + self.dealt, to_act),
                    mine,
                )
            )
            self.decisions += int(mine.sum())
            self.obs, self.mask, reward, done = self.env.step(f.action[taken])
            for i in np.flatnonzero(done):
                self.results[int(i) * 2**32 + int(self.dealt[i])] = reward[i].copy()
                table = self.seats[i]
                if (table != LEARNER).any():
                    place = float(reward[i][table == LEARNER][0])
                    self.league_scores[int(table[table != LEARNER][0])].append(place)
                self.dealt[i] += 1
                self.games_done += 1
                self._seat_table(int(i))

    def finished(self) -> tuple[Chunk, Floats] | None:
        """The pending decisions whose games are over, with their returns (the rest stay)."""
        ready: list[Chunk] = []
        waiting: list[Chunk] = []
        returns: list[Floats] = []
        for chunk in self.pending:
            over = np.array([g in self.results for g in chunk.game.tolist()], dtype=np.bool_)
            if over.any():
                part = select(chunk, over)
                ready.append(part)
                returns.append(
                    np.array(
                        [
                            self.results[g][s]
                            for g, s in zip(part.game.tolist(), part.seat.tolist(), strict=True)
                        ],
                        dtype=np.float64,
                    )
                )
            if not over.all():
                waiting.append(select(chunk, ~over))
        self.pending = waiting
        if not ready:
            return None
        return concat(ready), np.concatenate(returns)

    def update(self) -> dict[str, float]:
        got = self.finished()
        if got is None:
            return {}
        batch, ret = got
        f = batch.f
        n = len(f.psi)
        counts = np.diff(np.append(f.start, len(f.move)))
        choice = counts > 1  # a forced move teaches the policy nothing
        baseline = f.psi @ self.value
        adv = ret - baseline
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        policy = self.policy
        stats: dict[str, float] = {}
        for _ in range(self.epochs):
            logp = policy.log_probs(f)
            p = np.exp(logp)
            ratio = np.exp(logp[batch.taken] - batch.old_logp)
            active = np.where(adv >= 0, ratio < 1 + self.clip, ratio > 1 - self.clip) & choice
            # d(-objective)/d(logit) of every legal move: the clipped surrogate's gradient
            # (ratio * A * (onehot - p)) and the entropy bonus's (-p (log p + H)).
            per = (adv * ratio * active)[f.row]
            g_logit = per * p
            np.subtract.at(g_logit, batch.taken, adv * ratio * active)
            ent = -np.add.reduceat(p * logp, f.start)
            g_logit += self.entropy * p * (logp + ent[f.row])
            g_logit /= n
            g_theta = np.zeros_like(policy.theta)
            psi_rows = f.psi[f.row]
            for j in range(D):
                g_theta[:, j] = np.bincount(
                    f.move, weights=g_logit * psi_rows[:, j], minlength=len(policy.theta)
                )
            g_w = f.phi.T @ g_logit
            self.adam.step([policy.theta, policy.w], [g_theta, g_w])
            stats = {
                "entropy": float(ent[choice].mean()),
                "clipped": float(1 - active[choice].mean()),
            }
        g_v = -(f.psi.T @ (ret - baseline)) / n
        self.value_adam.step([self.value], [g_v])
        stats["decisions"] = float(n)
        stats["value_mse"] = float(((ret - baseline) ** 2).mean())
        # Forget the results nobody waits for any more.
        waiting = {int(g) for c in self.pending for g in c.game}
        self.results = {g: r for g, r in self.results.items() if g in waiting}
        return stats

    def train(
        self, seconds: float, snapshot_every: int, out: Path | None = None, most: int = 0
    ) -> int:
        """PPO updates for ``seconds`` of CPU (and ``most`` updates at most, when given: the
        same seed then gives the same weights); the weights are written to ``out`` at every
        snapshot (a run cut short keeps what it learned)."""
        started = time.process_time()
        updates = 0
        while time.process_time() - started < seconds and not 0 < most <= updates:
            self.rollout()
            stats = self.update()
            updates += 1
            if updates % snapshot_every == 0:
                self.snapshots.append(self.policy.copy())
                self.snapshots = self.snapshots[-8:]
                if out is not None:
                    self.policy.save(out, updates=updates, decisions=self.decisions)
            if updates % 10 == 0 or updates == 1:
                past = self.league_scores[PAST][-2000:]
                thumb = self.league_scores[THUMB][-2000:]
                progress(
                    f"update {updates:4d}  cpu {time.process_time() - started:6.0f} s  "
                    f"games {self.games_done:8,d}  decisions {self.decisions:10,d}  "
                    f"entropy {stats.get('entropy', 0):.3f}  "
                    f"clipped {stats.get('clipped', 0):.2f}  "
                    f"value mse {stats.get('value_mse', 0):.3f}  "
                    f"vs past {np.mean(past) if past else 0:+.3f}  "
                    f"vs thumb rules {np.mean(thumb) if thumb else 0:+.3f}"
                )
        return updates


# ----------------------------------------------------------------- the arena


def mean_interval(xs: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % normal interval."""
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return mean, 1.96 * math.sqrt(var / n)


#: The players of the arena's learner seat: the trained policy sampling its moves (as it was
#: trained), the same policy taking its likeliest move, and the baseline.
ARENA_PLAYERS = ("trained", "greedy", "heuristic")


def arena(
    policy: LinearMovePolicy,
    deals: int,
    seed: int,
    first_deal: int = 0,
    dump_truncated: Path | None = None,
) -> dict[str, object]:
    """Duplicate deals against two heuristic bots; see the module documentation. Deal ``d``
    is played from its own seeds (``first_deal`` on: any deal can be played alone again);
    every game that the turn limit cuts short is listed in ``turn_limit`` and, with
    ``dump_truncated``, its record (``paris-game/1``, the seeds in ``meta``) written there."""
    import gymnasium as gym

    import paston.env  # noqa: F401  (registers the paston/ ids)

    envs = [
        gym.make("paston/Paris-v0", players=PLAYERS, seat=s, opponents="heuristic", reward="rank")
        for s in range(PLAYERS)
    ]
    scores: dict[str, list[float]] = {name: [] for name in ARENA_PLAYERS}
    cut_short = 0
    turn_limit: list[dict[str, object]] = []
    started = time.process_time()
    for d in range(first_deal, first_deal + deals):
        deal_seed = 10**9 + seed * 10**6 + d
        for name in ARENA_PLAYERS:
            total = 0.0
            for seat, env in enumerate(envs):
                bot: Bot[ParisView]
                if name == "heuristic":
                    bot = make_bot("heuristic", game="paris", seed=deal_seed * 8 + seat)
                else:
                    bot = ParisPolicyBot(policy, seed=deal_seed * 8 + seat, greedy=name == "greedy")
                env.reset(seed=deal_seed)
                done = False
                while not done:
                    view = env.unwrapped.view  # type: ignore[attr-defined]
                    _, r, terminated, truncated, _ = env.step(bot.act(view))
                    total += float(r)
                    done = terminated or truncated
                    cut_short += int(truncated)
                if truncated:
                    turn_limit.append(
                        cut_off(env, dump_truncated, seed=seed, deal=d, seat=seat, player=name)
                    )
            scores[name].append(total / PLAYERS)
        if (d + 1 - first_deal) % max(1, deals // 20) == 0:
            shown = "  ".join(
                f"{name} − heuristic {m:+.3f} ± {h:.3f}"
                for name in ARENA_PLAYERS[:2]
                for m, h in [mean_interval(paired(scores[name], scores["heuristic"]))]
            )
            progress(
                f"arena {d + 1 - first_deal:5d}/{deals} deals  "
                f"cpu {time.process_time() - started:5.0f} s  " + shown
            )
    for env in envs:
        env.close()
    out: dict[str, object] = {"deals": deals, "games": deals * PLAYERS * len(ARENA_PLAYERS)}
    for name in ARENA_PLAYERS:
        mean, half = mean_interval(scores[name])
        out[name] = {"mean": round(mean, 4), "ci95": round(half, 4)}
    for name in ARENA_PLAYERS[:2]:
        mean, half = mean_interval(paired(scores[name], scores["heuristic"]))
        out[f"{name}_minus_heuristic"] = {"mean": round(mean, 4), "ci95": round(half, 4)}
    out["cut_short"] = cut_short
    out["turn_limit"] = turn_limit
    out["cpu_seconds"] = round(time.process_time() - started, 1)
    return out


def cut_off(env: Any, folder: Path | None, **where: int | str) -> dict[str, object]:
    """Where a game the turn limit cut short was played (``where``: the arena's seed, deal,
    seat and player: ``--seed S --first-deal D --deals 1`` plays it again), written with its
    record to ``folder`` when given."""
    from paston.games.paris.record import game_record

    state = env.unwrapped.state
    entry: dict[str, object] = dict(where) | {"turns": state.turns}
    progress(f"turn limit: {json.dumps(entry)}")
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        name = f"deal{where['deal']}-seat{where['seat']}-{where['player']}.json"
        record = game_record(state, meta=entry)
        (folder / name).write_text(json.dumps(record) + "\n")
        entry["record"] = str(folder / name)
    return entry


def paired(xs: list[float], ys: list[float]) -> list[float]:
    return [x - y for x, y in zip(xs, ys, strict=True)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="seconds, for a test")
    parser.add_argument("--minutes", type=float, default=40.0, help="training CPU minutes")
    parser.add_argument(
        "--updates", type=int, default=0, help="stop after this many updates (0: by time only)"
    )
    parser.add_argument("--games", type=int, default=1024, help="games stepped together")
    parser.add_argument("--deals", type=int, default=1000, help="arena deals (× 3 seats)")
    parser.add_argument("--lr", type=float, default=0.02)
    parser.add_argument(
        "--prior", type=float, default=3.0, help="starting weight of the thumb-rule value"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="build/paris_selfplay.npz", help="weights file")
    parser.add_argument(
        "--evaluate-only", action="store_true", help="load --out and play the arena only"
    )
    parser.add_argument(
        "--first-deal",
        type=int,
        default=0,
        help="the arena's first deal (each deal has its own seeds: one can be played alone)",
    )
    parser.add_argument(
        "--dump-truncated",
        type=Path,
        metavar="DIR",
        help="write the record of every arena game the turn limit cuts short to DIR",
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.minutes, args.games, args.deals = 0.05, 64, 10
    out = Path(args.out)
    wall = time.monotonic()
    cpu = time.process_time()
    updates = 0
    decisions = games = 0
    if args.evaluate_only:
        policy = LinearMovePolicy.load(out)
    else:
        trainer = Trainer(
            args.games, args.seed, lr=args.lr, prior=args.prior, steps=8 if args.quick else 48
        )
        progress(f"training {args.minutes:g} CPU minutes on {args.games} games at once …")
        updates = trainer.train(
            args.minutes * 60, snapshot_every=5 if args.quick else 25, out=out, most=args.updates
        )
        policy = trainer.policy
        decisions, games = trainer.decisions, trainer.games_done
        policy.save(out, updates=updates, decisions=decisions, games=games, seed=args.seed)
        progress(f"weights written to {out}")
    train_cpu = time.process_time() - cpu
    train_wall = time.monotonic() - wall
    progress(f"arena: {args.deals} deals × {PLAYERS} seats against two heuristic bots …")
    result = arena(policy, args.deals, args.seed, args.first_deal, args.dump_truncated)
    for name in ARENA_PLAYERS[:2]:
        diff = result[f"{name}_minus_heuristic"]
        assert isinstance(diff, dict)
        how = "sampling its moves" if name == "trained" else "its likeliest move"
        print(
            f"trained ({how}) − heuristic, finishing place per deal (+1 first … −1 last, "
            f"mean of the three seats): {diff['mean']:+.3f} ± {diff['ci95']:.3f} over "
            f"{args.deals:,} duplicate deals"
        )
    print(
        f"training: {updates} updates, {games:,} games, {decisions:,} learner decisions, "
        f"{train_cpu / 60:.1f} CPU min ({train_wall / 60:.1f} min wall)"
    )
    summary = {
        "example": "train_paris_selfplay",
        "weights": str(out),
        "updates": updates,
        "games": games,
        "decisions": decisions,
        "train_cpu_minutes": round(train_cpu / 60, 2),
        "train_wall_minutes": round(train_wall / 60, 2),
        "cpus": os.cpu_count(),
        "arena": result,
    }
    sys.stdout.write(json.dumps(summary) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
