"""Paskievics's evaluator: bids, discards, the call, announcements and cards graded.

* **Card play**: worlds from the ``pimc`` bot's sampler
  (:class:`paston.games.paskievics.bots.worlds.SeatKnowledge`: the partner's identity is part
  of what is sampled, never read); each legal card is valued in a world as the ``pimc`` bot
  values it -- the card points the deciding seat's side takes from here (the current trick
  included), by the double-dummy card-point solver once hands hold ``exact_cards`` cards or
  fewer, earlier by the bot's greedy play-out down to ``rollout_cards`` and the exact ending.
  Unit: **card points** (94 in the pack).
* **Everything before the play** (bids, the raise, discards or annulment, the call,
  announcements and kontras): a world re-deals every card the seat cannot see -- the other
  hands, their face-down discards (never an honour, a king or, by default, the XX; with the
  public tarokk count of each discard once it is known) and the talon before it is handed
  out -- keeping what is public (an invitation's card, the declarer's discarded tarokks, the
  tarokk counts declared); after the call the partner is whoever holds the called card in
  that world. The action is then taken and the deal played to its end by the ``heuristic``
  bot at every seat; the value is the seat's score from the engine's own scoring
  (``state.scores``, the multiplier included). Unit: **game points**.
* **Hindsight**: the same values in the real deal. Worlds are weighted equally (the bids are
  not used as evidence about the hidden hands; a bias the docs name).

:data:`HOOKS` is the game's analysis hook group: this evaluator, and the record's hands for the
generic :class:`~paston.analysis.MonteCarloEvaluator` (``paston analyse --generic``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from ...analysis.grading import Choice, grade
from ...analysis.model import Analysis, DealAnalysis, Decision
from ...analysis.records import seat_names_of
from ...analysis.report import Scale, game_reports, player_reports
from ...analysis.settings import DEFAULT, Settings
from ...core.errors import RecordError
from ...core.hooks.analysis import AnalysisHooks
from . import actions as A
from .bots.heuristic import HeuristicBot
from .bots.pimc import PimcBot
from .bots.worlds import SeatKnowledge, World, WorldError
from .cards import CARD_NAMES, HONOURS, KINGS, T20, is_tarokk, parse_card
from .record import DEAL_FORMAT, GAME_FORMAT, load_record
from .solver.api import PositionError
from .state import PaskievicsState

__all__ = [
    "CARD_SCALE",
    "HOOKS",
    "POINT_SCALE",
    "PaskievicsEvaluator",
    "action_text",
    "deals_of_record",
    "hands",
]

#: Card play: card points of the seat's side lost (expected loss less one standard error).
CARD_SCALE = Scale(
    unit="card points of the seat's side still to take",
    thresholds=(("blunder", 15.0), ("mistake", 7.0), ("inaccuracy", 3.0)),
)
#: Bids, discards, the call, announcements: the seat's game points lost.
POINT_SCALE = Scale(
    unit="the seat's game points (engine scoring)",
    thresholds=(("blunder", 6.0), ("mistake", 3.0), ("inaccuracy", 1.0)),
)
#: The deal's phase -> the decision's name in the analysis.
PHASES = {"bidding": "bid", "raise": "bid", "discard": "talon", "announce": "announce",
          "play": "play"}  # fmt: skip
_SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
_PLAIN_RANKS = {"K": "K", "Q": "Q", "C": "C", "J": "J", "A": "A", "T": "10"}
#: Draws of a world that fails a public count before the count is let go.
_TRIES = 50


def card_text(card: int) -> str:
    """A card as a player reads it: ``XXI``, ``Skíz``, ``Pagát``, ``K♥``."""
    name = CARD_NAMES[card]
    if name == "SK":
        return "Skíz"
    if is_tarokk(card):
        n = int(name[1:])
        return "Pagát" if n == 1 else _roman(n)
    return _PLAIN_RANKS.get(name[0], name[0]) + _SUIT_SYMBOLS[name[1]]


def _roman(n: int) -> str:
    out = ""
    for value, letters in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out, n = out + letters, n - value
    return out


def action_text(action: int) -> str:
    """An action as a player reads it (cards as in play, the rest in the notation's words)."""
    if A.PLAY <= action < A.CALL:
        return card_text(action - A.PLAY)
    if A.CALL <= action < A.COUNT:
        return "call " + card_text(action - A.CALL)
    if action >= A.DISCARD:
        return "discard " + " ".join(card_text(c) for c in A.DISCARD_SETS[action - A.DISCARD])
    return A.action_str(action)


def deals_of_record(record: dict[str, Any]) -> tuple[str, list[PaskievicsState]]:
    """("deal" or "game", the deals as played) of a Paskievics record."""
    fmt = record.get("format") if isinstance(record, dict) else None
    if fmt == DEAL_FORMAT:
        state = load_record(record)
        assert isinstance(state, PaskievicsState)
        return "deal", [state]
    if fmt == GAME_FORMAT:
        if record.get("deals") == []:
            return "game", []  # a table before its first deal ends: nothing to analyse
        match = load_record(record)
        assert not isinstance(match, PaskievicsState)
        return "game", list(match.deals)
    raise RecordError(
        f"'format' must be {DEAL_FORMAT!r} or {GAME_FORMAT!r} to analyse a Paskievics "
        f"record, not {fmt!r}"
    )


def _rebuild(deal: PaskievicsState) -> PaskievicsState:
    return PaskievicsState(deal.dealt, deal.talon, deal.dealer, deal.rules, deal.multiplier)


def _choices(deal: PaskievicsState) -> list[tuple[PaskievicsState, int, int]]:
    """(state before, action, 1-based index) of each action taken with a choice."""
    state = _rebuild(deal)
    out = []
    for index, action in enumerate(deal.history, start=1):
        if state.phase in PHASES and len(state.legal_actions()) > 1:
            out.append((state.copy(), action, index))
        state.apply(action)
    return out


# ----------------------------------------------------------------- card play


def _card_worlds(know: SeatKnowledge, rng: random.Random) -> Iterator[tuple[World, float]]:
    failures = 0
    while failures < 200:
        try:
            yield know.sample(rng), 1.0
        except WorldError:
            failures += 1


def _real_world(state: PaskievicsState) -> World:
    side = {state.declarer} if state.declarer is not None else set()
    if state.partner is not None and not state.alone:
        side.add(state.partner)
    hands = {s: frozenset(state.hands[s]) for s in state.active}
    return World(hands, frozenset(s for s in side if s is not None))


def _card_value(
    know: SeatKnowledge, bot: PimcBot
) -> Callable[[World, list[int]], dict[int, float]]:
    def value(world: World, actions: list[int]) -> dict[int, float]:
        # The pimc bot's own valuation of a card in one world (reused, not re-implemented).
        try:
            cards = bot._values(know, world, [a - A.PLAY for a in actions])
        except PositionError:
            return {}
        return {A.PLAY + c: v for c, v in cards.items()}

    return value


# ----------------------------------------------------------------- before the play


def _light_copy(state: PaskievicsState) -> PaskievicsState:
    """A copy without the undo log: rollouts never undo, and the log's snapshots (one per
    action so far) would otherwise be deep-copied again for every action valued."""
    out = state.copy()
    out._log = []
    return out


def _protected(state: PaskievicsState) -> set[int]:
    keep = set(HONOURS | KINGS)
    if not state.rules.xx_discardable:
        keep.add(T20)
    return keep


def _redeal(
    state: PaskievicsState, seat: int, data: dict[str, Any], rng: random.Random, strict: bool
) -> PaskievicsState | None:
    """``state`` with every card ``seat`` cannot see dealt again (see the module docstring);
    ``None`` when this draw breaks a public fact."""
    others = [s for s in state.active if s != seat]
    fixed_hand: dict[int, int] = {}
    inv = state.invitation
    if inv is not None and inv[1] != seat and inv[0] in state.hands[inv[1]]:
        fixed_hand[inv[0]] = inv[1]
    fixed_discard = {parse_card(c) for c in data.get("declarer_discarded_tarokks") or []}
    counts = data.get("discarded_tarokks")
    talon_hidden = state.received is None
    hidden: list[int] = list(state.talon) if talon_hidden else []
    for s in others:
        hidden.extend(state.hands[s])
        hidden.extend(state.discards[s])
    pool = [c for c in hidden if c not in fixed_hand and c not in fixed_discard]
    rng.shuffle(pool)
    protected = _protected(state)
    world = _light_copy(state)
    for s in others:
        size = len(state.discards[s])
        mine = [c for c in state.discards[s] if c in fixed_discard]
        free = [c for c in pool if c not in protected]
        if counts is not None:
            tarokks = int(counts[s]) - sum(1 for c in mine if is_tarokk(c))
            want_t = [c for c in free if is_tarokk(c)][:tarokks]
            want_p = [c for c in free if not is_tarokk(c)][: size - len(mine) - tarokks]
            chosen = want_t + want_p
        else:
            chosen = free[: size - len(mine)]
        if len(chosen) != size - len(mine):
            return None
        for c in chosen:
            pool.remove(c)
        world.discards[s] = sorted(mine + chosen)
    for s in others:
        held = [c for c, who in fixed_hand.items() if who == s]
        need = len(state.hands[s]) - len(held)
        world.hands[s] = set(held + pool[:need])
        pool = pool[need:]
    if talon_hidden:
        world.talon = tuple(pool)
    if strict and any(sum(1 for c in world.hands[p] if is_tarokk(c)) != n for p, n in
                      state.counts if p != seat):  # fmt: skip
        return None
    if state.called is not None:
        # The partner is whoever holds the called card in this world (the engine's rule).
        world.partner = world.alone = world.office = None
        world.all_revealed = state.all_revealed
        world._apply_call(state.called)
    return world


def _deal_worlds(
    state: PaskievicsState, seat: int, rng: random.Random
) -> Iterator[tuple[PaskievicsState, float]]:
    data = state.view(seat).data
    while True:
        world = None
        for _ in range(_TRIES):
            world = _redeal(state, seat, data, rng, strict=True)
            if world is not None:
                break
        if world is None:
            world = _redeal(state, seat, data, rng, strict=False)
        if world is None:
            return
        yield world, 1.0


def _rollout_value(
    seat: int, policy: HeuristicBot
) -> Callable[[PaskievicsState, list[int]], dict[int, float]]:
    def value(world: PaskievicsState, actions: list[int]) -> dict[int, float]:
        out = {}
        for action in actions:
            branch = world.copy()
            branch.apply(action)
            while not branch.is_over:
                who = branch.to_act
                assert who is not None
                branch.apply(policy.act(branch.view(who)))
            out[action] = float(branch.scores[seat]) if branch.scores else 0.0
        return out

    return value


# ----------------------------------------------------------------- a deal


def grade_decision(
    state: PaskievicsState, action: int, number: int, index: int, settings: Settings,
    rng: random.Random, pimc: PimcBot, policy: HeuristicBot,
) -> Decision:  # fmt: skip
    """Grade ``action`` taken by the seat to act in ``state``."""
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    phase = PHASES[state.phase]
    choice = Choice(seat=seat, phase=phase,
                    trick=len(state.tricks) + 1 if phase == "play" else None,
                    groups={a: a for a in legal}, taken=action, notation=A.action_str,
                    text=action_text)  # fmt: skip
    if phase == "play":
        know = SeatKnowledge(state.view(seat).data)
        return grade(choice, number, index, _card_worlds(know, rng), _real_world(state),
                     _card_value(know, pimc), settings, CARD_SCALE)  # fmt: skip
    return grade(choice, number, index, _deal_worlds(state, seat, rng), _light_copy(state),
                 _rollout_value(seat, policy), settings, POINT_SCALE)  # fmt: skip


def _status(deal: PaskievicsState) -> str:
    if deal.is_over:
        return "finished"  # a throw-in too: its bids were decisions (the note says so)
    return "unfinished" if deal.history else "unplayed"


def analyse_deal(
    deal: PaskievicsState,
    number: int,
    names: list[str],
    settings: Settings = DEFAULT,
    step: Callable[[], None] | None = None,
) -> DealAnalysis:
    """Grade every decision of ``deal`` with a choice; ``step`` is called after each one."""
    rng = random.Random(settings.seed * 1_000_003 + number)
    pimc = PimcBot(seed=settings.seed)
    policy = HeuristicBot()
    decisions = []
    for state, action, index in _choices(deal):
        decisions.append(grade_decision(state, action, number, index, settings, rng, pimc,
                                        policy))  # fmt: skip
        if step is not None:
            step()
    contract = A.LEVELS[deal.contract] if deal.contract is not None else None
    out = DealAnalysis(deal=number, status=_status(deal), declarer=deal.declarer,
                       contract=contract,
                       scores=tuple(deal.scores) if deal.scores else None,
                       decisions=decisions,
                       note=f"thrown in: {deal.thrown_in}" if deal.thrown_in else "")  # fmt: skip
    out.players = player_reports(decisions, names)
    return out


class PaskievicsEvaluator:
    """Paskievics's :class:`~paston.analysis.evaluator.Evaluator` (module docstring)."""

    game = "paskievics"

    def outline(self, record: dict[str, Any]) -> tuple[str, list[str], int]:
        kind, deals = deals_of_record(record)
        seats = deals[0].seats if deals else int(record.get("rules", {}).get("players", 4))
        return kind, seat_names_of(record, seats), len(deals)

    def count(self, record: dict[str, Any]) -> int:
        return sum(len(_choices(d)) for d in deals_of_record(record)[1])

    def settings_json(self, settings: Settings) -> dict[str, Any]:
        """The settings as published, with the game, its units and its grade thresholds."""
        return {**settings.to_json(), "game": "paskievics",
                "unit": {"play": CARD_SCALE.unit, "other": POINT_SCALE.unit},
                "thresholds": {"play": CARD_SCALE.to_json()["thresholds"],
                               "other": POINT_SCALE.to_json()["thresholds"]}}  # fmt: skip

    def analyse_one(
        self,
        record: dict[str, Any],
        number: int,
        settings: Settings = DEFAULT,
        step: Callable[[], None] | None = None,
    ) -> DealAnalysis:
        _, deals = deals_of_record(record)
        names = seat_names_of(record, deals[0].seats)
        return analyse_deal(deals[number - 1], number, names, settings, step)

    def analyse(
        self,
        record: dict[str, Any],
        settings: Settings = DEFAULT,
        step: Callable[[], None] | None = None,
    ) -> Analysis:
        kind, deals = deals_of_record(record)
        names = seat_names_of(record, deals[0].seats)
        results = [analyse_deal(d, i, names, settings, step) for i, d in enumerate(deals, 1)]
        return Analysis(kind=kind, names=names, deals=results,
                        players=game_reports(results, names),
                        settings=self.settings_json(settings), game=self.game)  # fmt: skip


def hands(record: dict[str, Any]) -> tuple[str, list[tuple[Any, list[int]]]]:
    """The record's deals as the generic evaluator walks them: each as dealt, with its
    actions."""
    kind, deals = deals_of_record(record)
    out: list[tuple[Any, list[int]]] = [(_rebuild(d), list(d.history)) for d in deals]
    return kind, out


HOOKS = AnalysisHooks(
    evaluator=PaskievicsEvaluator,
    hands=hands,
    action_text=action_text,
    rollout_bot="heuristic",
    unit=POINT_SCALE.unit,
    thresholds=POINT_SCALE.thresholds,
)
