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
from ...terminal.words import lazy_t
from .actions import CONTRACT_NAMES, discard_action, discard_cards, parse_action
from .cards import CardError, card_suit, parse_card
from .match import Game
from .record import DEAL_FORMAT, deal_from_record, deal_record, game_from_record
from .rules import RuleError, Rules
from .shuffle import deal_until_playable
from .state import Deal
from .text import (
    action_text,
    card_text,
    deal_renderable,
    deal_result,
    game_renderable,
    hand_text,
    picture_of_view,
    redeal_reason,
    result_text,
    said,
    score_bars,
    score_sheet,
    sheet_rows,
    trick_text,
    view_status,
)
from .view import SeatView, public_action_text

__all__ = ["HELP", "HOOKS", "PROMPTS"]

#: The prompt of each phase; every prompt ends in ``"> "`` (scripts wait for it).
PROMPTS = {
    "bidding": lazy_t("term.prompt.bid", "bid> "),
    "exchange": lazy_t("term.prompt.discard", "discard> "),
    "declare": lazy_t("term.prompt.declare", "declare> "),
    "defence": lazy_t("term.prompt.whist", "whist> "),
    "play": lazy_t("term.prompt.play", "play> "),
}

HELP = lazy_t(
    "term.paston.help",
    "Type an action in the notation, or the number of a listed choice:\n"
    "  bidding    pass, paston, glitch, dineri, gupa, grkha\n"
    "  exchange   discard 7C 8C   (or two numbers of the listed cards, e.g. 3 7)\n"
    "  declare    declare gupa (or just gupa), surrender\n"
    "  defence    whist, pass\n"
    "  play       a card: QH, qh, 10♥, th\n"
    "Cards: rank 7 8 9, 10 (or T), J Q K A and suit ♣ ♦ ♥ ♠ (or C D H S): 10♥ = TH.",
)


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
            raise InputError(
                t("term.choose_number", "Choose a number from 1 to {n}.", n=len(choices))
            )
        if view.phase == "exchange":
            if len(numbers) != 2 or numbers[0] == numbers[1]:
                raise InputError(
                    t("term.paston.two_numbers", "Name two different cards to discard, e.g. 3 7.")
                )
            return discard_action(choices[numbers[0] - 1], choices[numbers[1] - 1])
        if len(numbers) != 1:
            raise InputError(t("term.one_number", "Type one number."))
        return choices[numbers[0] - 1]
    lower = [w.lower() for w in words]
    if view.phase == "exchange":
        cards = words[1:] if lower[0] == "discard" else words
        if len(cards) != 2:
            raise InputError(
                t("term.paston.two_cards", "Name the two cards to discard, e.g. discard 7C 8C.")
            )
        try:
            a, b = parse_card(cards[0]), parse_card(cards[1])
        except CardError as exc:
            raise InputError(_not_a_card(exc, view)) from None
        if a == b:
            raise InputError(
                t("term.paston.different", "The two discards must be different cards.")
            )
        for held in (a, b):
            if held not in view.hand:
                raise InputError(
                    t(
                        "term.paston.discard_not_held",
                        "{card} is not in your hand; discard two of: {cards}",
                        card=card_text(held).plain,
                        cards=hand_text(view.hand).plain,
                    )
                )
        return discard_action(a, b)
    if view.phase == "declare" and len(words) == 1 and lower[0] in CONTRACT_NAMES[1:]:
        return "declare " + lower[0]
    if view.phase == "play" and len(words) == 1 and view.hand_to_play == view.seat:
        card: int | None
        try:
            card = parse_card(words[0])
        except CardError:
            card = None
        legal = " ".join(card_text(c).plain for c in view.legal)
        if card is not None and card not in view.hand:
            # The engine names the hand by seat; this is the person's own hand.
            raise InputError(
                t(
                    "term.paston.not_held",
                    "{card} is not in your hand; you may play: {cards}",
                    card=card_text(card).plain,
                    cards=legal,
                )
            )
        if card is not None and card not in view.legal:
            raise InputError(
                t(
                    "term.paston.cannot_play",
                    "{card} cannot be played: {why}. You may play: {cards}",
                    card=card_text(card).plain,
                    why=_why_not(card, view),
                    cards=legal,
                )
            )
    try:
        parse_action(command)
    except ValueError as exc:
        raise InputError(
            t(
                "term.paston.unknown",
                '"{text}" is no action here ({reason}). Legal: {legal}',
                text=command,
                reason=str(exc),
                legal=" · ".join(_labels(view)),
            )
        ) from None
    return command


