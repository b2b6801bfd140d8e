"""Paskievics records (paskievics-notation.md, format version 1): reading, writing, ``replay``.

Reading checks the whole record before applying any action (record errors), then applies the
actions one by one (action errors, located as ``deal D, action N "RAW": REASON``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ...core.errors import IllegalAction, RecordError
from ...core.record_json import loads
from . import actions as A
from .cards import CARD_NAMES, NUM_CARDS, CardError, format_cards, parse_card
from .match import GAME_FORMAT, DoubledRounds, PaskievicsMatch, game_record
from .rules import PaskievicsRules, RuleError
from .scoring import D
from .state import DEAL_FORMAT, SIDE_NAMES, PaskievicsState, deal_record

__all__ = [
    "DEAL_FORMAT",
    "FORMATS",
    "GAME_FORMAT",
    "deal_record",
    "game_record",
    "load_record",
    "replay",
    "summary",
]

FORMATS = (DEAL_FORMAT, GAME_FORMAT)


# ----------------------------------------------------------------- reading
def _shown(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _rules(record: Mapping[str, Any]) -> PaskievicsRules:
    try:
        return PaskievicsRules.from_dict(record.get("rules"))
    except RuleError as exc:
        raise RecordError(str(exc)) from None


def _card_list(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: must be a list of cards, not {_shown(value)}")
    cards = []
    for i, item in enumerate(value):
        try:
            if not isinstance(item, str):
                raise CardError
            cards.append(parse_card(item))
        except CardError:
            raise RecordError(f"{where}[{i}]: not a card: {_shown(item)}") from None
    return cards


def _seat(value: Any, players: int, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise RecordError(f"{key}: must be a seat 0 to {players - 1}, not {_shown(value)}")
    return value


def _start(
    deal: Mapping[str, Any], rules: PaskievicsRules, multiplier: int | None
) -> PaskievicsState:
    """The dealt state of one deal (nothing applied), after checking every key."""
    if not isinstance(deal, Mapping):
        raise RecordError(f"a deal must be an object, not {_shown(deal)}")
    for key in ("dealer", "hands", "talon"):
        if key not in deal:
            raise RecordError(f"missing key {key!r}")
    players = rules.players
    dealer = _seat(deal["dealer"], players, "dealer")
    hands_value = deal["hands"]
    if not isinstance(hands_value, list) or len(hands_value) != players:
        raise RecordError(f"hands: must be a list of {players} hands, not {_shown(hands_value)}")
    hands = [_card_list(h, f"hands[{s}]") for s, h in enumerate(hands_value)]
    for s, hand in enumerate(hands):
        size = 0 if players == 5 and s == dealer else 9
        if len(hand) != size:
            who = "the sitting-out dealer" if size == 0 else f"seat {s}"
            raise RecordError(f"hands[{s}]: {who} must hold {size} cards, has {len(hand)}")
    talon = _card_list(deal["talon"], "talon")
    if len(talon) != 6:
        raise RecordError(f"talon: must hold 6 cards, has {len(talon)}")
    seen: set[int] = set()
    for card in [c for h in hands for c in h] + talon:
        if card in seen:
            raise RecordError(f"card {CARD_NAMES[card]} is listed twice")
        seen.add(card)
    if len(seen) != NUM_CARDS:  # pragma: no cover - sizes above make this unreachable
        raise RecordError("hands and talon must hold all 42 cards")
    # Optional, but when written a JSON integer: null is no multiplier (notation §4).
    given = deal.get("multiplier")
    if "multiplier" in deal and (type(given) is not int or given < 1 or given & (given - 1)):
        raise RecordError(f"multiplier: must be a power of two >= 1, not {_shown(given)}")
    if multiplier is not None and given is not None and given != multiplier:
        raise RecordError(f"multiplier must be {multiplier}")
    m = multiplier if multiplier is not None else (given if given is not None else 1)
    return PaskievicsState(hands, talon, dealer, rules, m)


def _actions(deal: Mapping[str, Any]) -> list[str]:
    actions = deal.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(f"actions: must be a list of strings, not {_shown(actions)}")
    for index, text in enumerate(actions, start=1):
        if not isinstance(text, str):
            raise RecordError(f"action {index}: not a string: {_shown(text)}")
    return actions


def _play(state: PaskievicsState, actions: list[str], deal_number: int) -> None:
    for position, raw in enumerate(actions, start=1):
        try:
            state.apply(A.parse_action(raw))
        except IllegalAction as exc:
            raise IllegalAction(
                exc.reason, action=raw, position=position, deal=deal_number, legal=exc.legal
            ) from None


def load_record(record: Any) -> PaskievicsState | PaskievicsMatch:
    """A deal record as its state, a game record as its match (actions applied)."""
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {_shown(record)}")
    fmt = record.get("format")
    rules = _rules(record)
    if fmt == DEAL_FORMAT:
        state = _start(record, rules, None)
        actions = _actions(record)
        _play(state, actions, 1)
        return state
    if fmt == GAME_FORMAT:
        return _load_game(record, rules)
    raise RecordError(f"unknown format {_shown(fmt)} (expected {DEAL_FORMAT!r} or {GAME_FORMAT!r})")


def _load_game(record: Mapping[str, Any], rules: PaskievicsRules) -> PaskievicsMatch:
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        raise RecordError(f"deals: must be a non-empty list of deals, not {_shown(deals)}")
    match: PaskievicsMatch | None = None
    for number, deal in enumerate(deals, start=1):
        try:
            if match is not None:
                last = match.current
                assert last is not None
                if not last.is_over:
                    raise RecordError(f"deal {number - 1} is not finished but another follows")
                if match.over:
                    raise RecordError(f"the game ended after {rules.game_deals} scored deals")
                if isinstance(deal, Mapping) and deal.get("dealer") != match.next_dealer():
                    _seat(deal.get("dealer"), rules.players, "dealer")
                    raise RecordError(f"dealer must be {match.next_dealer()}")
            # Deal 1 of a game has no doubled round before it (rules §11.3: no counters yet,
            # m = 1); only a lone deal record may carry the multiplier of a later deal.
            multiplier = match.next_multiplier() if match is not None else _first_multiplier(rules)
            state = _start(deal, rules, multiplier)
            if match is None:
                match = PaskievicsMatch(rules, state.dealer)
            actions = _actions(deal)
        except IllegalAction:
            raise
        except RecordError as exc:
            raise exc.located(deal=number) from None
        match.add_deal(state)
        _play(state, actions, number)
    assert match is not None
    return match


def _first_multiplier(rules: PaskievicsRules) -> int:
    """The multiplier of a game's first deal: the doubled rounds before any deal."""
    return DoubledRounds(rules).multiplier()


