"""Paston in the terminal: the hooks ``paston play`` draws, reads and tells a game with.

Every picture during a deal comes from the person's :class:`~.view.SeatView` (the text of
:mod:`.text`); all hands are shown only once a deal is over. A discard is typed as the numbers
of two cards of the listed hand, or in the notation (``discard 7C 8C``); the whole score sheet
is a ``score`` away, and each deal's summary ends with the race to the target (it fits a
24-line screen with the key prompt under it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ...core.hooks.terminal import InputError, TerminalHooks
from ...i18n import t
from .actions import CONTRACT_NAMES, discard_action, discard_cards, parse_action
from .cards import CardError, parse_card
from .match import Game
from .record import DEAL_FORMAT, deal_from_record, deal_record, game_from_record
from .rules import RuleError, Rules
from .shuffle import deal_until_playable
from .state import Deal
from .text import (
    REDEAL_REASONS,
    action_text,
    card_text,
    deal_renderable,
    game_renderable,
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
from .view import SeatView, public_action_text

__all__ = ["HELP", "HOOKS", "PROMPTS"]

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
  play       a card: QH, qh, 10♥, th"""


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit()


def _choices(view: SeatView) -> list[int]:
    """What the listed numbers stand for: the cards in hand while discarding, else the legal
    actions."""
    if view.phase == "exchange":
        return list(view.hand)
    return list(view.legal)


def render_view(view: SeatView, names: Sequence[str], match: Game) -> RenderableType:
    """The totals, then the deal as the person sees it."""
    totals = " · ".join(f"{names[s]} {match.totals[s]}" for s in range(3))
    line = Text(t("term.totals", "Totals: {totals}", totals=totals), style="dim")
    title = t("term.deal", "Deal {n}", n=match.deal_number)
    return Group(line, view_status(view, list(names), title=title))


def turn_text(view: SeatView) -> str:
    """What the person is to do in the phase of ``view``."""
    if view.phase == "exchange":
        return t(
            "term.verb.discard", "discard two cards (two numbers, e.g. 3 7, or 'discard 7C 8C')"
        )
    return {
        "bidding": t("term.verb.bid", "bid or pass"),
        "declare": t("term.verb.declare", "declare a contract or surrender"),
        "defence": t("term.verb.defence", "whist or pass"),
        "play": t("term.verb.play", "play a card"),
    }.get(view.phase, view.phase)


def choice_labels(view: SeatView) -> list[Text]:
    if view.phase == "exchange":
        return [card_text(c) for c in view.hand]
    return [action_text(a) for a in view.legal]


def parse_input(command: str, view: SeatView) -> int | str:
    """The person's line as an action: numbers of the listed choices (two cards while
    discarding), a bare contract while declaring, a card, or anything of the notation."""
    words = command.replace(",", " ").split()
    choices = _choices(view)
    if all(_is_number(w) for w in words):
        numbers = [int(w) for w in words]
        if any(not 1 <= n <= len(choices) for n in numbers):
            raise InputError(f"choose a number from 1 to {len(choices)}")
        if view.phase == "exchange":
            if len(numbers) != 2 or numbers[0] == numbers[1]:
                raise InputError("name two different cards to discard, e.g. 3 7")
            return discard_action(choices[numbers[0] - 1], choices[numbers[1] - 1])
        if len(numbers) != 1:
            raise InputError("type one number")
        return choices[numbers[0] - 1]
    lower = [w.lower() for w in words]
    if view.phase == "exchange":
        cards = words[1:] if lower[0] == "discard" else words
        if len(cards) != 2:
            raise InputError("name the two cards to discard, e.g. discard 7C 8C")
        a, b = parse_card(cards[0]), parse_card(cards[1])
        if a == b:
            raise InputError("the two discards must be different cards")
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
            raise InputError(f"{card_text(card)} is not in your hand; you may play: {legal}")
    parse_action(command)  # raises ActionParseError with the notation's explanation
    return command


def choice_of(action: int, view: SeatView) -> str:
    """What to type for ``action``: a discard is the numbers of its two cards in the hand."""
    choices = _choices(view)
    if view.phase == "exchange":
        picked = [c for c in discard_cards(action) if c in choices]
        return " ".join(str(choices.index(c) + 1) for c in picked)
    return str(choices.index(action) + 1) if action in choices else ""


def narrate(
    before: SeatView, after: SeatView, seat: int, action: int, names: Sequence[str]
) -> list[Text]:
    """The action as the person's view records it, the auction's end and a finished trick."""
    actor, text = after.history[-1]
    style = "bold" if actor == after.seat else ""
    lines = [Text.assemble((f"{names[actor]}: ", style), action_text(text))]
    if before.declarer is None and after.declarer is not None:
        pic = picture_of_view(after)
        how = (
            "all passed; the marker card makes "
            if pic.all_pass
            else f"the auction ends at {CONTRACT_NAMES[pic.bid]}: "
        )
        lines.append(Text.assemble(how, (names[pic.declarer or 0], "bold"), " declarer"))
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        lines.append(
            Text.assemble((f"  trick {len(after.tricks)}: ", "cyan"), trick_text(trick, names))
        )
    return lines


