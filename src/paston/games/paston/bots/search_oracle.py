"""``search_oracle``: the expert (``search``) shown the true deal in some phases -- a yardstick.

Where would a stronger expert find its points? This bot is ``search`` with every decision of
the phases named by ``sees`` taken on the one true world (the real hands and prikup) instead of
the worlds sampled from its view; the other phases are the expert's own. Against the same
seats on the same deals, ``search_oracle:sees=X`` minus ``search`` is the most that perfect
knowledge *in those phases alone* is worth to the expert's way of valuing them -- the
headroom left for better inference or search there (docs/arena.md, "Where the points are").

``sees``:

* ``play`` -- the card play (double-dummy on the real hands: what knowing every card is
  worth to a card player that expects the others' best answers);
* ``auction`` -- the bidding (the rollouts run on the real deal, prikup included);
* ``exchange`` -- the discard, the declaration and the surrender (the declarer's decisions
  after it takes the prikup);
* ``whist`` -- the defenders' whist or pass;
* ``contract`` -- bidding, exchange, declaration, surrender and the whist (the defence
  phase): every decision but the card play;
* ``all`` -- every decision.

Like :class:`~.oracle.OracleBot` it is never offered: a bot built by name has no deal and
refuses to act until measurement code hands it one with :meth:`attach` (the arena's bots
protocol never does).
"""

from __future__ import annotations

from typing import Any

from ....bots.base import Bot
from ..state import Deal
from ..view import SeatView
from .oracle import DealSight
from .search import SearchBot
from .worlds import World

__all__ = ["SEES", "SearchOracleBot"]

#: What each ``sees`` value shows the bot: the view phases decided on the true world.
SEES: dict[str, frozenset[str]] = {
    "play": frozenset({"play"}),
    "auction": frozenset({"bidding"}),
    "exchange": frozenset({"exchange", "declare"}),
    "whist": frozenset({"defence"}),
    "contract": frozenset({"bidding", "exchange", "declare", "defence"}),
    "all": frozenset({"bidding", "exchange", "declare", "defence", "play"}),
}


class SearchOracleBot(SearchBot):
    """``search`` deciding the phases of ``sees`` on the true deal (module doc)."""

    name = "search_oracle"

    def __init__(self, seed: int | None = None, sees: str = "play", **options: Any) -> None:
        if sees not in SEES:
            raise ValueError(f"sees must be one of {', '.join(SEES)}, not {sees!r}")
        super().__init__(seed=seed, **options)
        #: The view phases whose decisions are taken on the true world.
        self.sees = SEES[sees]
        self._sight = DealSight("search_oracle")

    def attach(self, deal: Deal) -> None:
        """Let the bot see ``deal`` (measurement code only)."""
        self._sight.attach(deal)

    def sample(self, view: SeatView, n: int) -> list[tuple[World, float]]:
        if view.phase in self.sees:
            return [(self._sight.true_world(view), 1.0)]
        return super().sample(view, n)

    def bid_groups(self, view: SeatView) -> list[list[tuple[World, float]]]:
        if view.phase in self.sees:
            return [[(self._sight.true_world(view), 1.0)]]
        return super().bid_groups(view)


def _search_oracle_factory(seed: int | None = None, **options: Any) -> Bot:
    return SearchOracleBot(seed=seed, **options)