def load_json(text: str) -> dict[str, Any]:
    """Parse a record's JSON text; raises :class:`RecordError` on anything but a JSON object."""
    try:
        data = loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    return data


# ----------------------------------------------------------------- replay output
_BID_NAMES = A.LEVELS


def summary(state: PaskievicsState) -> dict[str, Any]:
    """The replay object of one deal (notation §6.1)."""
    auction_over = state.declarer is not None
    bid = state.contract if auction_over else state.cur
    inv = state.invitation
    played = state.phase == "scored" and state.facts is not None
    facts = state.facts
    received = state.received
    return {
        "phase": state.phase,
        "to_act": state.to_act,
        "legal": [A.action_str(a) for a in sorted(state.legal_actions())],
        "dealer": state.dealer,
        "forehand": state.forehand,
        "declarer": state.declarer,
        "bid": _BID_NAMES[bid] if bid is not None else None,
        "invitation": (
            None if inv is None else {"card": CARD_NAMES[inv[0]], "by": inv[1], "kind": inv[2]}
        ),
        "talon_split": None if received is None else [len(r) for r in received],
        "talon_taken": None if received is None else [format_cards(r) for r in received],
        "discards": [format_cards(d) for d in state.discards],
        "called": None if state.called is None else CARD_NAMES[state.called],
        "partner": state.partner if state.called is not None else None,
        "alone": state.alone if state.called is not None else None,
        "partner_public": state.public_partner(),
        "announcements": [
            {"item": item, "side": SIDE_NAMES[side], "by": by, "level": level}
            for item, side, by, level in state.announced
        ],
        "game_kontra": state.game_level if state.called is not None else None,
        "tarokk_counts": [{"seat": s, "count": n} for s, n in state.counts],
        "tricks": [
            {"leader": leader, "cards": [CARD_NAMES[c] for c in cards], "winner": winner}
            for leader, cards, winner in state.tricks
        ],
        "trick": [CARD_NAMES[c] for c in state.trick],
        "card_points": (
            {"declarer": facts.points_d, "defenders": 94 - facts.points_d}
            if played and facts is not None
            else None
        ),
        "tricks_won": (
            {"declarer": facts.tricks_d, "defenders": 9 - facts.tricks_d}
            if played and facts is not None
            else None
        ),
        "value": state.value if state.phase == "scored" else None,
        "multiplier": state.multiplier,
        "scores": list(state.scores) if state.scores is not None else None,
        "thrown_in": state.thrown_in,
    }


def replay(record: Any) -> dict[str, Any]:
    """``paston replay`` for a Paskievics deal or game record."""
    loaded = load_record(record)
    if isinstance(loaded, PaskievicsState):
        return summary(loaded)
    match = loaded
    totals = [int(t) for t in match.totals]
    last = match.current
    finished = last is not None and last.is_over
    over = match.over
    best = max(totals)
    leaders = [s for s, t in enumerate(totals) if t == best]
    return {
        "deals": [summary(s) for s in match.deals],
        "totals": totals,
        "scored_deals": match.scored,
        "over": over,
        "next_dealer": match.next_dealer() if finished and not over else None,
        "next_multiplier": match.next_multiplier() if finished and not over else None,
        "winner": leaders[0] if over and len(leaders) == 1 else None,
        "draw": over and len(leaders) > 1,
    }


_ = D