def forced(view: SeatView) -> int | None:
    # Only a card: a lone legal bid or whist decision is still the person's to make.
    if view.phase == "play" and len(view.legal) == 1:
        return int(view.legal[0])
    return None


def goal(match: Game) -> str:
    return t("term.paston.goal", "First to {target} wins.", target=match.rules.target)


def hand_title(match: Game) -> str:
    return t("term.deal", "Deal {n}", n=match.deal_number)


def hand_start(match: Game, view: SeatView, names: Sequence[str]) -> list[RenderableType]:
    """The deal's heading (number and dealer) and the person's hand."""
    from rich.rule import Rule

    heading = t("term.deal_dealer", "Deal {n} · dealer {name}", n=match.deal_number,
                name=names[view.dealer])  # fmt: skip
    your_hand = t("term.your_hand", "Your hand") + "  "
    return [
        Rule(Text(heading, style="bold"), style="cyan"),
        Text.assemble((your_hand, "cyan"), hand_text(view.hand)),
    ]


def continuing(match: Game, view: SeatView) -> str:
    return t("term.continuing", "Continuing deal {n}.", n=match.deal_number)


def _bars(match: Game, names: Sequence[str], width: int) -> RenderableType:
    # The bars shrink to the terminal: name, a third of the bar for debts, the line, the
    # bar, and "-123 / 121" must fit on one line.
    name_width = max(len(n) for n in names)
    bar = max(6, min(30, (width - name_width - 16) * 3 // 4))
    return score_bars(match.totals, match.rules.target, list(names), width=bar)


def hand_over(
    deal: Deal, match: Game, names: Sequence[str], person: int, width: int
) -> list[RenderableType]:
    """A finished deal: every hand, the bidding, the contract, tricks won and scores, and the
    race to the target (the tricks were told one by one as they were played); a deal thrown
    in as dealt: why, and the hands its rule shows."""
    view = deal.view(person)
    if view.redeal is not None:
        lines: list[RenderableType] = [
            Text(
                f"Thrown in ({REDEAL_REASONS.get(view.redeal, view.redeal)}): "
                f"{verb(names[deal.dealer], 'deals', 'deal')} again.",
                style="yellow",
            )
        ]
        for seat, cards in sorted(view.open_hands.items()):
            shows = verb(names[seat], "shows", "show")
            lines.append(Text.assemble(f"  {shows} ", hand_text(cards)))
        return lines
    # Redeals keep a deal's number: this deal's is the count of deals played out so far.
    number = sum(1 for d in match.deals if d.redeal_reason is None)
    title = t("term.deal", "Deal {n}", n=number)
    renderable = deal_renderable(deal, list(names), title=title, totals=match.totals, tricks=False)
    return [renderable, _bars(match, names, width)]


def sheet(match: Game, names: Sequence[str], width: int) -> list[RenderableType]:
    """Every scored deal's row, then the race to the target."""
    rows = sheet_rows(match, list(names))
    head: list[RenderableType] = [score_sheet(rows, list(names))] if rows else []
    return [*head, _bars(match, names, width)]


def outcome(match: Game, names: Sequence[str]) -> Text:
    return result_text(match, list(names))


def resume(record: dict[str, Any]) -> Game:
    return game_from_record(record)


def record_text(record: dict[str, Any], names: Sequence[str] | None) -> list[RenderableType]:
    """A deal or a whole game with every hand, the auction, the play and the scores."""
    if record.get("format") == DEAL_FORMAT:
        return [deal_renderable(deal_from_record(record))]
    return [game_renderable(game_from_record(record))]


def seeded_deal(
    players: int, seed: int, dealer: int, rules: Mapping[str, Any] | None, first_deal: bool
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The first playable deal of ``seed`` (redeals skipped, the same dealer dealing again),
    with a note naming the redeals skipped."""
    try:
        parsed = Rules.from_dict(dict(rules)) if rules is not None else Rules()
    except RuleError as exc:
        raise ValueError(f"--rules: {exc}") from None
    deals = deal_until_playable(seed=seed, dealer=dealer, first_deal=first_deal, rules=parsed)
    notes: tuple[str, ...] = ()
    if len(deals) > 1:
        reasons = ", ".join(d.redeal_reason or "?" for d in deals[:-1])
        notes = (f"{len(deals) - 1} redeal(s) skipped ({reasons}); the same dealer dealt again",)
    return deal_record(deals[-1]), notes


HOOKS = TerminalHooks(
    render_view=render_view,
    public_action_text=public_action_text,
    help=HELP,
    prompts=PROMPTS,
    turn_text=turn_text,
    choice_labels=choice_labels,
    parse_input=parse_input,
    choice_of=choice_of,
    action_label=lambda action, view: action_text(action),
    narrate=narrate,
    forced=forced,
    goal=goal,
    hand_title=hand_title,
    hand_start=hand_start,
    continuing=continuing,
    hand_over=hand_over,
    score_sheet=sheet,
    sheet_between_hands=False,
    result_text=outcome,
    resume=resume,
    record_text=record_text,
    deal_record=seeded_deal,
)
