"""Any game of the platform in the terminal, knowing it only through the protocol.

:class:`ProtocolSession` plays a :class:`~paston.core.protocol.Match` using nothing but its
:class:`~paston.core.protocol.GameInfo`: the game's ``render_view`` draws the person's view,
``state.action_str`` names the legal actions, ``state.apply`` parses and checks what the person
types, ``public_action_text`` tells another seat's action as the person may know it (nothing is
shown that the person's view does not hold), and ``match.record`` writes the record. A game
with a terminal module of its own (:mod:`.paston`, :mod:`.paris`) gets richer narration; a new
game is playable with this one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from ..bots import Bot, make_bot
from ..core.errors import IllegalAction
from ..core.protocol import GameInfo, Match, State
from .console import choice_lines
from .session import BadInput, TerminalSession, as_yours, is_number

__all__ = ["ProtocolSession"]

HELP = """\
Type the number of a listed choice, or an action in the game's notation.
Commands: help, hint (a bot's advice), show (redraw), quit
(saves the game; continue later with: paston play --resume FILE)."""


class ProtocolSession(TerminalSession):
    """``match`` of the game ``info`` with a person at ``person`` and bots elsewhere."""

    help_text = HELP

    def __init__(
        self,
        info: GameInfo,
        match: Match,
        person: int,
        bots: Mapping[int, Bot],
        bot_specs: Mapping[int, str],
        console: Console,
        read_line: Callable[[str], str],
        save_path: Path,
        rng: random.Random,
        pause: float = 0.0,
        hint_bot: str | None = None,
        seed: int | None = None,
        names: list[str] | None = None,
    ) -> None:
        super().__init__(
            person,
            bots,
            console,
            read_line,
            save_path,
            pause=pause,
            hint_bot=hint_bot,
            seed=seed,
            names=names,
        )
        self.info = info
        self.title = info.title
        self.match = match
        self.bot_specs = dict(bot_specs)
        self.rng = rng
        self._state: State | None = None
        self._number = 0

    def intro(self) -> None:
        others = ", ".join(self.names[s] for s in range(self.match.players) if s != self.person)
        self.console.print(
            Text.assemble(
                (self.info.title, "bold"),
                f": you are seat {self.person}, playing {others}. Type 'help' for help.",
            )
        )
        self.console.print(f"The game record is saved to {self.save_path}", soft_wrap=True)

    def next_state(self) -> State | None:
        current = self.match.current
        if current is not None and not current.is_over:
            self.console.print(Text("Continuing the hand in progress.", style="bold"))
        elif self.match.over:
            return None
        else:
            current = self.match.next_state(self.rng)
            self._number += 1
            self.console.rule(Text(f"{self.info.title} · hand {self._number}", style="bold"))
        self._state = current
        return current

    def more_to_play(self) -> bool:
        return not self.match.over

    def snapshot(self, state: State) -> str:
        return state.phase

    def narrate(self, state: State, before: Any, seat: int, action: int) -> None:
        style = "bold" if seat == self.person else ""
        self.console.print(
            Text(f"{self.names[seat]}: {self.told(state, before, seat, action)}", style=style)
        )

    def told(self, state: State, phase: str, seat: int, action: int) -> str:
        """What the person may know of ``seat``'s ``action``: their own action as written;
        another seat's as the game says the person sees it (a face-down discard names no
        card). A game that does not say gets only the phase told, never the action string."""
        if seat == self.person:
            return state.action_str(action)
        public = self.info.public_action_text
        if public is None:
            return f"acts ({phase})"
        return public(state, seat, action, self.person)

    def draw(self, state: State, view: Any) -> None:
        out = self.console
        out.print()
        out.print(self.info.render_view(view), markup=False, highlight=False)
        out.print(Text(f"Your turn ({state.phase})", style="bold"))
        labels = [Text(state.action_str(a)) for a in view.legal]
        for line in choice_lines(labels, max(40, min(out.width, 100) - 2)):
            out.print(line, no_wrap=True, overflow="ignore", crop=False)

    def prompt(self, view: Any) -> str:
        return f"{self.info.name}> "

    def take(self, command: str, state: State, view: Any) -> int:
        legal = list(view.legal)
        words = command.split()
        if len(words) == 1 and is_number(words[0]):
            number = int(words[0])
            if not 1 <= number <= len(legal):
                raise BadInput(f"Choose a number from 1 to {len(legal)}.")
            action = legal[number - 1]
            state.apply(action)
            return int(action)
        try:
            action = state.parse_action(command)
            state.apply(action)
        except IllegalAction as exc:
            names = ", ".join(state.action_str(a) for a in legal[:8])
            more = f", … ({len(legal)} in all)" if len(legal) > 8 else ""
            raise BadInput(
                f'Not allowed: "{command}": {as_yours(exc.reason, self.person)}. '
                f"Legal: {names}{more}"
            ) from None
        return int(action)

    def action_label(self, action: int, view: Any) -> Text:
        assert self._state is not None
        return Text(self._state.action_str(action))

    def make_hint_bot(self) -> Bot:
        spec = self.hint_spec or self.info.default_bot
        return make_bot(spec, seed=self.seed, game=self.info.name)

    def state_over(self, state: State) -> None:
        result = ", ".join(f"{self.names[s]} {value:+g}" for s, value in enumerate(state.result()))
        self.console.rule(Text(f"Hand {self._number} is over: {result}", style="bold"))
        self.console.print(
            self.info.render_view(state.view(self.person)), markup=False, highlight=False
        )

    def match_over(self) -> None:
        totals = ", ".join(f"{self.names[s]} {t:+g}" for s, t in enumerate(self.match.totals))
        self.console.print(Text(f"Game over. Totals: {totals}", style="bold"))

    def record(self) -> dict[str, Any]:
        result = list(self.match.totals) if self.match.over else None
        return self.match.record(self.record_meta(self.match.players, result))
