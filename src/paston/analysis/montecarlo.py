"""The generic evaluator: any game's decisions graded by Monte-Carlo playouts.

For every decision of a record with more than one legal action:

* **worlds**: complete states the deciding seat could not tell from the real one, drawn by the
  game's own sampler (``info.sampling.resample(state, seat, rng)``, which reads only what that
  seat has seen); all weighted equally (a decision where the sampler finds none is graded on
  the real state alone);
* **value** of an action in one world: the action is taken, then every seat plays the hand to
  its end with the game's rollout bot (:attr:`~paston.core.hooks.analysis.AnalysisHooks.
  rollout_bot`, which sees only its own seat's view); the value is the deciding seat's result
  (``state.result()``), or minus its finishing place for a game that ranks its players
  (``info.play.placings``). A game may give its own quicker playout of a whole world instead
  (:attr:`~paston.core.hooks.analysis.AnalysisHooks.rollout`);
* the expected value, standard errors, hindsight (the same values in the real state) and the
  grade on the game's scale are the shared :func:`paston.analysis.grading.grade`.

How a game uses it: its ``analysis`` hook group gives a ``hands`` function (the record's hands,
each as its first state and the actions taken) and points ``evaluator`` at this class::

    HOOKS = AnalysisHooks(
        evaluator=lambda: MonteCarloEvaluator("mygame"),
        hands=hands_of_record,
        rollout_bot="heuristic",  # a quick bot of the game (``random`` by default)
        unit="the seat's score", thresholds=(("blunder", 5.0), ("mistake", 2.0),
                                            ("inaccuracy", 0.5)),
    )

The game also needs a ``sampling`` group and a ``play`` group offering the rollout bot. Any
game with those can be analysed this way as well as by its own evaluator (``paston analyse
--generic``). The method's bias: the rollouts' later decisions are the bot's, not the best ones,
and worlds are not weighted by the others' earlier actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from ..bots import make_bot
from ..bots.base import Bot
from ..core.hooks.analysis import AnalysisHooks, Hand
from ..core.protocol import GameInfo
from ..core.registry import get_game
from .evaluator import Unavailable
from .grading import Choice, grade
from .model import Analysis, DealAnalysis, Decision
from .records import seat_names_of
from .report import Scale, game_reports, player_reports
from .settings import DEFAULT, Settings

__all__ = ["MAX_PLAYOUT_ACTIONS", "METHOD", "MonteCarloEvaluator"]

#: The ``method`` its analyses publish in their settings (a game's own evaluator names none).
METHOD = "monte-carlo"

#: A playout longer than this many actions is abandoned and its world skipped (a bot that
#: cannot end the hand must not stall the analysis).
MAX_PLAYOUT_ACTIONS = 10_000


class MonteCarloEvaluator:
    """The :class:`~paston.analysis.Evaluator` of any game that offers ``hands``, a sampler
    and a rollout bot (see the module docstring). ``rollout_bot`` and ``scale`` override the
    game's analysis hooks."""

    def __init__(
        self, game: str, *, rollout_bot: str | None = None, scale: Scale | None = None
    ) -> None:
        self.game = game
        self._rollout_bot = rollout_bot
        self._scale = scale

    # ---------------------------------------------------------------- the game's parts

    def _info(self) -> GameInfo:
        return get_game(self.game)

    def _hooks(self) -> AnalysisHooks:
        hooks: AnalysisHooks = self._info().analysis
        return hooks

    @property
    def scale(self) -> Scale:
        """The unit and grade thresholds (the game's analysis hooks' unless overridden)."""
        if self._scale is not None:
            return self._scale
        hooks = self._hooks()
        return Scale(hooks.unit, hooks.thresholds)

    def _hands(self, record: dict[str, Any]) -> tuple[str, list[Hand]]:
        hands = self._hooks().hands
        if hands is None:
            raise Unavailable(
                f"the generic analysis of {self.game} needs the hands of its records "
                "(AnalysisHooks.hands)"
            )
        return hands(record)

    def _names(self, record: dict[str, Any], hands: list[Hand]) -> list[str]:
        if hands:
            return seat_names_of(record, hands[0][0].players)
        meta = record.get("meta")
        players = meta.get("players") if isinstance(meta, dict) else None
        return seat_names_of(record, len(players) if isinstance(players, list) else 0)

    # ---------------------------------------------------------------- the Evaluator

    def outline(self, record: dict[str, Any]) -> tuple[str, list[str], int]:
        kind, hands = self._hands(record)
        return kind, self._names(record, hands), len(hands)

    def count(self, record: dict[str, Any]) -> int:
        total = 0
        for start, actions in self._hands(record)[1]:
            state = start.copy()
            for action in actions:
                total += len(state.legal_actions()) > 1
                state.apply(action)
        return total

    def settings_json(self, settings: Settings) -> dict[str, Any]:
        """The settings as published, with the game, the method, its unit and thresholds."""
        return {**settings.to_json(), "game": self.game, "method": METHOD,
                **self.scale.to_json()}  # fmt: skip

    def analyse_one(
        self,
        record: dict[str, Any],
        number: int,
        settings: Settings = DEFAULT,
        step: Callable[[], None] | None = None,
    ) -> DealAnalysis:
        _, hands = self._hands(record)
        return self._analyse_hand(hands[number - 1], number, self._names(record, hands),
                                  settings, step)  # fmt: skip

    def analyse(
        self,
        record: dict[str, Any],
        settings: Settings = DEFAULT,
        step: Callable[[], None] | None = None,
    ) -> Analysis:
        kind, hands = self._hands(record)
        names = self._names(record, hands)
        deals = [self._analyse_hand(h, i, names, settings, step) for i, h in enumerate(hands, 1)]
        return Analysis(kind=kind, names=names, deals=deals, players=game_reports(deals, names),
                        settings=self.settings_json(settings), game=self.game)  # fmt: skip

    # ---------------------------------------------------------------- one hand

    def grade_decision(
        self,
        state: Any,
        action: int,
        settings: Settings = DEFAULT,
        *,
        rng: random.Random,
        bots: list[Bot],
        number: int = 1,
        index: int = 1,
    ) -> Decision:
        """Grade ``action`` taken by the seat to act in ``state`` (action ``index`` of hand
        ``number``), with worlds drawn from ``rng`` and played out by ``bots`` (one per seat).
        The expected values depend on ``state`` only through what that seat sees of it; the
        hindsight values are those of ``state`` itself."""
        info = self._info()
        hooks = info.analysis
        seat = state.to_act
        if seat is None:
            raise ValueError("the state is over: there is no decision to grade")
        notation = state.action_str
        choice = Choice(seat=seat, phase=state.phase, trick=None,
                        groups={a: a for a in state.legal_actions()}, taken=action,
                        notation=notation, text=hooks.action_text or notation)  # fmt: skip
        return grade(choice, number, index, _worlds(info, state, seat, rng), state.copy(),
                     _value(info, seat, bots), settings, self.scale)  # fmt: skip

    def rollout_bots(self, players: int, settings: Settings = DEFAULT) -> list[Bot]:
        """One rollout bot per seat (the caller closes them)."""
        spec = self._rollout_bot or self._hooks().rollout_bot
        return [make_bot(spec, seed=settings.seed + s, game=self.game) for s in range(players)]

    def _analyse_hand(
        self,
        hand: Hand,
        number: int,
        names: list[str],
        settings: Settings,
        step: Callable[[], None] | None,
    ) -> DealAnalysis:
        start, actions = hand
        # One random stream per hand: a hand's analysis does not depend on the others'.
        rng = random.Random(settings.seed * 1_000_003 + number)
        bots = self.rollout_bots(start.players, settings)
        decisions: list[Decision] = []
        try:
            state = start.copy()
            for index, action in enumerate(actions, start=1):
                if len(state.legal_actions()) > 1:
                    decisions.append(self.grade_decision(state, action, settings, rng=rng,
                                                         bots=bots, number=number,
                                                         index=index))  # fmt: skip
                    if step is not None:
                        step()
                state.apply(action)
        finally:
            for bot in bots:
                bot.close()
        status = "finished" if state.is_over else ("unfinished" if actions else "unplayed")
        scores = _whole(state.result()) if state.is_over else None
        out = DealAnalysis(deal=number, status=status, declarer=None, contract=None,
                           scores=scores, decisions=decisions)  # fmt: skip
        out.players = player_reports(decisions, names)
        return out


