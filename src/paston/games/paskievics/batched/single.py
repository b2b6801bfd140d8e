"""The compiled single-deal stepper behind ``PaskievicsEnv(engine="compiled")``: one learner,
the other seats uniformly random, the whole Gymnasium step in numba.

The batched engine's kernels (:mod:`.kernel`, in its flat-id mode: the engine's own 12,517
action ids, a discard one set) deal, list the legal actions, apply them and write the
observation; this module adds what one Gymnasium episode needs around them: the learner's
seat, the random opponents' moves up to the learner's next turn, the end of the episode with
the deal (scored or thrown in), the terminal observation (its mask holds only the placeholder
action 0, as the Python env's), every action taken (so :meth:`CompiledPaskievics.replay`
rebuilds the main engine's state) and a generator of its own per environment (SplitMix64).

Each episode's deal is a uniform shuffle from that generator, with the dealer drawn
uniformly (with five seats, among the seats other than the learner's, who must play: as the
Python env's :func:`paston.games.paskievics.research.new_hand`), so a seed gives other deals
(and other opponent moves) than the Python env's; the opponents choose uniformly among the
legal actions, as its ``random`` bots.

numba caches each compiled function by its own file only: after changing :mod:`.kernel`,
delete this module's cached ``single.*.nbi``/``.nbc`` files in ``__pycache__`` (or touch
this file), or its entry points keep the old kernel code inlined.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
from numba import njit
from numpy.typing import NDArray

from ..actions import NUM_ACTIONS
from ..encoding import paskievics_layout
from ..rules import PaskievicsRules
from ..shuffle import deal_from_deck
from ..state import PaskievicsState
from . import kernel as k
from . import layout_offsets, rules_array

__all__ = ["CompiledPaskievics", "build"]

I64 = NDArray[np.int64]
F32 = NDArray[np.float32]
I8 = NDArray[np.int8]

# ----------------------------------------------------------------- the int64 header
RNG = 0  # the generator's state
SEAT = 1  # the learner's seat
PLAYERS = 2
NHIST = 3  # actions taken in this deal
NMASKED = 4  # how many ids the learner's mask holds (listed in ``masked``)
RULES = 8
OFFS = RULES + k.N_RULES
HEADER = OFFS + len(k.FIELD_NAMES)
#: Room for a deal's actions (a random deal is about 115; announcements are bounded by the
#: bonuses, counts and kontra levels).
MAX_HIST = 2048
#: ``step_game``'s code once the deal is over; below it: the phase id.
OVER = 16
PHASE_NAMES = ("bidding", "raise", "discard", "announce", "play", "scored", "thrown-in")

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_LOW32 = 2**32 - 1


@njit(cache=True, nogil=True)
def _next32(head: I64) -> int:
    """The generator's next 32 random bits (the top half of a SplitMix64 output)."""
    state = np.uint64(head[RNG]) + _GOLDEN
    head[RNG] = np.int64(state)
    z = (state ^ (state >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    z = z ^ (z >> _S31)
    return int(z >> _S32)


@njit(cache=True, nogil=True)
def _below(head: I64, n: int) -> int:
    """Uniform in ``0 .. n-1`` (multiply and reject: exactly uniform)."""
    m = _next32(head) * n
    low = m & _LOW32
    if low < n:
        threshold = (_LOW32 + 1 - n) % n
        while low < threshold:
            m = _next32(head) * n
            low = m & _LOW32
    out: int = m >> 32
    return out


@njit(cache=True, nogil=True)
def _apply(head: I64, row: I64, hist: I64, action: int) -> None:
    n = head[NHIST]
    hist[n] = action
    head[NHIST] = n + 1
    k.apply(row, action, head[RULES:OFFS])


@njit(cache=True, nogil=True)
def _advance(head: I64, row: I64, legal: I64, hist: I64) -> bool:
    """The opponents act, each uniformly at random among its legal actions, until the
    learner is to act or the deal is over; ``False`` when the record ran out of room."""
    rules = head[RULES:OFFS]
    seat = head[SEAT]
    while row[k.TO_ACT] >= 0 and row[k.TO_ACT] != seat:
        if head[NHIST] >= MAX_HIST:
            return False
        n = k.legal(row, rules, legal)
        _apply(head, row, hist, legal[_below(head, n)])
    return True


@njit(cache=True, nogil=True)
def _observe(head: I64, row: I64, masked: I64, obs: F32, mask: I8) -> int:
    """The learner's observation and mask (the ids set last time cleared, the legal ones
    set; action 0 alone once the deal is over): the phase id, or :data:`OVER` + it."""
    k.write_obs(row, head[SEAT], head[OFFS:HEADER], obs)
    for i in range(head[NMASKED]):
        mask[masked[i]] = 0
    if row[k.TO_ACT] < 0:
        masked[0] = 0
        head[NMASKED] = 1
        mask[0] = 1
        return int(OVER + row[k.PHASE])
    n = k.legal(row, head[RULES:OFFS], masked)
    head[NMASKED] = n
    for i in range(n):
        mask[masked[i]] = 1
    phase: int = row[k.PHASE]
    return phase


@njit(cache=True, nogil=True)
def reset_game(head: I64, row: I64, legal: I64, masked: I64, hist: I64, obs: F32,
               mask: I8) -> int:  # fmt: skip
    """Deal a new deal (deck and dealer from the generator), play the opponents up to the
    learner's first turn, write its observation and mask: :func:`_observe`'s code."""
    players = head[PLAYERS]
    seat = head[SEAT]
    deck = np.arange(k.NUM_CARDS, dtype=np.int64)
    for i in range(k.NUM_CARDS - 1, 0, -1):
        j = _below(head, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    if players == 4:
        dealer = _below(head, 4)
    else:
        dealer = _below(head, 4)  # among the four seats other than the learner's
        if dealer >= seat:
            dealer += 1
    head[NHIST] = 0
    k.deal(row, players, deck, dealer)
    _advance(head, row, legal, hist)  # every seat bids at least once: the learner acts
    return _observe(head, row, masked, obs, mask)


@njit(cache=True, nogil=True)
def step_game(head: I64, row: I64, legal: I64, masked: I64, hist: I64, obs: F32, mask: I8,
              action: int) -> int:  # fmt: skip
    """The learner takes ``action``, the opponents answer: :func:`_observe`'s code, or -1
    when ``action`` is not legal now (nothing changed), -2 when the record ran out of room."""
    if action < 0 or action >= mask.shape[0] or mask[action] == 0 or row[k.TO_ACT] < 0:
        return -1
    _apply(head, row, hist, action)
    if not _advance(head, row, legal, hist):
        return -2
    return _observe(head, row, masked, obs, mask)


# ----------------------------------------------------------------- the stepper


class CompiledPaskievics:
    """One learner's Paskievics deals against random seats, stepped in compiled code; the
    Gymnasium env's ``engine="compiled"`` (:mod:`paston.env.gym_env`) drives it.

    ``reset`` and ``step`` return what the Python env's do, value for value on the same deal
    and actions: the observation (a fresh array), the reward (the learner's deal score times
    :attr:`reward_scale`), the info dict (``action_mask``, ``phase``, ``seat``; ``scores`` and
    ``thrown_in`` once the deal is over)."""

    def __init__(self, players: int, seat: int, rules: PaskievicsRules) -> None:
        self.players = players
        self.seat = seat
        self.rules = replace(rules, players=players)  # the table's size decides the flag
        layout = paskievics_layout(players)
        self._head = np.zeros(HEADER, dtype=np.int64)
        self._row = np.zeros(k.NCOLS, dtype=np.int64)
        self._legal = np.zeros(k.MAX_LEGAL, dtype=np.int64)
        self._masked = np.zeros(k.MAX_LEGAL, dtype=np.int64)
        self._hist = np.zeros(MAX_HIST + 1, dtype=np.int64)
        self._obs = np.zeros(layout.size, dtype=np.float32)
        self._mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        head = self._head
        head[SEAT] = seat
        head[PLAYERS] = players
        head[RULES:OFFS] = rules_array(self.rules, observe=True, compact=False)
        head[OFFS:HEADER] = layout_offsets(layout)
        self.done = True
        self._started = False
        #: What every reward is multiplied by (the env's ``normalize_reward``).
        self.reward_scale = 1.0

    def _arrays(self) -> tuple[I64, I64, I64, I64, I64, F32, I8]:
        return (
            self._head,
            self._row,
            self._legal,
            self._masked,
            self._hist,
            self._obs,
            self._mask,
        )

    def reset(self, seed: int | None) -> tuple[F32, dict[str, Any]]:
        """A new deal: the generator seeded with ``seed`` first, unless it is ``None``."""
        if seed is not None:
            self._head[RNG] = seed
        code = reset_game(*self._arrays())
        self.done = False
        self._started = True
        info = {"action_mask": self._mask.copy(), "phase": PHASE_NAMES[code], "seat": self.seat}
        return self._obs.copy(), info

    def step(self, action: int) -> tuple[F32, float, bool, bool, dict[str, Any]] | None:
        """``(obs, reward, terminated, truncated, info)``; ``None`` when ``action`` is not
        legal now (nothing changed)."""
        code = step_game(*self._arrays(), action)
        if code < OVER:
            if code < 0:
                if code == -2:
                    raise RuntimeError("the deal is longer than the compiled stepper records")
                return None
            info = {
                "action_mask": self._mask.copy(),
                "phase": PHASE_NAMES[code],
                "seat": self.seat,
            }
            return self._obs.copy(), 0.0, False, False, info
        self.done = True
        reward = float(self._row[k.SCORES + self.seat]) * self.reward_scale
        return self._obs.copy(), reward, True, False, self._info()

    def _info(self) -> dict[str, Any]:
        row = self._row
        info: dict[str, Any] = {
            "action_mask": self._mask.copy(),
            "phase": PHASE_NAMES[int(row[k.PHASE])],
            "seat": self.seat,
        }
        if self.done:
            info["scores"] = [float(row[k.SCORES + s]) for s in range(self.players)]
            cause = int(row[k.THROWN_CAUSE])
            info["thrown_in"] = (None, "pass-out", "annulled", "trial-failed")[cause]
        return info

    def observe(self) -> tuple[F32, dict[str, Any]]:
        """The current observation and info (what the last ``reset`` or ``step`` returned)."""
        return self._obs.copy(), self._info()

    def mask(self) -> I8:
        """The learner's legal actions now (a copy; action 0 only once the deal is over)."""
        return self._mask.copy()

    def actions(self) -> list[int]:
        """Every action taken in the deal so far, every seat's, in order."""
        return [int(a) for a in self._hist[: self._head[NHIST]]]

    def dealt_state(self) -> PaskievicsState:
        """The deal as dealt, no action taken, as the main engine's state."""
        if not self._started:
            raise RuntimeError("call reset() first")
        row = self._row
        deck = [int(c) for c in row[k.DEALT : k.DEALT + k.NUM_CARDS]]
        hands, talon, dealer = deal_from_deck(deck, int(row[k.DEALER]), self.players)
        return PaskievicsState(hands, talon, dealer, self.rules)

    def replay(self) -> PaskievicsState:
        """The deal so far as the main engine's state (the same deal and actions)."""
        state = self.dealt_state()
        for action in self.actions():
            state.apply(action)
        return state


def build(
    players: int, rules: PaskievicsRules, seat: int, reward: str, options: dict[str, Any]
) -> CompiledPaskievics:
    """The research hooks' ``compiled`` (``reward``: ``hand``, the learner's deal score)."""
    if reward != "hand":
        raise ValueError(f"the compiled Paskievics env pays 'hand', not {reward!r}")
    if options.get("compact_actions"):
        raise ValueError("the compiled Paskievics env takes the flat action ids")
    return CompiledPaskievics(players, seat, rules)
