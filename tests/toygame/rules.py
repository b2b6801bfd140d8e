"""High card's variant flags: how many cards each seat gets, and whether low cards win."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from paston.core.protocol import FlagInfo

__all__ = ["DEFAULT_RULES", "FLAGS", "RuleError", "ToyRules"]

#: The cards of the pack: ranks 1 to 16, one of each.
PACK_SIZE = 16


class RuleError(ValueError):
    """A flag is unknown or has a value it may not take (``rules: …``)."""


FLAGS = (
    FlagInfo("hand_size", 3, "int", "cards dealt to each seat: one trick per card", (), 1, 4),
    FlagInfo("low_wins", False, "bool", "the lowest card takes a trick, not the highest"),
)


@dataclass(frozen=True, slots=True)
class ToyRules:
    hand_size: int = 3
    low_wins: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> ToyRules:
        """Validated rules from a mapping of flags (absent flags keep their defaults)."""
        if data is None:
            return DEFAULT_RULES
        if not isinstance(data, Mapping):
            raise RuleError(f"rules: a mapping of flags, not {type(data).__name__}")
        for name in data:
            if name not in ("hand_size", "low_wins"):
                raise RuleError(f"rules: unknown flag {name!r} (known: hand_size, low_wins)")
        hand_size = data.get("hand_size", 3)
        if isinstance(hand_size, bool) or not isinstance(hand_size, int) or not 1 <= hand_size <= 4:
            raise RuleError(f"rules: hand_size is a whole number from 1 to 4, not {hand_size!r}")
        low_wins = data.get("low_wins", False)
        if not isinstance(low_wins, bool):
            raise RuleError(f"rules: low_wins is true or false, not {low_wins!r}")
        return cls(hand_size, low_wins)


DEFAULT_RULES = ToyRules()
