"""Paskievics as the platform sees it: the :class:`~paston.core.protocol.GameInfo` descriptor.

Front-ends reach Paskievics only through ``GAME``; :func:`paston.core.registry.get_game`
imports this module on first use. The ``random`` bot lives in
``paston.games.paskievics.bots`` and registers itself with :mod:`paston.bots.registry`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...bots.registry import deferred_factory
from ...core.hooks import from_modules
from ...core.protocol import BotInfo, GameInfo
from .actions import NUM_ACTIONS, parse_action
from .match import PaskievicsMatch
from .record import DEAL_FORMAT, GAME_FORMAT, load_record, replay
from .replay_steps import replay_steps
from .rules import FLAGS, PaskievicsRules
from .table_views import default_action, reveal, spectator_view
from .text import render_view
from .view import public_action_text

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
    render_view=render_view,
    num_actions=NUM_ACTIONS,
    spectator_view=spectator_view,
    reveal=reveal,
    default_action=default_action,
    public_action_text=public_action_text,
    bots=(
        BotInfo(
            "random",
            "plays a random legal action: a baseline",
            deferred_factory("random", "paskievics"),
            True,
            "Random",
        ),
        BotInfo(
            "heuristic",
            "bids, calls and announces from hand value, counts card points in play",
            deferred_factory("heuristic", "paskievics"),
            True,
            "Heuristic",
        ),
        BotInfo(
            "pimc",
            "plays the card worth most card points over sampled worlds (double-dummy solver)",
            deferred_factory("pimc", "paskievics"),
            True,
            "PIMC",
        ),
    ),
    default_bot="heuristic",
    extras={"parse_action": parse_action, "replay_steps": replay_steps},
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
