"""The game-independent terminal loop: a person at one seat, bots at the others.

:class:`TerminalSession` runs the states of a match one after another over the game protocol
(``to_act``, ``view(seat)``, ``apply``): it asks the person or a bot for each action, handles
the commands every game shares (``help``, ``hint``, ``show``, ``quit``), survives a failing
bot or hint bot (one line, and the game goes on), and saves the record after every state, at
the end, on ``quit``, at the end of input and on Ctrl-C. On a terminal any key skips the bots'
pauses up to the person's next decision, and the end of a state waits for a key so that its
summary can be read; an action the person has no choice about is played for them unless
``auto_play`` is off. Everything a game draws or parses comes from the subclass
:class:`~paston.terminal.generic.GameSession`, which asks the game's terminal hooks (each
game's ``terminal`` module, wiring its own text rendering).

The person only ever sees what their seat may know: a subclass draws from
``state.view(person)`` while a state is in progress.
"""

from __future__ import annotations

import contextlib
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..bots import Bot
from ..core.meta import STANDARD_TAGS, MetaError, build_meta, check_meta
from ..i18n import t
from .console import Keys, write_json_atomically

__all__ = ["YOU", "BadInput", "TerminalSession", "as_yours", "is_number"]

#: The person's name at the table (the games' text modules make verbs agree with it).
YOU = "You"

QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?", "h")
SHOW_WORDS = ("show", "board", "look", "hand", "status")
#: The most choices a hint lists (one line each): it must leave the hand on a 24-line screen.
HINT_ROWS = 5
#: The rows of the smallest terminal the session is drawn for (80×24).
SCREEN_ROWS = 24


def as_yours(message: str, person: int) -> str:
    """An engine's message as the person reads it: ``seat 0's hand`` is ``your hand``.

    >>> as_yours("7H is not in seat 0's hand", 0), as_yours("seat 1's turn", 0)
    ('7H is not in your hand', "seat 1's turn")
    """
    return message.replace(f"seat {person}'s ", "your ")


def is_number(word: str) -> bool:
    """A choice number as typed: ASCII digits only (``str.isdigit`` also accepts ``²`` and
    other digits ``int`` refuses)."""
    return word.isascii() and word.isdigit()


class BadInput(Exception):
    """A line the person typed that is not a legal action; the message is shown as is."""


class _Quit(Exception):
    """The person typed quit."""