def _labels(view: SeatView) -> list[str]:
    return [x.plain for x in choice_labels(view)]


def _not_a_card(exc: Exception, view: SeatView) -> str:
    return t(
        "term.paston.not_a_card",
        "{reason}; your hand: {cards}",
        reason=str(exc),
        cards=hand_text(view.hand).plain,
    )


def _why_not(card: int, view: SeatView) -> str:
    """Why a card of the person's hand is not legal now (the suit rules of rules.md)."""
    pic = picture_of_view(view)
    if pic.trick:
        led = pic.trick[0][1]
        if any(card_suit(c) == card_suit(led) for c in view.hand):
            return t(
                "term.paston.must_follow",
                "you must follow the suit led ({card})",
                card=card_text(led).plain,
            )
        return t("term.paston.must_trump", "you hold no card of the suit led: you must trump")
    return t("term.paston.not_now", "the rules do not allow it now")


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
        who = names[pic.declarer or 0]
        how = (
            t(
                "term.paston.marker_declarer",
                "all passed; the marker card makes {name} declarer",
                name=who,
            )
            if pic.all_pass
            else t(
                "term.paston.auction_ends",
                "the auction ends at {contract}: {name} declarer",
                contract=CONTRACT_NAMES[pic.bid],
                name=who,
            )
        )
        lines.append(Text(how))
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        head = t("paston.label.trick", "trick {n}", n=len(after.tricks))
        lines.append(Text.assemble((f"  {head}: ", "cyan"), trick_text(trick, names)))
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

    heading = t(
        "term.deal_dealer", "Deal {n} · dealer {name}", n=match.deal_number, name=names[view.dealer]
    )
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
                said(
                    names[deal.dealer],
                    t(
                        "term.paston.thrown_in",
                        "Thrown in ({why}): {name} deals again.",
                        why=redeal_reason(view.redeal),
                        name=names[deal.dealer],
                    ),
                    t(
                        "term.paston.thrown_in.you",
                        "Thrown in ({why}): You deal again.",
                        why=redeal_reason(view.redeal),
                    ),
                ),
                style="yellow",
            )
        ]
        for seat, cards in sorted(view.open_hands.items()):
            shows = said(
                names[seat],
                t("term.paston.shows", "{name} shows", name=names[seat]),
                t("term.paston.shows.you", "You show"),
            )
            lines.append(Text.assemble(f"  {shows} ", hand_text(cards)))
        return lines
    # Redeals keep a deal's number: this deal's is the count of deals played out so far.
    number = sum(1 for d in match.deals if d.redeal_reason is None)
    title = t("term.deal", "Deal {n}", n=number)
    renderable = deal_renderable(deal, list(names), title=title, totals=match.totals, tricks=False)
    summary: list[RenderableType] = [renderable]
    if deal.scores is not None and deal.declarer is not None:
        # The result in words above the race to the target (the scores are in the picture).
        summary.append(
            Text(
                t("term.paston.result", "Result: {what}", what=deal_result(deal, list(names))),
                style="bold",
            )
        )
    return [*summary, _bars(match, names, width)]


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
        notes = (
            t(
                "paston.redeals_skipped",
                {
                    "one": "{count} redeal skipped ({reasons}); the same dealer dealt again",
                    "other": "{count} redeals skipped ({reasons}); the same dealer dealt again",
                },
                count=len(deals) - 1,
                reasons=reasons,
            ),
        )
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
