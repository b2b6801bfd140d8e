"""``dpimc``: determinized Monte Carlo search with heuristic playouts.

At a decision of the play phase the bot

1. lists the distinct moves (suits never matter, so ``play 7C`` and ``play 7H`` are one move;
   all blind slots are one move: nobody knows what they hold) and keeps the ``candidates``
   best of them by the thumb rules;
2. samples ``worlds`` worlds consistent with its view (:mod:`.worlds`: the hidden cards dealt
   from the cards it has not seen, respecting the cards it saw go into other hands, the hand
   sizes and the face-down slots);
3. in each world plays every candidate and then the game on with the thumb rules at every
   seat (:mod:`.playout`), scoring the finishing position it reaches (0 = out first); every
   candidate meets the same worlds, so the comparison between them is paired;
4. plays the candidate with the best mean finishing position, but leaves the thumb rules'
   choice only when the paired difference is clear: better by more than ``z`` standard
   errors (a few dozen worlds are noisy, and a noisy search is worse than the thumb rules).

The swap phase, forced moves and blind plays are left to the thumb rules. A move chosen
before at the very same position (:mod:`.cycles`) goes to the back of the list: left alone,
one-step search can circle for ever (until the turn limit). A game longer than ``60 + 40 n``
turns is drifting: the thumb rules (with their occasional random move) take over.
Memory is bounded: one world and one playout at a time. ``time`` caps a decision in CPU
seconds of the deciding thread (:func:`time.thread_time`: a loaded machine slows a decision
down but does not make it weaker); the number of worlds is fixed otherwise, so that a seeded
bot repeats its decisions.

Options (``make_bot("dpimc:worlds=24,time=0.3", game="paris")``): ``worlds`` (default 32),
``candidates`` (4), ``horizon`` (turns per playout; 0, the default, means ``60 + 25 n`` for n
players, longer than most whole games), ``z`` (1.0), ``time`` (1.0).
"""

from __future__ import annotations

import math
import random
import statistics
import time as clock

from ....bots.base import Bot, Choice
from ..view import ParisView
from .cycles import keys_to_avoid, repeated_keys
from .heuristic import HeuristicBot, situation_of_view
from .knowledge import read_knowledge
from .moves import Move, move_of
from .playout import playout
from .policy import value_moves
from .worlds import sample_world

__all__ = ["DpimcBot"]

#: The thumb-rule value given to a move chosen before at this very position: never searched.
REPEATS_CYCLE = float("-inf")


