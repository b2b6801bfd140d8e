"""Paris's evaluator: every swap and play with a choice graded by its expected finishing place.

* **Value** of an action in one complete world: the action is taken, then every seat plays the
  rest of the game by the ``heuristic`` thumb rules (:func:`paston.games.paris.bots.playout.
  playout`, the ``dpimc`` bot's own playout) until the deciding seat is out; the value is
  minus its finishing place (1 = out first, as the arena ranks Paris: ``paston arena --game
  paris`` measures the mean finishing position). A playout that reaches its turn limit ranks
  the seats still in by the cards they hold. A loss of 0.5 is half a place lost on average.
* **Worlds** in the play phase: the ``dpimc`` bot's sampler
  (:func:`paston.games.paris.bots.worlds.sample_world` over
  :func:`~paston.games.paris.bots.knowledge.read_knowledge`): the unseen cards dealt at random
  to the other hands, every face-down slot and the deck, respecting every card the seat saw
  go into a hand. In the swap phase (which that sampler does not cover) a world re-deals the
  same unseen cards to the original layout -- the other hands hold at least the cards they
  were seen to swap up -- and replays the swaps made so far. Worlds are weighted equally
  (no model of the others' choices).
* **Hindsight**: the same values in the real game. Plays of the same rank and count are one
  choice (suits never matter), as are the face-down slots; decisions with one such choice are
  not graded.

:data:`HOOKS` is the game's analysis hook group: this evaluator, and the record's hands for the
generic :class:`~paston.analysis.MonteCarloEvaluator` (``paston analyse --generic``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from ...analysis.grading import Choice, grade, groups_by
from ...analysis.model import Analysis, DealAnalysis
from ...analysis.records import seat_names_of
from ...analysis.report import Scale, game_reports, player_reports
from ...analysis.settings import DEFAULT, Settings
from ...core.errors import RecordError
from ...core.hooks.analysis import AnalysisHooks
from ...i18n import t
from .actions import action_str
from .bots.knowledge import read_knowledge
from .bots.moves import move_of
from .bots.playout import playout
from .bots.worlds import sample_world
from .cards import NUM_CARDS, parse_card
from .match import SESSION_FORMAT, session_from_record
from .record import GAME_FORMAT, POSITION_FORMAT, state_from_record
from .state import ParisState

__all__ = ["HOOKS", "SCALE", "ParisEvaluator", "action_text", "games_of_record", "hands"]

#: Grades in finishing places lost (expected loss less one standard error).
SCALE = Scale(
    unit="finishing places (value = minus the place, 1 = out first)",
    thresholds=(("blunder", 1.0), ("mistake", 0.4), ("inaccuracy", 0.15)),
)
_SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _card(name: str) -> str:
    rank = "10" if name[0] == "T" else name[0]
    return rank + _SUIT_SYMBOLS[name[1]]


def action_text(action: int) -> str:
    """An action as a player reads it: ``7♥ 7♥``, ``swap 10♦ up for 5♣``, ``pick up``."""
    words = action_str(action).split()
    if words[0] == "play":
        return " ".join(_card(w) for w in words[1:])
    if words[0] == "swap":
        return f"swap {_card(words[1])} up for {_card(words[2])}"
    if words[0] == "blind":
        return f"face-down card {int(words[1]) + 1}"
    return {"pickup": "pick up the pile", "ready": "ready (no more swaps)"}[words[0]]


def games_of_record(record: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    """("game" or "session", the game records) of a Paris record; RecordError if malformed."""
    fmt = record.get("format") if isinstance(record, dict) else None
    if fmt in (GAME_FORMAT, POSITION_FORMAT):
        state_from_record(record)  # the whole record checked once, with its own messages
        return "deal", [record]
    if fmt == SESSION_FORMAT:
        if record.get("games") == []:
            return "game", []  # a table before its first game ends: nothing to analyse
        session_from_record(record)
        return "game", list(record["games"])
    raise RecordError(
        f"'format' must be {GAME_FORMAT!r}, {POSITION_FORMAT!r} or {SESSION_FORMAT!r} to "
        f"analyse a Paris record, not {fmt!r}"
    )


def _start(body: dict[str, Any]) -> tuple[ParisState, list[int]]:
    """The game's first state and its actions as ids."""
    state = state_from_record({**body, "actions": []})
    return state, [state.parse_action(a) for a in body.get("actions", [])]


def _horizon(players: int) -> int:
    return 60 + 25 * players  # as the dpimc bot: longer than most whole games


def _value(seat: int) -> Callable[[ParisState, list[int]], dict[int, float]]:
    def value(world: ParisState, actions: list[int]) -> dict[int, float]:
        out = {}
        for action in actions:
            branch = world.copy()
            branch.apply(action)
            out[action] = -(playout(branch, seat, _horizon(world.players)) + 1.0)
        return out

    return value


def _swap_world(
    start: ParisState, done: list[tuple[int, int]], seat: int, rng: random.Random
) -> ParisState:
    """A swap-phase world for ``seat``: the original layout with the cards it could not see
    dealt again, then the swaps ``done`` (seat, action) replayed."""
    layout = start.origin["layout"]
    required = [Counter[int]() for _ in range(start.players)]
    came_down = [Counter[int]() for _ in range(start.players)]
    for who, action in done:
        words = action_str(action).split()
        if words[0] != "swap" or who == seat:
            continue
        up, down = parse_card(words[1]), parse_card(words[2])
        if came_down[who][up]:
            came_down[who][up] -= 1
        else:
            required[who][up] += 1  # it was in the original hand: everyone saw it go up
        came_down[who][down] += 1
    pool = Counter({card: 2 for card in range(NUM_CARDS)})
    pool -= Counter(layout[seat][2])
    for _, up, _ in layout:
        pool -= Counter(up)
    for s in range(start.players):
        pool -= required[s]
    cards = list(pool.elements())
    rng.shuffle(cards)
    new_layout = []
    for s, (down, up, hand) in enumerate(layout):
        if s == seat:
            new_hand = list(hand)
        else:
            fill = len(hand) - sum(required[s].values())
            new_hand = list(required[s].elements()) + cards[:fill]
            cards = cards[fill:]
        new_down, cards = cards[: len(down)], cards[len(down) :]
        new_layout.append((new_down, list(up), new_hand))
    world = ParisState.from_layout(start.players, start.dealer, new_layout, cards, start.rules)
    for _, action in done:
        world.apply(action)
    return world


