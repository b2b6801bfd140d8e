"""A batched Paris engine for self-play and training: ``n`` games stepped together in compiled
code (numba), observations and legal-action masks as arrays.

>>> import numpy as np
>>> from paston.games.paris.batched import BatchedParis
>>> env = BatchedParis(4, players=3, seed=1)
>>> obs, mask = env.reset()
>>> obs.shape == (4, env.observation_size), mask.shape, mask.dtype
(True, (4, 3749), dtype('bool'))
>>> obs, mask, reward, done = env.step(env.random_actions())
>>> reward.shape, done.dtype
((4, 3), dtype('bool'))

Each row is one whole game of spec/paris.md (swap phase, opening play, play phase, until one
seat is left or the turn limit) for ``players`` seats under the given rules. ``obs[i]`` is
:func:`paston.games.paris.encoding.encode_paris` of the view of the seat to act in game ``i``
(``to_act[i]``), value for value, and ``mask[i]`` its legal actions, in the engine's ids
(:mod:`paston.games.paris.actions`). A game that ends pays every seat's reward in
``reward[i]`` (seat order), sets ``done[i]`` (and ``truncated[i]`` when the turn limit ended
it) and is dealt afresh at once (auto-reset), so ``obs[i]`` then belongs to the new game.

Games are dealt by the reference shuffle of §3.3: the k-th game dealt since ``reset(seed)``
(rows first, then each auto-reset in row order) is
``deal_game(players, seed=seed + k, dealer=(seed + k) % players, rules=rules)`` of the main
engine; :meth:`BatchedParis.game_of` tells which a row is playing.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..actions import NUM_ACTIONS, action_str
from ..encoding import ParisLayout, paris_layout
from ..rules import DEFAULT_RULES, ParisRules
from . import kernel as k

__all__ = ["REWARDS", "BatchedParis", "layout_offsets", "rules_array"]

#: The reward modes: the game's result (-1 for the loser, 0 for the others) or the finishing
#: place (+1 for the first out down to -1 for the loser), as the Gymnasium env's ``reward``.
REWARDS = ("result", "rank")
_MAX_SEED = 2**63 - 1


def rules_array(
    rules: ParisRules, reward: str = "result", observe: bool = True
) -> npt.NDArray[np.int64]:
    """The kernel's rules array for ``rules`` and a reward mode."""
    if reward not in REWARDS:
        raise ValueError(f"reward must be 'result' or 'rank', not {reward!r}")
    out = np.zeros(k.N_RULES, dtype=np.int64)
    out[k.R_MOST_LOWEST] = rules.start_rule == "most_lowest"
    out[k.R_ALL_LOWEST] = rules.starter_plays_all_lowest
    out[k.R_TEN_EXTRA] = rules.ten_grants_extra_turn
    out[k.R_VOLUNTARY] = rules.voluntary_pickup
    out[k.R_FACEUP_LAST] = rules.play_faceup_with_last_hand
    out[k.R_MAX_TURNS] = rules.max_turns
    out[k.R_RANK_REWARD] = reward == "rank"
    out[k.R_OBSERVE] = observe
    return out


def layout_offsets(layout: ParisLayout) -> npt.NDArray[np.int64]:
    """Where each field of the kernel's list lies in ``layout``."""
    return np.array([layout.offset(name) for name in k.FIELD_NAMES], dtype=np.int64)


