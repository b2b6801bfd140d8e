"""Takes the trick with its cheapest winning card when it can, else throws its worst card."""

from __future__ import annotations

from paston.bots.base import Bot

from ..view import ToyView

__all__ = ["HeuristicBot"]


class HeuristicBot(Bot[ToyView]):
    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        del seed  # deterministic

    def act(self, view: ToyView) -> int:
        # Strength: a higher card is stronger, or a lower one when low cards win.
        def strength(card: int) -> int:
            return -card if view.low_wins else card

        cards = sorted(view.legal, key=strength)  # weakest first
        best_on_table = max((strength(c) for _, c in view.trick), default=None)
        if best_on_table is None:
            return cards[-1]  # lead the strongest card
        winners = [c for c in cards if strength(c) > best_on_table]
        return winners[0] if winners else cards[0]
