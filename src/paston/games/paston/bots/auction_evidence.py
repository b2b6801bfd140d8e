"""The others' bids, contract and whists as evidence about the hidden hands, under the
``heuristic`` bot's own policy.

``wpimc`` weights a sampled world by a *soft summary* of how people bid: a raise is likely
when the hand's best contract is worth more than passing, by a sigmoid of the difference.
:class:`AuctionEvidence` asks instead what the ``heuristic`` bot would have done: it replays
the public decisions before the card play in the world (every bid and pass, the declaration,
every whist and pass of the defence) and scores each decision of another seat ``1 - eps +
eps / n`` where the heuristic with that world's hand would have taken it and ``eps / n``
where not (``n`` legal choices then), so no decision rules a world out -- the others need not
bid as the heuristic does. The declarer's hidden discard is taken from the world, as
:func:`~.worlds.replay_world` does, and weighs nothing itself.

This is the policy-based inference from the auction that issue 21 asks to measure (the card
play's counterpart is :mod:`.play_evidence`). A seat's decision depends only on the public
history before it and on its own cards then (for the declarer after the exchange, its hand
and discards), so the probabilities are memoised on those.
"""

from __future__ import annotations

from ..actions import discard_action, parse_action
from ..cards import iter_bits
from ..state import BIDDING, DECLARE, DEFENCE, EXCHANGE, Deal
from ..view import HIDDEN_DISCARD, SeatView
from .heuristic import HeuristicBot
from .worlds import World

__all__ = ["AuctionEvidence"]

#: The others' policy before the card play: the heuristic bot as it plays by default.
_MODEL = HeuristicBot()

#: The phases whose public decisions are scored (the exchange's discard is hidden).
_SCORED = (BIDDING, DECLARE, DEFENCE)


class AuctionEvidence:
    """The likelihood of the others' decisions before the card play, in worlds of one view."""

    def __init__(self, view: SeatView, eps: float = 0.2) -> None:
        if not 0.0 < eps <= 1.0:
            raise ValueError(f"eps must be a number in (0, 1], not {eps!r}")
        self.view = view
        self.eps = eps
        self._memo: dict[tuple[int, int, int], float] = {}

    def likelihood(self, world: World) -> float:
        """A product of per-decision probabilities, each in ``[eps / n, 1 - eps + eps / n]``."""
        view = self.view
        deal = Deal(
            list(world.dealt),
            world.prikup,
            dealer=view.dealer,
            first_deal=view.first_deal,
            rules=view.rules,
        )
        deal.match = view.match
        like = 1.0
        for k, (seat, text) in enumerate(view.history):
            if deal.phase_id not in _SCORED and deal.phase_id != EXCHANGE:
                break  # the card play: scored by play_evidence, if at all
            if text == HIDDEN_DISCARD:
                a, b = list(iter_bits(world.discards))
                deal.apply(discard_action(a, b))
                continue
            action = parse_action(text)
            if seat != view.seat and deal.phase_id in _SCORED:
                discards = world.discards if seat == deal.declarer else 0
                key = (k, deal.hands[seat], discards)
                p = self._memo.get(key)
                if p is None:
                    p = self._probability(deal, seat, action)
                    self._memo[key] = p
                like *= p
            deal.apply(action)
        return like

    def _probability(self, deal: Deal, seat: int, action: int) -> float:
        legal = deal.legal_actions()
        n = len(legal)
        if n <= 1:
            return 1.0
        chosen = _MODEL.act(deal.view(seat))
        base = self.eps / n
        return 1.0 - self.eps + base if chosen == action else base
