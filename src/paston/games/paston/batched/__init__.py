"""A batched Paston engine for self-play and training: ``n`` deals stepped together in
compiled code (numba), observations and legal-action masks as arrays.

>>> import numpy as np
>>> from paston.games.paston.batched import BatchedPaston
>>> env = BatchedPaston(4, seed=1)
>>> obs, mask = env.reset()
>>> obs.shape == (4, env.observation_size), mask.shape
(True, (4, 541))
>>> actions = np.array([np.flatnonzero(m)[0] for m in mask])
>>> obs, mask, reward, done = env.step(actions)
>>> reward.shape, done.dtype
((4, 3), dtype('bool'))

Each row is one whole deal (auction, prikup exchange, contract, whist, play, score) under
the engine's rules; ``obs[i]`` is :func:`paston.games.paston.encoding.encode` of the view of
the seat to act in deal ``i`` (``to_act[i]``), value for value, and ``mask[i]`` its legal actions.
A deal that ends pays every seat's deal score in ``reward[i]`` (seat order), sets
``done[i]`` and is dealt afresh at once (auto-reset), so ``obs[i]`` then belongs to the new
deal. Dealers are drawn at random; deals thrown in before the auction are dealt again.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..actions import NUM_ACTIONS, action_str
from ..encoding import Layout, layout_for
from ..rules import DEFAULT_RULES, Rules
from . import kernel as k

__all__ = ["BatchedPaston"]

Floats = npt.NDArray[np.float32]

_SPADE_RUN_MODES = {"off": 0, "neither_k_nor_a": 1, "missing_k_or_a": 2}


def rules_array(rules: Rules, first_deal: bool) -> npt.NDArray[np.int64]:
    """The kernel's rules array; the open lone-whist variant is refused."""
    if rules.lone_whist_mode != "two_handed":
        raise ValueError(
            "the batched engine plays the two-handed lone whist only "
            f"(lone_whist_mode='two_handed'), not {rules.lone_whist_mode!r}"
        )
    out = np.zeros(k.N_RULES, dtype=np.int64)
    out[k.R_JUMP] = rules.allow_jump_bids
    out[k.R_OVERTRUMP] = rules.must_overtrump
    out[k.R_PASTON_ONLY] = rules.all_pass_contracts == "paston_only"
    out[k.R_SPADE_RUN] = _SPADE_RUN_MODES[rules.spade_run_redeal]
    out[k.R_DEF_MULT] = rules.multiply_defender_scores
    out[k.R_NO_WHIST_MULT] = rules.no_whist_multiplied
    out[k.R_SURRENDER_MULT] = rules.surrender_multiplied
    out[k.R_FIRST_DEAL] = first_deal
    return out


def layout_offsets(layout: Layout) -> npt.NDArray[np.int64]:
    """Where each field of the kernel's list lies in ``layout`` (-1 when it is left out)."""
    return np.array([layout.offsets.get(name, -1) for name in k.FIELD_NAMES], dtype=np.int64)


