"""Paris in the terminal: one game, a person at one seat, bots at the others.

The table is drawn with :func:`paston.games.paris.text.render_view` from the person's view
only; every action (the person's and each bot's, one by one) is told as a sentence from the
public events: burns, pick-ups with the cards taken, blind cards turned over. The person types
a choice number, an action in the notation (``play 7h 7s``, ``pickup``, ``blind 1``,
``swap kh 7d``, ``ready``) or just the cards to play (``7h 7s``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from ..bots import Bot, make_bot
from ..core.errors import IllegalAction
from ..games.paris.actions import action_str, parse_action, play_cards
from ..games.paris.cards import CARD_NAMES
from ..games.paris.record import game_record
from ..games.paris.state import ParisState
from ..games.paris.text import event_text, render_view, result_text, state_text
from ..games.paris.view import ParisView
from ..i18n import t
from .console import choice_lines
from .session import YOU, BadInput, TerminalSession, as_yours, is_number

__all__ = ["PROMPTS", "ParisSession", "make_paris_bot"]

#: The prompt of each phase; every prompt ends in ``"> "`` (scripts wait for it).
PROMPTS = {"swap": "swap> ", "play": "play> "}

HELP = """\
Type the number of a listed choice, or an action:
  swap phase   swap KH 7D   (a hand card for one of your face-up cards), ready
  play phase   play 7H 7S   (or just: 7h 7s), pickup, blind 1