class BatchedParis:
    """``n`` Paris games of ``players`` seats stepped together; see the module documentation.

    ``rules`` may set every flag of paris.md §14 (a :class:`ParisRules` or a mapping of
    flags); ``reward`` is ``"result"`` or ``"rank"``; ``observe=False`` leaves ``obs`` at
    zeros (for agents that build their own features from the mask alone: faster).
    """

    def __init__(
        self,
        n: int,
        players: int = 3,
        seed: int = 0,
        rules: ParisRules | dict[str, object] | None = None,
        reward: str = "result",
        observe: bool = True,
    ) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a positive number of games, not {n!r}")
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 9:
            raise ValueError(f"Paris is for 2 to 9 players, not {players!r}")
        self.n = n
        self.players = players
        if rules is None:
            rules = DEFAULT_RULES
        elif not isinstance(rules, ParisRules):
            rules = ParisRules.from_dict(rules)
        self.rules = rules
        self.reward_mode = reward
        self.layout = paris_layout(players)
        self.observation_size = self.layout.size
        self.num_actions = NUM_ACTIONS
        self._rules = rules_array(rules, reward, observe)
        self._offsets = layout_offsets(self.layout)
        self._st = np.zeros((n, k.NCOLS), dtype=np.int32)
        self._legal = np.zeros((n, k.MAX_LEGAL), dtype=np.int16)
        self._nlegal = np.zeros(n, dtype=np.int32)
        self._seeds = np.zeros(n, dtype=np.int64)
        self._counter = np.zeros(1, dtype=np.int64)
        self.obs = np.zeros((n, self.layout.size), dtype=np.float32)
        self.mask = np.zeros((n, NUM_ACTIONS), dtype=np.bool_)
        self.reward = np.zeros((n, players), dtype=np.float32)
        self.done = np.zeros(n, dtype=np.bool_)
        self.truncated = np.zeros(n, dtype=np.bool_)
        self._seed = _check_seed(seed)
        self._started = False

    @property
    def to_act(self) -> npt.NDArray[np.int32]:
        """The seat to act in each game (a copy)."""
        return self._st[:, k.TO_ACT].copy()

    def reset(
        self, seed: int | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Deal every row a new game: from ``seed`` when given (else the constructor's seed
        the first time, then where the deals stand). The observations and masks returned are
        the engine's own arrays (copy to keep them)."""
        if seed is not None:
            self._seed = _check_seed(seed)
            self._started = False
        if not self._started:
            self._counter[0] = self._seed
            k.seed_rng(self._seed % 2**32)
            self._started = True
        self._nlegal[:] = 0
        self.mask[:] = False
        k.reset_all(
            self._st,
            self.players,
            self._rules,
            self._offsets,
            self.obs,
            self.mask,
            self._legal,
            self._nlegal,
            self._seeds,
            self._counter,
        )
        self.done[:] = False
        self.truncated[:] = False
        self.reward[:] = 0.0
        return self.obs, self.mask

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Take ``actions[i]`` in game ``i`` for its seat to act: ``(obs, mask, reward,
        done)`` (``truncated`` is an attribute). Raises ``ValueError`` naming the first game
        whose action is not legal, and nothing is applied then."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        acts = np.asarray(actions)
        if acts.shape != (self.n,) or not np.issubdtype(acts.dtype, np.integer):
            raise ValueError(f"actions must be {self.n} integers, not {acts.dtype} {acts.shape}")
        acts = acts.astype(np.int64, copy=False)
        bad = k.check_actions(acts, self.mask)
        if bad >= 0:
            a = int(acts[bad])
            what = action_str(a) if 0 <= a < NUM_ACTIONS else "no such action"
            ids = self._legal[bad, : self._nlegal[bad]]
            legal = ", ".join(action_str(int(x)) for x in sorted(ids)[:12])
            more = ", …" if len(ids) > 12 else ""
            raise ValueError(
                f"game {bad}: action {a} ({what}) is not legal for seat "
                f"{self._st[bad, k.TO_ACT]}; legal: {legal}{more}"
            )
        k.step_all(
            self._st,
            acts,
            self._rules,
            self._offsets,
            self.obs,
            self.mask,
            self._legal,
            self._nlegal,
            self.reward,
            self.done,
            self.truncated,
            self._seeds,
            self._counter,
        )
        return self.obs, self.mask, self.reward, self.done

    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action for every game (from the engine's generator,
        seeded by ``reset``)."""
        out = np.zeros(self.n, dtype=np.int64)
        k.random_legal(self._legal, self._nlegal, out)
        return out

    def legal_actions(self, i: int) -> list[int]:
        """The legal action ids of game ``i``'s seat to act, ascending."""
        return sorted(int(a) for a in self._legal[i, : self._nlegal[i]])

    def game_of(self, i: int) -> tuple[int, int]:
        """``(seed, dealer)`` of the game row ``i`` is playing: it was dealt as
        ``deal_game(players, seed=seed, dealer=dealer, rules=rules)``."""
        return int(self._seeds[i]), int(self._st[i, k.DEALER])

    def turns(self) -> npt.NDArray[np.int32]:
        """Play-phase turns so far in each game (a copy)."""
        return self._st[:, k.TURNS].copy()


def _check_seed(seed: int) -> int:
    if (
        isinstance(seed, bool)
        or not isinstance(seed, int | np.integer)
        or not 0 <= seed <= _MAX_SEED
    ):
        raise ValueError(f"seed must be an integer 0 to 2**63-1, not {seed!r}")
    return int(seed)
