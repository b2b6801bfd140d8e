"""The Paris ``heuristic`` bot: the thumb rules of :mod:`.policy`, from a seat's view.

Swaps put the best cards face up (10s, 2s, aces …), play sheds the lowest playable rank with
every copy of it, keeps 2s and 10s for when they matter, burns with a 10 against a big pile or
by completing four of a kind, never picks up by choice and plays blind from the lowest slot.
``explain`` values every legal action (the hints use it). A decision takes microseconds; with
the deck gone the check for a forced cycle (:mod:`.cycles`) makes it a fraction of a ms.

Thumb rules can loop (``paris.md`` §9, vector V33: every pick-up forced, the plays always the
lowest); about a third of 4-player games between bots that never vary did. At a position that
has come back (:mod:`.cycles`) the bot therefore does not choose what it chose there before,
nor a move into a cycle of forced moves: the best other move, or a random one when it has
tried them all. As a last resort, for drifts the events cannot show (two players handing the
same cards back and forth), after ``loop_turns`` turns (by default ``60 + 40 n`` for n
players, longer than almost every game) it plays a random legal action now and then
(``loop_rate``), from its own seeded generator.
"""

from __future__ import annotations

import random

from ....bots.base import Bot, Choice
from ..view import ParisView
from .cycles import keys_to_avoid
from .moves import move_of
from .policy import Situation, best_move, situation, value_moves

__all__ = ["HeuristicBot", "situation_of_view"]


def situation_of_view(view: ParisView) -> Situation:
    """The :class:`Situation` of the view's own seat."""
    own = view.seats[view.seat]
    held = own.hand_count + len(own.face_up) + len(own.face_down_slots)
    return situation(held, view.pile, view.deck)


class HeuristicBot(Bot[ParisView]):
    """Thumb rules: best cards face up, lowest rank first, 10s and 2s kept for need."""

    name = "heuristic"

    def __init__(
        self, seed: int | None = None, loop_turns: int = 0, loop_rate: float = 0.1
    ) -> None:
        self.rng = random.Random(seed)
        self.loop_turns = loop_turns
        self.loop_rate = loop_rate

    def explain(self, view: ParisView) -> list[Choice]:
        if not view.legal:
            raise ValueError("the heuristic bot was asked to act, but it has no legal action")
        moves = [move_of(a) for a in view.legal]
        values = value_moves(situation_of_view(view), moves)
        choices = [
            Choice(action, value, reason)
            for action, (value, reason) in zip(view.legal, values, strict=True)
        ]
        # Stable sort: among equal values the legal list's reference order decides.
        choices.sort(key=lambda c: -c.value)
        return choices

    def act(self, view: ParisView) -> int:
        legal = view.legal
        if not legal:
            raise ValueError("the heuristic bot was asked to act, but it has no legal action")
        if len(legal) == 1:
            return legal[0]
        moves = [move_of(a) for a in legal]
        repeated = keys_to_avoid(view, moves, self.rng)
        if repeated:
            # The position has come back: the same choice would go round the cycle again.
            fresh = [m for m in moves if m.key not in repeated]
            if not fresh:
                return legal[self.rng.randrange(len(legal))]
            return best_move(situation_of_view(view), fresh).action
        loop_turns = self.loop_turns or 60 + 40 * view.players
        if view.turns >= loop_turns and self.rng.random() < self.loop_rate:
            return legal[self.rng.randrange(len(legal))]
        return best_move(situation_of_view(view), moves).action
