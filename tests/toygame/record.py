"""High card's records (``toy-hand/1``, ``toy-match/1``): reading them back, and ``replay``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from paston.core.errors import IllegalAction, RecordError

from .actions import parse_action
from .match import MATCH_FORMAT, ToyMatch, match_record
from .rules import RuleError, ToyRules
from .state import HAND_FORMAT, ToyState, hand_record

__all__ = [
    "FORMATS",
    "HAND_FORMAT",
    "MATCH_FORMAT",
    "hand_record",
    "load_record",
    "match_record",
    "replay",
]

FORMATS = (HAND_FORMAT, MATCH_FORMAT)


def _cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise RecordError(f"{where} is a list of cards (ranks as strings)")
    try:
        return [parse_action(c) for c in value]
    except IllegalAction as exc:
        raise RecordError(f"{where}: {exc.reason}") from None


def _hand(body: Any, rules: ToyRules, deal: int | None) -> ToyState:
    if not isinstance(body, Mapping):
        raise RecordError("a hand is a JSON object", deal=deal)
    for key in ("dealer", "hands", "rest", "actions"):
        if key not in body:
            raise RecordError(f"missing key {key!r}", deal=deal)
    hands = body["hands"]
    if not isinstance(hands, list) or not 2 <= len(hands) <= 4:
        raise RecordError("'hands' lists the cards of 2 to 4 seats", deal=deal)
    dealt = [_cards(h, f"hands[{s}]") for s, h in enumerate(hands)]
    rest = _cards(body["rest"], "rest")
    every = [c for h in dealt for c in h] + rest
    if sorted(every) != list(range(16)):
        raise RecordError("the hands and the rest are not the pack of 16 cards", deal=deal)
    dealer = body["dealer"]
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < len(dealt):
        raise RecordError("'dealer' is a seat", deal=deal)
    try:
        state = ToyState(dealt, rest, dealer, rules)
    except ValueError as exc:
        raise RecordError(str(exc), deal=deal) from None
    actions = body["actions"]
    if not isinstance(actions, list):
        raise RecordError("'actions' is a list", deal=deal)
    for number, text in enumerate(actions, start=1):
        try:
            state.apply(str(text))
        except IllegalAction as exc:
            raise IllegalAction(
                exc.reason, action=str(text), position=number, deal=deal, legal=exc.legal
            ) from None
    return state


def load_record(record: dict[str, Any]) -> ToyState | ToyMatch:
    """A hand from a ``toy-hand/1`` record, a match from a ``toy-match/1`` one."""
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    fmt = record.get("format")
    if fmt not in FORMATS:
        raise RecordError(f"unknown format {fmt!r} (expected {HAND_FORMAT!r} or {MATCH_FORMAT!r})")
    try:
        rules = ToyRules.from_dict(record.get("rules"))
    except RuleError as exc:
        raise RecordError(str(exc)) from None
    if fmt == HAND_FORMAT:
        return _hand(record, rules, None)
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        raise RecordError("'deals' lists the match's hands")
    players, hands = record.get("players"), record.get("hands", len(deals))
    if not isinstance(players, int) or not isinstance(hands, int) or len(deals) > hands:
        raise RecordError("'players' and 'hands' are whole numbers, no fewer hands than deals")
    first = _hand(deals[0], rules, 1)
    match = ToyMatch(players, rules, first.dealer, hands)
    for number, body in enumerate(deals, start=1):
        state = first if number == 1 else _hand(body, rules, number)
        if state.players != players or state.dealer != match.next_dealer():
            raise RecordError("the seats or the dealer do not follow the match", deal=number)
        if number < len(deals) and not state.is_over:
            raise RecordError("only the last hand may be unfinished", deal=number)
        match.deals.append(state)
    return match


def _summary(state: ToyState) -> dict[str, Any]:
    return {
        "players": state.players,
        "dealer": state.dealer,
        "phase": state.phase,
        "tricks_won": list(state.tricks_won),
        "result": list(state.result()),
    }


def replay(record: dict[str, Any]) -> dict[str, Any]:
    """``paston replay`` of a High card record: where each hand stands."""
    loaded = load_record(record)
    if isinstance(loaded, ToyState):
        return _summary(loaded)
    return {
        "deals": [_summary(s) for s in loaded.deals],
        "totals": list(loaded.totals),
        "over": loaded.over,
    }
