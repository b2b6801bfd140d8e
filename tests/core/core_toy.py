"""A toy game on the platform protocol, for tests of the game-independent parts.

*Race to seven*: seats take turns; the seat to act adds 1 or 2 to a shared counter; whoever
brings it to ``target`` or beyond loses (finishes last); the others are ranked in the order
they would have acted next. It is tiny, has hidden information (each
seat holds a secret ``token`` only it may see) and seat counts 2–4, which is all the arena
and the registries need.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from paston.core.errors import IllegalAction, RecordError
from paston.core.hooks import HookSource
from paston.core.hooks.play import PlayHooks
from paston.core.protocol import GameInfo

FORMAT = "toy-race/1"
ACTIONS = ("one", "two")


@dataclass(frozen=True)
class ToyView:
    seat: int
    legal: tuple[int, ...]
    counter: int
    token: int
    to_act: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "phase": "race",
            "counter": self.counter,
            "token": self.token,
            "to_act": self.to_act,
            "legal": [ACTIONS[a] for a in self.legal],
        }


class ToyState:
    def __init__(self, players: int, tokens: list[int], first: int = 0, target: int = 7):
        self._players = players
        self.tokens = tokens
        self.first = first
        self.target = target
        self.counter = 0
        self.actions: list[int] = []
        self.loser: int | None = None

    @property
    def players(self) -> int:
        return self._players

    @property
    def to_act(self) -> int | None:
        if self.loser is not None:
            return None
        return (self.first + len(self.actions)) % self._players

    @property
    def phase(self) -> str:
        return "over" if self.is_over else "race"

    @property
    def is_over(self) -> bool:
        return self.loser is not None

    def legal_actions(self) -> list[int]:
        return [] if self.is_over else [0, 1]

    def apply(self, action: int | str) -> None:
        if isinstance(action, str):
            action = self.parse_action(action)
        if action not in self.legal_actions():
            raise IllegalAction(f"not legal: {action!r}", legal=("one", "two"))
        seat = self.to_act
        self.actions.append(action)
        self.counter += action + 1
        if self.counter >= self.target:
            self.loser = seat

    def undo(self) -> int:
        action = self.actions.pop()
        self.counter -= action + 1
        self.loser = None
        return action

    def copy(self) -> ToyState:
        other = ToyState(self._players, list(self.tokens), self.first, self.target)
        for a in self.actions:
            other.apply(a)
        return other

    def view(self, seat: int) -> ToyView:
        legal = tuple(self.legal_actions()) if self.to_act == seat else ()
        return ToyView(seat, legal, self.counter, self.tokens[seat], self.to_act)

    def action_str(self, action: int) -> str:
        return ACTIONS[action]

    def parse_action(self, text: str) -> int:
        if text not in ACTIONS:
            raise IllegalAction(f"unparsable: {text!r}", action=text)
        return ACTIONS.index(text)

    @property
    def ranking(self) -> tuple[int, ...] | None:
        """Once over, the seats best first: the seats after the loser in turn order, the
        loser last (a shedding game's ``ranking``)."""
        if self.loser is None:
            return None
        n = self._players
        return (*((self.loser + k) % n for k in range(1, n)), self.loser)

    def result(self) -> tuple[float, ...]:
        if self.loser is None:
            return (0.0,) * self._players
        return tuple(-1.0 if s == self.loser else 0.0 for s in range(self._players))

    def record(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "players": self._players,
            "first": self.first,
            "tokens": self.tokens,
            "actions": [ACTIONS[a] for a in self.actions],
        }


class ToyMatch:
    """One race per match (a Paris-like "session of one game")."""

    def __init__(self, players: int, first: int = 0) -> None:
        self._players = players
        self.first = first
        self.states: list[ToyState] = []

    @property
    def players(self) -> int:
        return self._players

    @property
    def current(self) -> ToyState | None:
        return self.states[-1] if self.states else None

    @property
    def over(self) -> bool:
        return bool(self.states) and self.states[-1].is_over

    @property
    def totals(self) -> tuple[float, ...]:
        return self.states[-1].result() if self.states else (0.0,) * self._players

    def next_state(self, rng: random.Random) -> ToyState:
        state = ToyState(self._players, [rng.randrange(100) for _ in range(self._players)],
                         self.first)  # fmt: skip
        self.states.append(state)
        return state

    def record(self, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        record = self.states[-1].record()
        if meta is not None:
            record["meta"] = dict(meta)
        return record


def load(record: dict[str, Any]) -> ToyState:
    if record.get("format") != FORMAT:
        raise RecordError("not a toy record")
    state = ToyState(record["players"], record["tokens"], record["first"])
    for text in record["actions"]:
        state.apply(text)
    return state


def replay(record: dict[str, Any]) -> dict[str, Any]:
    state = load(record)
    return {"counter": state.counter, "loser": state.loser}


def placings(state: ToyState) -> tuple[int, ...]:
    """Finishing position per seat (1 = best) of a finished race, from its ranking."""
    ranking = state.ranking
    if ranking is None:
        raise ValueError("the race is not over")
    out = [0] * state.players
    for place, seat in enumerate(ranking, start=1):
        out[seat] = place
    return tuple(out)


#: Its play hooks offer no bot of their own (tests register theirs): they rank the seats.
PLAY = PlayHooks(bots=(), default_bot="random", rating_kind="placing", placings=placings)

GAME = GameInfo(
    name="toy",
    title="Race to seven",
    summary="Add one or two; whoever reaches seven is out.",
    seat_counts=(2, 3, 4),
    default_seats=3,
    formats=(FORMAT,),
    flags=(),
    parse_rules=lambda data: dict(data),
    new_match=lambda seats=3, rules=None, dealer=0, **_: ToyMatch(seats, dealer),
    replay=replay,
    load_record=load,
    num_actions=2,
    hooks=HookSource(play=lambda: PLAY),
)
