"""Paris records (spec/paris-notation.md, format version 1): writing, reading, ``replay``.

``paris-game/1`` holds a dealt layout, the deck and the actions; ``paris-position/1`` a
play-phase position and actions from it. Reading checks the whole record before applying any
action (record errors), then applies the actions one by one (action errors, located as
``action N "RAW": REASON`` with RAW a JSON string literal).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ...core.errors import IllegalAction, RecordError, quoted_action
from ...core.record_json import loads
from .cards import CARD_NAMES, NUM_CARDS, RANK_CHARS, TEN, CardError, parse_card
from .rules import ParisRules, RuleError
from .state import ParisState, hand_target

__all__ = [
    "GAME_FORMAT",
    "POSITION_FORMAT",
    "ParisActionError",
    "game_record",
    "load_json",
    "position_record",
    "replay",
    "state_from_record",
    "summary",
]

GAME_FORMAT = "paris-game/1"
POSITION_FORMAT = "paris-position/1"
FORMATS = (GAME_FORMAT, POSITION_FORMAT)


class ParisActionError(IllegalAction):
    """An action of a record that cannot be applied: ``action N "RAW": REASON``, where RAW is
    the action exactly as written, as a JSON string literal."""

    def _where(self) -> list[str]:
        raw = quoted_action(self.action or "")
        parts = super(IllegalAction, self)._where()
        parts.append(f"action {self.position} {raw}" if self.position is not None else raw)
        return parts

    def located(self, *, deal: int | None = None, position: int | None = None) -> IllegalAction:
        return ParisActionError(
            self.reason,
            action=self.action,
            position=position if position is not None else self.position,
            deal=deal if deal is not None else self.deal,
            legal=self.legal,
        )


# ----------------------------------------------------------------- writing


def _names(cards: Any) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def game_record(state: ParisState, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of a game as played so far: ``paris-game/1`` for a dealt game, or the
    ``paris-position/1`` it started from with the actions since. ``meta`` is kept as given."""
    origin = state.origin
    record: dict[str, Any]
    if origin.get("kind") == "position":
        record = {
            "format": POSITION_FORMAT,
            "rules": state.rules.to_dict(),
            "players": state.players,
            "dealer": state.dealer,
            "seats": [
                {
                    "hand": _names(sorted(h)),
                    "face_up": _names(sorted(u)),
                    "face_down": [None if c is None or c < 0 else CARD_NAMES[c] for c in d],
                }
                for h, u, d in origin["seats"]
            ],
            "deck": _names(origin["deck"]),
            "pile": _names(origin["pile"]),
            "burned": origin["burned"],
            "finished": list(origin["finished"]),
            "to_act": origin["to_act"],
            "turns": origin["turns"],
        }
    else:
        record = {
            "format": GAME_FORMAT,
            "rules": state.rules.to_dict(),
            "players": state.players,
            "dealer": state.dealer,
            "layout": [
                {"face_down": _names(d), "face_up": _names(u), "hand": _names(h)}
                for d, u, h in origin["layout"]
            ],
            "deck": _names(origin["deck"]),
        }
    record["actions"] = [state.action_str(a) for a in state.history]
    if meta is not None:
        record["meta"] = dict(meta)
    return record


def position_record(state: ParisState, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The current position as a ``paris-position/1`` record with no actions (the play
    phase only, after the opening play; never once the game is over)."""
    if state.phase != "play" or state.opening:
        raise ValueError("a position record describes the play phase after the opening play")
    n = state.players
    record: dict[str, Any] = {
        "format": POSITION_FORMAT,
        "rules": state.rules.to_dict(),
        "players": n,
        "dealer": state.dealer,
        "seats": [
            {
                "hand": _names(state.hand(s)),
                "face_up": _names(state.face_up(s)),
                "face_down": [None if c < 0 else CARD_NAMES[c] for c in state.face_down(s)],
            }
            for s in range(n)
        ],
        "deck": _names(state.deck),
        "pile": _names(state.pile),
        "burned": state.burned,
        "finished": list(state.finished),
        "to_act": state.to_act,
        "turns": state.turns,
        "actions": [],
    }
    if meta is not None:
        record["meta"] = dict(meta)
    return record


# ----------------------------------------------------------------- reading


def load_json(text: str) -> dict[str, Any]:
    """Parse a record's JSON text; raises :class:`RecordError` on anything but a JSON object."""
    try:
        data = loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(data, dict):
        raise RecordError(f"a record must be a JSON object, not {_json_type(data)}")
    return data


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) else type(value).__name__


