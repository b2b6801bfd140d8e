"""Deal and game records (spec/notation.md, format version 1), ``replay`` and text export."""

from __future__ import annotations

import json
from typing import Any

from ...core.errors import IllegalAction, RecordError
from ...core.record_json import loads
from .actions import CONTRACT_NAMES, SURRENDER, action_str, discard_cards
from .cards import card_name
from .match import GAME_FORMAT, Game, game_record
from .rules import RuleError, Rules
from .state import DEAL_FORMAT, PLAY, Deal, deal_record

__all__ = [
    "DEAL_FORMAT",
    "GAME_FORMAT",
    "deal_from_record",
    "deal_record",
    "deal_summary",
    "game_from_record",
    "game_record",
    "load_record",
    "replay",
    "said_whist",
]

_DEAL_KEYS = ("dealer", "first_deal", "hands", "prikup", "actions")


# ----------------------------------------------------------------- writing


# ----------------------------------------------------------------- reading


def load_record(text: str) -> dict[str, Any]:
    """Parse a record's JSON text; raises :class:`RecordError` on anything but a JSON object."""
    try:
        data = loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
    return data


def _rules_of(record: dict[str, Any]) -> Rules:
    try:
        return Rules.from_dict(record.get("rules"))
    except RuleError as exc:
        raise RecordError(str(exc)) from None


def _deal_body(
    body: Any, rules: Rules, deal_no: int | None, expect: tuple[int, bool] | None
) -> Deal:
    if not isinstance(body, dict):
        raise RecordError("a deal record is a JSON object", deal=deal_no)
    missing = [k for k in _DEAL_KEYS if k not in body]
    if missing:
        raise RecordError(f"missing key {missing[0]!r} in the deal record", deal=deal_no)
    actions = body["actions"]
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list of strings", deal=deal_no)
    hands = body["hands"]
    if not isinstance(hands, list):
        raise RecordError("'hands' must be a list of three lists of cards", deal=deal_no)
    if not isinstance(body["prikup"], list):
        raise RecordError("'prikup' must be a list of two cards", deal=deal_no)
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or not all(isinstance(c, str) for c in hand):
            raise RecordError(f"hand of seat {seat} must be a list of card strings", deal=deal_no)
    if not all(isinstance(c, str) for c in body["prikup"]):
        raise RecordError("'prikup' must be a list of card strings", deal=deal_no)
    if expect is not None:
        dealer, first = expect
        # A dealer that is no seat at all (2.0, true) is refused by Deal, as in deal 1.
        if type(body["dealer"]) is int and body["dealer"] != dealer:
            raise RecordError(
                f"the dealer must be seat {dealer} by the rotation, not {body['dealer']!r}",
                deal=deal_no,
            )
        if body["first_deal"] is not first:
            raise RecordError(
                f"first_deal must be {json.dumps(first)} here, "
                f"not {json.dumps(body['first_deal'])}",
                deal=deal_no,
            )
    try:
        deal = Deal(
            hands, body["prikup"], dealer=body["dealer"], first_deal=body["first_deal"], rules=rules
        )
    except RecordError as exc:
        raise exc.located(deal=deal_no) from None
    for position, text in enumerate(actions, start=1):
        if not isinstance(text, str):
            raise IllegalAction(
                f"an action must be a string, not {json.dumps(text)}",
                position=position,
                deal=deal_no,
            )
        try:
            deal.apply(text)
        except IllegalAction as exc:
            raise exc.located(deal=deal_no, position=position) from None
    if "meta" in body:
        deal.meta = body["meta"]  # never checked: replay ignores meta and never fails on it
    return deal


