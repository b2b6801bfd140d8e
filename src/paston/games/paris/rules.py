"""The variant flags of Paris (spec/paris.md §14) as one validated, immutable value."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ...core.protocol import FlagInfo

__all__ = ["DEFAULT_RULES", "FLAGS", "ParisRules", "RuleError"]

START_RULES = ("seat_order", "most_lowest")


class RuleError(ValueError):
    """A flag is unknown or has a value it may not take; the message starts ``rules:``."""


@dataclass(frozen=True, slots=True)
class ParisRules:
    """The §14 flags; the defaults are the spec's resolved rules.

    >>> ParisRules.from_dict({"voluntary_pickup": True}).to_dict()
    {'voluntary_pickup': True}
    """

    start_rule: str = "seat_order"
    starter_plays_all_lowest: bool = False
    ten_grants_extra_turn: bool = True
    voluntary_pickup: bool = False
    play_faceup_with_last_hand: bool = False
    max_turns: int = 10000

    def __post_init__(self) -> None:
        if not isinstance(self.start_rule, str) or self.start_rule not in START_RULES:
            raise RuleError(
                f'rules: start_rule must be "seat_order" or "most_lowest", '
                f"not {_shown(self.start_rule)}"
            )
        for name in (
            "starter_plays_all_lowest",
            "ten_grants_extra_turn",
            "voluntary_pickup",
            "play_faceup_with_last_hand",
        ):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise RuleError(f"rules: {name} must be true or false, not {_shown(value)}")
        turns = self.max_turns
        if isinstance(turns, bool) or not isinstance(turns, int) or turns < 1:
            raise RuleError(f"rules: max_turns must be an integer >= 1, not {_shown(turns)}")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> ParisRules:
        """Rules from a record's ``rules`` object (absent flags take their defaults)."""
        if data is None:
            return DEFAULT_RULES
        if not isinstance(data, Mapping):
            raise RuleError(f"rules: must be an object, not {_shown(data)}")
        known = {f.name for f in fields(cls)}
        for name in data:
            if name not in known:
                raise RuleError(f"rules: unknown flag {name!r} (known: {', '.join(sorted(known))})")
        return cls(**data) if data else DEFAULT_RULES

    def to_dict(self) -> dict[str, Any]:
        """Only the flags that differ from the defaults, as a record writes them."""
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(DEFAULT_RULES, f.name)
        }


def _shown(value: Any) -> str:
    """A flag value as JSON would write it (messages are about records)."""
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


DEFAULT_RULES = ParisRules()

FLAGS: tuple[FlagInfo, ...] = (
    FlagInfo(
        "start_rule",
        "seat_order",
        "choice",
        # Plain words (the lobby shows this line; the choices have their own labels).
        "Who starts: the first player from the dealer's left holding the lowest card, "
        "or whoever holds the most of them.",
        choices=START_RULES,
    ),
    FlagInfo(
        "starter_plays_all_lowest",
        False,
        "bool",
        "The starter must put down all their cards of the lowest rank at once.",
    ),
    FlagInfo(
        "ten_grants_extra_turn",
        True,
        "bool",
        "Burning the pile with a 10 lets the same player play again.",
    ),
    FlagInfo(
        "voluntary_pickup",
        False,
        "bool",
        "A player may pick up the pile even when they could play.",
    ),
    FlagInfo(
        "play_faceup_with_last_hand",
        False,
        "bool",
        "Once the deck is empty, the last hand cards may go down together with face-up "
        "cards of the same rank.",
    ),
    FlagInfo(
        "max_turns",
        10000,
        "int",
        "The game stops after this many turns; the players left are ranked by cards held.",
        minimum=1,
    ),
)
