"""The Gymnasium environment of every game: one learner at one seat, bots at the others.

>>> from paston.env.gym_env import GameEnv
>>> env = GameEnv(seat=1, opponents="random")  # the flagship game; GameEnv("paris", …)
>>> obs, info = env.reset(seed=1)
>>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)

Every registered game that offers research hooks gets it (``paston.env.ParisEnv`` and the
other public names are this class bound to one game; see :mod:`paston.env`).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots.random_bot import RandomBot
from ..core.errors import IllegalAction
from ..core.protocol import GameInfo, Match, State, View
from .gym_seat import DONE_PLACEHOLDER_ACTION, Opponent, Opponents
from .masks import action_mask
from .research_game import ResearchGame

__all__ = ["GameEnv"]

_ILLEGAL = ("raise", "penalty")
_ENGINES = ("python", "compiled")
_RENDER_MODES = ("ansi", "human")


class GameEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    """The learner plays ``seat`` of a ``players``-seat table of ``game`` (a registered game's
    name or descriptor; ``None``: the flagship); the other seats are bots
    (``paston.bots.make_bot(spec, game=...)``).

    * **Actions**: ``Discrete(num_actions)``, the game's action ids. Only the ids in
      ``info["action_mask"]`` (also :meth:`action_masks`, as sb3-contrib's ``MaskablePPO``
      expects; ``gymnasium.make`` adds :class:`~paston.env.wrappers.ActionMasks` outermost so
      that it stays reachable) are legal. A game may offer another action space through an
      option (its research hooks' ``action_codec``: Paskievics's ``compact_actions=True``
      takes a discard card by card); then the ids, the mask and the extra observation
      entries are the codec's, and the engine still gets and records the game's ids.
    * **Observations**: the game's encoder (``info.research``) of the learner's view only.
    * **Episodes and rewards**: ``reward="hand"``: one hand, until the learner's part of it
      is over; the reward, paid then, is the hand's result for the learner (or the game's
      own mode: Paris's ``rank`` …). ``reward="match"``: a whole match; after each hand the
      reward is the change of the learner's running total, truncated after ``max_hands``
      hands. ``None``: the game's default mode (and a game may have its own words for
      these: Paston's ``deal`` and ``game``). ``normalize_reward=True`` divides every reward
      (and the penalty) by the game's ``reward_scale``; ``reward_range`` is a step's lowest
      and highest reward so (unbounded for ``match``). A hand the game cuts short (a turn
      limit) ends as ``truncated``.
    * **Illegal actions**: ``illegal_action="penalty"`` (default) returns ``illegal_penalty``
      as the reward, leaves the state unchanged and sets ``info["illegal_action"]`` (so
      Gymnasium's ``check_env``, which steps with unmasked random actions, passes);
      ``"raise"`` raises :class:`~paston.core.errors.IllegalAction` naming the legal actions.
    * **Masks after the end**: the terminal observation's mask holds only action 0 (a
      placeholder that ``step`` refuses until ``reset``), so a masked softmax never sees an
      all-zero mask under Gymnasium's next-step autoreset.

    ``opponents`` is one opponent for every other seat or one per other seat (in seat order
    after the learner): a bot name (rebuilt with seeds drawn from the environment's generator
    on every ``reset``, so ``reset(seed=...)`` makes the whole episode repeatable), a
    :class:`~paston.bots.Bot` object (for self-play; used as given and closed by the caller)
    or a callable from the seat's view to an action id; ``None``: the game's default
    (``random`` in every shipped game).
    ``rules`` is the game's rules object, a mapping of flags or ``None``; ``options`` are the
    game's own (``perfect_recall=False`` for Paston …).

    ``engine="compiled"`` runs every step in the game's compiled kernels (where the game has
    them: its research hooks' ``compiled``), several times faster: the same observations,
    masks, action ids, rewards, terminations and info keys as the Python engine's on the same
    hand, but its hands and the opponents' choices come from a generator of its own (so a
    seed gives other episodes than ``engine="python"``, the default). It plays uniformly
    random opponents (``opponents`` ``None`` or ``"random"``) and hand-level rewards only,
    and raises ``ValueError`` saying why for anything else. ``state``, ``view`` and
    ``render()`` replay the hand in the Python engine on demand.
    """

    metadata: dict[str, Any] = {"render_modes": list(_RENDER_MODES), "render_fps": 1}  # noqa: RUF012
    #: The game a bound subclass plays (``paston.env.ParisEnv`` …); ``None``: given to
    #: ``__init__``.
    bound_game: ClassVar[str | None] = None

    def __init__(
        self,
        game: str | GameInfo | None = None,
        *,
        players: int | None = None,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] | None = None,
        rules: Any = None,
        reward: str | None = None,
        normalize_reward: bool = False,
        illegal_action: str = "penalty",
        illegal_penalty: float = -1.0,
        max_hands: int = 1000,
        render_mode: str | None = None,
        engine: str = "python",
        **options: Any,
    ) -> None:
        if game is None:
            game = self.bound_game
        self.research = ResearchGame.build(game, players, rules, options, codecs=True)
        self.players = self.research.players
        self.rules = self.research.rules
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"the learner's seat must be 0 to {self.players - 1}, not {seat!r}")
        self.reward_mode = self.research.reward_mode(reward, match=True)
        if illegal_action not in _ILLEGAL:
            raise ValueError(f"illegal_action must be 'penalty' or 'raise', not {illegal_action!r}")
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        hooks = self.research.hooks
        self.game = self.research.info.name
        self.seat = seat
        self.opponents = Opponents(
            self.game,
            self.players,
            seat,
            hooks.default_opponent if opponents is None else opponents,
        )
        self.normalize_reward = bool(normalize_reward)
        self._scale = 1.0 / hooks.reward_scale if normalize_reward else 1.0
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty) * self._scale
        low, high = self.research.reward_range(self.reward_mode)
        #: The lowest and highest reward of a step, ``normalize_reward`` and the illegal
        #: action's penalty included (unbounded for ``reward="match"``).
        self.reward_range = (
            min(low * self._scale, self.illegal_penalty),
            max(high * self._scale, self.illegal_penalty),
        )
        self.max_hands = max_hands
        self.render_mode = render_mode
        # The game's other action space when its options ask for one (Paskievics's
        # compact_actions=True): the learner's ids, mask and observation entries are its.
        self._codec = codec = self.research.action_codec(seat)
        shape = self.research.encoder.shape
        self._observe_state = self.research.observer(seat)
        num_actions = self.research.num_actions
        if codec is not None:
            num_actions = codec.num_actions
            shape = (shape[0] + codec.observation_size,)
            base = self._observe_state

            def observe_with_codec(state: State) -> npt.NDArray[np.float32]:
                return np.concatenate((base(state), codec.observe(state)))

            self._observe_state = observe_with_codec
        self.action_space = spaces.Discrete(num_actions)
        self.observation_space = spaces.Box(0.0, 1.0, shape, dtype=np.float32)
        self._state: State | None = None
        self._match: Match | None = None
        self._done = True
        self._hands = 0
        self._total_before = 0.0
        self._episodes_rng: random.Random | None = None
        self._rng = random.Random()
        if engine not in _ENGINES:
            raise ValueError(f"engine must be 'python' or 'compiled', not {engine!r}")
        self.engine = engine
        #: The game's compiled stepper (``engine="compiled"``), else ``None``.
        self._compiled: Any = None
        if engine == "compiled":
            self._compiled = self._build_compiled(opponents)
            self._compiled.reward_scale = self._scale
        self._seeded = False

    # ----------------------------------------------------------------- gymnasium API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        compiled = self._compiled
        if compiled is not None:
            # As below: a seeded reset (or the first) seeds the stepper's generator from
            # np_random; later resets go on with it.
            fresh_seed = seed is not None or not self._seeded
            self._seeded = True
            start = int(self.np_random.integers(2**62)) if fresh_seed else None
            obs, info = compiled.reset(start)
            self._done = False
            return obs, info
        # One generator for the episodes from one seeding on: a seeded reset (or the first)
        # draws it from Gymnasium's np_random; later resets go on with it (seeding a Python
        # generator costs as much as a few engine actions), so the run stays repeatable.
        fresh = seed is not None or self._episodes_rng is None
        if fresh:
            self._episodes_rng = random.Random(int(self.np_random.integers(2**62)))
        rng = self._episodes_rng
        assert rng is not None
        self.opponents.seat_all(rng, fresh)
        self._rng = rng
        self._done = False
        if self._codec is not None:
            self._codec.reset()
        self._hands = 0
        self._total_before = 0.0
        if self.reward_mode == "match":
            self._match = self.research.new_match(rng)
            self._state = self._next_match_hand()
        else:
            self._match = None
            self._state = self.research.deal(rng, self.seat)
        reward, _ = self._advance()
        # Hand mode deals only hands the learner acts in; a match goes on to its turn.
        assert not self._done and reward == 0.0
        return self._observe()

    def step(
        self, action: int | np.int64
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        compiled = self._compiled
        if compiled is not None:
            out = compiled.step(int(action))
            if out is None:
                return self._refused_compiled(compiled, int(action))
            return out  # type: ignore[no-any-return]
        state = self._state
        if self._done or state is None:
            raise RuntimeError("the episode is over; call reset() before step()")
        action_id = int(action)
        try:
            if self._codec is not None:
                flat = self._codec.take(state, action_id)
                if flat is None:  # one step of a longer decision, kept by the codec
                    obs, info = self._observe()
                    return obs, 0.0, False, False, info
                action_id = flat
            # The engine checks legality as it applies, and changes nothing when it refuses:
            # cheaper than listing the legal actions first.
            state.apply(action_id)
        except IllegalAction as refused:
            if self.illegal_action == "penalty":
                obs, info = self._observe()
                info["illegal_action"] = True
                return obs, self.illegal_penalty, False, False, info
            if self._codec is not None:  # the codec's error names its own legal ids
                raise refused from None
            raise self._illegal(state, action_id) from None
        reward, truncated = self._advance()
        terminated = self._done and not truncated
        obs, info = self._observe()
        return obs, reward * self._scale, terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode; use render_mode='ansi'")
            return None
        started = self._state is not None or (self._compiled is not None and self._seeded)
        text = self.research.render(self._view()) if started else ""
        if self.render_mode == "human":
            print(text, file=sys.stdout)  # text to the terminal
            return None
        return text

    def close(self) -> None:
        self.opponents.close()

    # ----------------------------------------------------------------- extras

    @property
    def view(self) -> View:
        """The learner's current view (for bots or debugging)."""
        return self._view()

    @property
    def state(self) -> State | None:
        """The hand in progress (full information: for tests and analysis, not for agents;
        with ``engine="compiled"``, the hand replayed in the Python engine: a copy)."""
        if self._compiled is not None:
            if not self._seeded:
                return None
            replayed: State = self._compiled.replay()
            return replayed
        return self._state

    @property
    def match(self) -> Match | None:
        """The match in progress in ``match`` reward mode (``None`` otherwise)."""
        return self._match

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as booleans (the method sb3-contrib's action masking calls)."""
        if self._compiled is not None:
            if not self._seeded:
                raise RuntimeError("call reset() first")
            return self._compiled.mask().astype(bool)  # type: ignore[no-any-return]
        return self._mask_now().astype(bool)

    # ----------------------------------------------------------------- internals

    def _view(self) -> View:
        state = self.state
        if state is None:
            raise RuntimeError("call reset() first")
        return state.view(self.seat)

    def _build_compiled(self, opponents: Opponent | Sequence[Opponent] | None) -> Any:
        """The game's compiled stepper for these settings; ``ValueError`` saying why not."""
        hooks = self.research.hooks
        name = self.research.info.name
        if hooks.compiled is None:
            raise ValueError(f"{name} has no compiled engine; use engine='python'")
        specs = self.opponents.specs
        if any(not (isinstance(spec, str) and spec == "random") for spec in specs):
            raise ValueError(
                "engine='compiled' plays uniformly random opponents only (opponents=None or "
                f"'random'), not {opponents!r}; use engine='python' for other opponents"
            )
        if self.reward_mode == "match":
            raise ValueError("engine='compiled' plays one hand an episode; use reward='hand'")
        if self._codec is not None:  # the stepper speaks the game's own action ids
            raise ValueError("engine='compiled' takes the game's own action ids, not a codec's")
        return hooks.compiled(
            self.players, self.rules, self.seat, self.reward_mode, self.research.options
        )

    def _refused_compiled(
        self, compiled: Any, action: int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """A step the compiled stepper refused: after the end, or an illegal action."""
        if compiled.done:
            raise RuntimeError("the episode is over; call reset() before step()")
        if self.illegal_action == "penalty":
            obs, info = compiled.observe()
            info["illegal_action"] = True
            return obs, self.illegal_penalty, False, False, info
        raise self._illegal(compiled.replay(), action)

    def _illegal(self, state: State, action: int) -> IllegalAction:
        return self.research.illegal(f"seat {self.seat}", state, action)

    def _mask_now(self) -> npt.NDArray[np.int8]:
        """The learner's mask, never all zero: once the episode is over it holds only
        :data:`DONE_PLACEHOLDER_ACTION` (which ``step`` still refuses until ``reset``)."""
        state = self._state
        if state is None:
            raise RuntimeError("call reset() first")
        mine = state.to_act == self.seat and not self._done
        if self._codec is not None:
            mask = action_mask(self._codec.legal(state) if mine else (), self._codec.num_actions)
        else:
            mask = self.research.mask(state.legal_actions() if mine else ())
        if self._done:
            mask[DONE_PLACEHOLDER_ACTION] = 1
        return mask

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        state = self._state
        if state is None:
            raise RuntimeError("call reset() first")
        info: dict[str, Any] = {
            "action_mask": self._mask_now(),
            "phase": state.phase,
            "seat": self.seat,
        }
        done = self._done or self.research.seat_done(state, self.seat)
        info.update(self.research.seat_info(state, self.seat, done))
        if self._match is not None:
            info["totals"] = self._match.totals
            info["hand_number"] = self._hands + (0 if self._done else 1)
        return self._observe_state(state), info

    def _next_match_hand(self) -> State:
        match = self._match
        assert match is not None
        state = match.next_state(self._rng)
        while state.is_over and not match.over:  # a hand over at once (a redeal)
            state = match.next_state(self._rng)
        return state

    def _advance(self) -> tuple[float, bool]:
        """Let the bots act until the learner must act or its episode ends: the reward so far
        (unscaled) and whether the episode was cut short (sets ``_done`` at the end)."""
        reward = 0.0
        research = self.research
        done_early = research.hooks.seat_done
        bots = self.opponents.bots
        me = self.seat
        while True:
            state = self._state
            assert state is not None
            while not state.is_over and not (done_early is not None and done_early(state, me)):
                seat = state.to_act
                assert seat is not None
                if seat == me:
                    return reward, False
                bot = bots[seat]
                if type(bot) is RandomBot:
                    # The random bot's own choice (its generator, the same legal list as its
                    # view's) without building a view it would not read.
                    legal = state.legal_actions()
                    state.apply(legal[bot.rng.randrange(len(legal))])
                else:
                    state.apply(bot.act(state.view(seat)))
            match = self._match
            if match is None:
                self._done = True
                return research.hand_reward(state, me, self.reward_mode), research.cut_short(state)
            # A whole match: play the hand out, then pay the change of the running total.
            while not state.is_over:
                seat = state.to_act
                assert seat is not None
                state.apply(bots[seat].act(state.view(seat)))
            self._hands += 1
            after = float(match.totals[me])
            reward += after - self._total_before
            self._total_before = after
            if match.over:
                self._done = True
                return reward, False
            if self._hands >= self.max_hands:
                self._done = True
                return reward, True
            self._state = self._next_match_hand()


def __getattr__(name: str) -> Any:
    # The games' public names of this adapter (``PastonEnv`` …), where users import them from.
    from . import bound_alias

    return bound_alias(name, "gym", __name__)
