"""Paston's part of ``paston arena``: duplicate deals and the bridge-like tallies of its ladder.

A set's deal is a seeded deal that is not a first deal (no J♠/7♠ marker rule), the dealer
rotating with the set's index so that the bidding order varies; deals thrown in as dealt are
dealt again by the same dealer (§3.5). The ladder tells, beside the mean score, how often
each bot declared, made its contract (of those played out), surrendered (of those declared)
and whisted (of its defence decisions).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, MutableMapping, Sequence
from typing import Any

from ...core.hooks.arena import ArenaHooks, Rate
from .actions import SURRENDER, WHIST
from .record import deal_record
from .rules import Rules
from .shuffle import deal_until_playable
from .state import DEFENCE, Deal

__all__ = ["ARENA"]


def deal_of_set(rules: Rules, seed: int, set_index: int) -> Deal:
    """The deal (before any action) of deal set ``set_index`` of an arena seeded ``seed``."""
    rng = random.Random(f"paston-arena:{seed}:{set_index}")
    deals = deal_until_playable(rng=rng, dealer=set_index % 3, first_deal=False, rules=rules)
    return deals[-1]


def hand_record(deal: Deal, meta: Mapping[str, Any]) -> dict[str, Any]:
    """The deal's ``paston-deal/1`` record; ``bots``, ``set`` and ``seating`` are repeated at
    the top level, where tools older than ``meta`` read them."""
    record = deal_record(deal)
    record["bots"] = list(meta.get("bots") or [])
    record["set"] = meta.get("set")
    record["seating"] = meta.get("seating")
    record["meta"] = dict(meta)
    return record


def tally_defence(deal: Deal, action: int, counter: MutableMapping[str, float]) -> None:
    """A defence decision, and whether it was a whist."""
    if deal.phase_id == DEFENCE:
        counter["defended"] += 1
        if action == WHIST:
            counter["whisted"] += 1


def after_deal(deal: Deal, counters: Sequence[MutableMapping[str, float]]) -> None:
    """The declarer's contract: declared, surrendered, or played out and made or not."""
    if deal.declarer < 0 or deal.scores is None:
        return
    counter = counters[deal.declarer]
    counter["declared"] += 1
    if deal.actions[-1] == SURRENDER:
        counter["surrendered"] += 1
    else:
        counter["played"] += 1
        if deal.scores[deal.declarer] > 0:
            counter["made"] += 1


ARENA = ArenaHooks(
    deal=deal_of_set,
    record=hand_record,
    tallies=("declared", "played", "made", "surrendered", "defended", "whisted"),
    tally=tally_defence,
    after_hand=after_deal,
    rates=(
        Rate("declared_rate", "declared", "declared", "deals"),
        Rate("declarer_success", "made", "made", "played"),
        Rate("surrender_rate", "surr.", "surrendered", "declared"),
        Rate("whist_rate", "whist", "whisted", "defended"),
    ),
    caption="how often each bot declared, made its contract (of those played), "
    "surrendered (of those declared) and whisted",
)
