"""The interactive terminal game: one person against two bots, a whole game to the target.

The person only ever sees what their seat may know: every picture during a deal is drawn
from ``deal.view(person)``; all hands are shown only once a deal is over. The game record is
saved after every deal, at the end, on ``quit``, on end of input and on Ctrl-C, so that
``paston play --resume FILE`` can continue it.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..bots import Bot, make_bot
from ..core.errors import IllegalAction
from ..games.paston.actions import (
    CONTRACT_NAMES,
    ActionParseError,
    discard_action,
    parse_action,
)
from ..games.paston.cards import CardError, parse_card
from ..games.paston.deal import Deal
from ..games.paston.game import Game
from ..games.paston.record import game_record
from ..games.paston.text import (
    REDEAL_REASONS,
    action_text,
    card_text,
    deal_renderable,
    hand_text,
    picture_of_view,
    result_text,
    score_bars,
    score_sheet,
    sheet_rows,
    trick_text,
    view_status,
)
from ..games.paston.view import SeatView

__all__ = ["PROMPTS", "TerminalSession", "choice_lines"]

#: The prompt of each phase; every prompt ends in ``"> "`` (scripts wait for it).
PROMPTS = {
    "bidding": "bid> ",
    "exchange": "discard> ",
    "declare": "declare> ",
    "defence": "whist> ",
    "play": "play> ",
}

HELP = """\
Type an action in the notation, or the number of a listed choice:
  bidding    pass, paston, glitch, dineri, gupa, grkha
  exchange   discard 7C 8C   (or two numbers of the listed cards, e.g. 3 7)
  declare    declare gupa (or just gupa), surrender
  defence    whist, pass
  play       a card: QH, qh, 10♥, th
