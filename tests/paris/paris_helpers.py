"""Helpers of the Paris tests: positions written as in paris.md §12, random play, card counts.

Imported as ``paris_helpers`` (a unique module name rather than a conftest, so that it cannot
clash with the helpers of other test areas).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from paston.games.paris.cards import CARD_NAMES
from paston.games.paris.record import state_from_record
from paston.games.paris.state import ParisState

DATA = Path(__file__).parent / "data"
GOLDEN = Path(__file__).parent / "golden"

_PART = re.compile(r"([HUD])\[([^\]]*)\]")


def cs(text: str) -> list[str]:
    """``"7H 7S"`` -> ``["7H", "7S"]``."""
    return text.split()


_cards = cs


def position(
    text: str,
    *,
    players: int = 3,
    dealer: int = 2,
    to_act: int = 0,
    turns: int = 0,
    finished: tuple[int, ...] = (),
    rules: dict[str, Any] | None = None,
    actions: tuple[str, ...] = (),
) -> dict[str, Any]:
    """A ``paris-position/1`` record from §12's shorthand: ``s0 H[…] U[…] D[…]; fillers;
    pile […]; deck […]`` (``–`` is an empty slot; a part not written is empty)."""
    seats: list[dict[str, Any]] = [
        {"hand": [], "face_up": [], "face_down": [None, None, None]} for _ in range(players)
    ]
    record: dict[str, Any] = {"format": "paris-position/1", "players": players, "dealer": dealer}
    for clause in (c.strip() for c in text.split(";")):
        if not clause:
            continue
        if clause == "fillers":
            seats[1]["hand"] = ["AS"]
            seats[2]["hand"] = ["KH"]
        elif clause.startswith(("pile", "deck")):
            key, _, rest = clause.partition(" ")
            record[key] = _cards(rest.strip().strip("[]"))
        else:
            match = re.match(r"s(\d)\s*(.*)", clause)
            assert match, clause
            seat = seats[int(match.group(1))]
            for part, body in _PART.findall(match.group(2)):
                if part == "H":
                    seat["hand"] = _cards(body)
                elif part == "U":
                    seat["face_up"] = _cards(body)
                else:
                    slots = [None if t in ("–", "-") else t for t in body.split()]
                    seat["face_down"] = slots + [None] * (3 - len(slots))
    record.update(
        seats=seats, to_act=to_act, turns=turns, finished=list(finished), actions=list(actions)
    )
    if rules:
        record["rules"] = rules
    return record


def play(record: dict[str, Any], *actions: str) -> ParisState:
    """The state after ``actions`` from a record (its own actions first)."""
    return state_from_record({**record, "actions": [*record.get("actions", []), *actions]})


def legal(state: ParisState) -> set[str]:
    return set(state.legal_strs())


def names(cards: Any) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def hand(state: ParisState, seat: int) -> list[str]:
    return names(state.hand(seat))


def all_cards(state: ParisState) -> Counter[int]:
    """Every card the state holds anywhere (hands, face-up, face-down, deck, pile, burned)."""
    out: Counter[int] = Counter()
    for s in range(state.players):
        out.update(state.hand(s))
        out.update(state.face_up(s))
        out.update(c for c in state.face_down(s) if c >= 0)
    out.update(state.deck)
    out.update(state.pile)
    out.update(state.burned_cards)
    return out


def random_game(state: ParisState, rng: random.Random, limit: int = 100_000) -> list[int]:
    """Play uniformly random legal actions to the end; returns the actions."""
    taken: list[int] = []
    while not state.is_over and len(taken) < limit:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        taken.append(action)
    return taken


def load_data(name: str) -> Any:
    """A JSON file of ``tests/paris/data`` (records and expected outputs copied from
    paris-notation.md's conformance vectors)."""
    return json.loads((DATA / name).read_text(encoding="utf-8"))