def _worlds(
    state: ParisState,
    start: ParisState,
    done: list[tuple[int, int]],
    seat: int,
    rng: random.Random,
) -> Iterator[tuple[ParisState, float]]:
    if state.phase == "play":
        view = state.view(seat)
        try:
            knowledge = read_knowledge(view)
        except ValueError:
            return  # a position whose view does not add up: graded in the real game only
        while True:
            yield sample_world(view, knowledge, rng), 1.0
    while True:
        yield _swap_world(start, done, seat, rng), 1.0


def _status(state: ParisState) -> str:
    if state.is_over:
        return "finished"
    return "unfinished" if state.history else "unplayed"


def _places_note(state: ParisState, names: list[str]) -> str:
    ranking = state.ranking
    if ranking is None:
        return ""
    return "places: " + ", ".join(f"{i}. {names[s]}" for i, s in enumerate(ranking, start=1))


def analyse_game(
    body: dict[str, Any],
    number: int,
    names: list[str],
    settings: Settings = DEFAULT,
    step: Callable[[], None] | None = None,
) -> DealAnalysis:
    """Grade every swap and play with a choice in one Paris game record."""
    start, actions = _start(body)
    rng = random.Random(settings.seed * 1_000_003 + number)
    state = start.copy()
    done: list[tuple[int, int]] = []
    decisions = []
    for index, action in enumerate(actions, start=1):
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        groups = groups_by(legal, lambda a: move_of(a).key)
        if len(set(groups.values())) > 1:
            choice = Choice(seat=seat, phase=state.phase, trick=None, groups=groups,
                            taken=action, notation=action_str, text=action_text)  # fmt: skip
            worlds = _worlds(state, start, done, seat, rng)
            decisions.append(grade(choice, number, index, worlds, state.copy(), _value(seat),
                                   settings, SCALE))  # fmt: skip
            if step is not None:
                step()
        done.append((seat, action))
        state.apply(action)
    result = tuple(int(x) for x in state.result()) if state.is_over else None
    out = DealAnalysis(deal=number, status=_status(state), declarer=None, contract=None,
                       scores=result, decisions=decisions,
                       note=_places_note(state, names))  # fmt: skip
    out.players = player_reports(decisions, names)
    return out


def _count(body: dict[str, Any]) -> int:
    state, actions = _start(body)
    n = 0
    for action in actions:
        if len({move_of(a).key for a in state.legal_actions()}) > 1:
            n += 1
        state.apply(action)
    return n


class ParisEvaluator:
    """Paris's :class:`~paston.analysis.evaluator.Evaluator` (see the module docstring)."""

    game = "paris"
    scale = SCALE

    def outline(self, record: dict[str, Any]) -> tuple[str, list[str], int]:
        kind, games = games_of_record(record)
        players = int(games[0]["players"] if games else record.get("players", 0))
        return kind, seat_names_of(record, players), len(games)

    def count(self, record: dict[str, Any]) -> int:
        return sum(_count(g) for g in games_of_record(record)[1])

    def analyse_one(
        self,
        record: dict[str, Any],
        number: int,
        settings: Settings = DEFAULT,
        step: Callable[[], None] | None = None,
    ) -> DealAnalysis:
        _, names, _ = self.outline(record)
        return analyse_game(games_of_record(record)[1][number - 1], number, names, settings, step)

    def analyse(
        self,
        record: dict[str, Any],
        settings: Settings = DEFAULT,
        step: Callable[[], None] | None = None,
    ) -> Analysis:
        kind, names, _ = self.outline(record)
        games = games_of_record(record)[1]
        deals = [analyse_game(g, i, names, settings, step) for i, g in enumerate(games, start=1)]
        return Analysis(kind=kind, names=names, deals=deals, players=game_reports(deals, names),
                        settings=self.settings_json(settings), game=self.game)  # fmt: skip

    def settings_json(self, settings: Settings) -> dict[str, Any]:
        """The settings as published, with the game, its unit and its grade thresholds."""
        return {**settings.to_json(), "game": "paris", **SCALE.to_json()}


def hands(record: dict[str, Any]) -> tuple[str, list[tuple[Any, list[int]]]]:
    """The record's games as the generic evaluator walks them: each at its deal, with its
    actions."""
    kind, games = games_of_record(record)
    out: list[tuple[Any, list[int]]] = [_start(g) for g in games]
    return kind, out


def rollout(state: ParisState, seat: int) -> float:
    """The value of ``state`` to ``seat`` by the thumb-rule playout (the evaluator's own)."""
    return -(playout(state, seat, _horizon(state.players)) + 1.0)


def _hand_title(n: int) -> str:
    return t("analyse.game", "Game {n}", n=n)  # a Paris hand is a whole game


HOOKS = AnalysisHooks(
    evaluator=ParisEvaluator,
    hands=hands,
    formats=(SESSION_FORMAT,),
    action_text=action_text,
    rollout_bot="heuristic",
    rollout=rollout,
    unit=SCALE.unit,
    thresholds=SCALE.thresholds,
    hand_title=_hand_title,
)
