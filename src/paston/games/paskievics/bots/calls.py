"""Calls by search: bids, holds, the raise, discards and announcements valued by rollouts.

Before the cards are played a seat's choices are *calls*: pass, a bid, hold, an invitation,
the raise, a discard, the call of a partner, the tarokk count, bonuses and kontras. The
``heuristic`` bot makes them from a hand value; the search here values them by what they
lead to. For every candidate call, in worlds consistent with the seat's view (:func:`world`),
the deal is played to its end by the ``heuristic`` bot at every seat (the candidate's own
seat included) and the seat's score for the deal is taken; every candidate meets the same
worlds, so the comparison is paired. The candidate with the best mean is chosen, but the
heuristic's own choice is left only for a clearly better one (``z`` standard errors of the
paired difference): a few dozen rollouts are noisy.

A world deals the cards the seat has not seen to the other hands and the talon, keeping the
cards the seat received from the talon in its share of it, and replays the public actions of
the deal on it: another seat's hidden discard becomes a discard of that world's hand with the
public number of cards and of tarokks (the heuristic's own, when it fits). A world in which
the heuristic would not have made the other seats' bids, holds and passes is drawn again (up
to ``MATCH_TRIES`` times): a seat that passed seldom holds the honours.

The search is bounded by CPU time of the deciding thread (:func:`time.thread_time`), so a
loaded server slows a decision down but does not weaken it.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass

from ....bots.base import Choice
from ....core.errors import IllegalAction
from .. import actions as A
from ..cards import NUM_CARDS, is_tarokk, parse_card
from ..rules import PaskievicsRules
from ..state import TALON_SHARES, PaskievicsState
from ..view import PaskievicsView
from .heuristic import HeuristicBot

__all__ = ["CALL_PHASES", "CallSearch", "world"]

#: The phases whose decisions are calls (the play phase is the card search's).
CALL_PHASES = frozenset({"bidding", "raise", "discard", "announce"})
#: How often a world is drawn again when the heuristic would not have called as the others did.
MATCH_TRIES = 8
_HIDDEN_DISCARD = "card"  # "discard 2 cards": another seat's discard, as the view shows it


def _cards(names: list[str]) -> list[int]:
    return [parse_card(n) for n in names]


def _talon_slot(data: dict[str, object], seat: int) -> tuple[int, int] | None:
    """Where ``seat``'s share lies in the talon (start, size), once the talon is handed out."""
    if data.get("talon_received") is None or data.get("declarer") is None:
        return None
    players = int(str(data["players"]))
    forehand = int(str(data["forehand"]))
    order = [(forehand + i) % players for i in range(4)]
    declarer = int(str(data["declarer"]))
    contract = A.LEVELS.index(str(data["bid"]))
    at, place = 0, order.index(declarer)
    for share in TALON_SHARES[contract]:
        if order[place] == seat:
            return at, share
        at += share
        place = (place + 1) % 4
    return None


def world(
    view: PaskievicsView, rng: random.Random, policy: HeuristicBot
) -> tuple[PaskievicsState, bool] | None:
    """A state at ``view``'s decision that agrees with everything the seat knows, and whether
    the heuristic ``policy`` would have made every other seat's calls in it; ``None`` when
    the drawn cards cannot replay the public actions (draw again)."""
    data = view.data
    seat = view.seat
    players = int(data["players"])
    dealer = int(data["dealer"])
    forehand = int(data["forehand"])
    order = [(forehand + i) % players for i in range(4)]
    hand = set(_cards(data["hand"]))
    own_discard = data["discards"][seat]
    discarded = set(_cards(own_discard)) if isinstance(own_discard, list) else set()
    received = set(_cards(data.get("talon_received") or []))
    dealt = (hand | discarded) - received
    pool = [c for c in range(NUM_CARDS) if c not in dealt and c not in received]
    rng.shuffle(pool)
    hands: list[list[int]] = [[] for _ in range(players)]
    at = 0
    for s in order:
        if s == seat:
            hands[s] = sorted(dealt)
        else:
            hands[s] = sorted(pool[at : at + 9])
            at += 9
    talon = pool[at : at + 6]
    slot = _talon_slot(data, seat)
    if slot is not None:
        start, size = slot
        talon = talon[:start] + sorted(received) + talon[start : 6 - size]
    state = PaskievicsState(hands, talon, dealer, PaskievicsRules(players=players))
    counts = data.get("discarded_tarokks") or [0] * players
    matched = True
    for entry in data["actions"]:
        actor, text = int(entry["seat"]), str(entry["action"])
        if state.to_act != actor:
            return None
        try:
            if text.startswith("discard") and text.endswith((_HIDDEN_DISCARD, "cards")):
                action = _hidden_discard(state, actor, int(text.split()[1]), int(counts[actor]),
                                         policy, rng)  # fmt: skip
                if action is None:
                    return None
            else:
                action = A.parse_action(text)
                if actor != seat and state.phase in ("bidding", "raise"):
                    matched = matched and policy.act(state.view(actor)) == action
            state.apply(action)
        except (IllegalAction, ValueError):
            return None
    if state.to_act != seat or state.is_over:
        return None
    return state, matched


