"""Paskievics as the platform sees it: the :class:`~paston.core.protocol.GameInfo` descriptor.

Front-ends reach Paskievics only through ``GAME``; :func:`paston.core.registry.get_game`
imports this module on first use. The descriptor holds the static facts and the rules-level
protocol; everything a particular front-end needs comes through the hook groups named at the
end, each a module of this package imported when that group is first asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...core.hooks import from_modules
from ...core.protocol import GameInfo
from .actions import NUM_ACTIONS
from .match import PaskievicsMatch
from .record import DEAL_FORMAT, GAME_FORMAT, load_record, replay
from .rules import FLAGS, PaskievicsRules

__all__ = ["GAME", "new_match", "parse_rules"]


def parse_rules(data: Mapping[str, Any] | None) -> PaskievicsRules:
    """Validated rules from a mapping of flags (absent flags keep their defaults); raises
    :class:`~paston.games.paskievics.rules.RuleError` (``rules: …``)."""
    return PaskievicsRules.from_dict(data)


def new_match(
    seats: int = 4,
    rules: PaskievicsRules | Mapping[str, Any] | None = None,
    dealer: int = 0,
    **options: Any,
) -> PaskievicsMatch:
    """A game of ``game_deals`` scored deals for 4 seats, or 5 with the dealer sitting out."""
    if options:
        raise TypeError(f"unknown Paskievics match option {sorted(options)[0]!r}")
    if seats not in (4, 5):
        raise ValueError(f"Paskievics is for 4 or 5 seats, not {seats}")
    if not isinstance(rules, PaskievicsRules):
        rules = parse_rules(rules)
    # The table's size decides the ``players`` flag (front-ends pass seats and flags apart).
    return PaskievicsMatch(replace(rules, players=seats), dealer)


GAME = GameInfo(
    name="paskievics",
    title="Paskievics",
    summary=(
        "Hungarian Tarokk (XX-hívás) for four, or five with the dealer sitting out: 22 tarokks "
        "and 20 suit cards; bid for the talon, call a tarokk to find a secret partner, announce "
        "bonuses and kontra them, then take tricks worth 94 card points."
    ),
    seat_counts=(4, 5),
    default_seats=4,
    formats=(DEAL_FORMAT, GAME_FORMAT),
    flags=FLAGS,
    parse_rules=parse_rules,
    new_match=new_match,
    replay=replay,
    load_record=load_record,
    num_actions=NUM_ACTIONS,
    # Each hook group lives in its own module of this package, imported on first use.
    hooks=from_modules(
        __package__,
        table="table_views",
        play="play",
        terminal="terminal",
        research="research",
        sampling="sampling",
        analysis="analysis",
        web="web",
    ),
)
