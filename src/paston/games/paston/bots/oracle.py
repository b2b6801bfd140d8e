"""``oracle``: the ``pimc`` evaluation run on the one true deal -- a bot that sees every card.

It is a yardstick, not an opponent: it measures how far the honest bots are from perfect
information (the "heuristic → oracle gap" of ``benchmarks/ladder.py``). Paston's play hooks
list it with ``offered=False`` so it never appears in :data:`~paston.bots.registry.BOT_NAMES`, and a
bot built by name has no deal to look at: it refuses to act until measurement code hands it
the deal with :meth:`OracleBot.attach` (the arena's bots protocol never does that).
"""

from __future__ import annotations

from ....bots.base import Bot
from ..state import Deal
from ..view import SeatView
from .pimc import PimcBot
from .worlds import World

__all__ = ["DealSight", "OracleBot", "OracleError", "world_of_deal"]


class OracleError(RuntimeError):
    """The oracle was asked to act without the deal, or for another deal than its own."""


def world_of_deal(deal: Deal) -> World:
    """The true :class:`~paston.games.paston.bots.worlds.World` of a deal as it stands now."""
    hands = deal.hands
    return World((hands[0], hands[1], hands[2]), deal.dealt, deal.prikup, deal.discards)


class DealSight:
    """The true deal a measuring bot was handed, checked against each view it is asked about."""

    def __init__(self, bot_name: str) -> None:
        self._name = bot_name
        self._deal: Deal | None = None

    def attach(self, deal: Deal) -> None:
        self._deal = deal

    def true_world(self, view: SeatView) -> World:
        """The deal as it stands now; an :class:`OracleError` without a deal or with another."""
        deal = self._deal
        if deal is None:
            raise OracleError(
                f"the {self._name} bot sees all cards and is only for measurement: attach the "
                "deal with its attach(deal) before asking it to act"
            )
        if tuple(sorted(view.hand)) != tuple(sorted(deal.view(view.seat).hand)) or len(
            view.history
        ) != len(deal.actions):
            raise OracleError(f"the {self._name} bot was given a view of another deal than its own")
        return world_of_deal(deal)


class OracleBot(PimcBot):
    """Double-dummy decisions on the real cards (one world: the deal itself)."""

    name = "oracle"

    def __init__(self, seed: int | None = None, **options: int | float) -> None:
        super().__init__(seed=seed, **options)  # type: ignore[arg-type]
        self._sight = DealSight("oracle")

    def attach(self, deal: Deal) -> None:
        """Let the oracle see ``deal`` (measurement code only: arena, analysis, ladder)."""
        self._sight.attach(deal)

    def sample(self, view: SeatView, n: int) -> list[tuple[World, float]]:
        return [(self._sight.true_world(view), 1.0)]

    def bid_groups(self, view: SeatView) -> list[list[tuple[World, float]]]:
        return [[(self._sight.true_world(view), 1.0)]]


def _oracle_factory(seed: int | None = None, **options: int | float) -> Bot:
    return OracleBot(seed=seed, **options)