def _hidden_discard(
    state: PaskievicsState,
    seat: int,
    size: int,
    tarokks: int,
    policy: HeuristicBot,
    rng: random.Random,
) -> int | None:
    """A legal discard of ``size`` cards with ``tarokks`` tarokks for ``seat`` in ``state``:
    the heuristic's, when it fits, else a random one that does."""

    def fits(action: int) -> bool:
        if action < A.DISCARD:
            return False
        cards = A.DISCARD_SETS[action - A.DISCARD]
        return len(cards) == size and sum(1 for c in cards if is_tarokk(c)) == tarokks

    preferred = policy.act(state.view(seat))
    if fits(preferred):
        return preferred
    options = [a for a in state.legal_actions() if fits(a)]
    return rng.choice(options) if options else None


def rollout(state: PaskievicsState, policy: HeuristicBot) -> PaskievicsState:
    """Play ``state`` (changed) to the end of the deal with ``policy`` at every seat."""
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else policy.act(state.view(seat)))
    return state


@dataclass
class CallSearch:
    """The rollout search of calls; ``budget`` CPU seconds, ``worlds`` at most, ``min_worlds``
    at least, ``candidates`` calls (the heuristic's best first), ``z`` as above."""

    rng: random.Random
    budget: float = 0.8
    worlds: int = 64
    min_worlds: int = 8
    candidates: int = 4
    z: float = 1.0

    def __post_init__(self) -> None:
        self.policy = HeuristicBot()

    def explain(self, view: PaskievicsView) -> list[Choice]:
        """Every legal call with its mean score over the worlds (searched ones first, the
        chosen one at the top), or the heuristic's ranking when no world fits the view."""
        order = self.policy.explain(view)
        shortlist = [c.action for c in order[: self.candidates]]
        scores: list[list[float]] = [[] for _ in shortlist]
        start = time.thread_time()
        tries = 0
        while len(scores[0]) < self.worlds and tries < 4 * self.worlds:
            spent = time.thread_time() - start
            # The budget, stretched to twice itself for the first min_worlds worlds only.
            if spent > self.budget and (
                len(scores[0]) >= self.min_worlds or spent > 2 * self.budget
            ):
                break
            tries += 1
            drawn = self._draw(view)
            if drawn is None:
                continue
            for i, action in enumerate(shortlist):
                state = drawn.copy()
                state.apply(action)
                scores[i].append(rollout(state, self.policy).result()[view.seat])
        if not scores[0]:
            return order
        best = self._pick(scores)
        index_of = {a: i for i, a in enumerate(shortlist)}
        choices = []
        for rank, choice in enumerate(order):
            k = index_of.get(choice.action)
            if k is None:
                choices.append(Choice(choice.action, -1000.0 - rank, choice.reason))
                continue
            mean = statistics.fmean(scores[k])
            text = f"{choice.reason}; scores {mean:+.2f} on average ({len(scores[k])} worlds)"
            choices.append(Choice(choice.action, mean, text))
        chosen = shortlist[best]
        choices.sort(key=lambda c: (c.action != chosen, -c.value))
        return choices

    def _draw(self, view: PaskievicsView) -> PaskievicsState | None:
        """A world, preferring one where the heuristic calls as the other seats did."""
        fallback = None
        for _ in range(MATCH_TRIES):
            drawn = world(view, self.rng, self.policy)
            if drawn is None:
                continue
            state, matched = drawn
            if matched:
                return state
            fallback = fallback or state
        return fallback

    def _pick(self, scores: list[list[float]]) -> int:
        """The heuristic's choice (index 0) unless another is clearly better, paired."""
        best, best_gain = 0, 0.0
        for i in range(1, len(scores)):
            diffs = [a - b for a, b in zip(scores[i], scores[0], strict=True)]
            if len(diffs) < 2:
                continue
            gain = statistics.fmean(diffs)
            error = statistics.stdev(diffs) / math.sqrt(len(diffs))
            if gain > self.z * error and gain > best_gain:
                best, best_gain = i, gain
        return best
