"""Every game of the platform in the terminal: one session, knowing a game only through its
:class:`~paston.core.protocol.GameInfo` and its terminal hooks.

:class:`GameSession` plays a :class:`~paston.core.protocol.Match`: the game's
:class:`~paston.core.hooks.terminal.TerminalHooks` draw the person's view, list and read the
choices, tell each action as the person may know it and sum up each hand; where a game leaves
a hook out the session falls back on the protocol (the notation's strings as numbered choices,
``state.parse_action`` for what is typed, ``public_action_text`` for another seat's action,
the totals for a score sheet). Narration reads the person's views only (before and after each
action): nothing is told that their seat may not know.

:class:`ProtocolSession` is the same loop with only the two hooks every game must give
(``render_view`` and ``public_action_text``): what a brand-new game gets before it writes any
other (the tests play every game through it too).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from ..bots import Bot, make_bot
from ..core.errors import IllegalAction
from ..core.hooks import MissingHooks
from ..core.hooks.terminal import InputError, TerminalHooks
from ..core.protocol import GameInfo, Match, State
from ..i18n import add_catalogues, t
from .console import choice_lines
from .session import BadInput, TerminalSession, as_yours, is_number

__all__ = ["COMMANDS", "GameSession", "ProtocolSession", "legal_summary", "terminal_hooks"]


def commands_text(score: bool) -> str:
    """The commands every game shares, as ``help`` lists them (``score`` only where there
    is a score sheet), in the player's language."""
    sheet = t("term.cmd.score", "score (the sheet), ") if score else ""
    return t(
        "term.commands",
        "Commands: help, hint (a bot's advice), {score}show (redraw),\n"
        "quit (saves the game; continue later with: paston play --resume FILE).",
        score=sheet,
    )


#: The commands' help in English (``commands_text`` in the player's language).
COMMANDS = commands_text(True)

_SCORE_WORDS = ("score", "scores", "sheet")
#: An engine's list of the legal actions inside its reason (``…; legal: pass, glitch``).
_ENGINE_LEGAL = re.compile(r"\s*[;,]?\s*legal: [^)]*")

#: How many legal actions an error line names before pointing at the numbered list.
_LEGAL_SHOWN = 8


def legal_summary(legal: Sequence[str]) -> str:
    """The legal actions for an error line: the first few, then how many in all.

    >>> legal_summary(["pass", "bid 1"])
    'pass, bid 1'
    >>> legal_summary([str(n) for n in range(10)])
    '0, 1, 2, 3, 4, 5, 6, 7, … (10 in all)'
    """
    if len(legal) <= _LEGAL_SHOWN:
        return ", ".join(legal)
    more = t("term.in_all", "({n} in all)", n=len(legal))
    return f"{', '.join(legal[:_LEGAL_SHOWN])}, … {more}"


def _json_view(view: Any, names: Sequence[str], match: Any) -> str:
    """A view with no picture of its own: its JSON on one line."""
    return json.dumps(view.to_json(), separators=(",", ":"), ensure_ascii=False)


def _no_public_text(state: Any, actor: int, action: int, viewer: int) -> str:
    """A game that does not say what others may know of an action: only that one was taken."""
    return t("term.acts", "acts")


def terminal_hooks(info: GameInfo) -> TerminalHooks:
    """The game's terminal hooks, or the protocol's least (its views as JSON, other seats'
    actions untold) for a game that offers none."""
    if info.offers("terminal"):
        return info.terminal
    return TerminalHooks(render_view=_json_view, public_action_text=_no_public_text)