def _shown(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _int(record: Mapping[str, Any], key: str, low: int, high: int | None, what: str) -> int:
    if key not in record:
        raise RecordError(f"{key}: missing")
    value = record[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{key}: must be {what}, not {_shown(value)}")
    if value < low or (high is not None and value > high):
        raise RecordError(f"{key}: must be {what}, not {value}")
    return value


def _seat_number(value: Any, players: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise RecordError(f"{where}: must be a seat 0 to {players - 1}, not {_shown(value)}")
    return value


def _card(value: Any, where: str) -> int:
    if not isinstance(value, str):
        raise RecordError(f"{where}: not a card: {_shown(value)}")
    try:
        return parse_card(value)
    except CardError:
        raise RecordError(f"{where}: not a card: {_shown(value)}") from None


def _card_list(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: must be a list of cards, not {_json_type(value)}")
    return [_card(v, f"{where}[{i}]") for i, v in enumerate(value)]


def _sized(cards: list[int], size: int, where: str) -> None:
    if len(cards) != size:
        plural = "card" if size == 1 else "cards"
        raise RecordError(f"{where}: must hold {size} {plural}, has {len(cards)}")


def _rules(record: Mapping[str, Any]) -> ParisRules:
    rules = record.get("rules")
    try:
        return ParisRules.from_dict(rules)
    except RuleError as exc:
        raise RecordError(str(exc)) from None


def _actions(record: Mapping[str, Any]) -> list[str]:
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(f"actions: must be a list of strings, not {_json_type(actions)}")
    for index, text in enumerate(actions, start=1):
        if not isinstance(text, str):
            raise RecordError(f"action {index}: not a string")
    return actions


def _tally(cards: list[int]) -> list[int]:
    counts = [0] * NUM_CARDS
    for card in cards:
        counts[card] += 1
    return counts


def _game_start(record: Mapping[str, Any], rules: ParisRules) -> ParisState:
    players = _int(record, "players", 2, 9, "an integer 2 to 9")
    if "dealer" not in record:
        raise RecordError("dealer: missing")
    dealer = _seat_number(record["dealer"], players, "dealer")
    if "layout" not in record:
        raise RecordError("layout: missing")
    layout_in = record["layout"]
    if not isinstance(layout_in, list):
        raise RecordError(f"layout: must be a list of {players} seat objects")
    if len(layout_in) != players:
        raise RecordError(
            f"layout: must hold {players} seats (one per player), has {len(layout_in)}"
        )
    h = hand_target(players)
    layout: list[tuple[list[int], list[int], list[int]]] = []
    every: list[int] = []
    for seat, part in enumerate(layout_in):
        where = f"layout[{seat}]"
        if not isinstance(part, dict):
            raise RecordError(f"{where}: must be an object with face_down, face_up and hand")
        lists = []
        for key, size in (("face_down", 3), ("face_up", 3), ("hand", h)):
            if key not in part:
                raise RecordError(f"{where}.{key}: missing")
            cards = _card_list(part[key], f"{where}.{key}")
            _sized(cards, size, f"{where}.{key}")
            lists.append(cards)
            every.extend(cards)
        layout.append((lists[0], lists[1], lists[2]))
    if "deck" not in record:
        raise RecordError("deck: missing")
    deck = _card_list(record["deck"], "deck")
    _sized(deck, 104 - players * (6 + h), "deck")
    every.extend(deck)
    for card, k in enumerate(_tally(every)):
        if k != 2:
            times = "time" if k == 1 else "times"
            raise RecordError(
                f"card {CARD_NAMES[card]} appears {k} {times} (each card must appear exactly twice)"
            )
    return ParisState.from_layout(players, dealer, layout, deck, rules)


def _position_start(record: Mapping[str, Any], rules: ParisRules) -> ParisState:
    players = _int(record, "players", 2, 9, "an integer 2 to 9")
    if "dealer" not in record:
        raise RecordError("dealer: missing")
    dealer = _seat_number(record["dealer"], players, "dealer")
    if "seats" not in record:
        raise RecordError("seats: missing")
    seats_in = record["seats"]
    if not isinstance(seats_in, list):
        raise RecordError(f"seats: must be a list of {players} seat objects")
    if len(seats_in) != players:
        raise RecordError(f"seats: must hold {players} seats (one per player), has {len(seats_in)}")
    seats: list[tuple[list[int], list[int], list[int | None]]] = []
    every: list[int] = []
    for seat, part in enumerate(seats_in):
        where = f"seats[{seat}]"
        if not isinstance(part, dict):
            raise RecordError(f"{where}: must be an object with hand, face_up and face_down")
        for key in ("hand", "face_up", "face_down"):
            if key not in part:
                raise RecordError(f"{where}.{key}: missing")
        hand = _card_list(part["hand"], f"{where}.hand")
        up = _card_list(part["face_up"], f"{where}.face_up")
        if len(up) > 3:
            raise RecordError(f"{where}.face_up: must hold 0 to 3 cards, has {len(up)}")
        down_in = part["face_down"]
        if not isinstance(down_in, list) or len(down_in) != 3:
            raise RecordError(
                f"{where}.face_down: must be a list of 3 slots (a card or null for an empty slot)"
            )
        down = [
            None if v is None else _card(v, f"{where}.face_down[{i}]")
            for i, v in enumerate(down_in)
        ]
        seats.append((hand, up, down))
        every.extend(hand)
        every.extend(up)
        every.extend(c for c in down if c is not None)
    deck = _card_list(record.get("deck", []), "deck")
    pile = _card_list(record.get("pile", []), "pile")
    every.extend(deck)
    every.extend(pile)
    burned = _int(record, "burned", 0, None, "an integer >= 0") if "burned" in record else 0
    finished_in = record.get("finished", [])
    if not isinstance(finished_in, list):
        raise RecordError("finished: must be a list of seats")
    finished = [_seat_number(v, players, f"finished[{i}]") for i, v in enumerate(finished_in)]
    if "to_act" not in record:
        raise RecordError("to_act: missing")
    to_act = _seat_number(record["to_act"], players, "to_act")
    turns = _int(record, "turns", 0, None, "an integer >= 0") if "turns" in record else 0
    for card, k in enumerate(_tally(every)):
        if k > 2:
            raise RecordError(
                f"card {CARD_NAMES[card]} appears {k} times (a card may appear at most twice)"
            )
    if pile:
        top = pile[-1] >> 2
        if top == TEN:
            raise RecordError(
                f"pile: the top card {CARD_NAMES[pile[-1]]} is a 10 (a 10 always burns the pile)"
            )
        run = 0
        while run < len(pile) and pile[-1 - run] >> 2 == top:
            run += 1
        if run >= 4:
            raise RecordError(
                f"pile: ends in {run} cards of rank {RANK_CHARS[top]} "
                "(four of a kind burns the pile)"
            )
    seen: set[int] = set()
    for seat in finished:
        if seat in seen:
            raise RecordError(f"finished: seat {seat} appears twice")
        seen.add(seat)
        hand, up, down = seats[seat]
        if hand or up or any(c is not None for c in down):
            raise RecordError(f"finished: seat {seat} still holds cards")
    for seat, (hand, up, down) in enumerate(seats):
        if seat not in seen and not (hand or up or any(c is not None for c in down)):
            raise RecordError(f"seats[{seat}]: holds no card but is not in finished")
    if players - len(finished) < 2:
        raise RecordError("finished: at least two seats must still be playing")
    if to_act in seen:
        raise RecordError(f"to_act: seat {to_act} has finished")
    if turns >= rules.max_turns:
        raise RecordError(f"turns: must be below max_turns ({rules.max_turns}), is {turns}")
    return ParisState.from_position(
        players,
        dealer,
        seats,
        to_act=to_act,
        deck=deck,
        pile=pile,
        burned=burned,
        finished=finished,
        turns=turns,
        rules=rules,
    )


def state_from_record(record: Any) -> ParisState:
    """Rebuild the state a ``paris-game/1`` or ``paris-position/1`` record describes, checking
    the record and then every action. Raises :class:`RecordError` or, for an action that
    cannot be applied, :class:`ParisActionError` (an :class:`IllegalAction`)."""
    if not isinstance(record, dict):
        raise RecordError(f"a record must be a JSON object, not {_json_type(record)}")
    if "format" not in record:
        raise RecordError("format: missing")
    fmt = record["format"]
    if fmt not in FORMATS:
        raise RecordError(
            f"format: unknown format {_shown(fmt)} "
            f"(Paris reads {GAME_FORMAT} and {POSITION_FORMAT})"
        )
    rules = _rules(record)
    state = _game_start(record, rules) if fmt == GAME_FORMAT else _position_start(record, rules)
    actions = _actions(record)
    for index, text in enumerate(actions, start=1):
        try:
            state.apply(text)
        except IllegalAction as exc:
            raise ParisActionError(
                exc.reason, action=text, position=index, legal=tuple(state.legal_strs())
            ) from None
    return state


# ----------------------------------------------------------------- replay


def summary(state: ParisState) -> dict[str, Any]:
    """The object ``paston replay`` prints for a Paris state (the notation's keys, plus
    ``players``, ``dealer``, ``rules`` and ``burned_cards``)."""
    n = state.players
    return {
        "phase": state.phase,
        "to_act": state.to_act,
        "legal": state.legal_strs(),
        "pile": _names(state.pile),
        "burned": state.burned,
        "deck": state.deck_count,
        "seats": [
            {
                "hand": state.hand_count(s),
                "face_up": len(state.face_up(s)),
                "face_down": len(state.face_down_slots(s)),
                "face_up_cards": _names(state.face_up(s)),
                "face_down_slots": list(state.face_down_slots(s)),
            }
            for s in range(n)
        ],
        "finished": list(state.finished),
        "loser": state.loser,
        "over": state.is_over,
        "ranking": list(state.ranking) if state.ranking is not None else None,
        "end": state.end,
        "turns": state.turns,
        "starter": state.starter,
        "players": n,
        "dealer": state.dealer,
        "rules": state.rules.to_dict(),
        "burned_cards": _names(state.burned_cards),
    }


def replay(record: Any) -> dict[str, Any]:
    """``paston replay`` for a Paris record: where the game stands after its actions.

    Raises :class:`RecordError` (or :class:`IllegalAction`) with the notation's messages.
    """
    return summary(state_from_record(record))
