"""Paston as the platform sees it: the :class:`~paston.core.protocol.GameInfo` descriptor.

Front-ends (server, terminal, arena, record tools, research adapters) reach Paston only
through ``GAME``; :func:`paston.core.registry.get_game` imports this module on first use.
Each front-end's hooks come from the hook groups named at the end, each a module of this
package imported when that group is first asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from ...core.hooks import from_modules
from ...core.protocol import FlagInfo, GameInfo
from .actions import NUM_ACTIONS
from .match import Game
from .record import DEAL_FORMAT, GAME_FORMAT, deal_from_record, game_from_record, replay
from .rules import DEFAULT_RULES, RuleError, Rules
from .state import Deal

__all__ = ["FLAG_HELP", "GAME", "load_record", "new_match", "parse_rules"]

#: One line per variant flag (spec/rules.md §11 and §13): what changes when it is set.
FLAG_HELP: dict[str, str] = {
    "allow_jump_bids": "a bid may skip steps (paston straight to dzhu); off: one step at a time",
    "spade_run_redeal": (
        "a hand of 7–Q♠ is redealt when it has neither K♠ nor A♠ (neither_k_nor_a), "
        "when it lacks either (missing_k_or_a), or never (off)"
    ),
    "bottom_7s_reshuffle": "7♠ at the bottom of the cut deck means shuffle and cut again",
    "deal2_dealer": (
        "who deals deal 2: the first bidder of deal 1 (deal1_first_bidder) "
        "or the seat left of dealer 1 (rotate_left)"
    ),
    "marker_rule_each_game": (
        "the J♠/7♠ holder bids first in deal 1 of every game, not only of a session's first"
    ),
    "all_pass_contracts": (
        "after all pass, the J♠/7♠ holder declares any contract but grkha (any_but_pg) "
        "or only paston (paston_only)"
    ),
    "lone_whist_mode": (
        "with one whister the play is two-handed, the passer out (two_handed), or the "
        "whister plays both defending hands face up (whister_plays_both_open)"
    ),
    "multiply_defender_scores": "defenders' scores are multiplied by the contract's multiplier",
    "no_whist_multiplied": "when both defenders pass, the declarer's +10 is multiplied too",
    "surrender_multiplied": "a surrender's −10 / +2 / +2 is multiplied by the final bid's step",
    "must_overtrump": "a player who trumps must beat a trump already in the trick when able",
    "neg121_reset": (
        "a total of exactly −121 goes back to 0 (exact), any total at or below −121 does "
        "(at_or_below), or none does (off)"
    ),
    "target": "the total that ends the game (checked after each deal)",
    "target_tie": (
        "level totals at or above the target end the game drawn (draw) "
        "or the game goes on until one leads (play_on)"
    ),
}


def _flag(name: str, default: Any) -> FlagInfo:
    choices = Rules.choices(name)
    if choices is not None:
        return FlagInfo(name, default, "choice", FLAG_HELP[name], choices=choices)
    if isinstance(default, bool):
        return FlagInfo(name, default, "bool", FLAG_HELP[name])
    return FlagInfo(name, default, "int", FLAG_HELP[name], minimum=1)


FLAGS: tuple[FlagInfo, ...] = tuple(
    _flag(f.name, getattr(DEFAULT_RULES, f.name)) for f in fields(Rules)
)


def parse_rules(data: Mapping[str, Any] | None) -> Rules:
    """Validated :class:`Rules` from a mapping of flags (absent flags keep their defaults)."""
    if data is not None and not isinstance(data, dict):
        data = dict(data)
    return Rules.from_dict(data)


def new_match(
    seats: int = 3,
    rules: Rules | Mapping[str, Any] | None = None,
    dealer: int = 0,
    **options: Any,
) -> Game:
    """A game to the target: ``seats`` must be 3; ``options`` go to :class:`Game`
    (``marker_rule``, ``totals``, ``rng``)."""
    if seats != 3:
        raise RuleError(f"Paston is played by 3 seats, not {seats!r}")
    if not isinstance(rules, Rules):
        rules = parse_rules(rules)
    return Game(rules, first_dealer=dealer, **options)


def load_record(record: dict[str, Any]) -> Deal | Game:
    """A deal (``paston-deal/1``) or a game (``paston-game/1``) rebuilt from its record."""
    if isinstance(record, dict) and record.get("format") == GAME_FORMAT:
        return game_from_record(record)
    return deal_from_record(record)


GAME = GameInfo(
    name="paston",
    title="Paston",
    summary=(
        "The Armenian three-player Preference: 32 cards, an auction for the right to name "
        "trumps and take the two-card prikup, a contract of six tricks, whist or pass by the "
        "defenders, ten tricks of play, and a game to 121."
    ),
    seat_counts=(3,),
    default_seats=3,
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