def _whole(result: tuple[float, ...]) -> tuple[float, ...]:
    """A hand's result with whole numbers as ``int`` (published as ``3``, not ``3.0``)."""
    return tuple(int(x) if float(x).is_integer() else float(x) for x in result)


def _worlds(
    info: GameInfo, state: Any, seat: int, rng: random.Random
) -> Iterator[tuple[Any, float]]:
    """Worlds ``seat`` could not tell from ``state``, each of weight 1, until the grading has
    enough (the settings' number of worlds) or the game's sampler gives up.

    A sampler that finds no world consistent with the view raises a ``RuntimeError`` (each
    game's ``SamplingError``, drawn by rejection); the decision is then graded on the worlds
    drawn so far, or on the real state alone when there are none (as Paston's own evaluator
    does)."""
    resample = info.sampling.resample
    while True:
        try:
            world = resample(state, seat, rng)
        except (RecursionError, NotImplementedError):
            raise  # RuntimeErrors that are bugs, not a sampler giving up
        except RuntimeError:
            return
        yield world, 1.0


def _value(
    info: GameInfo, seat: int, bots: list[Bot]
) -> Callable[[Any, list[int]], dict[int, float]]:
    """``value(world, actions)``: each action's value to ``seat`` by the game's own rollout
    when it has one, else by a playout with ``bots``; an empty mapping when a playout does
    not end (the world is then skipped)."""
    rollout = info.analysis.rollout
    placings = info.play.placings

    def value(world: Any, actions: list[int]) -> dict[int, float]:
        out: dict[int, float] = {}
        for action in actions:
            branch = world.copy()
            branch.apply(action)
            if rollout is not None:
                out[action] = rollout(branch, seat)
                continue
            steps = 0
            while not branch.is_over:
                steps += 1
                if steps > MAX_PLAYOUT_ACTIONS:
                    return {}
                who = branch.to_act
                assert who is not None
                branch.apply(bots[who].act(branch.view(who)))
            if placings is not None:
                out[action] = -float(placings(branch)[seat])
            else:
                out[action] = float(branch.result()[seat])
        return out

    return value