Cards: rank 3-9, T or 10, J, Q, K, A, 2 and suit C D H S (or ♣ ♦ ♥ ♠); lower case is fine.
Commands: help, hint (a bot's advice), show (redraw), quit
(saves the game; continue later with: paston play --resume FILE)."""

#: How many legal actions an error message lists before pointing at the numbered list.
_LEGAL_SHOWN = 8
_KEYWORDS = ("play", "swap", "ready", "pickup", "blind")
_PICKUP_WORDS = ("pick up", "take", "take pile", "pick")


def verb(name: str) -> str:
    """``name makes`` (``You make``)."""
    return f"{name} {'make' if name == YOU else 'makes'}"


def make_paris_bot(spec: str, seed: int | None = None) -> Bot:
    """A Paris bot by spec (``heuristic``, ``random``, ``cmd:…``)."""
    return make_bot(spec, seed=seed, game="paris")


def legal_summary(legal: list[str]) -> str:
    """The legal actions for an error line: all of them when few, else each kind's count with
    a few examples (``ready``, ``pickup`` and the blind plays are always named)."""
    if len(legal) <= _LEGAL_SHOWN:
        return ", ".join(legal)
    groups: dict[str, list[str]] = {}
    for action in legal:
        groups.setdefault(action.split()[0], []).append(action)
    parts = []
    for kind, actions in groups.items():
        if len(actions) <= 3 or kind == "blind":
            parts.append(", ".join(actions))
        else:
            parts.append(f"{len(actions)} {kind}s ({', '.join(actions[:3])}, …)")
    return "; ".join(parts) + " (or the number of a listed choice)"


class ParisSession(TerminalSession):
    """A Paris :class:`~paston.games.paris.state.ParisState` with a person at ``person``.

    ``bot_specs`` are the specs the bots were made from (for the record's ``meta``, so that
    ``--resume`` seats the same bots).
    """

    title = "Paris"
    help_text = HELP

    def __init__(
        self,
        state: ParisState,
        person: int,
        bots: Mapping[int, Bot],
        bot_specs: Mapping[int, str],
        console: Console,
        read_line: Callable[[str], str],
        save_path: Path,
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
        self.state = state
        self.bot_specs = dict(bot_specs)
        self._started = False

    # ----------------------------------------------------------------- the game

    def intro(self) -> None:
        others = ", ".join(self.names[s] for s in range(self.state.players) if s != self.person)
        self.console.print(
            Text.assemble(
                ("Paris", "bold"),
                t(
                    "term.paris.intro",
                    ": you are seat {seat}, playing {others}. Get rid of all your cards; "
                    "the last player left with cards loses. Type 'help' for help.",
                    seat=self.person,
                    others=others,
                ),
            )
        )
        self.console.print(
            t("term.saved_to", "The game record is saved to {path}", path=self.save_path),
            soft_wrap=True,
        )

    def next_state(self) -> ParisState | None:
        if self._started:
            return None
        self._started = True
        state = self.state
        if state.history:
            again = t("term.paris.continuing", "Continuing the game (turn {n}).", n=state.turns)
            self.console.print(Text(again, style="bold"))
        else:
            self.console.rule(
                Text(
                    t(
                        "term.paris.new_game",
                        "New game · dealer {name}",
                        name=self.names[state.dealer],
                    ),
                    style="bold",
                ),
                style="cyan",
            )
        return state

    def snapshot(self, state: ParisState) -> ParisView:
        return state.view(self.person)

    def narrate(self, state: ParisState, before: ParisView, seat: int, action: int) -> None:
        view = state.view(self.person)
        for event in view.events[len(before.events) :]:
            line = event_text(event, self.names)
            style = "bold" if event.seat == self.person else ""
            if event.seat == self.person and event.drew:
                line += f" ({self._drawn(before, view, event.action)})"
            self.console.print(Text(line, style=style))
        if view.phase == "play" and before.phase == "swap":
            starter = view.starter if view.starter is not None else view.to_act
            if starter is not None:
                self.console.print(
                    Text(f"Play begins: {verb(self.names[starter])} the opening play.", "cyan")
                )
        newly = [s for s in view.finished if s not in before.finished]
        for s in newly:
            self.console.print(
                Text(
                    f"{self.names[s]} {'have' if self.names[s] == YOU else 'has'} no cards "
                    f"left: out in place {len(view.finished)}."
                )
            )

    @staticmethod
    def _drawn(before: ParisView, after: ParisView, action: str) -> str:
        """The cards the person drew (only they see them)."""
        played = Counter[int]()
        if action.startswith("play"):
            played = Counter(play_cards(parse_action(action)))
        left = Counter(before.hand) - played
        new = Counter(after.hand) - left
        return "you drew " + " ".join(CARD_NAMES[c] for c in sorted(new.elements()))

    def forced(self, view: ParisView) -> int | None:
        # Only a play of cards: a lone "pickup" or "ready" is still typed by the person.
        if len(view.legal) == 1 and action_str(view.legal[0]).startswith("play "):
            return int(view.legal[0])
        return None

    def watching(self, state: ParisState) -> bool:
        # Once out, the person need not wait through the rest of the game at bot pace.
        return not state.has_finished(self.person)

    # ----------------------------------------------------------------- the person's turn

    def prompt(self, view: ParisView) -> str:
        return PROMPTS.get(view.phase, "> ")

    def draw(self, state: ParisState, view: ParisView) -> None:
        out = self.console
        out.print()
        out.print(render_view(view, self.names), markup=False, highlight=False)
        if view.phase == "swap":
            left = view.seats[self.person].swaps_left
            what = t(
                "term.paris.swap",
                "swap a hand card for a face-up card ({left} left), or ready",
                left=left,
            )
        elif view.opening:
            what = t("term.paris.opening", "make the opening play (your lowest cards)")
        elif any(action_str(a).startswith("blind") for a in view.legal):
            what = t("term.paris.blind", "play a face-down card blind")
        elif view.hand:
            what = t("term.paris.from_hand", "play from your hand")
        elif view.seats[self.person].face_up:
            what = t("term.paris.from_up", "play from your face-up cards")
        else:
            what = t("term.paris.play", "play")
        out.print(Text(t("term.your_turn", "Your turn: {what}", what=what), style="bold"))
        labels = [Text(action_str(a)) for a in view.legal]
        for line in choice_lines(labels, max(40, min(out.width, 100) - 2)):
            out.print(line, no_wrap=True, overflow="ignore", crop=False)

    def take(self, command: str, state: ParisState, view: ParisView) -> int:
        legal = [action_str(a) for a in view.legal]
        text = self._written(command, view)
        try:
            state.apply(text)
        except IllegalAction as exc:
            raise BadInput(
                f'Not allowed: "{text}": {as_yours(exc.reason, self.person)}. '
                f"Legal: {legal_summary(legal)}"
            ) from None
        return state.history[-1]

    def _written(self, command: str, view: ParisView) -> str:
        """The person's line as an action of the notation (a number picks a listed choice;
        bare cards are a play, or a swap in the swap phase)."""
        words = command.replace(",", " ").split()
        count = len(view.legal)
        if all(is_number(w) for w in words):
            if len(words) != 1:
                raise BadInput(
                    f"Type one number (1 to {count}) or an action, e.g. 'play 7H 7S'; "
                    f"for a face-down card type 'blind N'"
                )
            number = int(words[0])
            if not 1 <= number <= count:
                raise BadInput(f"Choose a number from 1 to {count}.")
            return action_str(view.legal[number - 1])
        lower = " ".join(w.lower() for w in words)
        if lower in _PICKUP_WORDS:
            return "pickup"
        if words[0].lower() in _KEYWORDS:
            return " ".join(words)
        if view.phase == "swap":
            if len(words) != 2:
                raise BadInput(
                    "In the swap phase type 'swap X Y' (X from your hand, Y face up), "
                    "'ready', or a number."
                )
            return "swap " + " ".join(words)
        return "play " + " ".join(words)

    def action_label(self, action: int, view: ParisView) -> Text:
        return Text(action_str(action))

    def make_hint_bot(self) -> Bot:
        return make_paris_bot(self.hint_spec or "heuristic", seed=self.seed)

    # ----------------------------------------------------------------- the end

    def state_over(self, state: ParisState) -> None:
        self.console.rule(Text(t("term.game_over", "Game over"), style="bold"), style="cyan")
        self.console.print(state_text(state, self.names), markup=False, highlight=False)

    def match_over(self) -> None:
        state = self.state
        line = result_text(state.ranking, state.loser, state.end, self.names)
        self.console.print(Text(line, style="bold"))

    def record(self) -> dict[str, Any]:
        state = self.state
        meta = self.record_meta(state.players, state.result() if state.is_over else None)
        return game_record(state, meta)
