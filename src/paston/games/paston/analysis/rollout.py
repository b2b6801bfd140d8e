"""The value of every legal action for the deciding seat in ONE complete deal.

This is where the method lives (see docs/analysis.md):

* **Card play**: every legal card is valued by the exact double-dummy solver with the hands of
  this deal (``value_cards`` of the ``pimc`` bot): the seat's Paston score if everyone plays
  perfectly from here. A three-handed defender's share of the defence's tricks is the ``pimc``
  estimate (paranoid bounds plus half the surplus).
* **Bids, discards, the contract or surrender, whist or pass**: the action is applied to a copy
  of the deal, then every later decision before the play (the rest of the auction, the
  exchange, the contract, the whists, the seat's own included) is taken by a fixed policy --
  the ``heuristic`` bot, which sees only each seat's view -- and the play is solved
  double-dummy from the first lead. The seat's score at the end is the value.

The rollout's bias: the later decisions are the heuristic's, not the best ones, so an action
whose value depends on a fine later choice is undervalued; the play is double-dummy, which
favours the side that would need to guess (usually the declarer) and prices every contract by
perfect play on both sides.
"""

from __future__ import annotations

from typing import Protocol

from ..bots.pimc import PlaySituation, start_score, value_cards
from ..solver import Solver
from ..state import PLAY, Deal
from ..view import SeatView

__all__ = ["Policy", "finish_auction", "play_situation", "play_values", "preplay_values"]


class Policy(Protocol):
    """Chooses an action from a seat's view (any bot is one)."""

    def act(self, view: SeatView) -> int: ...


def finish_auction(deal: Deal, policy: Policy) -> None:
    """Play the decisions before the first card with ``policy`` for every seat."""
    while not deal.is_over and deal.phase_id != PLAY:
        seat = deal.to_act
        assert seat is not None
        deal.apply(policy.act(deal.view(seat)))


def _score_from_first_lead(deal: Deal, seat: int, solver: Solver) -> float:
    """``seat``'s score of a deal that is over or stands at the first lead (double dummy)."""
    if deal.is_over:
        return float(deal.scores[seat]) if deal.scores is not None else 0.0
    hands = (deal.hands[0], deal.hands[1], deal.hands[2])
    return start_score(solver, hands, deal.declarer, deal.contract, deal.whisters, seat, deal.rules)


def preplay_values(
    deal: Deal, seat: int, actions: list[int], policy: Policy, solver: Solver
) -> dict[int, float]:
    """Value of each pre-play action of ``seat`` in ``deal`` by a policy rollout."""
    out: dict[int, float] = {}
    for action in actions:
        branch = deal.copy()
        branch.apply(action)
        finish_auction(branch, policy)
        out[action] = _score_from_first_lead(branch, seat, solver)
    return out


def play_situation(deal: Deal) -> PlaySituation:
    """The public facts of the play at this moment, scored for the seat to act."""
    seat = deal.to_act
    assert seat is not None
    return PlaySituation(
        seat=seat, mover=deal.hand_to_play, declarer=deal.declarer, contract=deal.contract,
        whisters=deal.whisters, active=deal.active_seats(), leader=deal.leader,
        trick=tuple(deal.trick), tricks_won=deal.credited_tricks(), tricks_done=len(deal.tricks),
        rules=deal.rules, gone=deal.played & ~sum(1 << c for c in deal.trick),
    )  # fmt: skip


def play_values(
    sit: PlaySituation, hands: tuple[int, int, int], solver: Solver
) -> dict[int, float]:
    """Double-dummy value of each legal card for ``sit.seat`` with these current hands."""
    score, _ = value_cards(solver, sit, [(hands, 1.0)])
    return score