Commands: help, hint (a bot's advice), score (the score sheet), show (redraw), quit
(saves the game; continue later with: paston play --resume FILE)."""

_QUIT_WORDS = ("quit", "exit", "q")
_HELP_WORDS = ("help", "?", "h")
_SCORE_WORDS = ("score", "scores", "sheet")
_SHOW_WORDS = ("show", "board", "look", "hand", "status")


class _Quit(Exception):
    """The person typed quit."""


def choice_lines(labels: Sequence[Text], width: int) -> list[Text]:
    """``[n] label`` items packed into lines no wider than ``width`` (an item is never split,
    so a script can read the numbers back)."""
    lines: list[Text] = []
    line = Text()
    digits = len(str(len(labels)))
    for n, label in enumerate(labels, start=1):
        item = Text.assemble((f"[{n:>{digits}}] ", "cyan"), label)
        if line.cell_len and line.cell_len + 3 + item.cell_len > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append("   ")
        line.append(item)
    if line.cell_len:
        lines.append(line)
    return lines


class TerminalSession:
    """Plays ``game`` with a person at ``person`` and ``bots`` at the other seats.

    ``read_line(prompt)`` returns one line typed by the person and raises ``EOFError`` at
    the end of input; ``pause`` is the delay after each bot action (0 for none).
    """

    def __init__(
        self,
        game: Game,
        person: int,
        bots: dict[int, Bot],
        console: Console,
        read_line: Callable[[str], str],
        save_path: Path,
        pause: float = 0.0,
        hint_bot: str | None = None,
        seed: int | None = None,
    ) -> None:
        self.game = game
        self.person = person
        self.bots = bots
        self.console = console
        self.read_line = read_line
        self.save_path = save_path
        self.pause = pause
        self.hint_spec = hint_bot
        self.seed = seed
        self._hint_bot: Bot | None = None
        self.names = ["You" if s == person else f"{bots[s].name}-{s}" for s in range(3)]

    # ----------------------------------------------------------------- the game

    def run(self) -> int:
        """Play to the end of the game (or until quit); returns the exit status."""
        out = self.console
        try:
            self._intro()
            while not self.game.over:
                deal = self.game.current
                number = self.game.deal_number
                if deal is None:
                    deal = self.game.new_deal()
                    self._announce(deal, number)
                    if deal.is_over:  # thrown in at once: a redeal
                        self._redeal(deal)
                        continue
                else:
                    out.print(Text(f"Continuing deal {number}.", style="bold"))
                self._play_deal(deal)
                self._deal_over(deal, number)
                self._autosave()
            out.print(result_text(self.game, self.names))
            self._save_and_say("Game record saved", resume=False)
            return 0
        except _Quit:
            self._save_and_say("Game saved", resume=True)
            return 0
        except EOFError:
            out.print()
            self._save_and_say("End of input: game saved", resume=True)
            return 0
        except KeyboardInterrupt:
            out.print()
            self._save_and_say("Interrupted: game saved", resume=True)
            return 130
        finally:
            for bot in self.bots.values():
                bot.close()
            if self._hint_bot is not None:
                self._hint_bot.close()

    def _intro(self) -> None:
        others = [self.names[s] for s in range(3) if s != self.person]
        self.console.print(
            Text.assemble(
                ("Paston", "bold"),
                f": you are seat {self.person}, playing {others[0]} and {others[1]}; first to "
                f"{self.game.rules.target} wins. Type 'help' for help.",
            )
        )
        self.console.print(f"The game record is saved to {self.save_path}", soft_wrap=True)

    def _announce(self, deal: Deal, number: int) -> None:
        view = deal.view(self.person)
        self.console.rule(
            Text(f"Deal {number} · dealer {self.names[deal.dealer]}", style="bold"), style="cyan"
        )
        self.console.print(Text.assemble(("Your hand  ", "cyan"), hand_text(view.hand)))

    def _redeal(self, deal: Deal) -> None:
        view = deal.view(self.person)
        self.console.print(
            Text(
                f"Thrown in ({REDEAL_REASONS.get(view.redeal or '', view.redeal)}): "
                f"{self.names[deal.dealer]} deals again.",
                style="yellow",
            )
        )
        for seat, cards in sorted(view.open_hands.items()):
            self.console.print(Text.assemble(f"  {self.names[seat]} shows ", hand_text(cards)))
        self._autosave()

    def _play_deal(self, deal: Deal) -> None:
        while deal.to_act is not None:
            seat = deal.to_act
            before = deal.view(self.person)
            if seat == self.person:
                self._person_turn(deal)
            else:
                self._bot_turn(deal, seat)
            self._narrate(deal, before)

    def _bot_turn(self, deal: Deal, seat: int) -> None:
        view = deal.view(seat)
        # A broken bot (an external program that died, a bug) must not end the person's
        # game: say what went wrong and play a legal action for it.
        try:
            action = self.bots[seat].act(view)
            problem = None if action in view.legal else "chose an illegal action"
        except Exception as exc:
            problem = f"failed ({type(exc).__name__}: {exc})"
        if problem is not None:
            self.console.print(
                Text(f"({self.names[seat]} {problem}; playing a legal action for it)", "red")
            )
            action = view.legal[0]
        deal.apply(action)
        if self.pause > 0:
            time.sleep(self.pause)

    def _narrate(self, deal: Deal, before: SeatView) -> None:
        """Say what just happened, as the person sees it."""
        view = deal.view(self.person)
        seat, text = view.history[-1]
        who = self.names[seat]
        style = "bold" if seat == self.person else ""
        self.console.print(Text.assemble((f"{who}: ", style), action_text(text)))
        if before.declarer is None and view.declarer is not None:
            pic = picture_of_view(view)
            how = (
                "all passed; the marker card makes "
                if pic.all_pass
                else f"the auction ends at {CONTRACT_NAMES[pic.bid]}: "
            )
            self.console.print(
                Text.assemble(how, (self.names[pic.declarer or 0], "bold"), " declarer")
            )
        if len(view.tricks) > len(before.tricks):
            trick = view.tricks[-1]
            self.console.print(
                Text.assemble(
                    (f"  trick {len(view.tricks)}: ", "cyan"), trick_text(trick, self.names)
                )
            )

    # ----------------------------------------------------------------- the person's turn

    def _person_turn(self, deal: Deal) -> None:
        view = deal.view(self.person)
        self._draw(view)
        prompt = PROMPTS.get(view.phase, "> ")
        while True:
            line = self.read_line(prompt)
            command = line.strip()
            lower = command.lower()
            if not command:
                self.console.print("Type an action, a number, or 'help'.")
                continue
            if lower in _QUIT_WORDS:
                raise _Quit
            if lower in _HELP_WORDS:
                self.console.print(HELP)
                continue
            if lower == "hint":
                self._hint(view)
                continue
            if lower in _SCORE_WORDS:
                self.show_sheet()
                continue
            if lower in _SHOW_WORDS:
                self._draw(view)
                continue
            try:
                action = self._parse(command, view)
                deal.apply(action)
            except (IllegalAction, ActionParseError, CardError) as exc:
                self.console.print(Text(f"Not allowed: {exc}", style="red"))
                continue
            except ValueError as exc:
                self.console.print(Text(str(exc), style="red"))
                continue
            return

    def _choices(self, view: SeatView) -> list[int]:
        """What the listed numbers stand for: the cards in hand while discarding, else the
        legal actions."""
        if view.phase == "exchange":
            return list(view.hand)
        return list(view.legal)

    def _parse(self, command: str, view: SeatView) -> int | str:
        words = command.replace(",", " ").split()
        choices = self._choices(view)
        if all(w.isdigit() for w in words):
            numbers = [int(w) for w in words]
            bad = [n for n in numbers if not 1 <= n <= len(choices)]
            if bad:
                raise ValueError(f"choose a number from 1 to {len(choices)}")
            if view.phase == "exchange":
                if len(numbers) != 2 or numbers[0] == numbers[1]:
                    raise ValueError("name two different cards to discard, e.g. 3 7")
                return discard_action(choices[numbers[0] - 1], choices[numbers[1] - 1])
            if len(numbers) != 1:
                raise ValueError("type one number")
            return choices[numbers[0] - 1]
        lower = [w.lower() for w in words]
        if view.phase == "exchange":
            cards = words[1:] if lower[0] == "discard" else words
            if len(cards) != 2:
                raise ValueError("name the two cards to discard, e.g. discard 7C 8C")
            a, b = parse_card(cards[0]), parse_card(cards[1])
            if a == b:
                raise ValueError("the two discards must be different cards")
            return discard_action(a, b)
        if view.phase == "declare" and len(words) == 1 and lower[0] in CONTRACT_NAMES[1:]:
            return "declare " + lower[0]
        parse_action(command)  # raises ActionParseError with the notation's explanation
        return command

    def _draw(self, view: SeatView) -> None:
        out = self.console
        out.print()
        totals = " · ".join(f"{self.names[s]} {self.game.totals[s]}" for s in range(3))
        out.print(Text(f"Totals: {totals}", style="dim"))
        out.print(view_status(view, self.names, title=f"Deal {self.game.deal_number}"))
        labels: list[Text]
        if view.phase == "exchange":
            labels = [card_text(c) for c in view.hand]
            out.print(
                Text(
                    "Your turn: discard two cards (two numbers, e.g. 3 7, or 'discard 7C 8C')",
                    style="bold",
                )
            )
        else:
            labels = [action_text(a) for a in view.legal]
            what = {
                "bidding": "bid or pass",
                "declare": "declare a contract or surrender",
                "defence": "whist or pass",
                "play": "play a card",
            }.get(view.phase, view.phase)
            out.print(Text(f"Your turn: {what}", style="bold"))
        for line in choice_lines(labels, max(40, min(out.width, 100) - 2)):
            out.print(line, no_wrap=True, overflow="ignore", crop=False)

    def _hint(self, view: SeatView) -> None:
        if self._hint_bot is None:
            self._hint_bot = _make_hint_bot(self.hint_spec, self.seed)
        choices = self._hint_bot.explain(view)
        table = Table(title=f"Hint from {self._hint_bot.name}", title_justify="left")
        table.add_column("#", justify="right")
        table.add_column("action")
        table.add_column("value", justify="right")
        table.add_column("why")
        for n, choice in enumerate(choices[:10], start=1):
            table.add_row(str(n), action_text(choice.action), f"{choice.value:.2f}", choice.reason)
        if len(choices) > 10:
            table.caption = f"and {len(choices) - 10} more"
        self.console.print(table)

    # ----------------------------------------------------------------- between deals

    def _deal_over(self, deal: Deal, number: int) -> None:
        self.console.rule(Text(f"Deal {number} is over", style="bold"), style="cyan")
        self.console.print(
            deal_renderable(deal, self.names, title=f"Deal {number}", totals=self.game.totals)
        )
        self.show_sheet()

    def show_sheet(self) -> None:
        rows = sheet_rows(self.game, self.names)
        if rows:
            self.console.print(score_sheet(rows, self.names))
        self.console.print(score_bars(self.game.totals, self.game.rules.target, self.names))

    def _autosave(self) -> None:
        """Save between deals; a failure is reported but does not stop the game."""
        try:
            self._save()
        except OSError as exc:
            self.console.print(
                Text(f"Could not save to {self.save_path}: {exc.strerror or exc}", style="red"),
                soft_wrap=True,
            )

    def _save_and_say(self, lead: str, resume: bool) -> None:
        """Save the record on the way out and say where (and how to continue)."""
        try:
            path = self._save()
        except OSError as exc:
            self.console.print(
                Text(
                    f"Could not save the game to {self.save_path}: {exc.strerror or exc}",
                    style="red",
                ),
                soft_wrap=True,
            )
            return
        message = f"{lead} to {path}."
        if resume:
            message += f" Continue with: paston play --resume {path}"
        self.console.print(message, soft_wrap=True)

    def _save(self) -> Path:
        """Write the game record (atomically: a crash never leaves half a file)."""
        path = self.save_path
        text = json.dumps(game_record(self.game), indent=1) + "\n"
        folder = path.parent if str(path.parent) else Path(".")
        fd, tmp = tempfile.mkstemp(prefix=".paston-", suffix=".json", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path


def _make_hint_bot(spec: str | None, seed: int | None) -> Bot:
    if spec is not None:
        return make_bot(spec, seed=seed)
    # pimc's values are expected Paston points of the seat: the most telling hint.
    return make_bot("pimc", seed=seed)


def line_reader(console: Console) -> Callable[[str], str]:
    """Read the person's lines: rich's prompt on a terminal, plain lines otherwise (the
    prompt is still written, and the answer echoed so a transcript reads naturally)."""
    if sys.stdin.isatty():

        def read_tty(prompt: str) -> str:
            return console.input(Text(prompt, style="bold"))

        return read_tty

    def read_pipe(prompt: str) -> str:
        console.print(prompt, end="", markup=False, highlight=False)
        console.file.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        console.print(line.rstrip("\n"), markup=False, highlight=False)
        return line

    return read_pipe
