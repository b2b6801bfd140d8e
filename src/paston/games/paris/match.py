"""A Paris session: several games in a row, the loser of each dealing the next.

Paris has no scores (spec/paris.md §7.8); a session keeps, per seat, minus the number of games
that seat lost. §7.8 leaves a series of games to the front end and mentions the Shithead custom
of the loser dealing the next game; the session follows it.

Records: a session of one game is written as that game's ``paris-game/1`` record; a longer
session as a ``paris-session/1`` object ``{"format", "players", "rules", "games": [one
paris-game/1 record per game], "meta"}`` (not part of paris-notation.md, which records one game;
:func:`session_from_record` reads it back).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core.errors import RecordError
from .record import GAME_FORMAT, game_record, state_from_record, summary
from .rules import DEFAULT_RULES, ParisRules
from .shuffle import deal_game
from .state import ParisState

__all__ = ["SESSION_FORMAT", "ParisMatch", "session_from_record", "session_replay"]

SESSION_FORMAT = "paris-session/1"


class ParisMatch:
    """``games`` games of Paris (implements :class:`paston.core.protocol.Match`)."""

    def __init__(
        self,
        players: int = 4,
        rules: ParisRules | None = None,
        dealer: int = 0,
        games: int = 1,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 9:
            raise ValueError(f"Paris is for 2 to 9 players, not {players!r}")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise ValueError(f"the dealer must be a seat 0 to {players - 1}, not {dealer!r}")
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise ValueError(f"a session is 1 or more games, not {games!r}")
        self._players = players
        self.rules = rules if rules is not None else DEFAULT_RULES
        self.first_dealer = dealer
        self.games = games
        self.states: list[ParisState] = []

    @property
    def players(self) -> int:
        return self._players

    @property
    def current(self) -> ParisState | None:
        return self.states[-1] if self.states else None

    @property
    def next_dealer(self) -> int:
        """Who deals the next game: the first dealer, then the loser of the last game."""
        if not self.states:
            return self.first_dealer
        last = self.states[-1]
        return last.loser if last.loser is not None else last.dealer

    @property
    def over(self) -> bool:
        return len(self.states) >= self.games and all(s.is_over for s in self.states)

    @property
    def totals(self) -> tuple[float, ...]:
        """Per seat, minus the number of games lost so far."""
        totals = [0.0] * self._players
        for state in self.states:
            for seat, score in enumerate(state.result()):
                totals[seat] += score
        return tuple(totals)

    def next_state(self, rng: random.Random) -> ParisState:
        """Deal the next game with ``rng``; the previous one must be over."""
        if self.states and not self.states[-1].is_over:
            raise ValueError("the current game is not over yet")
        if self.over:
            raise ValueError(f"the session of {self.games} games is over")
        state = deal_game(self._players, dealer=self.next_dealer, rules=self.rules, rng=rng)
        self.states.append(state)
        return state

    def record(self, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A one-game session as its ``paris-game/1`` record; a longer one as a
        ``paris-session/1`` record holding every game so far."""
        if self.games == 1 and len(self.states) == 1:
            return game_record(self.states[0], meta)
        out: dict[str, Any] = {
            "format": SESSION_FORMAT,
            "players": self._players,
            "rules": self.rules.to_dict(),
            "games": [game_record(s) for s in self.states],
        }
        if meta is not None:
            out["meta"] = dict(meta)
        return out


def session_from_record(record: Any) -> ParisMatch:
    """A session rebuilt from a ``paris-session/1`` record (or a single ``paris-game/1``),
    checking that each later game is dealt by the loser of the one before."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    if record.get("format") == GAME_FORMAT:
        state = state_from_record(record)
        match = ParisMatch(state.players, state.rules, state.dealer, 1)
        match.states.append(state)
        return match
    if record.get("format") != SESSION_FORMAT:
        raise RecordError(f"format: must be {SESSION_FORMAT!r} or {GAME_FORMAT!r}")
    games = record.get("games")
    if not isinstance(games, list) or not games:
        raise RecordError("games: must be a non-empty list of paris-game/1 records")
    states: list[ParisState] = []
    for index, body in enumerate(games, start=1):
        where = f"games[{index - 1}]"
        if not isinstance(body, dict) or body.get("format") != GAME_FORMAT:
            raise RecordError(f"{where}: must be a {GAME_FORMAT} record")
        if states:
            before = states[-1]
            if not before.is_over:
                raise RecordError(f"games[{index - 2}]: not finished, yet another game follows")
            # The rotation is checked first: a wrong dealer makes the actions illegal too.
            if body.get("dealer") != before.loser:
                raise RecordError(
                    f"{where}: the dealer must be {before.loser}, the loser of the game before"
                )
        try:
            state = state_from_record(body)
        except RecordError as exc:
            raise RecordError(f"{where}: {exc}") from None
        if states and (state.players != states[-1].players or state.rules != states[-1].rules):
            raise RecordError(f"{where}: players and rules must match the session")
        states.append(state)
    match = ParisMatch(states[0].players, states[0].rules, states[0].dealer, len(states))
    match.states.extend(states)
    return match


def session_replay(record: Any) -> dict[str, Any]:
    """Where a session stands: ``{"games": [the replay object of each game, as
    paris-notation.md gives it for one game], "totals", "next_dealer"}``, shaped like a Paston
    game's replay with games for deals. ``totals``: per seat, minus the games lost;
    ``next_dealer``: the loser of the last game once it is over, else ``null``. (A record
    does not say how many games the session was to last, so it says nothing of its end.)"""
    match = session_from_record(record)
    last = match.current
    return {
        "games": [summary(state) for state in match.states],
        "totals": [int(t) for t in match.totals],
        "next_dealer": match.next_dealer if last is not None and last.is_over else None,
    }
