"""Paris as the platform sees it: the :class:`~paston.core.protocol.GameInfo` descriptor.

Front-ends reach Paris only through ``GAME``; :func:`paston.core.registry.get_game` imports
this module on first use. The descriptor holds the static facts and the rules-level
protocol; everything a particular front-end needs comes through the hook groups named at the
end, each a module of this package imported when that group is first asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import RecordError
from ...core.hooks import from_modules
from ...core.protocol import GameInfo
from .actions import NUM_ACTIONS
from .match import SESSION_FORMAT, ParisMatch, session_from_record
from .record import GAME_FORMAT, POSITION_FORMAT, replay, state_from_record
from .rules import FLAGS, ParisRules
from .state import ParisState

__all__ = ["GAME", "load_record", "new_match", "parse_rules"]


def parse_rules(data: Mapping[str, Any] | None) -> ParisRules:
    """Validated :class:`ParisRules` from a mapping of flags (absent flags keep defaults);
    raises :class:`~paston.games.paris.rules.RuleError` (``rules: …``)."""
    return ParisRules.from_dict(data)


def new_match(
    seats: int = 4,
    rules: ParisRules | Mapping[str, Any] | None = None,
    dealer: int = 0,
    games: int = 1,
    **options: Any,
) -> ParisMatch:
    """A session of ``games`` games (default 1) for ``seats`` players (2 to 9)."""
    if options:
        raise TypeError(f"unknown Paris match option {sorted(options)[0]!r} (known: games)")
    if not isinstance(rules, ParisRules):
        rules = parse_rules(rules)
    return ParisMatch(seats, rules, dealer, games)


def load_record(record: dict[str, Any]) -> ParisState | ParisMatch:
    """A state from a ``paris-game/1`` or ``paris-position/1`` record, or a session from a
    ``paris-session/1`` record."""
    if isinstance(record, dict) and record.get("format") == SESSION_FORMAT:
        return session_from_record(record)
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    return state_from_record(record)


GAME = GameInfo(
    name="paris",
    title="Paris",
    summary=(
        "A shedding game for 2 to 9 players with two packs (Shithead, Palace): three cards "
        "face down, three face up and a hand of five; play equal or higher, a 7 forces the "
        "next play down, a 10 or four of a kind burns the pile, and the last player holding "
        "cards loses."
    ),
    seat_counts=tuple(range(2, 10)),
    default_seats=4,
    formats=(GAME_FORMAT, POSITION_FORMAT),
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
