"""High card as the platform sees it: its :class:`~paston.core.protocol.GameInfo`.

``PASTON_GAME_PLUGINS=toygame.platform:GAME`` makes a server or a CLI find it; a test in this
process registers it with :func:`paston.core.registry.register_game`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from paston.core.hooks import from_modules
from paston.core.protocol import GameInfo

from .actions import NUM_ACTIONS
from .match import ToyMatch
from .record import FORMATS, load_record, replay
from .rules import FLAGS, ToyRules

__all__ = ["GAME", "new_match", "parse_rules"]


def parse_rules(data: Mapping[str, Any] | None) -> ToyRules:
    return ToyRules.from_dict(data)


def new_match(
    seats: int = 3,
    rules: ToyRules | Mapping[str, Any] | None = None,
    dealer: int = 0,
    hands: int = 2,
    **options: Any,
) -> ToyMatch:
    """A match of ``hands`` hands (default 2) for ``seats`` seats (2 to 4)."""
    if options:
        raise TypeError(f"unknown High card match option {sorted(options)[0]!r} (known: hands)")
    if not isinstance(rules, ToyRules):
        rules = parse_rules(rules)
    return ToyMatch(seats, rules, dealer, hands)


GAME = GameInfo(
    name="toy",
    title="High card",
    summary=(
        "A toy trick game for 2 to 4 players: everyone plays one card a trick, the highest "
        "takes it; most tricks wins."
    ),
    seat_counts=(2, 3, 4),
    default_seats=3,
    formats=FORMATS,
    flags=FLAGS,
    parse_rules=parse_rules,
    new_match=new_match,
    replay=replay,
    load_record=load_record,
    num_actions=NUM_ACTIONS,
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
