"""What a deal's scores are worth to a seat in a game to the target: its chance of winning.

A deal played alone is worth its score; in a game to 121 what counts is finishing first, so
``−10`` for a surrender that stops a rival's ``+40`` at 100 is a good deal. This module turns
the running totals after a deal into each seat's chance of winning the game from there:

* every seat's later deals add independent scores drawn from :data:`DEAL_SCORES`, the
  scores a seat made per deal in 9,000 seat-deals of duplicate play (``search`` and two
  ``heuristic`` bots, 3,000 deals of ``benchmarks/paston_expert.py``, seed 2026);
* from that, the chance that a seat ``d`` points short of the target has not reached it
  after ``n`` more deals (a table, computed once);
* a seat wins if it reaches the target in an earlier deal than both others; reaching it in
  the same deal is shared (the higher total would win; the model cannot tell which).

It is a model (the seats' scores are not independent -- one declarer per deal -- and the
−121 reset and the dealer's turn are left out), good enough to say whose game it is: a rival
a contract away from the target makes stopping its contract worth more than this seat's own
score, and a seat near the target prefers the sure contract.

:class:`GameValue` values scores in **points equivalent**: the change of the win chance
divided by what one point of this seat's own score is worth at these totals, so a value
means roughly what a score means (and a bot's margins in points keep their sense).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..view import MatchStanding

__all__ = ["DEAL_SCORES", "GameValue", "win_chances"]

#: A seat's score per deal and how often it came (per 9,000 seat-deals; module doc).
DEAL_SCORES: tuple[tuple[int, int], ...] = (
    (-40, 459), (-36, 231), (-32, 244), (-30, 112), (-28, 326), (-27, 43), (-24, 48),
    (-21, 95), (-20, 32), (-18, 8), (-16, 12), (-14, 19), (-10, 146), (-9, 1), (-8, 2),
    (-7, 2), (0, 3954), (2, 228), (10, 157), (20, 121), (30, 494), (40, 2007), (50, 2),
    (60, 38), (80, 154), (90, 8), (120, 46), (160, 11),
)  # fmt: skip

#: Deals looked ahead (a game rarely lasts longer; the rest counts as never reached).
HORIZON = 120
#: The longest distance to the target in the table (farther counts as this far).
FARTHEST = 600

FloatArray = npt.NDArray[np.float64]


@functools.cache
def _not_yet() -> FloatArray:
    """``table[d, n]``: the chance that a seat ``d`` points short has not reached the target
    after ``n`` more deals (``d`` from 0 to :data:`FARTHEST`, ``n`` from 0 to :data:`HORIZON`)."""
    counts = sum(c for _, c in DEAL_SCORES)
    steps = [(x, c / counts) for x, c in DEAL_SCORES]
    table = np.zeros((FARTHEST + 1, HORIZON + 1))
    now = np.ones(FARTHEST + 1)
    now[0] = 0.0  # reached already
    table[:, 0] = now
    index = np.arange(FARTHEST + 1)
    for n in range(1, HORIZON + 1):
        nxt = np.zeros(FARTHEST + 1)
        for x, p in steps:
            # From distance d a score x leaves d - x (reached at <= 0; capped at FARTHEST).
            left = np.clip(index - x, 0, FARTHEST)
            nxt += p * now[left]
        nxt[0] = 0.0
        now = nxt
        table[:, n] = now
    return table


def _survival(distance: float) -> FloatArray:
    """Not-yet-reached chances after 0..HORIZON deals, for a distance (interpolated)."""
    table = _not_yet()
    d = min(max(distance, 0.0), float(FARTHEST))
    low = int(d)
    row: FloatArray = table[min(low, FARTHEST)]
    frac = d - low
    if low >= FARTHEST or frac == 0.0:
        return row
    mixed: FloatArray = (1.0 - frac) * row + frac * table[low + 1]
    return mixed


def win_chances(totals: Sequence[float], target: int, draw_on_tie: bool = True) -> FloatArray:
    """Each seat's chance of winning the game from these running totals (the model of the
    module doc). A game already decided gives 1 to its winner; a tie at the top past the
    target is a draw (a third each) unless the rules play on."""
    top = max(totals)
    if top >= target:
        leaders = [s for s in range(3) if totals[s] == top]
        if len(leaders) == 1:
            out = np.zeros(3)
            out[leaders[0]] = 1.0
            return out
        if draw_on_tie:
            return np.full(3, 1.0 / 3.0)
    survive = [_survival(target - t) for t in totals]
    # Reached exactly at deal n (n >= 1) and still short after deal n.
    first = [s[:-1] - s[1:] for s in survive]
    after = [s[1:] for s in survive]
    out = np.zeros(3)
    for i in range(3):
        j, k = (i + 1) % 3, (i + 2) % 3
        alone = after[j] * after[k]
        shared = 0.5 * (first[j] * after[k] + first[k] * after[j]) + first[j] * first[k] / 3.0
        out[i] = float(np.dot(first[i], alone + shared))
    return out


class GameValue:
    """A deal's scores as a seat's change of win chance, in points equivalent (module doc)."""

    #: The least a point of own score is taken to be worth (a seat that can no longer win
    #: still plays its cards sensibly).
    FLOOR = 1e-4

    def __init__(self, match: MatchStanding, seat: int, draw_on_tie: bool = True) -> None:
        self.totals = match.totals
        self.target = match.target
        self.seat = seat
        self.draw_on_tie = draw_on_tie
        self.now = self.chance((0.0, 0.0, 0.0))
        up = [0.0, 0.0, 0.0]
        up[seat] = 10.0
        down = [0.0, 0.0, 0.0]
        down[seat] = -10.0
        slope = (self.chance(up) - self.chance(down)) / 20.0
        #: What one point of this seat's own score is worth in win chance here.
        self.per_point = max(slope, self.FLOOR)
        self._memo: dict[tuple[float, float, float], float] = {}

    def chance(self, scores: Sequence[float]) -> float:
        """This seat's win chance after a deal with ``scores``."""
        after = [t + x for t, x in zip(self.totals, scores, strict=True)]
        return float(win_chances(after, self.target, self.draw_on_tie)[self.seat])

    def value(self, scores: Sequence[float]) -> float:
        """The change of win chance that ``scores`` bring, in points of own score."""
        key = (round(scores[0], 3), round(scores[1], 3), round(scores[2], 3))
        hit = self._memo.get(key)
        if hit is None:
            hit = (self.chance(key) - self.now) / self.per_point
            self._memo[key] = hit
        return hit