def deal_from_record(record: dict[str, Any]) -> Deal:
    """Rebuild a deal from its record, checking every action."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    fmt = record.get("format")
    if fmt != DEAL_FORMAT:
        raise RecordError(f"'format' must be {DEAL_FORMAT!r} for a deal record, not {fmt!r}")
    return _deal_body(record, _rules_of(record), None, None)


def game_from_record(record: dict[str, Any]) -> Game:
    """Rebuild a game from its record, checking the rotation and every action."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    fmt = record.get("format")
    if fmt != GAME_FORMAT:
        raise RecordError(f"'format' must be {GAME_FORMAT!r} for a game record, not {fmt!r}")
    rules = _rules_of(record)
    deals = record.get("deals")
    if not isinstance(deals, list):
        raise RecordError("missing key 'deals' (a list of deal records)")
    first_dealer = 0
    marker_rule = True
    if deals:
        first = deals[0]
        if isinstance(first, dict):
            if type(first.get("dealer")) is int and first["dealer"] in (0, 1, 2):
                first_dealer = first["dealer"]
            elif "dealer" in first:
                # Deal 1 may have any dealer, so a bad one is not a rotation error.
                raise RecordError(
                    f"dealer must be a seat 0, 1 or 2, not {first['dealer']!r}", deal=1
                )
            if not rules.marker_rule_each_game and first.get("first_deal") is False:
                marker_rule = False
    game = Game(rules, first_dealer=first_dealer, marker_rule=marker_rule)
    for index, body in enumerate(deals, start=1):
        if isinstance(body, dict):
            if body.get("format", DEAL_FORMAT) != DEAL_FORMAT:
                raise RecordError(f"'format' of a deal must be {DEAL_FORMAT!r}", deal=index)
            if "rules" in body and _rules_of(body) != rules:
                raise RecordError(
                    "a deal inside a game takes the game's rules; its 'rules' differ", deal=index
                )
        if index > 1:
            previous = game.deals[-1]
            if not previous.is_over:
                raise RecordError(
                    f"deal {index - 1} is not finished (phase {previous.phase}) "
                    "but another deal follows"
                )
            if game.over:
                raise RecordError(f"the game ended after deal {index - 1}; no deal may follow")
        expect = game.next_deal_setup()
        game.deals.append(_deal_body(body, rules, index, expect))
    if "meta" in record:
        game.meta = record["meta"]
    return game


# ----------------------------------------------------------------- replay


def said_whist(deal: Deal) -> list[int]:
    """The seats that have said whist so far, ascending (notation.md ``whisters``).

    ``deal.whisters`` is set only once both defenders have spoken (it decides who plays);
    a replay in the middle of the defence must already show a defender who said whist.
    """
    return sorted(seat for seat, whisted in deal.defence if whisted)


def deal_summary(deal: Deal) -> dict[str, Any]:
    """The object ``paston replay`` prints for one deal (full information)."""
    n_auction = deal.auction_length
    surrendered = bool(deal.actions) and deal.actions[-1] == SURRENDER
    if surrendered:
        contract: str | None = "surrender"
    else:
        contract = CONTRACT_NAMES[deal.contract] or None
    out: dict[str, Any] = {
        "phase": deal.phase,
        "to_act": deal.to_act,
        "legal": deal.legal_action_strs(),
        "declarer": deal.declarer if deal.declarer >= 0 else None,
        "contract": contract,
        "whisters": said_whist(deal),
        "tricks": list(deal.credited_tricks()),
        "scores": list(deal.scores) if deal.scores is not None else None,
        "redeal": deal.redeal_reason,
        # Extra keys (allowed by the notation).
        "dealer": deal.dealer,
        "first_bidder": deal.first_bidder if deal.first_bidder >= 0 else None,
        "bids": [[s, action_str(a)] for s, a in deal.action_history()[:n_auction]],
        "all_pass": deal.all_pass,
        "discards": (
            [card_name(c) for c in discard_cards(deal.actions[n_auction])]
            if deal.discards
            else None
        ),
        "hand_to_play": deal.hand_to_play if deal.phase_id == PLAY else None,
        "trick": [card_name(c) for c in deal.trick],
        "hand_tricks": list(deal.hand_tricks()),
    }
    return out


def replay(record: dict[str, Any]) -> dict[str, Any]:
    """Replay a deal or game record and describe where it stands (spec/notation.md).

    Raises :class:`~paston.errors.RecordError` (or its subclass
    :class:`~paston.errors.IllegalAction`) for a malformed or illegal record.
    """
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    fmt = record.get("format")
    if fmt == DEAL_FORMAT:
        return deal_summary(deal_from_record(record))
    if fmt == GAME_FORMAT:
        game = game_from_record(record)
        return {
            "deals": [deal_summary(d) for d in game.deals],
            "totals": list(game.totals),
            "over": game.over,
            "winner": game.winner,
            "draw": game.draw,
            "next_dealer": game.next_dealer,
        }
    if fmt is None:
        raise RecordError(f"missing key 'format' ({DEAL_FORMAT!r} or {GAME_FORMAT!r})")
    raise RecordError(f"unknown format {fmt!r} (expected {DEAL_FORMAT!r} or {GAME_FORMAT!r})")
