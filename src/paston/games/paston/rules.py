"""The rule variants of spec/rules.md §13 as one validated, immutable ``Rules`` value."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .cards import ACE_SPADES, KING_SPADES, SPADE_RUN

__all__ = ["DEFAULT_RULES", "RuleError", "Rules", "spade_run"]


class RuleError(ValueError):
    """A variant flag is unknown or has a value it may not take."""


# Allowed values of the flags that are strings; flags not listed here are bool or int.
_CHOICES: dict[str, tuple[str, ...]] = {
    "spade_run_redeal": ("neither_k_nor_a", "missing_k_or_a", "off"),
    "deal2_dealer": ("deal1_first_bidder", "rotate_left"),
    "all_pass_contracts": ("any_but_pg", "paston_only"),
    "lone_whist_mode": ("two_handed", "whister_plays_both_open"),
    "neg121_reset": ("exact", "at_or_below", "off"),
    "target_tie": ("draw", "play_on"),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Variant flags (spec/rules.md §13). The defaults are the spec's resolved rules.

    >>> Rules().target
    121
    >>> Rules.from_dict({"allow_jump_bids": True}).to_dict()
    {'allow_jump_bids': True}
    """

    allow_jump_bids: bool = False
    spade_run_redeal: str = "neither_k_nor_a"
    bottom_7s_reshuffle: bool = True
    deal2_dealer: str = "deal1_first_bidder"
    marker_rule_each_game: bool = True
    all_pass_contracts: str = "any_but_pg"
    lone_whist_mode: str = "two_handed"
    multiply_defender_scores: bool = True
    no_whist_multiplied: bool = True
    surrender_multiplied: bool = False
    must_overtrump: bool = False
    neg121_reset: str = "exact"
    target: int = 121
    target_tie: str = "draw"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _CHOICES:
                allowed = _CHOICES[f.name]
                if not isinstance(value, str) or value not in allowed:
                    raise RuleError(
                        f"rule {f.name!r} must be one of {', '.join(map(repr, allowed))}, "
                        f"not {value!r}"
                    )
            elif f.type in ("bool", bool):
                if not isinstance(value, bool):
                    raise RuleError(f"rule {f.name!r} must be true or false, not {value!r}")
            elif f.name == "target" and (
                isinstance(value, bool) or not isinstance(value, int) or value <= 0
            ):
                raise RuleError(f"rule 'target' must be a positive whole number, not {value!r}")

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from a record's ``rules`` object (absent flags take their defaults)."""
        if data is None:
            return DEFAULT_RULES
        if not isinstance(data, dict):
            raise RuleError(f"'rules' must be a JSON object, not {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RuleError(
                f"unknown rule flag {unknown[0]!r} (known flags: {', '.join(sorted(known))})"
            )
        return cls(**data) if data else DEFAULT_RULES

    def to_dict(self) -> dict[str, Any]:
        """Only the flags that differ from the defaults, as a record writes them."""
        # Flags are plain values, so no deep copy (asdict's) is needed; this runs for every view.
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(DEFAULT_RULES, f.name) != getattr(self, f.name)
        }

    @staticmethod
    def choices(name: str) -> tuple[str, ...] | None:
        """The allowed values of a string flag, or ``None`` for bool and int flags."""
        return _CHOICES.get(name)


DEFAULT_RULES = Rules()


def spade_run(hand: int, rules: Rules) -> bool:
    """Whether a dealt hand triggers the spade-run redeal (§3.3) under ``rules``."""
    mode = rules.spade_run_redeal
    if mode == "off" or hand & SPADE_RUN != SPADE_RUN:
        return False
    has_k = bool(hand >> KING_SPADES & 1)
    has_a = bool(hand >> ACE_SPADES & 1)
    if mode == "neither_k_nor_a":
        return not has_k and not has_a
    return not (has_k and has_a)
