"""A batched Paskievics engine for self-play and training: ``n`` deals stepped together in
compiled code (numba), observations and legal-action masks as arrays.

>>> import numpy as np
>>> from paston.games.paskievics.batched import BatchedPaskievics
>>> env = BatchedPaskievics(4, players=4, seed=1)
>>> obs, mask = env.reset()
>>> obs.shape == (4, env.observation_size), mask.shape, mask.dtype
(True, (4, 176), dtype('bool'))
>>> obs, mask, reward, done = env.step(env.random_actions())
>>> reward.shape, done.dtype
((4, 4), dtype('bool'))

Each row is one whole deal of spec/paskievics.md (the auction, the raise, the talon, discards
or an annulment, the call, announcements and kontras, the nine tricks, scoring; or a deal
thrown in) for 4 or 5 seats under the given rules, every seat played by the caller
(self-play). Actions are the compact ids of :mod:`paston.games.paskievics.compact_actions`
(176: a discard is chosen card by card, ascending). ``obs[i]`` is the observation of the seat
to act in deal ``i`` (``to_act[i]``), value for value the Gymnasium env's with
``compact_actions=True`` (:func:`~paston.games.paskievics.encoding.encode_paskievics_state`
of that seat, then the 42 entries of the cards it has chosen for its discard), and
``mask[i]`` its legal compact ids. A deal that ends pays every seat's score (times
``1 / 100`` with ``normalize_reward=True``, the Gymnasium env's ``reward_scale``) in
``reward[i]`` (seat order), sets ``done[i]`` and is dealt afresh at once (auto-reset), so
``obs[i]`` then belongs to the new deal.

Deals are shuffled (and their dealers drawn) in numpy, a batch of decks at a time, by the
instance's own generator (``numpy.random.default_rng(seed)``, seeded again by
``reset(seed)``), which also draws :meth:`BatchedPaskievics.random_actions`: the same seed and
the same actions give the same deals. :meth:`BatchedPaskievics.deal_of` gives the hands,
talon and dealer of a row's deal, from which
:class:`~paston.games.paskievics.state.PaskievicsState` replays it (what the checker
:mod:`.check` does). Every deal has the multiplier 1, as the Gymnasium env's hands.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .. import actions as A
from ..compact_actions import NUM_COMPACT_ACTIONS, compact_action_str
from ..encoding import PaskievicsLayout, paskievics_layout
from ..research import HOOKS
from ..rules import DEFAULT_RULES, PaskievicsRules
from ..shuffle import deal_from_deck
from . import kernel as k

__all__ = ["BatchedPaskievics", "layout_offsets", "rules_array"]

_MAX_SEED = 2**63 - 1
_FREE_CALL = ("declarer_holds_xx", "always", "never")
_INVITE = ("any_honour", "high_honour", "high_honour_5")


def rules_array(
    rules: PaskievicsRules, observe: bool = True, compact: bool = True
) -> npt.NDArray[np.int64]:
    """The kernel's rules array for ``rules`` (the flags a single deal plays by), and the
    action space: compact ids, or the flat ids of :mod:`..actions`."""
    out = np.zeros(k.N_RULES, dtype=np.int64)
    out[k.R_HOLD_ELDER] = rules.hold_rule == "elder_only"
    out[k.R_JUMP_OLD] = rules.jump_meaning == "old"
    out[k.R_INVITE] = _INVITE.index(rules.invite_requirements)
    out[k.R_INVITER_REBID] = rules.inviter_may_rebid
    out[k.R_YIELD_5] = rules.yield_requirements == "xx_high_honour_5"
    out[k.R_RAISE] = rules.sole_bidder_may_raise
    out[k.R_TRIAL_PENALTY] = rules.trial_bid_penalty
    out[k.R_ANNUL] = rules.annul_timing == "discard_turn"
    out[k.R_ANNUL_FIVE] = rules.annul_holdings == "five"
    out[k.R_XX_DISCARDABLE] = rules.xx_discardable
    out[k.R_LAST_RESORT] = rules.tarokk_discard_last_resort
    out[k.R_LONE_ALL] = rules.lone_gets_all_discards
    out[k.R_SELF_ANY] = rules.self_call == "any_held"
    out[k.R_KONTRA_47] = rules.kontra_threshold == "defenders_48_after_kontra"
    out[k.R_FREE_CALL] = _FREE_CALL.index(rules.free_call)
    out[k.R_COUNT_IDENTIFIES] = rules.count_identifies_side
    out[k.R_KOVACS] = rules.bonus_values == "kovacs"
    out[k.R_TOURNAMENT] = rules.volat_restrictions == "tournament"
    out[k.R_TRULL_CONVENTIONS] = rules.trull_conventions
    out[k.R_THREE_TRULL] = rules.three_trull_not_played
    out[k.R_COUNT_TEAM] = rules.tarokk_count_payment == "team"
    out[k.R_MAX_KONTRA] = rules.max_kontra
    out[k.R_GAME_KONTRA_SILENT] = rules.game_kontra_multiplies_silent
    out[k.R_SILENT_VOLAT_ONLY] = rules.volat_cancels_silent == "silent_volat_only"
    out[k.R_SILENT_KINGS_DOUBLE] = rules.silent_kings_with_silent_double
    out[k.R_LONE_SOLO] = rules.lone_game_value == "solo"
    out[k.R_COUNT_BEFORE_ULTIMO] = rules.count_before_ultimo
    out[k.R_ACCEPTOR] = rules.acceptor_must_announce
    out[k.R_OBSERVE] = observe
    out[k.R_FLAT] = not compact
    return out


def layout_offsets(layout: PaskievicsLayout) -> npt.NDArray[np.int64]:
    """Where each field of the kernel's list lies in ``layout`` (``chosen`` after it)."""
    names = k.FIELD_NAMES[:-1]
    return np.array([*(layout.slice(name).start for name in names), layout.size], dtype=np.int64)