class DpimcBot(Bot[ParisView]):
    """Determinized search: sampled worlds, every candidate played out by the thumb rules."""

    name = "dpimc"

    def __init__(
        self,
        seed: int | None = None,
        worlds: int = 32,
        candidates: int = 4,
        horizon: int = 0,
        z: float = 1.0,
        time: float = 1.0,
    ) -> None:
        if worlds < 1 or candidates < 1 or horizon < 0 or time <= 0 or z < 0:
            raise ValueError(
                "dpimc needs worlds >= 1, candidates >= 1, horizon >= 0, z >= 0 and time > 0"
            )
        self.rng = random.Random(seed)
        self.worlds = int(worlds)
        self.candidates = int(candidates)
        self.horizon = int(horizon)
        self.z = float(z)
        self.time = float(time)
        self.heuristic = HeuristicBot(seed=self.rng.randrange(2**32))

    def _shortlist(self, view: ParisView) -> list[tuple[Move, float, str]]:
        """One representative per distinct move, best first by the thumb rules."""
        moves = [move_of(a) for a in view.legal]
        values = value_moves(situation_of_view(view), moves)
        ranked = sorted(zip(moves, values, strict=True), key=lambda mv: -mv[1][0])
        seen: set[tuple[str, int, int]] = set()
        out: list[tuple[Move, float, str]] = []
        for move, (value, reason) in ranked:
            if move.key not in seen:
                seen.add(move.key)
                out.append((move, value, reason))
        repeated = keys_to_avoid(view, moves, self.rng)
        if repeated and any(move.key not in repeated for move, _, _ in out):
            # The position has come back and these moves (in any suits) were chosen here
            # before: they would go round the cycle again. Not searched (kept last, for the
            # explanation).
            looping = [(move, REPEATS_CYCLE, f"{reason} (would repeat a cycle of turns)")
                       for move, _, reason in out if move.key in repeated]  # fmt: skip
            out = [entry for entry in out if entry[0].key not in repeated] + looping
        return out

    def search(self, view: ParisView) -> list[tuple[Move, list[float]]]:
        """Per candidate (in the thumb rules' order), its finishing position (0 = out first)
        in each world played; worlds are shared, so the lists are paired."""
        shortlist = [e for e in self._shortlist(view) if e[1] != REPEATS_CYCLE]
        shortlist = shortlist[: self.candidates]
        if len(shortlist) == 1 or view.phase != "play":
            return [(move, []) for move, _, _ in shortlist]
        knowledge = read_knowledge(view)
        horizon = self.horizon or 60 + 25 * view.players
        results: list[list[float]] = [[] for _ in shortlist]
        deadline = clock.thread_time() + self.time
        for _ in range(self.worlds):
            world = sample_world(view, knowledge, self.rng)
            for i, (move, _, _) in enumerate(shortlist):
                state = world.copy()
                state.apply(move.action)
                results[i].append(playout(state, view.seat, horizon))
            if clock.thread_time() > deadline:
                break
        return [(move, results[i]) for i, (move, _, _) in enumerate(shortlist)]

    def _pick(self, results: list[tuple[Move, list[float]]]) -> Move:
        """The thumb rules' choice unless another candidate is clearly better (paired)."""
        default, base = results[0]
        best, best_mean = default, 0.0
        for move, positions in results[1:]:
            diffs = [p - q for p, q in zip(positions, base, strict=True)]
            if len(diffs) < 2:
                continue
            mean = statistics.fmean(diffs)
            error = statistics.stdev(diffs) / math.sqrt(len(diffs))
            if mean < -self.z * error and mean < best_mean:
                best, best_mean = move, mean
        return best

    def act(self, view: ParisView) -> int:
        if not view.legal:
            raise ValueError("the dpimc bot was asked to act, but it has no legal action")
        if len(view.legal) == 1 or view.phase != "play" or self._drifting(view):
            return self.heuristic.act(view)
        return self._pick(self.search(view)).action

    def _drifting(self, view: ParisView) -> bool:
        """A game this long is drifting (cards handed back and forth); the thumb rules, with
        their occasional random move, end it sooner than a search that re-decides each turn,
        and at a fraction of the cost."""
        return view.turns >= 60 + 40 * view.players and not repeated_keys(view)

    def explain(self, view: ParisView) -> list[Choice]:
        if not view.legal:
            raise ValueError("the dpimc bot was asked to act, but it has no legal action")
        if view.phase != "play":
            return self.heuristic.explain(view)
        shortlist = self._shortlist(view)
        results = self.search(view)
        chosen = self._pick(results).key
        searched = {move.key: positions for move, positions in results if positions}
        rank_of = {move.key: i for i, (move, _, _) in enumerate(shortlist)}
        reason_of = {move.key: reason for move, _, reason in shortlist}
        choices = []
        for action in view.legal:
            key = move_of(action).key
            if key in searched:
                positions = searched[key]
                mean = statistics.fmean(positions)
                # Value: minus the expected finishing position (1 = out first).
                text = (
                    f"{reason_of[key]}; finishes {mean + 1:.2f} on average "
                    f"({len(positions)} worlds)"
                )
                choices.append(Choice(action, -(mean + 1), text))
            else:
                # Not searched: after every searched move, in the thumb rules' order.
                choices.append(Choice(action, -1000.0 - rank_of[key], reason_of[key]))
        # The move played first, even when another's mean is a hair better but not clearly
        # (see _pick); then best value first.
        choices.sort(key=lambda c: (move_of(c.action).key != chosen, -c.value))
        return choices
