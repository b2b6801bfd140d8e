"""The protocol every game of the platform implements, and the descriptor front-ends read.

Front-ends (server, browser, terminal, arena, analysis, research adapters, record tools) know
a game only through :class:`GameInfo` and the :class:`State` / :class:`View` / :class:`Match`
protocols below; everything a game knows lives in its own package under ``paston.games``.

Vocabulary:

* a **state** is one hand played out: a Paston or Paskievics *deal*, a whole Paris *game*;
* a **match** is a sequence of states with running totals: a Paston game to 121, a
  Paskievics game of N deals, a Paris session of several games;
* an **action** is a small integer id, fixed per game (``num_actions``), with one canonical
  string in the game's notation (``state.action_str``) and a parser (``state.parse_action``);
* a **view** is what one seat may know, nothing more; bots receive views, never states.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol, Self, runtime_checkable

from .hooks import HookSource, MissingHooks
from .hooks.analysis import AnalysisHooks
from .hooks.play import BotInfo, PlayHooks
from .hooks.research import ResearchHooks
from .hooks.sampling import SamplingHooks
from .hooks.table import TableHooks
from .hooks.terminal import TerminalHooks
from .hooks.web import WebHooks

__all__ = [
    "BotInfo",
    "FlagInfo",
    "GameInfo",
    "HookSource",
    "Match",
    "MissingHooks",
    "State",
    "View",
]


@runtime_checkable
class View(Protocol):
    """One seat's knowledge of a state. ``legal`` is non-empty only for the seat to act.

    ``to_json()`` holds ``"legal"``: the canonical strings of ``legal``, in the same order
    (external ``cmd:`` bots pair ids and strings through it, for any game).
    """

    @property
    def seat(self) -> int: ...

    @property
    def legal(self) -> tuple[int, ...]: ...

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data, cards and actions in the game's notation."""
        ...


@runtime_checkable
class State(Protocol):
    """One hand of a game as a state machine with undo."""

    @property
    def players(self) -> int:
        """The number of seats that take part (seats are ``0 … players-1``)."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is; ``None`` once the state is over."""
        ...

    @property
    def phase(self) -> str: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[int]: ...

    def apply(self, action: int | str) -> None:
        """Take an action (id, or a string in the notation); raises ``IllegalAction``."""
        ...

    def undo(self) -> int:
        """Take back the last action and return it."""
        ...

    def copy(self) -> Self: ...

    def view(self, seat: int) -> View: ...

    def action_str(self, action: int) -> str:
        """The canonical notation of an action id."""
        ...

    def parse_action(self, text: str) -> int:
        """The id of an action written in the notation; raises ``IllegalAction``
        (reason starting ``unparsable``) for a string that is not an action."""
        ...

    def result(self) -> tuple[float, ...]:
        """Per seat, what this hand adds to the match totals (zeros while not over)."""
        ...


@runtime_checkable
class Match(Protocol):
    """Several states in a row, with running totals and an end."""

    @property
    def players(self) -> int: ...

    @property
    def current(self) -> State | None:
        """The hand in progress; ``None`` before the first. Between hands a match may give
        the hand just finished or ``None`` (Paston's ``Game`` gives ``None``): check
        ``is_over``, and keep the state :meth:`next_state` returned to look at a hand."""
        ...

    @property
    def over(self) -> bool: ...

    @property
    def totals(self) -> tuple[float, ...]: ...

    def next_state(self, rng: random.Random) -> State:
        """Deal the next hand with ``rng`` (a CSPRNG at live tables, seeded for tests and
        arenas: the same generator state deals the same hand). The hand may be over at once
        (a Paston redeal); the match then deals again on the next call."""
        ...

    def record(self, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The match (every hand so far) as a record of the game's notation."""
        ...


@dataclass(frozen=True, slots=True)
class FlagInfo:
    """One variant flag as a lobby, a ``--rule`` option or a rules page shows it."""

    name: str
    default: Any
    #: ``bool``, ``int`` or ``choice``.
    kind: str
    #: One line in plain language: what changes when the flag is set.
    help: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    #: The flag is the table's seat count under another name (a game whose rules carry the
    #: number of players): front-ends offer no control of their own for it (the seat count is
    #: the one control), and a table's rules always carry the seat count in it.
    follows_seats: bool = False


@dataclass(frozen=True)
class GameInfo:
    """Everything a front-end needs to know about one game."""

    #: Short identifier, used in ``--game``, URLs, the registry (``paston``, ``paris``).
    name: str
    title: str
    #: One paragraph for the lobby and ``--help``.
    summary: str
    #: The seat counts a table of this game may have.
    seat_counts: tuple[int, ...]
    default_seats: int
    #: Record formats this game reads (``paston-deal/1``, ``paris-game/1`` …).
    formats: tuple[str, ...]
    flags: tuple[FlagInfo, ...]
    #: Validate a ``rules`` mapping (only non-default flags need be given); raises RuleError.
    parse_rules: Callable[[Mapping[str, Any]], Any]
    #: ``new_match(seats, rules, dealer, **options)``.
    new_match: Callable[..., Match]
    #: ``paston replay`` for this game's records: the JSON object of the notation.
    replay: Callable[[dict[str, Any]], dict[str, Any]]
    #: Rebuild a match (or a single state) from a record of one of ``formats``.
    load_record: Callable[[dict[str, Any]], Any]
    #: Number of distinct action ids (research adapters size their masks with it).
    num_actions: int
    #: Where the game's hook groups come from (see :mod:`paston.core.hooks`).
    hooks: HookSource = field(default_factory=HookSource)

    def offers(self, group: str) -> bool:
        """Whether the game has hook group ``group`` (``"research"`` …)."""
        return self.hooks.loader(group) is not None

    def _group(self, group: str) -> Any:
        loader = self.hooks.loader(group)
        if loader is None:
            raise MissingHooks(f"game {self.name!r} offers no {group} hooks")
        return loader()

    @cached_property
    def table(self) -> TableHooks:
        """The server's hooks (loaded on first use)."""
        hooks: TableHooks = self._group("table")
        return hooks

    @cached_property
    def play(self) -> PlayHooks:
        """Bots, levels and ratings (loaded on first use)."""
        hooks: PlayHooks = self._group("play")
        return hooks

    @cached_property
    def terminal(self) -> TerminalHooks:
        """The terminal's text (loaded on first use)."""
        hooks: TerminalHooks = self._group("terminal")
        return hooks

    @cached_property
    def research(self) -> ResearchHooks:
        """Tensor encoders for the research adapters (loaded on first use)."""
        hooks: ResearchHooks = self._group("research")
        return hooks

    @cached_property
    def sampling(self) -> SamplingHooks:
        """Worlds consistent with a seat's view (loaded on first use)."""
        hooks: SamplingHooks = self._group("sampling")
        return hooks

    @cached_property
    def analysis(self) -> AnalysisHooks:
        """The analysis evaluator (loaded on first use)."""
        hooks: AnalysisHooks = self._group("analysis")
        return hooks

    @cached_property
    def web(self) -> WebHooks:
        """The browser's assets and words (loaded on first use)."""
        hooks: WebHooks = self._group("web")
        return hooks

    def flag(self, name: str) -> FlagInfo | None:
        return next((f for f in self.flags if f.name == name), None)