class GameSession(TerminalSession):
    """``match`` of the game ``info`` with a person at ``person`` and bots elsewhere.

    ``bot_specs`` are the specs the bots were made from (the record's ``meta`` keeps them, so
    that ``--resume`` seats the same bots); ``rng`` deals the hands; ``seed``, when the match
    has no hand yet and the game deals seeded hands itself, deals the first one.
    """

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
        hooks: TerminalHooks | None = None,
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
        self.hooks = hooks if hooks is not None else terminal_hooks(info)
        if self.hooks.catalogues is not None:
            add_catalogues(self.hooks.catalogues)
        #: The game's title in the player's language (the catalogues' ``game.<name>.title``).
        self.title = t(f"game.{info.name}.title", info.title)
        self.match = match
        self.bot_specs = dict(bot_specs)
        self.rng = rng
        commands = commands_text(self.hooks.score_sheet is not None)
        # str(): a game's help may be a lazy text (terminal.words), in the player's language.
        game_help = str(self.hooks.help)
        self.help_text = f"{game_help.rstrip()}\n{commands}" if game_help else commands
        self._state: State | None = None
        #: The title of the hand in play (kept for its end: a match may count on by then).
        self._hand_name = ""

    # ----------------------------------------------------------------- hands

    def intro(self) -> None:
        seats = [self.names[s] for s in range(self.match.players) if s != self.person]
        if len(seats) == 2:
            others = t("term.two_names", "{a} and {b}", a=seats[0], b=seats[1])
        else:
            others = ", ".join(seats)
        goal = self.hooks.goal(self.match) + " " if self.hooks.goal is not None else ""
        line = t(
            "term.intro",
            ": you are seat {seat}, playing {others}. {goal}Type 'help' for help.",
            seat=self.person,
            others=others,
            goal=goal,
        )
        self.console.print(Text.assemble((self.title, "bold"), line))
        self.console.print(
            t("term.saved_to", "The game record is saved to {path}", path=self.save_path),
            soft_wrap=True,
        )

    def _title(self) -> str:
        if self.hooks.hand_title is not None:
            return self.hooks.hand_title(self.match)
        return t("term.hand", "Hand {n}", n=self.hands_dealt)

    def _count_saved_hands(self) -> None:
        """After ``--resume``: the hands the saved game had dealt (its ``meta.hands``, else
        at least the one in it), so that the next hand's number counts on."""
        if self.hands_dealt or self.match.current is None:
            return
        saved = self.earlier_meta.get("hands") if isinstance(self.earlier_meta, Mapping) else None
        if isinstance(saved, int) and not isinstance(saved, bool) and 0 < saved < 10**9:
            self.hands_dealt = saved
        else:
            self.hands_dealt = 1

    def next_state(self) -> State | None:
        self._count_saved_hands()
        while True:
            current = self.match.current
            if current is not None and not current.is_over:
                view = current.view(self.person)
                if self.hooks.continuing is not None:
                    again = self.hooks.continuing(self.match, view)
                else:
                    again = t("term.continuing_hand", "Continuing the hand in progress.")
                self.console.print(Text(again, style="bold"))
                self._hand_name = self._title()
            elif self.match.over:
                return None
            else:
                current = self._deal()
                if current.is_over:  # thrown in as dealt (a redeal): said, and dealt again
                    self._print(self._hand_over(current))
                    self._autosave()
                    continue
            self._state = current
            return current

    def _deal(self) -> State:
        deal_seeded = self.hooks.deal_seeded
        if self.match.current is None and self.seed is not None and deal_seeded is not None:
            state: State = deal_seeded(self.match, self.seed)
        else:
            state = self.match.next_state(self.rng)
        self.hands_dealt += 1
        view = state.view(self.person)
        self._hand_name = self._title()
        if self.hooks.hand_start is not None:
            self._print(self.hooks.hand_start(self.match, view, self.names))
        else:
            heading = f"{self.title} · {self._hand_name}"
            self.console.rule(Text(heading, style="bold"), style="cyan")
        return state

    def more_to_play(self) -> bool:
        return not self.match.over

    def watching(self, state: State) -> bool:
        following = self.hooks.following
        return following is None or following(state.view(self.person))

    # ----------------------------------------------------------------- telling actions

    def snapshot(self, state: State) -> Any:
        return state.view(self.person)

    def narrate(self, state: State, before: Any, seat: int, action: int) -> None:
        after = state.view(self.person)
        if self.hooks.narrate is not None:
            self._print(self.hooks.narrate(before, after, seat, action, self.names))
            return
        style = "bold" if seat == self.person else ""
        told = self.told(state, seat, action)
        self.console.print(Text(f"{self.names[seat]}: {told}", style=style))

    def told(self, state: State, seat: int, action: int) -> str:
        """What the person may know of ``seat``'s ``action``: their own action as written,
        another seat's as the game says the person sees it."""
        if seat == self.person:
            return state.action_str(action)
        return self.hooks.public_action_text(state, seat, action, self.person)

    # ----------------------------------------------------------------- the person's turn

    def _labels(self, view: Any) -> list[Any]:
        if self.hooks.choice_labels is not None:
            return list(self.hooks.choice_labels(view))
        assert self._state is not None
        return [Text(self._state.action_str(a)) for a in view.legal]

    def draw(self, state: State, view: Any) -> None:
        self._state = state  # the hand on screen (prompts and labels read it)
        out = self.console
        out.print()
        picture = self.hooks.render_view(view, self.names, self.match)
        self._print([picture])
        what = self.hooks.turn_text(view) if self.hooks.turn_text is not None else state.phase
        turn = Text(t("term.your_turn", "Your turn: {what}", what=what), style="bold")
        out.print(turn)
        labels = [Text(x) if isinstance(x, str) else x for x in self._labels(view)]
        lines = choice_lines(labels, max(40, min(out.width, 100) - 2))
        for line in lines:
            out.print(line, no_wrap=True, overflow="ignore", crop=False)
        shown = Text(picture) if isinstance(picture, str) else picture
        self.drawn_rows = (
            1
            + len(lines)
            + sum(len(out.render_lines(part, out.options, pad=False)) for part in (shown, turn))
        )

    def prompt(self, view: Any) -> str:
        phase = self._state.phase if self._state is not None else ""
        return str(self.hooks.prompts.get(phase, f"{self.info.name}> "))

    def forced(self, view: Any) -> int | None:
        return self.hooks.forced(view) if self.hooks.forced is not None else None

    def choice_of(self, action: int, view: Any) -> str:
        if self.hooks.choice_of is not None:
            return self.hooks.choice_of(action, view)
        return super().choice_of(action, view)

    def extra_command(self, command: str, view: Any) -> bool:
        if command in _SCORE_WORDS and self.hooks.score_sheet is not None:
            self.show_sheet()
            return True
        return False

    def _parse(self, command: str, view: Any) -> int | str:
        if self.hooks.parse_input is not None:
            return self.hooks.parse_input(command, view)
        legal = list(view.legal)
        words = command.split()
        if len(words) == 1 and is_number(words[0]):
            number = int(words[0])
            if not 1 <= number <= len(legal):
                raise InputError(t("term.choose_number", "Choose a number from 1 to {n}.",
                                   n=len(legal)))  # fmt: skip
            return int(legal[number - 1])
        return command

    def take(self, command: str, state: State, view: Any) -> int:
        written = command
        try:
            action = self._parse(command, view)
            written = action if isinstance(action, str) else state.action_str(action)
            state.apply(action)
            if isinstance(action, str):
                # The engine parses the notation against the position (its refusal says
                # most); the id taken is the one the state records last.
                action = state.undo()
                state.apply(action)
        except InputError as exc:
            raise BadInput(str(exc)) from None
        except (IllegalAction, ValueError) as exc:
            reason = exc.reason if isinstance(exc, IllegalAction) else str(exc)
            # The legal actions follow once, in the screen's notation: an engine's own list
            # of them (in the notation of records) is left out of its reason.
            reason = _ENGINE_LEGAL.sub("", reason).rstrip(" ;,") or reason
            summary = self.hooks.legal_summary or legal_summary
            # The legal actions as the screen writes them (a game's labels: 10♥, not TH).
            legal = summary([self.action_label(a, view).plain for a in view.legal])
            raise BadInput(
                t(
                    "term.not_allowed",
                    'Not allowed: "{written}": {reason}. Legal: {legal}',
                    written=written,
                    reason=as_yours(reason, self.person),
                    legal=legal,
                )
            ) from None
        return int(action)

    def action_label(self, action: int, view: Any) -> Text:
        if self.hooks.action_label is not None:
            label = self.hooks.action_label(action, view)
            return label if isinstance(label, Text) else Text(str(label))
        assert self._state is not None
        return Text(self._state.action_str(action))

    def make_hint_bot(self) -> Bot:
        spec = self.hint_spec
        if spec is None:
            try:
                play = self.info.play
            except (MissingHooks, ImportError):
                raise ValueError(f"{self.title} offers no bots to ask") from None
            spec = play.hint_bot or play.default_bot
        return make_bot(spec, seed=self.seed, game=self.info.name)

    # ----------------------------------------------------------------- between hands

    def _hand_over(self, state: State) -> list[Any]:
        width = self.console.width
        if self.hooks.hand_over is not None:
            return list(self.hooks.hand_over(state, self.match, self.names, self.person, width))
        return [self.hooks.render_view(state.view(self.person), self.names, self.match)]

    def state_over(self, state: State) -> None:
        title = t("term.hand_over", "{hand} is over", hand=self._hand_name)
        if self.hooks.hand_over is None:
            result = ", ".join(f"{self.names[s]} {v:+g}" for s, v in enumerate(state.result()))
            title = f"{title}: {result}"
        self.console.rule(Text(title, style="bold"), style="cyan")
        self._print(self._hand_over(state))
        if self.hooks.sheet_between_hands and self.more_to_play():
            self._print(self._sheet())

    def _sheet(self) -> list[Any]:
        if self.hooks.score_sheet is None:
            totals = " · ".join(f"{self.names[s]} {v:g}" for s, v in enumerate(self.match.totals))
            return [Text(t("term.totals", "Totals: {totals}", totals=totals), style="dim")]
        return list(self.hooks.score_sheet(self.match, self.names, self.console.width))

    def show_sheet(self) -> None:
        """The score sheet (the ``score`` command)."""
        self._print(self._sheet())

    def match_over(self) -> None:
        if self.hooks.score_sheet is not None:
            self._print(self._sheet())
        if self.hooks.result_text is not None:
            result = self.hooks.result_text(self.match, self.names)
            self.console.print(Text(result, style="bold") if isinstance(result, str) else result)
            return
        totals = ", ".join(f"{self.names[s]} {v:+g}" for s, v in enumerate(self.match.totals))
        line = t("term.game_over_totals", "Game over. Totals: {totals}", totals=totals)
        self.console.print(Text(line, style="bold"))

    def record(self) -> dict[str, Any]:
        result = list(self.match.totals) if self.match.over else None
        return self.match.record(self.record_meta(self.match.players, result))

    # ----------------------------------------------------------------- output

    def _print(self, lines: Sequence[Any]) -> None:
        for line in lines:
            if isinstance(line, str):
                self.console.print(line, markup=False, highlight=False)
            else:
                self.console.print(line)


class ProtocolSession(GameSession):
    """:class:`GameSession` with only the hooks every game gives (``render_view`` and
    ``public_action_text``): the protocol's defaults for everything else."""

    def __init__(self, info: GameInfo, match: Match, *args: Any, **kwargs: Any) -> None:
        full = terminal_hooks(info)
        kwargs["hooks"] = TerminalHooks(
            render_view=full.render_view, public_action_text=full.public_action_text
        )
        super().__init__(info, match, *args, **kwargs)
