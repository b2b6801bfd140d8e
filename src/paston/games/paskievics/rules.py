"""The variant flags of Paskievics (spec/paskievics.md §15) as one validated, immutable value.

Every flag of §15 is known, type-checked and played by the engine.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ...core.protocol import FlagInfo

__all__ = ["DEFAULT_RULES", "FLAGS", "PaskievicsRules", "RuleError"]


class RuleError(ValueError):
    """A flag is unknown, ill-typed or out of range; the message starts ``rules:``."""


# name -> (default, kind, choices-or-range, help)
_SPEC: dict[str, tuple[Any, str, Any, str]] = {
    "players": (4, "int", (4, 5), "Five at the table: the dealer sits out each deal."),
    "game_deals": (8, "int", (1, None), "Number of scored deals in a game."),
    "hold_rule": ("any_bidder", "choice", ("any_bidder", "elder_only"),
                  "Who may hold a bid: any bidder, or only a player elder than the bidder."),
    "jump_meaning": ("standard", "choice", ("standard", "old"),
                     "old: an inviting jump to Solo always shows the XVIII."),
    "invite_requirements": ("any_honour", "choice", ("any_honour", "high_honour", "high_honour_5"),
                            "What an inviter must hold besides the shown card."),
    "inviter_may_rebid": (True, "bool", None, "An inviter may go on bidding."),
    "yield_requirements": ("xx_high_honour", "choice", ("xx_high_honour", "xx_high_honour_5"),
                           "What a player must hold to yield (pass showing the XX)."),
    "sole_bidder_may_raise": (True, "bool", None,
                              "A sole bidder of Three may raise the contract before the talon."),
    "trial_bid_penalty": (1, "int", (0, None),
                          "What a failed trial bidder pays each other player."),
    "trial_failure_starts_double_round": (True, "bool", None,
                                          "A failed trial bid starts a doubled round."),
    "annul_timing": ("discard_turn", "choice", ("discard_turn", "never"),
                     "Whether a player may annul the deal at his discard turn."),
    "annul_holdings": ("five", "choice", ("five", "three"),
                       "Which holdings allow an annulment (five cases, or the first three)."),
    "xx_discardable": (False, "bool", None, "The XX may be discarded."),
    "tarokk_discard_last_resort": (False, "bool", None,
                                   "Tarokks may be discarded only when nothing else can go."),
    "lone_gets_all_discards": (True, "bool", None,
                               "A declarer alone by a discarded called card gets all discards."),
    "self_call": ("xx_only", "choice", ("xx_only", "any_held"),
                  "Which cards a declarer may call to play alone."),
    "kontra_threshold": ("defenders_47", "choice", ("defenders_47", "defenders_48_after_kontra"),
                         "Whether the defenders need 48 once the game is kontra'd."),
    "free_call": ("declarer_holds_xx", "choice", ("declarer_holds_xx", "always", "never"),
                  "When another's tarokk discard lets the declarer call any missing tarokk."),
    "count_identifies_side": (False, "bool", None, "A tarokk count reveals the counter's side."),
    "five_dealer_sees": (False, "bool", None,
                         "With five, the sitting-out dealer sees the talon and discards."),
    "bonus_values": ("standard", "choice", ("standard", "kovacs"), "The bonus value table."),
    "volat_restrictions": ("pagat", "choice", ("pagat", "tournament"),
                           "Restrictions on announcing double and volát together."),
    "trull_conventions": (False, "bool", None, "Enforce the trull announcement conventions."),
    "three_trull_not_played": (False, "bool", None,
                               "A Three with only a trull announced is scored without play."),
    "tarokk_count_payment": ("each_other", "choice", ("each_other", "team"),
                             "Tarokk counts paid by each other player, or as a team item."),
    "max_kontra": (4, "int", (1, 5), "The highest kontra level (4 = hirskontra)."),
    "game_kontra_multiplies_silent": (False, "bool", None,
                                      "A kontra'd game also multiplies silent double/volát."),
    "volat_cancels_silent": ("any_volat", "choice", ("any_volat", "silent_volat_only"),
                             "Which volát cancels silent trull and kings."),
    "silent_kings_with_silent_double": (True, "bool", None,
                                        "Silent four kings score alongside a silent double."),
    "lone_game_value": ("bid", "choice", ("bid", "solo"),
                        "A lone declarer's game value: from the contract, or always 4."),
    "double_rounds": ("overlap", "choice", ("overlap", "simple", "none"),
                      "How thrown-in deals double the following deals."),
    "count_before_ultimo": (True, "bool", None,
                            "A holder of 8 or 9 tarokks must count before announcing ultimó."),
    "acceptor_must_announce": (False, "bool", None,
                               "An accepting declarer must announce trull or ultimó."),
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class PaskievicsRules:
    """The §15 flags; the defaults are the spec's resolved rules.

    >>> PaskievicsRules.from_dict({"players": 5}).to_dict()
    {'players': 5}
    """

    players: int = 4
    game_deals: int = 8
    hold_rule: str = "any_bidder"
    jump_meaning: str = "standard"
    invite_requirements: str = "any_honour"
    inviter_may_rebid: bool = True
    yield_requirements: str = "xx_high_honour"
    sole_bidder_may_raise: bool = True
    trial_bid_penalty: int = 1
    trial_failure_starts_double_round: bool = True
    annul_timing: str = "discard_turn"
    annul_holdings: str = "five"
    xx_discardable: bool = False
    tarokk_discard_last_resort: bool = False
    lone_gets_all_discards: bool = True
    self_call: str = "xx_only"
    kontra_threshold: str = "defenders_47"
    free_call: str = "declarer_holds_xx"
    count_identifies_side: bool = False
    five_dealer_sees: bool = False
    bonus_values: str = "standard"
    volat_restrictions: str = "pagat"
    trull_conventions: bool = False
    three_trull_not_played: bool = False
    tarokk_count_payment: str = "each_other"
    max_kontra: int = 4
    game_kontra_multiplies_silent: bool = False
    volat_cancels_silent: str = "any_volat"
    silent_kings_with_silent_double: bool = True
    lone_game_value: str = "bid"
    double_rounds: str = "overlap"
    count_before_ultimo: bool = True
    acceptor_must_announce: bool = False

    def __post_init__(self) -> None:
        for name, (_default, kind, limits, _help) in _SPEC.items():
            value = getattr(self, name)
            if kind == "bool":
                if not isinstance(value, bool):
                    raise RuleError(f"rules: {name} must be true or false, not {_shown(value)}")
            elif kind == "int":
                low, high = limits
                if name == "players":
                    # type() is int: 4.0 == 4 and True == 1, but a flag's count is an integer.
                    ok = type(value) is int and value in (4, 5)
                    if not ok:
                        raise RuleError(f"rules: players must be 4 or 5, not {_shown(value)}")
                    continue
                if (
                    isinstance(value, bool)
                    or not isinstance(value, int)
                    or value < low
                    or (high is not None and value > high)
                ):
                    span = f"from {low} to {high}" if high is not None else f">= {low}"
                    raise RuleError(f"rules: {name} must be an integer {span}, not {_shown(value)}")
            else:
                if not isinstance(value, str) or value not in limits:
                    options = " or ".join(f'"{c}"' for c in limits)
                    raise RuleError(f"rules: {name} must be {options}, not {_shown(value)}")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> PaskievicsRules:
        """Rules from a record's ``rules`` object (absent flags take their defaults)."""
        if data is None:
            return DEFAULT_RULES
        if not isinstance(data, Mapping):
            raise RuleError(f"rules: must be an object, not {_shown(data)}")
        for name in data:
            if name not in _SPEC:
                raise RuleError(f"rules: unknown flag {name!r} (known: {', '.join(sorted(_SPEC))})")
        return cls(**data) if data else DEFAULT_RULES

    def to_dict(self) -> dict[str, Any]:
        """Only the flags that differ from the defaults, as a record writes them."""
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(DEFAULT_RULES, f.name)
        }


def _shown(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


DEFAULT_RULES = PaskievicsRules()


def _flag(name: str) -> FlagInfo:
    default, kind, limits, text = _SPEC[name]
    if kind == "choice":
        return FlagInfo(name, default, "choice", text, choices=tuple(limits))
    if kind == "int":
        if name == "players":
            # The table's size: lobbies offer the seat count only, and tables set this from it.
            return FlagInfo(name, default, "choice", text, choices=(4, 5), follows_seats=True)
        return FlagInfo(name, default, "int", text, minimum=limits[0], maximum=limits[1])
    return FlagInfo(name, default, "bool", text)


#: Every flag, for lobbies and ``--rule``.
FLAGS: tuple[FlagInfo, ...] = tuple(_flag(name) for name in _SPEC)
