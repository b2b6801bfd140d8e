"""The compiled single-deal stepper behind ``PastonEnv(engine="compiled")``: one learner, the
other two seats uniformly random, the whole Gymnasium step in numba.

The batched engine's kernels (:mod:`.kernel`) apply the actions and write the observation and
mask; this module adds what one Gymnasium episode needs around them: the learner's seat, the
random opponents' moves up to the learner's next turn, the terminal observation (its mask
holds only the placeholder action 0, as the Python env's) and a generator of its own per
environment (SplitMix64, so that two environments in one process never share a stream).

Everything one deal needs lies in one ``int64`` array (:data:`BUF_SIZE` entries): the
kernel's row, the generator, the seat, the rules, the layout offsets and every action taken
(so :meth:`CompiledPaston.replay` rebuilds the main engine's
:class:`~paston.games.paston.state.Deal` of the same cards and actions, for tests, ``state``,
``view`` and ``render``). Fewer array arguments make each compiled call cheaper.

Deals come from this generator, not from the main engine's shuffle, so a seed gives other
deals (and other opponent moves) than the Python env's; both are uniform over the playable
deals, and the opponents uniform over the legal actions.

numba caches each compiled function by its own file only: after changing :mod:`.kernel`,
delete this module's cached ``single.*.nbi``/``.nbc`` files in ``__pycache__`` (or touch
this file), or its entry points keep the old kernel code inlined.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit
from numba.np.numpy_support import carray
from numpy.typing import NDArray

from ..actions import NUM_ACTIONS
from ..encoding import layout_for
from ..rules import DEFAULT_RULES, Rules
from ..state import PHASE_NAMES, Deal
from . import kernel as k
from . import layout_offsets, rules_array

__all__ = ["BUF_SIZE", "CompiledPaston", "build"]

I64 = NDArray[np.int64]
F32 = NDArray[np.float32]
I8 = NDArray[np.int8]
U8 = NDArray[np.uint8]

# ----------------------------------------------------------------- the buffer's entries

RNG = k.NCOLS  # the generator's state
SEAT = RNG + 1  # the learner's seat
NHIST = SEAT + 1  # actions taken in this deal
RULES = NHIST + 1  # the kernel's rules array
OFFS = RULES + k.N_RULES  # the layout offsets
HIST = OFFS + len(k.FIELD_NAMES)  # the actions taken, in order
#: The most actions one deal takes (auction, exchange, contract, two defence words, 30 cards;
#: an auction has at most 3 passes and 5 bids a seat).
MAX_HIST = 64
MAX_LEGAL = k.MAX_LEGAL
LEGAL = HIST + MAX_HIST  # scratch: the legal actions of the seat to act
NMASKED = LEGAL + MAX_LEGAL  # how many ids the learner's mask holds, and which:
MASKED = NMASKED + 1
MARKS = MASKED + MAX_LEGAL  # the entries the observation has set (:func:`.kernel.write_obs`)
OBS_SIZE = MARKS + k.MARKS_SIZE  # the observation's length
BUF_SIZE = OBS_SIZE + 1
#: ``step_deal``'s code once the deal is over (plus the phase id); below it: the phase id.
OVER = 8
_PHASES = PHASE_NAMES

# SplitMix64, as unsigned 64-bit constants so that numba keeps the arithmetic unsigned.
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_LOW32 = 2**32 - 1


@njit(cache=True, nogil=True)
def _next32(buf: I64) -> int:
    """The generator's next 32 random bits (the top half of a SplitMix64 output)."""
    state = np.uint64(buf[RNG]) + _GOLDEN
    buf[RNG] = np.int64(state)
    z = (state ^ (state >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    z = z ^ (z >> _S31)
    return int(z >> _S32)


@njit(cache=True, nogil=True)
def _below(buf: I64, n: int) -> int:
    """Uniform in ``0 .. n-1`` for ``0 < n < 2**31``: the high half of 32 random bits times
    ``n``, with the rejection that keeps it exactly uniform (Lemire's method: a division
    only in the rare case that may need it)."""
    m = _next32(buf) * n
    low = m & _LOW32
    if low < n:
        threshold = (_LOW32 + 1 - n) % n
        while low < threshold:
            m = _next32(buf) * n
            low = m & _LOW32
    out: int = m >> 32
    return out


@njit(cache=True, nogil=True)
def _apply(buf: I64, action: int) -> None:
    n = buf[NHIST]
    buf[HIST + n] = action
    buf[NHIST] = n + 1
    k.apply(buf[: k.NCOLS], action, buf[RULES : RULES + k.N_RULES])


@njit(cache=True, nogil=True)
def _legal(buf: I64, base: int) -> int:
    """:func:`.kernel.legal_list` of the seat to act, written at ``buf[base:]``."""
    return k.legal_list(
        buf[: k.NCOLS], buf[RULES : RULES + k.N_RULES], buf[base : base + MAX_LEGAL]
    )


@njit(cache=True, nogil=True)
def _advance(buf: I64) -> None:
    """The opponents act, each uniformly at random among its legal actions, until the
    learner is to act or the deal is over."""
    seat = buf[SEAT]
    while buf[k.PHASE] < k.SCORED and buf[k.TO_ACT] != seat:
        n = _legal(buf, LEGAL)
        _apply(buf, buf[LEGAL + _below(buf, n)])


@njit(cache=True, nogil=True)
def _observe(buf: I64, obs: F32, mask: I8) -> int:
    """The learner's observation and mask (updated in place: the ids set last time cleared,
    the legal ones set; action 0 alone once the deal is over); the phase id, plus
    :data:`OVER` once the deal is over."""
    row = buf[: k.NCOLS]
    offsets = buf[OFFS : OFFS + len(k.FIELD_NAMES)]
    k.write_obs(row, buf[SEAT], offsets, obs, buf[MARKS : MARKS + k.MARKS_SIZE])
    for i in range(buf[NMASKED]):
        mask[buf[MASKED + i]] = 0
    phase: int = row[k.PHASE]
    if phase >= k.SCORED:
        buf[MASKED] = 0
        buf[NMASKED] = 1
        mask[0] = 1
        return OVER + phase
    n = _legal(buf, MASKED)
    buf[NMASKED] = n
    for i in range(n):
        mask[buf[MASKED + i]] = 1
    return phase


@njit(cache=True, nogil=True)
def reset_deal(buf: I64, obs: F32, mask: I8) -> int:
    """Deal a playable deal (dealer drawn at random) in which the learner acts, play the
    opponents up to its first turn and write its observation and mask; the phase id."""
    rules = buf[RULES : RULES + k.N_RULES]
    deck = buf[LEGAL : LEGAL + 32]  # the scratch list, free until the opponents act
    while True:
        for c in range(32):
            deck[c] = c
        for i in range(31, 0, -1):
            j = _below(buf, i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        h0 = h1 = h2 = prikup = 0
        for c in range(10):
            h0 |= 1 << deck[c]
            h1 |= 1 << deck[c + 10]
            h2 |= 1 << deck[c + 20]
        prikup = (1 << deck[30]) | (1 << deck[31])
        dealer = _below(buf, 3)
        k.load(buf[: k.NCOLS], h0, h1, h2, prikup, dealer, rules[k.R_FIRST_DEAL], rules)
        buf[NHIST] = 0
        if buf[k.PHASE] == k.REDEAL:
            continue
        _advance(buf)
        if buf[k.PHASE] < k.SCORED:  # (a jump to 5 and a surrender can end it at once)
            break
    return _observe(buf, obs, mask)


@njit(cache=True, nogil=True)
def step_deal(buf: I64, obs: F32, mask: I8, action: int) -> int:
    """The learner takes ``action``, the opponents answer: the phase id then (plus
    :data:`OVER` once the deal is over), or -1 when ``action`` is not legal now (nothing
    changed)."""
    if action < 0 or action >= mask.shape[0] or buf[k.PHASE] >= k.SCORED or mask[action] == 0:
        return -1
    _apply(buf, action)
    _advance(buf)
    return _observe(buf, obs, mask)


@njit(cache=True, nogil=True, inline="always")
def _parts(address: int) -> tuple[I64, F32, I8]:
    """The buffer, the observation and the mask, which lie one after the other in the
    stepper's byte array at ``address``.

    A compiled call taking an integer costs about half what one taking an array does (the
    array's unboxing), and views of raw memory carry no reference count, whereas every view
    of a numpy array takes two atomic operations (a step takes dozens of views): together
    about a third of a step's compiled time. :class:`CompiledPaston` keeps the byte array
    for as long as it passes its address."""
    buf = carray(k.pointer(address), BUF_SIZE, np.int64)
    size = buf[OBS_SIZE]
    start = address + 8 * BUF_SIZE
    obs = carray(k.pointer(start), size, np.float32)
    return buf, obs, carray(k.pointer(start + 4 * size), NUM_ACTIONS, np.int8)


@njit(cache=True, nogil=True)
def reset_at(address: int) -> int:
    """:func:`reset_deal` on the stepper's byte array at ``address``."""
    buf, obs, mask = _parts(address)
    return reset_deal(buf, obs, mask)


@njit(cache=True, nogil=True)
def step_at(address: int, action: int) -> int:
    """:func:`step_deal` on the stepper's byte array at ``address``."""
    buf, obs, mask = _parts(address)
    return step_deal(buf, obs, mask, action)


# ----------------------------------------------------------------- the stepper


#: The stepper's attributes bound to its own byte array (never copied with it).
_BOUND = ("_address", "_buf", "_obs", "_mask")


class CompiledPaston:
    """One learner's Paston deals against two random seats, stepped in compiled code; the
    Gymnasium env's ``engine="compiled"`` (:mod:`paston.env.gym_env`) drives it.

    ``reset`` and ``step`` return what the Python env's do, value for value on the same
    deal and actions: the observation (a fresh array), the reward (times
    :attr:`reward_scale`, which the env sets), the info dict (``action_mask``, ``phase``,
    ``seat``; ``deal_scores`` once the deal is over)."""

    def __init__(self, seat: int, rules: Rules, perfect_recall: bool, first_deal: bool) -> None:
        self.seat = seat
        self.rules = rules
        layout = layout_for(perfect_recall, True)
        size = layout.size
        self._mem = np.zeros(8 * BUF_SIZE + 4 * size + NUM_ACTIONS, dtype=np.uint8)
        self._bind(size)
        self._buf[OBS_SIZE] = size
        self._buf[SEAT] = seat
        self._buf[RULES : RULES + k.N_RULES] = rules_array(rules, first_deal)
        self._buf[OFFS : OFFS + len(k.FIELD_NAMES)] = layout_offsets(layout)
        self.done = True
        self._started = False
        #: What every reward is multiplied by (the env's ``normalize_reward``).
        self.reward_scale = 1.0

    def _bind(self, size: int) -> None:
        """The views of the one byte array the kernels take, and its address."""
        self._address: int = self._mem.ctypes.data
        self._buf = self._mem[: 8 * BUF_SIZE].view(np.int64)
        self._obs = self._mem[8 * BUF_SIZE : 8 * BUF_SIZE + 4 * size].view(np.float32)
        self._mask = self._mem[8 * BUF_SIZE + 4 * size :].view(np.int8)

    def __getstate__(self) -> dict[str, Any]:
        # The views and the address are the byte array's: rebuilt from the copy's own (a
        # copied view would copy its data; a copied address would step the original's deal).
        return {n: v for n, v in self.__dict__.items() if n not in _BOUND}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind((self._mem.shape[0] - 8 * BUF_SIZE - NUM_ACTIONS) // 4)

    def reset(self, seed: int | None) -> tuple[F32, dict[str, Any]]:
        """A new deal: the generator seeded with ``seed`` first, unless it is ``None`` (then
        it goes on)."""
        if seed is not None:
            self._buf[RNG] = seed
        phase = reset_at(self._address)
        self.done = False
        self._started = True
        return self._obs.copy(), {
            "action_mask": self._mask.copy(),
            "phase": PHASE_NAMES[phase],
            "seat": self.seat,
        }

    def step(self, action: int) -> tuple[F32, float, bool, bool, dict[str, Any]] | None:
        """``(obs, reward, terminated, truncated, info)``; ``None`` when ``action`` is not
        legal now (nothing changed)."""
        code = step_at(self._address, action)
        if code < OVER:
            if code < 0:
                return None
            return (
                self._obs.copy(),
                0.0,
                False,
                False,
                {"action_mask": self._mask.copy(), "phase": _PHASES[code], "seat": self.seat},
            )
        self.done = True
        scores = self._scores()
        info = {
            "action_mask": self._mask.copy(),
            "phase": PHASE_NAMES[code - OVER],
            "seat": self.seat,
            "deal_scores": scores,
        }
        reward = 0.0 if scores is None else scores[self.seat] * self.reward_scale
        return self._obs.copy(), reward, True, False, info

    def observe(self) -> tuple[F32, dict[str, Any]]:
        """The current observation and info (what the last ``reset`` or ``step`` returned)."""
        buf = self._buf
        info: dict[str, Any] = {
            "action_mask": self._mask.copy(),
            "phase": PHASE_NAMES[buf[k.PHASE]],
            "seat": self.seat,
        }
        if self.done:
            info["deal_scores"] = self._scores()
        return self._obs.copy(), info

    def _scores(self) -> tuple[int, int, int] | None:
        """Every seat's deal score once scored (``None`` for a deal thrown in)."""
        buf = self._buf
        if buf[k.PHASE] != k.SCORED:
            return None
        return int(buf[k.SCORE]), int(buf[k.SCORE + 1]), int(buf[k.SCORE + 2])

    def mask(self) -> I8:
        """The learner's legal actions now (a copy; action 0 only once the deal is over)."""
        return self._mask.copy()

    def dealt(self) -> tuple[tuple[int, int, int], int, int, bool]:
        """The deal as dealt: ``(hands, prikup, dealer, first_deal)`` (card masks)."""
        buf = self._buf
        hands = (int(buf[k.DEALT]), int(buf[k.DEALT + 1]), int(buf[k.DEALT + 2]))
        return hands, int(buf[k.PRIKUP]), int(buf[k.DEALER]), bool(buf[k.FIRST])

    def actions(self) -> list[int]:
        """Every action taken in the deal so far, every seat's, in order."""
        return [int(a) for a in self._buf[HIST : HIST + self._buf[NHIST]]]

    def dealt_state(self) -> Deal:
        """The deal as dealt, no action taken, as the main engine's :class:`Deal`."""
        if not self._started:
            raise RuntimeError("call reset() first")
        return Deal(*self.dealt(), rules=self.rules)

    def replay(self) -> Deal:
        """The deal so far as the main engine's :class:`Deal` (the same cards and actions)."""
        deal = self.dealt_state()
        for action in self.actions():
            deal.apply(action)
        return deal


def build(
    players: int, rules: Rules | None, seat: int, reward: str, options: dict[str, Any]
) -> CompiledPaston:
    """The research hooks' ``compiled``: raises ``ValueError`` saying why when these settings
    are not the compiled stepper's (the open lone whist; a reward mode other than ``hand``)."""
    if reward != "hand":
        raise ValueError(f"the compiled Paston env pays the deal's score only, not {reward!r}")
    rules = rules if rules is not None else DEFAULT_RULES
    rules_array(rules, False)  # refuses the open lone whist, saying so
    return CompiledPaston(seat, rules, bool(options["perfect_recall"]), bool(options["first_deal"]))
