"""The browser replay of a finished Paskievics record: one table view after every action.

The replay page (``static/replay.js``, the same for every game) draws each step with the
table's own renderer, so a step is a seat view (:func:`~.view.view_data`) of the bottom seat
with what the finished game no longer hides added: every seat's current hand and every discard.
The actions in full come once per deal (``shared``: step k's view holds the first k). The
engine decides who acted and what followed (the talon hand-out, the tarokk counts, trick
winners); the browser only draws. A finished deal carries the reveal of the deal end (talon,
discards, scores) that the table shows after a deal (``over``) and its score-sheet row with the
game's running totals (``score_row``).
"""

from __future__ import annotations

from typing import Any

from . import actions as A
from .cards import format_cards
from .record import load_record
from .state import PaskievicsState
from .table_views import reveal
from .view import view_data

__all__ = ["replay_steps"]


def _viewer(state: PaskievicsState) -> int:
    """The seat drawn at the bottom: seat 0, or the first player when seat 0 deals out of five."""
    return 0 if 0 in state.active else state.active[0]


def _step(state: PaskievicsState, viewer: int) -> dict[str, Any]:
    view = view_data(state, viewer)
    view["legal"] = []
    view["hands_now"] = [format_cards(h) for h in state.hands]
    view["discards"] = [format_cards(d) for d in state.discards]
    # Step k's actions are the deal's first k (sent once per deal: the browser slices them).
    view["shared"] = {"actions": len(view.pop("actions"))}
    return view


def _deal_steps(final: PaskievicsState, number: int, totals: list[int]) -> dict[str, Any]:
    """Every step of one deal, replayed from its dealt cards with the engine."""
    state = PaskievicsState(final.dealt, final.talon, final.dealer, final.rules, final.multiplier)
    viewer = _viewer(state)
    steps = [_step(state, viewer)]
    for action in final.history:
        state.apply(action)
        steps.append(_step(state, viewer))
    actions = [
        {"seat": actor, "action": A.action_str(action)}
        for actor, action in zip(state.actors, state.history, strict=True)
    ]
    over = reveal(state) if state.is_over else None
    return {
        "viewer": viewer,
        "actions": actions,
        "shared": {"actions": actions},
        "steps": steps,
        "over": over,
        # A thrown-in deal scores nothing: it is no row of the score sheet.
        "score_row": (
            {"deal": number, "scores": over["scores"], "totals": totals, "declarer": final.declarer}
            if over is not None and final.thrown_in is None
            else None
        ),
    }


def replay_steps(record: Any) -> list[dict[str, Any]]:
    """The steps of each deal of a ``paskievics-deal/1`` or ``paskievics-game/1`` record (a
    record error is raised as :class:`~paston.core.errors.RecordError`)."""
    loaded = load_record(record)
    deals = [loaded] if isinstance(loaded, PaskievicsState) else loaded.deals
    out = []
    totals = [0] * (len(deals[0].dealt) if deals else 0)
    for number, final in enumerate(deals, start=1):
        totals = [t + s for t, s in zip(totals, final.scores or [0] * len(totals), strict=True)]
        out.append(_deal_steps(final, number, totals))
    return out
