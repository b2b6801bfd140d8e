"""Paston in the terminal: a whole game to the target, one person against two bots.

Every picture during a deal is drawn from ``deal.view(person)``; all hands are shown only
once a deal is over. The loop, the shared commands and the saving are
:class:`~paston.terminal.session.TerminalSession`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from ..bots import Bot, make_bot
from ..core.errors import IllegalAction
from ..games.paston.actions import (
    CONTRACT_NAMES,
    ActionParseError,
    discard_action,
    discard_cards,
    parse_action,
)
from ..games.paston.cards import CardError, parse_card
from ..games.paston.state import Deal
from ..games.paston.match import Game
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
    verb,
    view_status,
)
from ..games.paston.view import SeatView
from ..i18n import t
from .console import choice_lines
from .session import BadInput, TerminalSession, as_yours, is_number

__all__ = ["PROMPTS", "PastonSession"]

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

_SCORE_WORDS = ("score", "scores", "sheet")


class PastonSession(TerminalSession):
    """A Paston :class:`~paston.games.paston.match.Game` with a person at ``person``.

    ``bot_specs`` are the specs the bots were made from: the record's ``meta`` keeps them
    with the names and the person's seat, so that ``--resume`` seats everyone again.
    """

    title = "Paston"
    help_text = HELP

    def __init__(
        self,
        game: Game,
        person: int,
        bots: Mapping[int, Bot],
        console: Console,
        read_line: Any,
        save_path: Path,
        pause: float = 0.0,
        hint_bot: str | None = None,
        seed: int | None = None,
        bot_specs: Mapping[int, str] | None = None,
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
        self.game = game
        self.bot_specs = dict(bot_specs or {s: b.name for s, b in bots.items()})
        self._number = 0

    # ----------------------------------------------------------------- deals

    def intro(self) -> None:
        others = [self.names[s] for s in range(3) if s != self.person]
        self.console.print(
            Text.assemble(
                ("Paston", "bold"),
                t(
                    "term.paston.intro",
                    ": you are seat {seat}, playing {a} and {b}; first to {target} wins. "
                    "Type 'help' for help.",
                    seat=self.person,
                    a=others[0],
                    b=others[1],
                    target=self.game.rules.target,
                ),
            )
        )
        self.console.print(
            t("term.saved_to", "The game record is saved to {path}", path=self.save_path),
            soft_wrap=True,
        )

    def next_state(self) -> Deal | None:
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
                self.console.print(
                    Text(t("term.continuing", "Continuing deal {n}.", n=number), style="bold")
                )
            self._number = number
            return deal
        return None

    def _announce(self, deal: Deal, number: int) -> None:
        view = deal.view(self.person)
        self.console.rule(
            Text(
                t(
                    "term.deal_dealer",
                    "Deal {n} · dealer {name}",
                    n=number,
                    name=self.names[deal.dealer],
                ),
                style="bold",
            ),
            style="cyan",
        )
        your_hand = t("term.your_hand", "Your hand") + "  "
        self.console.print(Text.assemble((your_hand, "cyan"), hand_text(view.hand)))

    def _redeal(self, deal: Deal) -> None:
        view = deal.view(self.person)
        self.console.print(
            Text(
                f"Thrown in ({REDEAL_REASONS.get(view.redeal or '', view.redeal)}): "
                f"{verb(self.names[deal.dealer], 'deals', 'deal')} again.",
                style="yellow",
            )
        )
        for seat, cards in sorted(view.open_hands.items()):
            shows = verb(self.names[seat], "shows", "show")
            self.console.print(Text.assemble(f"  {shows} ", hand_text(cards)))
        self._autosave()

    def snapshot(self, state: Deal) -> SeatView:
        return state.view(self.person)

    def narrate(self, state: Deal, before: SeatView, seat: int, action: int) -> None:
        """Say what just happened, as the person sees it."""
        view = state.view(self.person)
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

    def prompt(self, view: SeatView) -> str:
        return PROMPTS.get(view.phase, "> ")

    def forced(self, view: SeatView) -> int | None:
        # Only a card: a lone legal bid or whist decision is still the person's to make.
        if view.phase == "play" and len(view.legal) == 1:
            return int(view.legal[0])
        return None

    def choice_of(self, action: int, view: SeatView) -> str:
        if view.phase == "exchange":
            # A discard is typed as the numbers of its two cards in the listed hand.
            choices = self._choices(view)
            picked = [c for c in discard_cards(action) if c in choices]
            return " ".join(str(choices.index(c) + 1) for c in picked)
        return super().choice_of(action, view)

    def more_to_play(self) -> bool:
        return not self.game.over

    def extra_command(self, command: str, view: SeatView) -> bool:
        if command in _SCORE_WORDS:
            self.show_sheet()
            return True
        return False

    def take(self, command: str, state: Deal, view: SeatView) -> int:
        try:
            action = self._parse(command, view)
            state.apply(action)
        except (IllegalAction, ActionParseError, CardError) as exc:
            raise BadInput(f"Not allowed: {as_yours(str(exc), self.person)}") from None
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        return int(state.actions[-1])

    def _choices(self, view: SeatView) -> list[int]:
        """What the listed numbers stand for: the cards in hand while discarding, else the
        legal actions."""
        if view.phase == "exchange":
            return list(view.hand)
        return list(view.legal)

    def _parse(self, command: str, view: SeatView) -> int | str:
        words = command.replace(",", " ").split()
        choices = self._choices(view)
        if all(is_number(w) for w in words):
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
        if view.phase == "play" and len(words) == 1 and view.hand_to_play == view.seat:
            try:
                card = parse_card(words[0])
            except CardError:
                card = None
            if card is not None and card not in view.hand:
                # The engine names the hand by seat; this is the person's own hand.
                legal = " ".join(str(card_text(c)) for c in view.legal)
                raise ValueError(f"{card_text(card)} is not in your hand; you may play: {legal}")
        parse_action(command)  # raises ActionParseError with the notation's explanation
        return command

    def draw(self, state: Deal, view: SeatView) -> None:
        out = self.console
        out.print()
        totals = " · ".join(f"{self.names[s]} {self.game.totals[s]}" for s in range(3))
        out.print(Text(t("term.totals", "Totals: {totals}", totals=totals), style="dim"))
        title = t("term.deal", "Deal {n}", n=self.game.deal_number)
        out.print(view_status(view, self.names, title=title))
        labels: list[Text]
        if view.phase == "exchange":
            labels = [card_text(c) for c in view.hand]
            out.print(
                Text(
                    t(
                        "term.your_turn_discard",
                        "Your turn: discard two cards (two numbers, e.g. 3 7, or 'discard 7C 8C')",
                    ),
                    style="bold",
                )
            )
        else:
            labels = [action_text(a) for a in view.legal]
            what = {
                "bidding": t("term.verb.bid", "bid or pass"),
                "declare": t("term.verb.declare", "declare a contract or surrender"),
                "defence": t("term.verb.defence", "whist or pass"),
                "play": t("term.verb.play", "play a card"),
            }.get(view.phase, view.phase)
            out.print(Text(t("term.your_turn", "Your turn: {what}", what=what), style="bold"))
        for line in choice_lines(labels, max(40, min(out.width, 100) - 2)):
            out.print(line, no_wrap=True, overflow="ignore", crop=False)

    def action_label(self, action: int, view: SeatView) -> Text:
        return action_text(action)

    def make_hint_bot(self) -> Bot:
        if self.hint_spec is not None:
            return make_bot(self.hint_spec, seed=self.seed)
        # pimc's values are expected Paston points of the seat: the most telling hint.
        return make_bot("pimc", seed=self.seed)

    # ----------------------------------------------------------------- between deals

    def state_over(self, state: Deal) -> None:
        number = self._number
        over = t("term.deal_over", "Deal {n} is over", n=number)
        self.console.rule(Text(over, style="bold"), style="cyan")
        # Fits 80x24 with the key prompt under it: every hand, the bidding, the contract,
        # tricks won and scores, and the race to the target; the tricks were told one by one
        # as they were played, and the whole sheet is a 'score' away (and ends the game).
        self.console.print(
            deal_renderable(
                state,
                self.names,
                title=t("term.deal", "Deal {n}", n=number),
                totals=self.game.totals,
                tricks=False,
            )
        )
        self.show_bars()

    def match_over(self) -> None:
        rows = sheet_rows(self.game, self.names)
        if rows:
            self.console.print(score_sheet(rows, self.names))
        self.console.print(result_text(self.game, self.names))

    def show_sheet(self) -> None:
        rows = sheet_rows(self.game, self.names)
        if rows:
            self.console.print(score_sheet(rows, self.names))
        self.show_bars()

    def show_bars(self) -> None:
        # The bars shrink to the terminal: name, a third of the bar for debts, the line, the
        # bar, and "-123 / 121" must fit on one line.
        name_width = max(len(n) for n in self.names)
        width = max(6, min(30, (self.console.width - name_width - 16) * 3 // 4))
        self.console.print(
            score_bars(self.game.totals, self.game.rules.target, self.names, width=width)
        )

    def record(self) -> dict[str, Any]:
        record = game_record(self.game)
        game = self.game
        if isinstance(game.meta, dict):
            self.earlier_meta = game.meta
        record["meta"] = self.record_meta(3, list(game.totals) if game.over else None)
        return record
