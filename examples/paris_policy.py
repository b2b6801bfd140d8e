"""A masked linear Paris policy over move features, and the bot that plays it (numpy only).

The policy the self-play example (``examples/train_paris_selfplay.py``) trains, kept apart so
that anything can load a trained agent without the training code:

    from paris_policy import make_agent          # with examples/ on sys.path
    bot = make_agent("build/paris_selfplay.npz")  # a paston Bot of Paris: bot.act(view)

or, in the research leaderboard, ``--agent
selfplay=examples/paris_policy.py:make_agent:build/paris_selfplay.npz``.

**Moves, not ids.** Suits never change a Paris rule, so the 3,749 action ids fold into 276
*moves* (:data:`NUM_MOVES`): ``play`` of a rank and a number of cards (13 × 8), ``pickup``,
a blind card (every slot alike: nobody knows them), a ``swap`` of a hand rank going up for a
face-up rank coming down (13 × 13), and ``ready``. The policy chooses a legal move; the first
legal id of that move is played.

**Features.** Everything is read from the observation vector of
:mod:`paston.games.paris.encoding` (one seat's view, nothing hidden) and the legal mask, row by
row for a whole batch at once: a state vector ``psi`` (:data:`STATE_FEATURES`: phase, own and
opponents' cards left, the deck, the pile, its top rank and run, 2s and 10s in hand …) and, for
each legal move, a few move features ``phi`` (:data:`MOVE_FEATURES`: rank, count, whether it
splits a rank, burns with a 10 or with four of a kind, goes out, what a swap gains, and the
value the ``heuristic`` bot's thumb rules give it: :mod:`paston.games.paris.bots.policy`,
recomputed here from the same features).

**Policy.** The logit of move ``m`` is ``theta[m] @ psi + w @ phi(m)``: a weight row per move
over the state, plus shared weights over the move features; softmax over the legal moves.
:func:`heuristic_choice` picks by the ``heuristic`` bot's thumb-rule values of the same moves
from the same features (the example uses it as a fixed member of its self-play league).
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from paston.bots.base import Bot
from paston.games.paris.actions import (
    BLIND_BASE,
    COMBO_SIZE,
    COMBOS,
    NUM_ACTIONS,
    PICKUP,
    READY,
    SWAP_BASE,
)
from paston.games.paris.bots.cycles import keys_to_avoid
from paston.games.paris.bots.moves import move_of
from paston.games.paris.cards import NUM_CARDS, TEN
from paston.games.paris.encoding import encode_paris, paris_layout
from paston.games.paris.view import ParisView

__all__ = [
    "MOVE_FEATURES",
    "NUM_MOVES",
    "STATE_FEATURES",
    "Features",
    "LinearMovePolicy",
    "ParisPolicyBot",
    "features",
    "heuristic_choice",
    "make_agent",
]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]

TWO = 12
MAX_COUNT = 8  # two packs: 8 cards of a rank at most
PICKUP_MOVE = 13 * MAX_COUNT
BLIND_MOVE = PICKUP_MOVE + 1
SWAP_MOVE = BLIND_MOVE + 1
READY_MOVE = SWAP_MOVE + 13 * 13
NUM_MOVES = READY_MOVE + 1

STATE_FEATURES = (
    "bias", "swap phase", "opening", "hand/10", "face-up/3", "face-down/3", "held/20",
    "deck/50", "deck empty", "pile/20", *(f"top {r}" for r in "3456789TJQKA2"), "pile empty",
    "run 1", "run 2", "run 3", "seven", "next held/20", "fewest held/20", "fewest held <= 3",
    "previous held/20", "2s in hand/4", "10s in hand/4", "low cards in hand/5", "burned/104",
    "opponents left", "only face-down left",
)  # fmt: skip
MOVE_FEATURES = (
    "play", "rank/12", "count/4", "splits a rank", "10", "10 x pile/20", "2", "2, deck empty",
    "four of a kind", "four x pile/20", "goes out", "leaves three on top", "rank/12, deck empty",
    "pickup x pile/20", "swap gain/13", "thumb-rule value/10",
)  # fmt: skip
D = len(STATE_FEATURES)
S = len(MOVE_FEATURES)


def _move_table() -> Ints:
    """The move of every action id."""
    out = np.zeros(NUM_ACTIONS, dtype=np.int64)
    for a in range(SWAP_BASE):
        rank, sub = divmod(a, COMBOS)
        out[a] = rank * MAX_COUNT + COMBO_SIZE[sub + 1] - 1
    for a in range(SWAP_BASE, READY):
        up, down = divmod(a - SWAP_BASE, NUM_CARDS)
        out[a] = SWAP_MOVE + (up >> 2) * 13 + (down >> 2)
    out[READY] = READY_MOVE
    out[PICKUP] = PICKUP_MOVE
    out[BLIND_BASE:] = BLIND_MOVE
    return out


MOVE_OF = _move_table()


@dataclass(frozen=True, slots=True)
class Features:
    """The features of a batch of ``B`` decisions with ``P`` legal moves in all.

    ``psi[b]`` is decision ``b``'s state vector; legal move ``p`` belongs to decision
    ``row[p]`` (ascending: each decision's moves lie together, ``start[b]`` the first), is
    move ``move[p]``, played as action id ``action[p]``, with move features ``phi[p]``;
    ``heuristic[p]`` is the heuristic bot's value of it."""

    psi: Floats
    row: Ints
    start: Ints
    move: Ints
    action: Ints
    phi: Floats
    heuristic: Floats


def _rank_counts(block: npt.NDArray[np.float32]) -> Floats:
    """Copies per rank (B, 13) of a card block of copies/2 per card."""
    counts: Floats = np.asarray(block, dtype=np.float64).reshape(-1, 13, 4).sum(axis=2) * 2.0
    return counts


def features(
    obs: npt.NDArray[np.float32],
    mask: npt.NDArray[np.bool_],
    players: int,
    legal: tuple[Ints, Ints] | None = None,
) -> Features:
    """The features of every row of ``obs`` (encode_paris of the seat to act) and ``mask``
    (its legal ids); every row must have a legal action. ``legal``, when given, is
    ``np.nonzero(mask)`` already listed (rows ascending): cheaper where the engine keeps
    the legal ids as lists."""
    lay = paris_layout(players)
    n = players
    b = obs.shape[0]

    def block(name: str) -> npt.NDArray[np.float32]:
        return obs[:, lay.slice(name)]

    hand_counts = _rank_counts(block("hand"))
    hand = block("hand_count").astype(np.float64) * 104.0
    up = np.asarray(block("face_up"), dtype=np.float64).reshape(b, n, NUM_CARDS).sum(axis=2) * 2
    down = np.asarray(block("face_down"), dtype=np.float64).reshape(b, n, 3).sum(axis=2)
    held = np.rint(hand + up + down)  # (B, n) relative seats
    finished = block("finished") > 0.5
    pile = np.rint(block("pile_count")[:, 0].astype(np.float64) * 104.0)
    deck = np.rint(block("deck_count")[:, 0].astype(np.float64) * 104.0)
    top_hot = block("top_rank")
    has_top = top_hot.max(axis=1) > 0.5
    top = np.where(has_top, top_hot.argmax(axis=1), -1)
    run_hot = block("top_run")
    run = np.where(has_top, run_hot.argmax(axis=1) + 1, 0)
    others = np.where(finished[:, 1:], 99.0, held[:, 1:])
    fewest = others.min(axis=1)
    psi = np.zeros((b, D))
    psi[:, 0] = 1.0
    psi[:, 1] = block("phase")[:, 0]
    psi[:, 2] = block("opening")[:, 0]
    psi[:, 3] = hand[:, 0] / 10
    psi[:, 4] = up[:, 0] / 3
    psi[:, 5] = down[:, 0] / 3
    psi[:, 6] = held[:, 0] / 20
    psi[:, 7] = deck / 50
    psi[:, 8] = deck == 0
    psi[:, 9] = pile / 20
    psi[:, 10:23] = top_hot
    psi[:, 23] = ~has_top
    psi[:, 24:27] = run_hot
    psi[:, 27] = block("seven")[:, 0]
    psi[:, 28] = np.where(finished[:, 1], 0.0, held[:, 1]) / 20
    psi[:, 29] = np.where(fewest > 98, 0.0, fewest) / 20
    psi[:, 30] = fewest <= 3
    psi[:, 31] = np.where(finished[:, n - 1], 0.0, held[:, n - 1]) / 20
    psi[:, 32] = hand_counts[:, TWO] / 4
    psi[:, 33] = hand_counts[:, TEN] / 4
    psi[:, 34] = hand_counts[:, :5].sum(axis=1) / 5
    psi[:, 35] = block("burned_count")[:, 0] * 1.0
    psi[:, 36] = (~finished[:, 1:]).sum(axis=1) / max(n - 1, 1)
    psi[:, 37] = (hand[:, 0] + up[:, 0] == 0) & (deck == 0)

    # The legal moves: (row, move) pairs, each with its first legal id.
    rows, ids = np.nonzero(mask) if legal is None else legal
    code = rows * NUM_MOVES + MOVE_OF[ids]
    code, first = np.unique(code, return_index=True)
    row = code // NUM_MOVES
    move = code % NUM_MOVES
    action = ids[first]
    start = np.searchsorted(row, np.arange(b))

    is_play = move < PICKUP_MOVE
    rank = np.where(is_play, move // MAX_COUNT, -1)
    count = np.where(is_play, move % MAX_COUNT + 1, 0)
    most = np.zeros(b * 13, dtype=np.int64)
    np.maximum.at(most, row[is_play] * 13 + rank[is_play], count[is_play])
    most_p = np.where(is_play, most[row * 13 + np.maximum(rank, 0)], 0)
    r_pile, r_deck, r_held = pile[row], deck[row], held[row, 0]
    r_top, r_run = top[row], run[row]
    endgame = r_deck == 0
    new_run = np.where(r_top == rank, r_run, 0) + count
    ten = is_play & (rank == TEN)
    two = is_play & (rank == TWO)
    four = is_play & (new_run >= 4)
    out = is_play & (count == r_held) & endgame
    split = is_play & (count < most_p)
    three = is_play & (new_run == 3)
    is_swap = (move >= SWAP_MOVE) & (move < READY_MOVE)
    swap_up = np.where(is_swap, (move - SWAP_MOVE) // 13, 0)
    swap_down = np.where(is_swap, (move - SWAP_MOVE) % 13, 0)
    gain = np.where(is_swap, _face_up_value(swap_up) - _face_up_value(swap_down), 0.0)
    phi = np.zeros((len(move), S))
    phi[:, 0] = is_play
    phi[:, 1] = np.maximum(rank, 0) / 12
    phi[:, 2] = count / 4
    phi[:, 3] = split
    phi[:, 4] = ten
    phi[:, 5] = ten * r_pile / 20
    phi[:, 6] = two
    phi[:, 7] = two & endgame
    phi[:, 8] = four
    phi[:, 9] = four * r_pile / 20
    phi[:, 10] = out
    phi[:, 11] = three
    phi[:, 12] = np.maximum(rank, 0) / 12 * endgame
    phi[:, 13] = (move == PICKUP_MOVE) * r_pile / 20
    phi[:, 14] = gain / 13

    # The heuristic bot's thumb rules (paston.games.paris.bots.policy), move by move.
    play_value = (
        60.0 - 4.0 * rank + 3.0 * count - 8.0 * split + 10.0 * (two & endgame) - 2.0 * three
    )
    play_value = np.where(ten, 4.0 * r_pile - 20.0 + 10.0 * endgame, play_value)
    play_value = np.where(four, 200.0 + r_pile + count, play_value)
    play_value = np.where(out, 1000.0, play_value)
    heuristic = np.zeros(len(move))
    heuristic[is_play] = play_value[is_play]
    pick = move == PICKUP_MOVE
    heuristic[pick] = -100.0 - r_pile[pick]
    heuristic[is_swap] = np.where(gain > 0, gain, gain - 1.0)[is_swap]
    phi[:, 15] = heuristic / 10
    return Features(psi, row, start, move, action, phi, heuristic)


def _face_up_value(rank: Ints) -> Floats:
    """How much the heuristic wants a rank face up: 10 first, then 2, A, K, … 3 last."""
    return np.where(rank == TEN, 13.0, rank).astype(np.float64)


def segment_max(values: Floats, start: Ints) -> Floats:
    """The maximum of each decision's values (every decision has at least one)."""
    return np.maximum.reduceat(values, start)


class LinearMovePolicy:
    """``logit(m) = theta[m] @ psi + w @ phi(m)``, a softmax over each decision's legal
    moves."""

    def __init__(self, theta: Floats | None = None, w: Floats | None = None) -> None:
        self.theta = np.zeros((NUM_MOVES, D)) if theta is None else np.asarray(theta, float)
        self.w = np.zeros(S) if w is None else np.asarray(w, float)
        if self.theta.shape != (NUM_MOVES, D) or self.w.shape != (S,):
            raise ValueError(
                f"weights of shape {self.theta.shape} and {self.w.shape} do not fit this "
                f"policy's ({NUM_MOVES}, {D}) and ({S},)"
            )

    def logits(self, f: Features) -> Floats:
        """The logit of every legal move."""
        per_move = np.einsum("pd,pd->p", self.theta[f.move], f.psi[f.row])
        return np.asarray(per_move + f.phi @ self.w)

    def log_probs(self, f: Features) -> Floats:
        """log π of every legal move within its decision."""
        z = self.logits(f)
        z = z - segment_max(z, f.start)[f.row]
        e = np.exp(z)
        return np.asarray(z - np.log(np.add.reduceat(e, f.start))[f.row])

    def copy(self) -> LinearMovePolicy:
        return LinearMovePolicy(self.theta.copy(), self.w.copy())

    def save(self, path: str | Path, **meta: Any) -> None:
        """Write the weights (and any metadata: numbers or strings) to an ``.npz`` file."""
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, Any] = {k: np.asarray(v) for k, v in meta.items()}
        arrays |= {
            "theta": self.theta,
            "w": self.w,
            "state_features": np.array(STATE_FEATURES),
            "move_features": np.array(MOVE_FEATURES),
        }
        np.savez(path, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> LinearMovePolicy:
        """The policy saved at ``path`` (refused if its features are not this module's)."""
        with np.load(path) as data:
            if (
                tuple(data["state_features"]) != STATE_FEATURES
                or tuple(data["move_features"]) != MOVE_FEATURES
            ):
                raise ValueError(f"{path}: saved with other features than this policy's")
            return cls(data["theta"], data["w"])


def choose(
    log_probs: Floats, f: Features, rng: np.random.Generator, greedy: bool = False
) -> tuple[Ints, Floats]:
    """One legal move per decision: the index into ``f``'s moves and its log π. Sampling
    draws by the Gumbel-max trick, segment by segment."""
    scores = log_probs if greedy else log_probs - np.log(-np.log(rng.random(len(log_probs))))
    best = segment_max(scores, f.start)
    hit = np.flatnonzero(scores == best[f.row])
    # The first hit of each decision (ties are measure zero when sampling).
    chosen = hit[np.unique(f.row[hit], return_index=True)[1]]
    return chosen, log_probs[chosen]


def heuristic_choice(f: Features) -> Ints:
    """The move of highest heuristic value in each decision (the first of equals)."""
    best = segment_max(f.heuristic, f.start)
    hit = np.flatnonzero(f.heuristic == best[f.row])
    return np.asarray(hit[np.unique(f.row[hit], return_index=True)[1]])


class ParisPolicyBot(Bot[ParisView]):
    """A paston bot that plays a :class:`LinearMovePolicy` from a seat's view: it samples
    from the policy (``greedy=False``, seeded) or takes its likeliest move."""

    name = "paris-selfplay"

    def __init__(
        self, policy: LinearMovePolicy, seed: int | None = None, greedy: bool = False
    ) -> None:
        self.policy = policy
        self.greedy = greedy
        self.rng = np.random.default_rng(seed if seed is not None else random.randrange(2**32))
        # For the cycle check's sampled worlds (paston.games.paris.bots.cycles).
        self.cycle_rng = random.Random(seed)

    def act(self, view: ParisView) -> int:
        legal = view.legal
        if not legal:
            raise ValueError("the self-play policy was asked to act, but it has no legal action")
        if len(legal) == 1:
            return int(legal[0])
        # Like every Paris bot, it leaves a position that came back by choosing otherwise
        # (and never enters a cycle of forced moves), so no game needs the turn limit.
        moves = [move_of(a) for a in legal]
        avoid = keys_to_avoid(view, moves, self.cycle_rng)
        allowed = [a for a, m in zip(legal, moves, strict=True) if m.key not in avoid] or legal
        obs = encode_paris(view)[None, :]
        mask = np.zeros((1, NUM_ACTIONS), dtype=np.bool_)
        mask[0, list(allowed)] = True
        f = features(obs, mask, view.players)
        chosen, _ = choose(self.policy.log_probs(f), f, self.rng, self.greedy)
        return int(f.action[chosen[0]])


def make_agent(
    path: str | Path = "build/paris_selfplay.npz", seed: int | None = None, greedy: bool = False
) -> ParisPolicyBot:
    """The trained agent saved at ``path`` as a Paris bot (what a leaderboard seats, e.g.
    ``--agent selfplay=examples/paris_policy.py:make_agent:build/paris_selfplay.npz``). The
    weights are read once per file and version (a leaderboard builds a bot every hand)."""
    resolved = Path(path).resolve()
    return ParisPolicyBot(
        _load_cached(resolved, resolved.stat().st_mtime_ns), seed=seed, greedy=greedy
    )


@functools.lru_cache(maxsize=8)
def _load_cached(path: Path, version: int) -> LinearMovePolicy:
    return LinearMovePolicy.load(path)
