"""Checks the batched Paskievics engine against the main engine, action for action.

:func:`compare_with_engine` plays deals on
:class:`~paston.games.paskievics.batched.BatchedPaskievics` and, on the same deals (its
:meth:`~paston.games.paskievics.batched.BatchedPaskievics.deal_of`) with the same actions, on
:class:`~paston.games.paskievics.state.PaskievicsState` through the compact action space of
:mod:`~paston.games.paskievics.compact_actions` (as the Gymnasium env's codec uses it). At
every step it compares the seat to act, the legal compact ids, the observation
(:func:`~paston.games.paskievics.encoding.encode_paskievics_state` of the seat to act and the
cards it has chosen for its discard), and at each deal's end every seat's reward; with
``compact=False`` the same through the flat ids (the engine's own legal actions, the flat
env's observation).
:func:`compare_all` runs it over :func:`rule_variants`: the defaults, every other value of
every §15 flag that acts on a deal, one at a time, and random mixtures of all of them, each
with 4 and 5 seats, the compact and the flat ids taking turns. From the command line::

    .venv/bin/python -m paston.games.paskievics.batched.check --games 10000

Actions are drawn uniformly among the legal ones, except that in the announcements ``pass``
is taken with probability ``pass_bias`` when legal (else announcement turns run long: every
word is as likely as ending the turn).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, fields

import numpy as np

from .. import actions as A
from ..compact_actions import DISCARD_CARD, compact_legal, discard_size, to_flat
from ..encoding import encode_paskievics_state
from ..rules import DEFAULT_RULES, PaskievicsRules
from ..state import PaskievicsState
from . import BatchedPaskievics

__all__ = ["Agreement", "compare_all", "compare_with_engine", "rule_variants"]

#: Flags that act on a match, not on one deal (or not on the seat that acts).
_MATCH_FLAGS = {"players", "game_deals", "double_rounds", "trial_failure_starts_double_round"}
#: The values :func:`rule_variants` tries for the integer flags.
_INT_VALUES = {"trial_bid_penalty": (0, 1, 3), "max_kontra": (1, 2, 3, 4, 5)}


@dataclass(frozen=True)
class Agreement:
    """What was compared: deals played to their end (those thrown in among them), steps (one
    action of one deal each) and rule variants."""

    games: int
    thrown_in: int
    steps: int
    variants: int = 1


def compare_with_engine(
    games: int,
    players: int = 4,
    rules: PaskievicsRules | None = None,
    normalize_reward: bool = False,
    batch: int = 16,
    seed: int = 0,
    pass_bias: float = 0.5,
    compact: bool = True,
) -> Agreement:
    """Play at least ``games`` deals on :class:`BatchedPaskievics` and, on the same deals with
    the same actions, on the main engine; raise ``AssertionError`` at the first difference.
    ``compact=False`` checks the flat action ids (the engine's own legal actions)."""
    env = BatchedPaskievics(
        batch,
        players=players,
        seed=seed,
        rules=rules,
        normalize_reward=normalize_reward,
        compact_actions=compact,
    )
    obs, mask = env.reset()
    mirror = [_deal(env, i) for i in range(batch)]
    chosen: list[list[int]] = [[] for _ in range(batch)]
    rng = random.Random(seed)
    layout = env.layout
    finished = thrown = steps = 0
    while finished < games:
        to_act = env.to_act
        actions = np.zeros(batch, dtype=np.int64)
        for i, state in enumerate(mirror):
            seat = state.to_act
            where = _where(env, state)
            if seat is None:
                raise AssertionError(f"{where}: the engine's deal is over, the batched is not")
            if seat != to_act[i]:
                raise AssertionError(f"{where}: seat to act {to_act[i]}, engine {seat}")
            if compact:
                legal = sorted(compact_legal(state, seat, chosen[i]))
            else:
                legal = sorted(state.legal_actions())
            got = np.flatnonzero(mask[i]).tolist()
            if legal != got:
                raise AssertionError(f"{where}: the masks differ: batched {got}, engine {legal}")
            expected = np.zeros(env.observation_size, dtype=np.float32)
            expected[: layout.size] = encode_paskievics_state(state, seat, layout)
            for card in chosen[i]:
                expected[layout.size + card] = 1.0
            if not np.array_equal(obs[i], expected):
                names: list[str] = [
                    name
                    for name, _size, _doc in layout.fields
                    if not np.array_equal(obs[i][layout.slice(name)], expected[layout.slice(name)])
                ]
                if not np.array_equal(obs[i][layout.size :], expected[layout.size :]):
                    names.append("chosen")
                raise AssertionError(f"{where}: the observations differ in {names}")
            if not legal:
                raise AssertionError(f"{where}: no legal action for seat {seat}")
            if state.phase == "announce" and A.PASS in legal and rng.random() < pass_bias:
                actions[i] = A.PASS
            else:
                actions[i] = legal[rng.randrange(len(legal))]
        for i, state in enumerate(mirror):
            action = int(actions[i])
            flat: int | None = action
            if compact:
                flat = to_flat(chosen[i], action, discard_size(state, state.to_act or 0))
            if flat is None:
                chosen[i].append(action - DISCARD_CARD)
            else:
                chosen[i] = []
                state.apply(flat)
        obs, mask, rewards, done = env.step(actions)
        steps += batch
        for i, state in enumerate(mirror):
            if bool(done[i]) != state.is_over:
                raise AssertionError(
                    f"{_where(env, state)}: done {done[i]}, engine over {state.is_over}"
                )
            if not done[i]:
                continue
            want = [float(np.float32(r * env.reward_scale)) for r in state.result()]
            if rewards[i].tolist() != want:
                raise AssertionError(
                    f"{_where(env, state)}: rewards {rewards[i].tolist()}, engine {want} "
                    f"(value {state.value}, batched {env.final_value(i)})"
                )
            finished += 1
            thrown += state.phase == "thrown-in"
            mirror[i] = _deal(env, i)
    return Agreement(games=finished, thrown_in=thrown, steps=steps)


def _deal(env: BatchedPaskievics, i: int) -> PaskievicsState:
    hands, talon, dealer = env.deal_of(i)
    return PaskievicsState(hands, talon, dealer, env.rules)


def _where(env: BatchedPaskievics, state: PaskievicsState) -> str:
    record = {
        "rules": env.rules.to_dict(),
        "dealer": state.dealer,
        "hands": [list(h) for h in state.dealt],
        "talon": list(state.talon),
        "actions": [A.action_str(a) for a in state.history],
    }
    return f"deal {record} (phase {state.phase})"


def _values(name: str) -> tuple[object, ...]:
    from ..rules import FLAGS

    flag = next(f for f in FLAGS if f.name == name)
    if flag.kind == "bool":
        return (False, True)
    if flag.kind == "choice":
        return tuple(flag.choices or ())
    return _INT_VALUES[name]


def _deal_flags() -> list[str]:
    return [f.name for f in fields(PaskievicsRules) if f.name not in _MATCH_FLAGS]


def rule_variants(mixtures: int = 16, seed: int = 0) -> Iterator[PaskievicsRules]:
    """The defaults; every other value of every flag that acts on a deal, one at a time; then
    ``mixtures`` rules with every such flag drawn at random."""
    yield DEFAULT_RULES
    names = _deal_flags()
    for name in names:
        for value in _values(name):
            if value != getattr(DEFAULT_RULES, name):
                yield PaskievicsRules.from_dict({name: value})
    rng = random.Random(seed)
    for _ in range(mixtures):
        yield PaskievicsRules.from_dict({name: rng.choice(_values(name)) for name in names})


def compare_all(
    games: int, seed: int = 0, pass_bias: float = 0.5, verbose: bool = False
) -> Agreement:
    """At least ``games`` deals in all, spread evenly over :func:`rule_variants` with 4 and 5
    seats, raw and normalized rewards taking turns, and compact and flat action ids."""
    configs = [(rules, players) for rules in rule_variants(seed=seed) for players in (4, 5)]
    per = max(1, -(-games // len(configs)))
    total = thrown = steps = 0
    start = time.monotonic()
    for c, (rules, players) in enumerate(configs):
        agreement = compare_with_engine(
            per,
            players=players,
            rules=rules,
            normalize_reward=c % 4 >= 2,
            compact=c % 8 < 4,
            batch=min(per, 16),
            seed=seed + 1000 * c,
            pass_bias=pass_bias,
        )
        total += agreement.games
        thrown += agreement.thrown_in
        steps += agreement.steps
        if verbose and (c + 1) % 20 == 0:
            print(
                f"{c + 1}/{len(configs)} configurations, {total:,} deals, {steps:,} steps, "
                f"{time.monotonic() - start:.0f} s",
                file=sys.stderr,
            )
    return Agreement(games=total, thrown_in=thrown, steps=steps, variants=len(configs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m paston.games.paskievics.batched.check",
        description="Check BatchedPaskievics against the main engine, action for action.",
    )
    parser.add_argument("--games", type=int, default=10_000, help="deals in all (default 10000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--pass-bias",
        type=float,
        default=0.5,
        help="chance of passing in the announcements when legal (default 0.5)",
    )
    args = parser.parse_args(argv)
    start = time.monotonic()
    agreement = compare_all(args.games, seed=args.seed, pass_bias=args.pass_bias, verbose=True)
    print(
        f"agreement: {agreement.games:,} deals ({agreement.thrown_in:,} thrown in), "
        f"{agreement.steps:,} steps, {agreement.variants} configurations (rule variants x 4 and "
        f"5 seats), every step equal ({time.monotonic() - start:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
