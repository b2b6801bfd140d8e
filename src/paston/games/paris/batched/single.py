"""The compiled single-game stepper behind ``ParisEnv(engine="compiled")``: one learner, the
other seats uniformly random, the whole Gymnasium step in numba.

The batched engine's kernels (:mod:`.kernel`) deal (the reference shuffle of §3.3 from a
seed), list the legal actions, apply them and write the observation; this module adds what
one Gymnasium episode needs around them: the learner's seat, the random opponents' moves up
to the learner's next turn, the end of the episode when the learner goes out (its place is
fixed) or the game ends, the terminal observation (its mask holds only the placeholder
action 0, as the Python env's), every action taken (so :meth:`CompiledParis.replay`
rebuilds the main engine's state) and a generator of its own per environment (SplitMix64).

Each episode's game is ``deal_game(players, seed=s, dealer=d, rules=rules)`` of the main
engine with ``s`` and ``d`` drawn from that generator, so a seed gives other games (and other
opponent moves) than the Python env's, which shuffles with Python's generator; both deal
uniformly, and the opponents choose uniformly among the legal actions.

Everything one game needs lies in one byte array (the generator, seat, rules and layout
offsets, the kernel's row, the legal-action lists, the actions taken, the observation and
the mask), so that each compiled call unboxes one array only.

numba caches each compiled function by its own file only: after changing :mod:`.kernel`,
delete this module's cached ``single.*.nbi``/``.nbc`` files in ``__pycache__`` (or touch
this file), or its entry points keep the old kernel code inlined.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit
from numpy.typing import NDArray

from ..actions import NUM_ACTIONS
from ..encoding import paris_layout
from ..rules import ParisRules
from ..shuffle import deal_game
from ..state import PHASE_NAMES, ParisState
from . import kernel as k
from . import layout_offsets, rules_array

__all__ = ["CompiledParis", "build"]

I16 = NDArray[np.int16]
I32 = NDArray[np.int32]
I64 = NDArray[np.int64]
F32 = NDArray[np.float32]
I8 = NDArray[np.int8]
U8 = NDArray[np.uint8]

# ----------------------------------------------------------------- the int64 header

RNG = 0  # the generator's state
SEAT = 1  # the learner's seat
PLAYERS = 2
NHIST = 3  # actions taken in this game
MAX_HIST = 4  # room for them
NMASKED = 5  # how many ids the learner's mask holds (listed in the MASKED part)
OBS_SIZE = 6
SEED = 7  # the game's deal: seed and dealer
DEALER = 8
RULES = 9
OFFS = RULES + k.N_RULES
HEADER = OFFS + len(k.FIELD_NAMES)
#: ``step_game``'s code once the learner's episode is over (plus 1 when the turn limit ended
#: the game); below it: the phase id.
OVER = 8


# SplitMix64, as unsigned 64-bit constants so that numba keeps the arithmetic unsigned.
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_LOW32 = 2**32 - 1


def _align(n: int) -> int:
    return (n + 7) // 8 * 8


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
    """Uniform in ``0 .. n-1`` (Lemire's multiply-and-reject: exactly uniform)."""
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
def _parts(mem: U8) -> tuple[I64, I32, I16, I16, I32, F32, I8]:
    """The header, the row, the scratch legal list, the mask's list, the actions taken, the
    observation and the mask: views of ``mem``."""
    head = mem[: 8 * HEADER].view(np.int64)
    at = 8 * HEADER
    row = mem[at : at + 4 * k.NCOLS].view(np.int32)
    at += (4 * k.NCOLS + 7) // 8 * 8
    legal = mem[at : at + 2 * k.MAX_LEGAL].view(np.int16)
    at += (2 * k.MAX_LEGAL + 7) // 8 * 8
    masked = mem[at : at + 2 * k.MAX_LEGAL].view(np.int16)
    at += (2 * k.MAX_LEGAL + 7) // 8 * 8
    hist = mem[at : at + 4 * head[MAX_HIST]].view(np.int32)
    at += (4 * head[MAX_HIST] + 7) // 8 * 8
    obs = mem[at : at + 4 * head[OBS_SIZE]].view(np.float32)
    at += (4 * head[OBS_SIZE] + 7) // 8 * 8
    return head, row, legal, masked, hist, obs, mem[at : at + k.NUM_ACTIONS].view(np.int8)


@njit(cache=True, nogil=True)
def _learner_done(head: I64, row: I32) -> bool:
    done: bool = row[k.PHASE] == k.OVER or row[k.OUT + head[SEAT]] != 0
    return done


@njit(cache=True, nogil=True)
def _apply(head: I64, row: I32, hist: I32, action: int) -> None:
    n = head[NHIST]
    hist[n] = action
    head[NHIST] = n + 1
    k.apply(row, action, head[RULES : RULES + k.N_RULES])


@njit(cache=True, nogil=True)
def _advance(head: I64, row: I32, legal: I16, hist: I32) -> None:
    """The opponents act, each uniformly at random among its legal actions, until the
    learner is to act or its episode is over."""
    rules = head[RULES : RULES + k.N_RULES]
    seat = head[SEAT]
    while not _learner_done(head, row) and row[k.TO_ACT] != seat:
        n = k.legal(row, rules, legal)
        _apply(head, row, hist, legal[_below(head, n)])


@njit(cache=True, nogil=True)
def _observe(head: I64, row: I32, masked: I16, obs: F32, mask: I8) -> int:
    """The learner's observation and mask (the ids set last time cleared, the legal ones
    set; action 0 alone once its episode is over): the phase id, or :data:`OVER` (+1 when
    the turn limit ended the game)."""
    rules = head[RULES : RULES + k.N_RULES]
    k.write_obs(row, head[SEAT], rules, head[OFFS : OFFS + len(k.FIELD_NAMES)], obs)
    for i in range(head[NMASKED]):
        mask[masked[i]] = 0
    if _learner_done(head, row):
        masked[0] = 0
        head[NMASKED] = 1
        mask[0] = 1
        limit = row[k.PHASE] == k.OVER and row[k.END] == k.END_LIMIT
        return OVER + (1 if limit else 0)
    n = k.legal(row, rules, masked)
    head[NMASKED] = n
    for i in range(n):
        mask[masked[i]] = 1
    phase: int = row[k.PHASE]
    return phase


@njit(cache=True, nogil=True)
def reset_mem(mem: U8) -> int:
    """Deal a new game (seed and dealer drawn from the generator), play the opponents up to
    the learner's first turn, write its observation and mask; :func:`_observe`'s code."""
    head, row, legal, masked, hist, obs, mask = _parts(mem)
    seq = np.zeros(k.PACK, dtype=np.int64)
    players = head[PLAYERS]
    while True:
        seed = (_next32(head) << 31) | (_next32(head) >> 1)
        dealer = _below(head, players)
        head[SEED] = seed
        head[DEALER] = dealer
        head[NHIST] = 0
        k.deal(row, players, seed, dealer, seq)
        _advance(head, row, legal, hist)
        if not _learner_done(head, row):  # (every seat acts in the swap phase)
            break
    return _observe(head, row, masked, obs, mask)


@njit(cache=True, nogil=True)
def step_mem(mem: U8, action: int) -> int:
    """The learner takes ``action``, the opponents answer: :func:`_observe`'s code, or -1
    when ``action`` is not legal now (nothing changed)."""
    head, row, legal, masked, hist, obs, mask = _parts(mem)
    if action < 0 or action >= k.NUM_ACTIONS or mask[action] == 0 or _learner_done(head, row):
        return -1
    if head[NHIST] + 1 + 3 * k.MAX_SEATS >= head[MAX_HIST]:
        return -2  # no room left to record the game (a turn limit beyond the stepper's)
    _apply(head, row, hist, action)
    _advance(head, row, legal, hist)
    return _observe(head, row, masked, obs, mask)


# ----------------------------------------------------------------- the stepper


class CompiledParis:
    """One learner's Paris games against random seats, stepped in compiled code; the
    Gymnasium env's ``engine="compiled"`` (:mod:`paston.env.gym_env`) drives it.

    ``reset`` and ``step`` return what the Python env's do, value for value on the same
    game and actions: the observation (a fresh array), the reward (times
    :attr:`reward_scale`), the info dict (``action_mask``, ``phase``, ``seat``, ``turns``;
    ``finished``, ``ranking``, ``loser`` and ``end`` once the learner's part is over)."""

    def __init__(self, players: int, seat: int, rules: ParisRules, reward: str) -> None:
        self.players = players
        self.seat = seat
        self.rules = rules
        self.rank = reward == "rank"
        layout = paris_layout(players)
        size = layout.size
        # Every action of a game: the swaps and words of the swap phase, then at most one
        # play-phase turn each up to the limit, blind plays and pick-ups counted as turns.
        max_hist = players * 8 + rules.max_turns + 8 * k.MAX_SEATS
        head_at = 0
        row_at = 8 * HEADER
        legal_at = row_at + _align(4 * k.NCOLS)
        masked_at = legal_at + _align(2 * k.MAX_LEGAL)
        hist_at = masked_at + _align(2 * k.MAX_LEGAL)
        obs_at = hist_at + _align(4 * max_hist)
        mask_at = obs_at + _align(4 * size)
        self._mem = np.zeros(mask_at + NUM_ACTIONS, dtype=np.uint8)
        self._at = (head_at, row_at, hist_at, obs_at, mask_at, max_hist, size)
        self._bind()
        head = self._head
        head[SEAT] = seat
        head[PLAYERS] = players
        head[MAX_HIST] = max_hist
        head[OBS_SIZE] = size
        head[RULES : RULES + k.N_RULES] = rules_array(rules, "rank" if self.rank else "result")
        head[OFFS : OFFS + len(k.FIELD_NAMES)] = layout_offsets(layout)
        self.done = True
        self._started = False
        #: What every reward is multiplied by (the env's ``normalize_reward``).
        self.reward_scale = 1.0

    def _bind(self) -> None:
        """The views of the one byte array the kernels take."""
        head_at, row_at, hist_at, obs_at, mask_at, max_hist, size = self._at
        mem = self._mem
        self._head = mem[head_at:row_at].view(np.int64)
        self._row = mem[row_at : row_at + 4 * k.NCOLS].view(np.int32)
        self._hist = mem[hist_at : hist_at + 4 * max_hist].view(np.int32)
        self._obs = mem[obs_at : obs_at + 4 * size].view(np.float32)
        self._mask = mem[mask_at:].view(np.int8)

    def __getstate__(self) -> dict[str, Any]:
        # The views are rebuilt from the byte array (a copied view would copy its data).
        views = ("_head", "_row", "_hist", "_obs", "_mask")
        return {n: v for n, v in self.__dict__.items() if n not in views}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind()

    def reset(self, seed: int | None) -> tuple[F32, dict[str, Any]]:
        """A new game: the generator seeded with ``seed`` first, unless it is ``None``."""
        if seed is not None:
            self._head[RNG] = seed
        code = reset_mem(self._mem)
        self.done = False
        self._started = True
        info = {
            "action_mask": self._mask.copy(),
            "phase": PHASE_NAMES[code],
            "seat": self.seat,
            "turns": int(self._row[k.TURNS]),
        }
        return self._obs.copy(), info

    def step(self, action: int) -> tuple[F32, float, bool, bool, dict[str, Any]] | None:
        """``(obs, reward, terminated, truncated, info)``; ``None`` when ``action`` is not
        legal now (nothing changed)."""
        code = step_mem(self._mem, action)
        if code < OVER:
            if code < 0:
                if code == -2:
                    raise RuntimeError("the game is longer than the compiled stepper records")
                return None
            info = {
                "action_mask": self._mask.copy(),
                "phase": PHASE_NAMES[code],
                "seat": self.seat,
                "turns": int(self._row[k.TURNS]),
            }
            return self._obs.copy(), 0.0, False, False, info
        self.done = True
        info = self._info()
        truncated = code > OVER
        return self._obs.copy(), self._reward() * self.reward_scale, not truncated, truncated, info

    def _info(self) -> dict[str, Any]:
        row = self._row
        info: dict[str, Any] = {
            "action_mask": self._mask.copy(),
            "phase": PHASE_NAMES[int(row[k.PHASE])],
            "seat": self.seat,
            "turns": int(row[k.TURNS]),
        }
        if not self.done:
            return info
        over = row[k.PHASE] == k.OVER
        n = self.players
        info["finished"] = tuple(int(s) for s in row[k.FIN : k.FIN + row[k.NFIN]])
        info["ranking"] = tuple(int(s) for s in row[k.RANKING : k.RANKING + n]) if over else None
        info["loser"] = int(row[k.LOSER]) if over else None
        info["end"] = (
            ("turn_limit" if row[k.END] == k.END_LIMIT else "last_player") if over else None
        )
        return info

    def _reward(self) -> float:
        row = self._row
        seat = self.seat
        over = row[k.PHASE] == k.OVER
        if not self.rank:
            return -1.0 if over and row[k.LOSER] == seat else 0.0
        n = self.players
        if row[k.OUT + seat]:
            places = [int(s) for s in row[k.FIN : k.FIN + row[k.NFIN]]]
        elif over:
            places = [int(s) for s in row[k.RANKING : k.RANKING + n]]
        else:
            return 0.0
        return 1.0 - 2.0 * places.index(seat) / (n - 1)

    def observe(self) -> tuple[F32, dict[str, Any]]:
        """The current observation and info (what the last ``reset`` or ``step`` returned)."""
        return self._obs.copy(), self._info()

    def mask(self) -> I8:
        """The learner's legal actions now (a copy; action 0 only once its part is over)."""
        return self._mask.copy()

    def actions(self) -> list[int]:
        """Every action taken in the game so far, every seat's, in order."""
        return [int(a) for a in self._hist[: self._head[NHIST]]]

    def dealt_state(self) -> ParisState:
        """The game as dealt, no action taken, as the main engine's state."""
        if not self._started:
            raise RuntimeError("call reset() first")
        head = self._head
        return deal_game(
            self.players, seed=int(head[SEED]), dealer=int(head[DEALER]), rules=self.rules
        )

    def replay(self) -> ParisState:
        """The game so far as the main engine's state (the same deal and actions)."""
        state = self.dealt_state()
        for action in self.actions():
            state.apply(action)
        return state


def build(
    players: int, rules: ParisRules, seat: int, reward: str, options: dict[str, Any]
) -> CompiledParis:
    """The research hooks' ``compiled`` (``reward``: ``hand``, the game's result, or
    ``rank``)."""
    if reward not in ("hand", "rank"):
        raise ValueError(f"the compiled Paris env pays 'hand' or 'rank', not {reward!r}")
    return CompiledParis(players, seat, rules, reward)
