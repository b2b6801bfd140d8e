"""The browser replay of a finished Paston record: one table view after every action.

The replay page (``static/replay.js``, the same for every game) draws each step with Paston's
table renderer, as a spectator would see the table, with what a finished game no longer hides
added: every seat's current hand (``open_hands``), the prikup, the declarer's discards and the
actions in full. The engine replays the record, so the browser holds no rules of its own. Each
deal is ``{"steps", "actions", "over", "score_row"}``: the last step of a finished deal carries
the table's end-of-deal reveal (``over``) and the deal's score-sheet row with the running
totals (``None`` for a redeal, which scores nothing).

Only finished games reach this (the server's ``record()`` holds finished hands only).
"""

from __future__ import annotations

from typing import Any

from ...core.errors import RecordError
from .actions import action_str
from .cards import card_name, cards_of
from .record import DEAL_FORMAT, GAME_FORMAT, deal_from_record, game_from_record
from .scoring import apply_totals
from .state import Deal
from .table_views import reveal, score_row
from .view import build_view

__all__ = ["replay_steps"]


def _names(mask: int) -> list[str]:
    return [card_name(c) for c in cards_of(mask)]


def _step(deal: Deal, prikup: int) -> dict[str, Any]:
    """The table as a spectator sees it, every card shown (the game is over)."""
    view = build_view(deal, 0).to_json()
    view["seat"] = None
    view["hand"] = None
    view["legal"] = []
    view["history"] = [[s, action_str(a)] for s, a in deal.action_history()]
    view["open_hands"] = {str(s): _names(deal.hands[s]) for s in range(3)}
    view["prikup"] = _names(prikup)
    view["discards"] = _names(deal.discards) if deal.discards else None
    return view


def _deal_steps(final: Deal, number: int, totals: list[int]) -> dict[str, Any]:
    """Every step of one finished deal, replayed from its dealt cards with the engine."""
    dealt = [cards_of(mask) for mask in final.dealt]
    deal = Deal(dealt, cards_of(final.prikup), final.dealer, final.first_deal, rules=final.rules)
    steps = [_step(deal, final.prikup)]
    for action in final.actions:
        deal.apply(action)
        steps.append(_step(deal, final.prikup))
    over = reveal(deal, number) if deal.is_over else None
    return {
        "actions": [{"seat": s, "action": action_str(a)} for s, a in deal.action_history()],
        "steps": steps,
        "over": over,
        "score_row": score_row(deal, number, totals) if deal.is_over else None,
    }


def replay_steps(record: Any) -> list[dict[str, Any]]:
    """The steps of each deal of a ``paston-deal/1`` or ``paston-game/1`` record (a record
    error is raised as :class:`~paston.core.errors.RecordError`)."""
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    if record.get("format") == DEAL_FORMAT:
        deals = [deal_from_record(record)]
        rules = deals[0].rules
    elif record.get("format") == GAME_FORMAT:
        game = game_from_record(record)
        deals, rules = list(game.deals), game.rules
    else:
        raise RecordError(f"not a Paston record: format {record.get('format')!r}")
    out = []
    totals = (0, 0, 0)
    played = 0  # deals scored so far: a redeal keeps the number of the deal dealt again
    for final in deals:
        if final.scores is not None:
            totals = apply_totals(rules, totals, final.scores)
        out.append(_deal_steps(final, played + 1, list(totals)))
        played += final.scores is not None
    return out
