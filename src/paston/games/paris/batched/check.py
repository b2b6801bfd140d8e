"""Checks the batched Paris engine against the main engine, action for action.

:func:`compare_with_engine` plays games on :class:`~paston.games.paris.batched.BatchedParis`
and, from the same seeds with the same actions, on :class:`~paston.games.paris.state.ParisState`
(:func:`~paston.games.paris.shuffle.deal_game`); at every step it compares the seat to act,
the mask, the observation, and at each game's end the rewards and the truncation.
:func:`compare_all` runs it over every combination of the §14 flags, two turn limits and
2 to 9 seats. From the command line::

    .venv/bin/python -m paston.games.paris.batched.check --games 10000

Uniformly random Paris games are long (median 1,200-1,900 turns), so the actions are drawn
from a mixture: with probability ``lowest`` the lowest legal id (the lowest cards, ``ready``
in the swap phase), otherwise uniformly among the legal ones.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from ..actions import READY, SWAP_BASE
from ..encoding import encode_paris
from ..research import rank_reward
from ..rules import ParisRules
from ..shuffle import deal_game
from ..state import ParisState
from . import BatchedParis

__all__ = ["Agreement", "compare_all", "compare_with_engine", "flag_combinations"]


@dataclass(frozen=True)
class Agreement:
    """What was compared: games played to their end (those the turn limit ended among them)
    and steps (one action of one game each)."""

    games: int
    truncated: int
    steps: int


def compare_with_engine(
    games: int,
    players: int = 3,
    rules: ParisRules | None = None,
    reward: str = "result",
    batch: int = 16,
    seed: int = 0,
    lowest: float = 0.7,
) -> Agreement:
    """Play at least ``games`` games on :class:`BatchedParis` and, on the same deals with the
    same actions, on the main engine; raise ``AssertionError`` at the first difference."""
    env = BatchedParis(batch, players=players, seed=seed, rules=rules, reward=reward)
    obs, mask = env.reset()
    mirror = [_deal(env, i) for i in range(batch)]
    rng = np.random.default_rng(seed)
    finished = truncated = steps = 0
    while finished < games:
        to_act = env.to_act
        actions = np.zeros(batch, dtype=np.int64)
        for i, state in enumerate(mirror):
            seat = state.to_act
            where = _where(env, i, state)
            if seat is None:
                raise AssertionError(f"{where}: the engine's game is over, the batched is not")
            if seat != to_act[i]:
                raise AssertionError(f"{where}: seat to act {to_act[i]}, engine {seat}")
            legal = state.legal_actions()
            if sorted(legal) != np.flatnonzero(mask[i]).tolist():
                raise AssertionError(
                    f"{where}: the masks differ: batched {np.flatnonzero(mask[i]).tolist()}, "
                    f"engine {sorted(legal)}"
                )
            expected = encode_paris(state.view(seat), env.layout)
            if not np.array_equal(obs[i], expected):
                fields = [
                    f.name
                    for f in env.layout.fields
                    if not np.array_equal(
                        obs[i][env.layout.slice(f.name)], expected[env.layout.slice(f.name)]
                    )
                ]
                raise AssertionError(f"{where}: the observations differ in {fields}")
            actions[i] = _choose(legal, rng, lowest)
        for i, state in enumerate(mirror):
            state.apply(int(actions[i]))
        obs, mask, rewards, done = env.step(actions)
        steps += batch
        for i, state in enumerate(mirror):
            if bool(done[i]) != state.is_over:
                raise AssertionError(
                    f"{_where(env, i, state)}: done {done[i]}, engine over {state.is_over}"
                )
            if not done[i]:
                continue
            want = _rewards(state, reward)
            if rewards[i].tolist() != want:
                raise AssertionError(
                    f"{_where(env, i, state)}: rewards {rewards[i].tolist()}, engine {want} "
                    f"(ranking {state.ranking})"
                )
            if bool(env.truncated[i]) != (state.end == "turn_limit"):
                raise AssertionError(
                    f"{_where(env, i, state)}: truncated {env.truncated[i]}, end {state.end}"
                )
            finished += 1
            truncated += state.end == "turn_limit"
            mirror[i] = _deal(env, i)
    return Agreement(games=finished, truncated=truncated, steps=steps)


def _deal(env: BatchedParis, i: int) -> ParisState:
    seed, dealer = env.game_of(i)
    return deal_game(env.players, seed=seed, dealer=dealer, rules=env.rules)


def _where(env: BatchedParis, i: int, state: ParisState) -> str:
    seed, dealer = env.game_of(i)
    return (
        f"game {i} (players {env.players}, seed {seed}, dealer {dealer}, rules "
        f"{env.rules.to_dict()}, {len(state.history)} actions, phase {state.phase})"
    )


def _choose(legal: list[int], rng: np.random.Generator, lowest: float) -> int:
    if rng.random() < lowest:
        if legal[0] >= SWAP_BASE and READY in legal:
            return READY
        return min(legal)
    return legal[int(rng.integers(len(legal)))]


def _rewards(state: ParisState, reward: str) -> list[float]:
    n = state.players
    if reward == "rank":
        return [float(np.float32(rank_reward(state, s))) for s in range(n)]
    return [float(np.float32(r)) for r in state.result()]


def flag_combinations(max_turns: tuple[int, ...] = (10000, 150)) -> Iterator[ParisRules]:
    """Every combination of the §14 flags, each with every turn limit of ``max_turns``."""
    for start, all_lowest, ten, voluntary, faceup, limit in itertools.product(
        ("seat_order", "most_lowest"), (False, True), (True, False), (False, True),
        (False, True), max_turns,
    ):  # fmt: skip
        yield ParisRules(
            start_rule=start,
            starter_plays_all_lowest=all_lowest,
            ten_grants_extra_turn=ten,
            voluntary_pickup=voluntary,
            play_faceup_with_last_hand=faceup,
            max_turns=limit,
        )


def compare_all(games: int, seed: int = 0, lowest: float = 0.7, verbose: bool = False) -> Agreement:
    """At least ``games`` games in all, spread evenly over every flag combination (both
    turn limits) and 2 to 9 seats, the reward modes taking turns."""
    configs = [(rules, players) for rules in flag_combinations() for players in range(2, 10)]
    per = max(1, -(-games // len(configs)))
    total = truncated = steps = 0
    start = time.monotonic()
    for c, (rules, players) in enumerate(configs):
        agreement = compare_with_engine(
            per,
            players=players,
            rules=rules,
            reward=("result", "rank")[c % 2],
            batch=min(per, 16),
            seed=seed + 1000 * c,
            lowest=lowest,
        )
        total += agreement.games
        truncated += agreement.truncated
        steps += agreement.steps
        if verbose and (c + 1) % 32 == 0:
            print(
                f"{c + 1}/{len(configs)} configurations, {total:,} games, {steps:,} steps, "
                f"{time.monotonic() - start:.0f} s",
                file=sys.stderr,
            )
    return Agreement(games=total, truncated=truncated, steps=steps)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m paston.games.paris.batched.check",
        description="Check BatchedParis against the main engine, action for action.",
    )
    parser.add_argument("--games", type=int, default=10_000, help="games in all (default 10000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--lowest", type=float, default=0.7, help="share of lowest-id actions (default 0.7)"
    )
    args = parser.parse_args(argv)
    start = time.monotonic()
    agreement = compare_all(args.games, seed=args.seed, lowest=args.lowest, verbose=True)
    print(
        f"agreement: {agreement.games:,} games ({agreement.truncated:,} ended by the turn "
        f"limit), {agreement.steps:,} steps, every flag combination x 2-9 seats, every step "
        f"equal ({time.monotonic() - start:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