class BatchedPaston:
    """``n`` Paston deals stepped together; see the module documentation.

    ``perfect_recall`` chooses the layout as in :class:`~paston.env.PastonEnv`
    (``observation_size`` values); ``rules`` may set any variant but the open lone whist;
    ``first_deal=True`` applies the J♠/7♠ first-bidder rule to every deal.
    """

    def __init__(
        self,
        n: int,
        seed: int = 0,
        perfect_recall: bool = True,
        rules: Rules | None = None,
        first_deal: bool = False,
    ) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a positive number of deals, not {n!r}")
        self.n = n
        self.rules = rules if rules is not None else DEFAULT_RULES
        self.layout = layout_for(perfect_recall, True)
        self.observation_size = self.layout.size
        self.num_actions = NUM_ACTIONS
        self._rules = rules_array(self.rules, first_deal)
        self._offsets = layout_offsets(self.layout)
        self._st = np.zeros((n, k.NCOLS), dtype=np.int64)
        self._obs = np.zeros((n, self.layout.size), dtype=np.float32)
        # The entries each observation row has set (a count, then their indices), so that a
        # step clears only those rather than the whole row (:func:`.kernel.write_obs`).
        self._marks = np.zeros((n, k.MARKS_SIZE), dtype=np.int64)
        self._mask = np.zeros((n, NUM_ACTIONS), dtype=np.int8)
        self._reward = np.zeros((n, 3), dtype=np.float32)
        self._done = np.zeros(n, dtype=np.bool_)
        # Each row's legal ids (what its mask row holds), so that a step clears only those
        # and a random action needs no scan of the mask.
        self._legal = np.zeros((n, k.MAX_LEGAL), dtype=np.int64)
        self._nlegal = np.zeros(n, dtype=np.int64)
        self._bind()
        self._seed = int(seed)
        self._started = False

    def _bind(self) -> None:
        """The addresses :func:`.kernel.step_all_at` takes: this object's own arrays', which
        it keeps (and which are never replaced) for as long as it lives."""
        arrays = (self._st, self._obs, self._marks, self._mask, self._reward, self._done)
        addresses = [a.ctypes.data for a in (*arrays, self._legal, self._nlegal)]
        self._addresses = np.array(addresses, dtype=np.int64)

    def __getstate__(self) -> dict[str, object]:
        # A copy gets the addresses of its own arrays (a copied address would step the
        # original's deals).
        return {n: v for n, v in self.__dict__.items() if n != "_addresses"}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._bind()

    @property
    def obs(self) -> npt.NDArray[np.float32]:
        """Every deal's observation (the engine's own array, updated in place)."""
        return self._obs

    @property
    def mask(self) -> npt.NDArray[np.int8]:
        """Every deal's legal actions (the engine's own array, updated in place)."""
        return self._mask

    @property
    def reward(self) -> npt.NDArray[np.float32]:
        """What the last step paid every seat of each deal (the engine's own array)."""
        return self._reward

    @property
    def done(self) -> npt.NDArray[np.bool_]:
        """Which deals the last step ended (the engine's own array)."""
        return self._done

    @property
    def to_act(self) -> npt.NDArray[np.int64]:
        """The seat to act in each deal (a copy)."""
        return self._st[:, k.TO_ACT].copy()

    def reset(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """Deal every row afresh (from the seed the first time, then from where the
        generator is); the observations and masks (the engine's own arrays: copy to keep)."""
        if not self._started:
            k.seed_rng(self._seed)
            self._started = True
        self.obs[:] = 0.0  # (in case the caller wrote into them)
        self._marks[:, 0] = 0
        self.mask[:] = 0
        self._nlegal[:] = 0
        k.reset_all(
            self._st,
            self._rules,
            self._offsets,
            self.obs,
            self._marks,
            self.mask,
            self._legal,
            self._nlegal,
        )
        self.done[:] = False
        self.reward[:] = 0.0
        return self.obs, self.mask

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Take ``actions[i]`` in deal ``i`` for the seat to act: ``(obs, mask, reward,
        done)``. Raises ``ValueError`` naming the first deal whose action is not legal.

        The arrays are the engine's own, updated in place: copy what you keep, and write
        into none of them (a step clears only the entries it set the step before; ``reset``
        clears them whole)."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        acts = np.asarray(actions)
        if acts.shape != (self.n,) or not np.issubdtype(acts.dtype, np.integer):
            raise ValueError(f"actions must be {self.n} integers, not {acts.dtype} {acts.shape}")
        acts = acts.astype(np.int64, copy=False)
        i = k.check_actions(acts, self.mask)
        if i >= 0:
            a = int(acts[i])
            what = action_str(a) if 0 <= a < NUM_ACTIONS else "no such action"
            legal = ", ".join(action_str(int(x)) for x in np.flatnonzero(self.mask[i])[:12])
            raise ValueError(
                f"deal {i}: action {a} ({what}) is not legal for seat {self._st[i, k.TO_ACT]}; "
                f"legal: {legal}"
            )
        k.step_all_at(
            self._addresses, self.n, self.observation_size, acts, self._rules, self._offsets
        )
        return self._obs, self._mask, self._reward, self._done

    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action for every deal (from the engine's generator)."""
        out = np.zeros(self.n, dtype=np.int64)
        k.random_legal(self._legal, self._nlegal, out)
        return out

    def load(
        self, i: int, hands: tuple[int, int, int], prikup: int, dealer: int, first_deal: bool
    ) -> None:
        """Put a given deal (card masks as dealt) into row ``i`` (to replay the main engine's
        deals); its observation and mask are written at once."""
        row = self._st[i]
        k.load(row, hands[0], hands[1], hands[2], prikup, dealer, int(first_deal), self._rules)
        if row[k.PHASE] >= k.SCORED:
            raise ValueError(f"deal {i} is thrown in before the auction: nothing to play")
        self._started = True
        k.write_obs(row, row[k.TO_ACT], self._offsets, self.obs[i], self._marks[i])
        k.refresh_mask(row, self._rules, self.mask[i], self._legal[i], self._nlegal, i)

    def deal_of(self, i: int) -> tuple[tuple[int, int, int], int, int, bool]:
        """Row ``i``'s deal as dealt: ``(hands, prikup, dealer, first_deal)`` (card masks),
        what :class:`~paston.games.paston.state.Deal` takes (full information: for tests)."""
        row = self._st[i]
        hands = (int(row[k.DEALT]), int(row[k.DEALT + 1]), int(row[k.DEALT + 2]))
        return hands, int(row[k.PRIKUP]), int(row[k.DEALER]), bool(row[k.FIRST])