class BatchedPaskievics:
    """``n`` Paskievics deals of ``players`` seats stepped together; see the module
    documentation.

    ``rules`` may set every flag of paskievics.md §15 (a :class:`PaskievicsRules` or a
    mapping of flags; ``players`` follows the argument, and the match-level flags
    ``game_deals``, ``double_rounds`` and ``trial_failure_starts_double_round`` do not act
    on single deals, nor ``five_dealer_sees`` on the observation of a seat that acts);
    ``normalize_reward=True`` divides the rewards by 100; ``observe=False`` leaves ``obs``
    at zeros (for agents that build their own features from the mask alone: faster);
    ``compact_actions=False`` takes the flat ids of :mod:`paston.games.paskievics.actions`
    instead (12,517: a discard is one set) and the observation is then the flat Gymnasium
    env's (no entries for chosen cards).
    """

    def __init__(
        self,
        n: int,
        players: int = 4,
        seed: int = 0,
        rules: PaskievicsRules | dict[str, object] | None = None,
        normalize_reward: bool = False,
        observe: bool = True,
        compact_actions: bool = True,
    ) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a positive number of deals, not {n!r}")
        if isinstance(players, bool) or not isinstance(players, int) or players not in (4, 5):
            raise ValueError(f"Paskievics is for 4 or 5 players, not {players!r}")
        self.n = n
        self.players = players
        if rules is None:
            rules = DEFAULT_RULES
        elif not isinstance(rules, PaskievicsRules):
            rules = PaskievicsRules.from_dict(rules)
        if rules.players != players:
            rules = PaskievicsRules.from_dict({**rules.to_dict(), "players": players})
        self.rules = rules
        self.normalize_reward = bool(normalize_reward)
        self.reward_scale = 1.0 / HOOKS.reward_scale if normalize_reward else 1.0
        self.layout = paskievics_layout(players)
        self.compact_actions = bool(compact_actions)
        #: The observation: the layout's entries, then (compact) the 42 of the cards chosen.
        self.observation_size = self.layout.size + (k.NUM_CARDS if compact_actions else 0)
        self.num_actions = NUM_COMPACT_ACTIONS if compact_actions else A.NUM_ACTIONS
        self._rules = rules_array(rules, observe, self.compact_actions)
        self._offsets = layout_offsets(self.layout)
        self._st = np.zeros((n, k.NCOLS), dtype=np.int64)
        self._finals = np.zeros((n, k.NCOLS), dtype=np.int64)
        self._legal = np.zeros((n, k.MAX_LEGAL), dtype=np.int64)
        self._nlegal = np.zeros(n, dtype=np.int64)
        self.obs = np.zeros((n, self.observation_size), dtype=np.float32)
        self.mask = np.zeros((n, self.num_actions), dtype=np.bool_)
        self.reward = np.zeros((n, players), dtype=np.float32)
        self.done = np.zeros(n, dtype=np.bool_)
        self._seed = _check_seed(seed)
        self._rng = np.random.default_rng(self._seed)
        # Decks waiting to be dealt (42 cards, then the dealer) and the next one's index.
        self._decks = np.zeros((0, k.NUM_CARDS + 1), dtype=np.int64)
        self._next = np.zeros(1, dtype=np.int64)
        self._started = False

    @property
    def to_act(self) -> npt.NDArray[np.int64]:
        """The seat to act in each deal (a copy)."""
        return self._st[:, k.TO_ACT].copy()

    def reset(
        self,
        seed: int | None = None,
        deals: Sequence[tuple[Sequence[Sequence[int]], Sequence[int], int]] | None = None,
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Deal every row afresh: from ``seed`` when given (else the constructor's seed the
        first time, then where the instance's generator stands), or, with ``deals``, row
        ``i`` the deal ``deals[i]`` = ``(hands, talon, dealer)`` (as :meth:`deal_of` gives
        them; later deals are shuffled again). The observations and masks returned are the
        engine's own arrays (copy to keep them)."""
        if seed is not None:
            self._seed = _check_seed(seed)
            self._started = False
        if not self._started:
            self._rng = np.random.default_rng(self._seed)
            self._decks = self._decks[:0]
            self._next[0] = 0
            self._started = True
        self._nlegal[:] = 0
        self.mask[:] = False
        self._stock()
        if deals is not None:
            if len(deals) != self.n:
                raise ValueError(f"deals must hold {self.n} deals, not {len(deals)}")
            given = np.array([self._deck(i, deal) for i, deal in enumerate(deals)], np.int64)
            self._decks = np.concatenate((given, self._decks[int(self._next[0]) :]))
            self._next[0] = 0
        k.reset_all(
            self._st,
            self.players,
            self._rules,
            self._offsets,
            self.obs,
            self.mask,
            self._legal,
            self._nlegal,
            self._decks,
            self._next,
        )
        self.done[:] = False
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
        """Take ``actions[i]`` (an action id) in deal ``i`` for its seat to act: ``(obs,
        mask, reward, done)``. Raises ``ValueError`` naming the first deal whose action is
        not legal, and nothing is applied then."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        acts = np.asarray(actions)
        if acts.shape != (self.n,) or not np.issubdtype(acts.dtype, np.integer):
            raise ValueError(f"actions must be {self.n} integers, not {acts.dtype} {acts.shape}")
        acts = acts.astype(np.int64, copy=False)
        bad = k.check_actions(acts, self.mask)
        if bad >= 0:
            a = int(acts[bad])
            name = compact_action_str if self.compact_actions else A.action_str
            what = name(a) if 0 <= a < self.num_actions else "no such action"
            ids = self.legal_actions(bad)
            legal = ", ".join(name(x) for x in ids[:12])
            more = ", …" if len(ids) > 12 else ""
            raise ValueError(
                f"deal {bad}: action {a} ({what}) is not legal for seat "
                f"{self._st[bad, k.TO_ACT]}; legal: {legal}{more}"
            )
        self._stock()
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
            self.reward_scale,
            self._finals,
            self._decks,
            self._next,
        )
        return self.obs, self.mask, self.reward, self.done

    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action for every deal (from the instance's generator,
        seeded by ``reset``)."""
        picks = (self._rng.random(self.n) * self._nlegal).astype(np.int64)
        out: npt.NDArray[np.int64] = self._legal[np.arange(self.n), picks]
        return out

    def _deck(self, i: int, deal: tuple[Sequence[Sequence[int]], Sequence[int], int]) -> list[int]:
        """Deal ``i`` as the kernel's deck: the talon, five cards of each active seat from
        forehand, their other four, then the dealer."""
        hands, talon, dealer = deal
        n = self.players
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError(f"deal {i}: the dealer must be a seat 0 to {n - 1}, not {dealer!r}")
        order = [(dealer + 1 + j) % n for j in range(4)]
        if len(hands) != n or len(talon) != 6 or any(len(hands[s]) != 9 for s in order):
            raise ValueError(
                f"deal {i}: {n} hands, 9 cards for each seat but a sitting-out dealer, and a "
                "talon of 6"
            )
        held = [sorted(int(c) for c in hands[s]) for s in order]
        deck = [int(c) for c in talon] + [c for h in held for c in h[:5]]
        deck += [c for h in held for c in h[5:]]
        if sorted(deck) != list(range(k.NUM_CARDS)):
            raise ValueError(f"deal {i}: the talon and hands must hold each of the 42 cards once")
        return [*deck, dealer]

    def _stock(self) -> None:
        """Keep a deck ready for every row: shuffle a new batch when fewer are left."""
        left = len(self._decks) - int(self._next[0])
        if left >= self.n:
            return
        size = max(4 * self.n, 256)
        fresh = np.empty((size, k.NUM_CARDS + 1), dtype=np.int64)
        fresh[:, : k.NUM_CARDS] = self._rng.permuted(
            np.broadcast_to(np.arange(k.NUM_CARDS, dtype=np.int64), (size, k.NUM_CARDS)), axis=1
        )
        fresh[:, k.NUM_CARDS] = self._rng.integers(0, self.players, size)
        self._decks = np.concatenate((self._decks[int(self._next[0]) :], fresh))
        self._next[0] = 0

    def legal_actions(self, i: int) -> list[int]:
        """The legal action ids of deal ``i``'s seat to act, ascending."""
        return sorted(int(a) for a in self._legal[i, : self._nlegal[i]])

    def deal_of(self, i: int) -> tuple[list[list[int]], list[int], int]:
        """``(hands, talon, dealer)`` of the deal row ``i`` is playing (the arguments of
        :class:`~paston.games.paskievics.state.PaskievicsState`)."""
        deck = [int(c) for c in self._st[i, k.DEALT : k.DEALT + k.NUM_CARDS]]
        return deal_from_deck(deck, int(self._st[i, k.DEALER]), self.players)

    def final_value(self, i: int) -> int:
        """``V`` of the deal that row ``i`` finished last (0 for a deal thrown in)."""
        return int(self._finals[i, k.VALUE])


def _check_seed(seed: int) -> int:
    if (
        isinstance(seed, bool)
        or not isinstance(seed, int | np.integer)
        or not 0 <= seed <= _MAX_SEED
    ):
        raise ValueError(f"seed must be an integer 0 to 2**63-1, not {seed!r}")
    return int(seed)