class TerminalSession(ABC):
    """Plays a match with a person at ``person`` and ``bots`` at the other seats.

    ``read_line(prompt)`` returns one line typed by the person and raises ``EOFError`` at
    the end of input; ``pause`` is the delay after each bot action (0 for none).
    ``keys`` (a terminal's key presses, or ``None`` for a script) lets a key skip the pauses
    and makes the end of each state wait for a key; ``auto_play`` plays forced actions.
    """

    #: The game's title, used in messages.
    title: str = "game"
    #: Shown for ``help``.
    help_text: str = ""

    def __init__(
        self,
        person: int,
        bots: Mapping[int, Bot],
        console: Console,
        read_line: Callable[[str], str],
        save_path: Path,
        pause: float = 0.0,
        hint_bot: str | None = None,
        seed: int | None = None,
        names: list[str] | None = None,
    ) -> None:
        self.person = person
        self.bots = dict(bots)
        self.console = console
        self.read_line = read_line
        self.save_path = save_path
        self.pause = pause
        self.hint_spec = hint_bot
        self.seed = seed
        self._hint_bot: Bot | None = None
        #: The spec each bot was made from (the record's ``meta.bots``); games set theirs.
        self.bot_specs: dict[int, str] = {s: b.name for s, b in self.bots.items()}
        #: The ``meta`` of the record this session resumed (its date and tags are kept).
        self.earlier_meta: Mapping[str, Any] = {}
        self.keys: Keys | None = None
        self.auto_play = True
        #: Rows the last picture drawn for the person took (a hint fits under it).
        self.drawn_rows = 0
        #: Hands dealt in this match so far, the saved game's included (``meta.hands``): a
        #: hand's default title counts on from them after ``--resume``.
        self.hands_dealt = 0
        #: A key was pressed during the bots' pauses: no more pauses until the person acts.
        self._skipping = False
        players = len(self.bots) + 1
        self.names = names or [
            YOU if s == person else f"{self.bots[s].name}-{s}" for s in range(players)
        ]

    # ----------------------------------------------------------------- what a game supplies

    @abstractmethod
    def intro(self) -> None:
        """Say what is being played, by whom, and where the record goes."""

    @abstractmethod
    def next_state(self) -> Any | None:
        """The state to play next (announced), or ``None`` once the match is over."""

    @abstractmethod
    def snapshot(self, state: Any) -> Any:
        """What :meth:`narrate` needs to know from before an action (the person's view)."""

    @abstractmethod
    def narrate(self, state: Any, before: Any, seat: int, action: int) -> None:
        """Say what ``seat`` just did, as the person sees it."""

    @abstractmethod
    def draw(self, state: Any, view: Any) -> None:
        """Draw the person's view and the numbered choices before their action."""

    @abstractmethod
    def prompt(self, view: Any) -> str:
        """The prompt for the person's action; it ends in ``"> "`` (scripts wait for it)."""

    @abstractmethod
    def take(self, command: str, state: Any, view: Any) -> int:
        """Parse the person's line and apply it to ``state``; the action id taken.
        Raises :class:`BadInput` with a one-line reason (what was wrong, what is legal)."""

    @abstractmethod
    def action_label(self, action: int, view: Any) -> Text:
        """An action id as the person reads it (in hints)."""

    @abstractmethod
    def state_over(self, state: Any) -> None:
        """Show how a finished state ended (every card may be shown now)."""

    @abstractmethod
    def match_over(self) -> None:
        """Show the final result."""

    @abstractmethod
    def record(self) -> dict[str, Any]:
        """The record of the match so far."""

    @abstractmethod
    def make_hint_bot(self) -> Bot:
        """The bot asked by ``hint``."""

    def watching(self, state: Any) -> bool:
        """Whether the person still follows the play (bot actions are paused for them)."""
        return True

    def extra_command(self, command: str, view: Any) -> bool:
        """Handle a game's own command (``command`` is lower case); ``True`` if it was one."""
        return False

    def forced(self, view: Any) -> int | None:
        """The action the person has no choice about (the only legal card), else ``None``."""
        return None

    def choice_of(self, action: int, view: Any) -> str:
        """What the person types to take ``action`` from the listed choices (its number)."""
        legal = list(view.legal)
        return str(legal.index(action) + 1) if action in legal else ""

    def more_to_play(self) -> bool:
        """Whether another state follows the one just over (the end of a deal waits for a
        key only then)."""
        return False

    # ----------------------------------------------------------------- the loop

    def run(self) -> int:
        """Play to the end of the match (or until quit); returns the exit status."""
        out = self.console
        try:
            self.intro()
            while (state := self.next_state()) is not None:
                self._play_state(state)
                self._skipping = False
                self.state_over(state)
                self._autosave()
                if self.keys is not None and self.more_to_play():
                    self._wait_for_key()
            self.match_over()
            self._save_and_say(t("term.saved_end", "Game record saved to {path}."), resume=False)
            return 0
        except _Quit:
            self._save_and_say(t("term.saved_quit", "Game saved to {path}."), resume=True)
            return 0
        except EOFError:
            out.print()
            lead = t("term.saved_eof", "End of input: game saved to {path}.")
            self._save_and_say(lead, resume=True)
            return 0
        except KeyboardInterrupt:
            out.print()
            lead = t("term.saved_interrupt", "Interrupted: game saved to {path}.")
            self._save_and_say(lead, resume=True)
            return 130
        finally:
            for bot in self.bots.values():
                bot.close()
            if self._hint_bot is not None:
                self._hint_bot.close()

    def _play_state(self, state: Any) -> None:
        while state.to_act is not None:
            seat: int = state.to_act
            before = self.snapshot(state)
            if seat == self.person:
                action = self._person_turn(state)
            else:
                action = self._bot_turn(state, seat)
            self.narrate(state, before, seat, action)

    def _bot_turn(self, state: Any, seat: int) -> int:
        view = state.view(seat)
        # A broken bot (an external program that died, a bug) must not end the person's
        # game: say what went wrong and play a legal action for it.
        try:
            action = self.bots[seat].act(view)
            illegal = t("term.bot_illegal", "chose an illegal action")
            problem = None if action in view.legal else illegal
        except Exception as exc:
            problem = t("term.bot_error", "failed ({error})", error=f"{type(exc).__name__}: {exc}")
        if problem is not None:
            line = t(
                "term.bot_failed",
                "({name} {problem}; playing a legal action for it)",
                name=self.names[seat],
                problem=problem,
            )
            self.console.print(Text(line, "red"), soft_wrap=True)
            action = view.legal[0]
        state.apply(action)
        if self.pause > 0 and self.watching(state) and not self._skipping:
            if self.keys is None:
                time.sleep(self.pause)
            elif self.keys.pause(self.pause) is not None:
                self._skipping = True
        return int(action)

    def _wait_for_key(self) -> None:
        """Hold the summary of a finished state on screen until the person has read it."""
        assert self.keys is not None
        self.console.print(
            Text(t("term.press_key", "Press any key to go on (q to quit)."), style="dim")
        )
        key = self.keys.wait()
        if key.strip().lower() == "q":
            raise _Quit

    def _person_turn(self, state: Any) -> int:
        self._skipping = False
        view = state.view(self.person)
        forced = self.forced(view) if self.auto_play else None
        if forced is not None:
            label = self.action_label(forced, view)
            state.apply(forced)
            self.console.print(
                Text.assemble(
                    "(", label, t("term.forced", ": your only legal choice, played for you"), ")"
                ),
                style="dim",
            )
            return int(forced)
        self.draw(state, view)
        prompt = self.prompt(view)
        while True:
            command = self.read_line(prompt).strip()
            lower = command.lower()
            if not command:
                self.console.print(t("term.type_action", "Type an action, a number, or 'help'."))
                continue
            if lower in QUIT_WORDS:
                raise _Quit
            if lower in HELP_WORDS:
                self.console.print(self.help_text)
                continue
            if lower == "hint":
                self._hint(view)
                continue
            if lower in SHOW_WORDS:
                self.draw(state, view)
                continue
            if self.extra_command(lower, view):
                continue
            try:
                return self.take(command, state, view)
            except BadInput as exc:
                # One line, never wrapped: a script (or a screen reader) reads it whole.
                self.console.print(Text(" ".join(str(exc).split()), style="red"), soft_wrap=True)

    def _hint(self, view: Any) -> None:
        # A hint is a convenience: a bot that fails to give one must not end the game.
        try:
            if self._hint_bot is None:
                self._hint_bot = self.make_hint_bot()
            choices = self._hint_bot.explain(view)
        except Exception as exc:
            error = f"{type(exc).__name__}: {exc}"
            self.console.print(
                Text(t("term.no_hint", "No hint available ({error})", error=error), style="red"),
                soft_wrap=True,
            )
            return
        # Best first; the first column is what to type for each (the listed choice's
        # number), never a rank that could be mistaken for one. One line per choice, as many
        # as leave the picture drawn above (``drawn_rows``) on a 24-line screen with the
        # prompts; under a tall picture (a table of nine) the best three on one line.
        title = t("term.hint_from", "Hint from {bot} (best first)", bot=self._hint_bot.name)
        room = SCREEN_ROWS - self.drawn_rows - 2  # the prompt above and the one below
        shown = min(HINT_ROWS, len(choices))
        # The title, the header, the rows and "and N more" under them.
        while shown > 0 and 2 + shown + (len(choices) > shown) > room:
            shown -= 1
        if shown < 2:
            best = " · ".join(
                f"{self.choice_of(c.action, view)}: {self.action_label(c.action, view).plain}"
                f" ({c.value:.2f})"
                for c in choices[:3]
            )
            self.console.print(Text(f"{title}: {best}"), overflow="ellipsis", no_wrap=True)
            return
        table = Table(
            title=title,
            title_justify="left",
            box=None,
            pad_edge=False,
            min_width=min(cell_len(title), self.console.width),
        )
        table.add_column(t("term.hint.type", "type"), justify="right", no_wrap=True)
        table.add_column(t("term.hint.action", "action"), no_wrap=True)
        table.add_column(t("term.hint.value", "value"), justify="right", no_wrap=True)
        table.add_column(t("term.hint.why", "why"), no_wrap=True, overflow="ellipsis")
        for choice in choices[:shown]:
            table.add_row(
                self.choice_of(choice.action, view),
                self.action_label(choice.action, view),
                f"{choice.value:.2f}",
                choice.reason,
            )
        if len(choices) > shown:
            table.caption = t("term.hint.more", "and {n} more", n=len(choices) - shown)
            table.caption_justify = "left"
        self.console.print(table)

    # ----------------------------------------------------------------- saving

    def record_meta(self, seats: int, result: Sequence[float] | None) -> dict[str, Any]:
        """The record's ``meta``: the names, the person's seat and the bots (from which
        ``--resume`` seats everyone again), the day the game began, and the result once over.
        Tags of the resumed record that this session does not set (an event, a site) stay."""
        earlier = dict(self.earlier_meta) if isinstance(self.earlier_meta, Mapping) else {}
        date: Any = "today"
        if "date" in earlier:
            # A date that is not ISO 8601 is not carried on (the record must stay valid).
            with contextlib.suppress(MetaError):
                date = check_meta({"date": earlier["date"]})["date"]
        meta = build_meta(
            seats=seats,
            players=self.names,
            date=date,
            bots=[self.bot_specs.get(s) for s in range(seats)],
            result=result,
            extra={"person": self.person, "hands": self.hands_dealt},
        )
        kept = {
            k: v
            for k, v in earlier.items()
            if isinstance(k, str)
            and (k not in STANDARD_TAGS or k in ("event", "site"))
            and k not in ("person", "hands")
        }
        return {**kept, **meta}

    def _autosave(self) -> None:
        """Save between states; a failure is reported but does not stop the game."""
        try:
            self.save()
        except OSError as exc:
            self.console.print(
                Text(
                    t(
                        "term.save_failed",
                        "Could not save to {path}: {error}",
                        path=self.save_path,
                        error=exc.strerror or exc,
                    ),
                    style="red",
                ),
                soft_wrap=True,
            )

    def _save_and_say(self, lead: str, resume: bool) -> None:
        """Save the record on the way out and say where (``lead``, whose ``{path}`` is the
        file) and how to continue."""
        try:
            path = self.save()
        except OSError as exc:
            self.console.print(
                Text(
                    t(
                        "term.save_failed",
                        "Could not save to {path}: {error}",
                        path=self.save_path,
                        error=exc.strerror or exc,
                    ),
                    style="red",
                ),
                soft_wrap=True,
            )
            return
        message = lead.replace("{path}", str(path))
        if resume:
            message += " " + t(
                "term.continue_with", "Continue with: paston play --resume {path}", path=path
            )
        self.console.print(message, soft_wrap=True)

    def save(self) -> Path:
        """Write the record (atomically: a crash never leaves half a file)."""
        return write_json_atomically(self.save_path, self.record())
