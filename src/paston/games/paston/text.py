"""Human-readable text of deals, games and seat views, for ``paston show``, the terminal game,
the server and the analysis tools.

Everything is built on :class:`DealPicture`, a neutral description of what one reader may see
of a deal. :func:`picture_of_deal` makes one with every card (for finished deals and records);
:func:`picture_of_view` makes one from a :class:`~paston.games.paston.view.SeatView` only, so a
rendering
for a player can never show a card that player may not see. The renderers return rich
renderables (coloured on a terminal, plain elsewhere); :func:`to_plain` turns any of them into
a plain string.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...i18n import t
from .actions import (
    CONTRACT_NAMES,
    MULTIPLIER,
    TRUMP_OF,
    action_str,
    discard_cards,
    is_declare,
    is_discard,
    parse_action,
)
from .cards import RANK_CHARS, SUIT_SYMBOLS, cards_of, sorted_cards
from .match import Game
from .state import Deal
from .view import PublicTrick, SeatView

__all__ = [
    "DealPicture",
    "action_text",
    "card_text",
    "contract_text",
    "deal_renderable",
    "deal_result",
    "deal_text",
    "game_renderable",
    "game_text",
    "hand_cell",
    "hand_text",
    "picture_of_deal",
    "picture_of_view",
    "redeal_reason",
    "score_bars",
    "score_sheet",
    "seat_names",
    "to_plain",
    "trick_text",
    "verb",
    "view_status",
]

#: The name the terminal gives the person's seat: sentences about it take the plain verb.
YOU = "You"

#: Colour of each suit's symbol and cards (black suits keep the terminal's own colour).
SUIT_STYLES = ("bold", "bold", "bold red", "bold red")


def redeal_reason(code: str) -> str:
    """Why a deal was thrown in (the code records use: ``spade-run`` …), in the player's
    language."""
    return {
        "spade-run": t(
            "paston.redeal.spade_run", "spade run: a hand holds 7♠ to Q♠ without K♠ or A♠"
        ),
        "no-first-bidder": t(
            "paston.redeal.no_first_bidder", "J♠ and 7♠ are both in the prikup on the first deal"
        ),
        "all-pass": t("paston.redeal.all_pass", "all passed and J♠ and 7♠ are both in the prikup"),
    }.get(code, code)


# ----------------------------------------------------------------- small pieces


def seat_names(names: Sequence[str] | None = None) -> list[str]:
    """Display names of the three seats (``seat 0`` .. by default)."""
    if names is None:
        return [t("term.seat_n", "seat {n}", n=s) for s in range(3)]
    if len(names) != 3:
        raise ValueError("three seat names are needed")
    return list(names)


def verb(name: str, third_person: str, plain: str) -> str:
    """``name`` and the verb agreeing with it: ``seat 1 wins`` but ``You win``.

    >>> verb("You", "wins", "win"), verb("Anna", "wins", "win")
    ('You win', 'Anna wins')
    """
    return f"{name} {plain if name == YOU else third_person}"


def said(name: str, third: str, you: str) -> str:
    """A sentence about ``name``: ``you`` (``"You declare"``) for the person, else ``third``
    (``"Anna declares"``); each a translated text of its own, since the verb agrees
    differently in each language.

    >>> said("You", "Anna declares", "You declare"), said("Anna", "Anna declares", "You declare")
    ('You declare', 'Anna declares')
    """
    return you if name == YOU else third


def _rank(card: int) -> str:
    r = RANK_CHARS[card & 7]
    return "10" if r == "T" else r


def card_text(card: int) -> Text:
    """One card with its suit symbol, coloured by suit, e.g. ``10♦``."""
    return Text(_rank(card) + SUIT_SYMBOLS[card >> 3], style=SUIT_STYLES[card >> 3])


def cards_text(cards: Iterable[int], sep: str = " ") -> Text:
    """Several cards, in the order given."""
    return Text(sep).join(card_text(c) for c in cards)


def _suit_groups(cards: Iterable[int]) -> list[Text]:
    by_suit: list[list[int]] = [[], [], [], []]
    for card in sorted_cards(cards):
        by_suit[card >> 3].append(card)
    parts = []
    for suit, group in enumerate(by_suit):
        ranks = " ".join(_rank(c) for c in group) if group else "—"
        parts.append(Text(f"{SUIT_SYMBOLS[suit]} {ranks}", style=SUIT_STYLES[suit]))
    return parts


def hand_text(cards: Iterable[int]) -> Text:
    """A hand grouped by suit in the notation's order, e.g. ``♠ A K 9  ♣ —  ♦ Q 7  ♥ 10``."""
    return Text("  ").join(_suit_groups(cards))


def hand_cell(cards: Iterable[int]) -> Columns:
    """A hand for a table cell: one line where it fits, else wrapped between suits (a suit's
    cards are never split, nor cut off, on a narrow terminal)."""
    return Columns(_suit_groups(cards), padding=(0, 2))


def contract_text(level: int) -> Text:
    """A contract with its trumps and multiplier, e.g. ``gupa (♥ trumps, ×4)``."""
    trump = TRUMP_OF[level]
    extra = ", " + t("paston.flat_bonus", "flat +10 if made") if level == 5 else ""
    trumps = t("paston.trumps", "trumps")
    return Text.assemble(
        (CONTRACT_NAMES[level], "bold"),
        " (",
        (SUIT_SYMBOLS[trump], SUIT_STYLES[trump]),
        f" {trumps}, ×{MULTIPLIER[level]}{extra})",
    )


def action_text(action: int | str) -> Text:
    """An action for people: cards with suit symbols, bids and contracts by name."""
    if isinstance(action, str):
        if action == "discard":  # another seat's hidden discard
            return Text(t("paston.discards_two", "discards two cards"))
        action = parse_action(action)
    if action < 32:
        return card_text(action)
    if is_discard(action):
        return Text("discard ") + cards_text(discard_cards(action))
    if is_declare(action):
        return Text("declare ") + contract_text(action - 37)
    return Text(action_str(action))


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def trick_text(
    trick: PublicTrick | Sequence[tuple[int, int]], names: Sequence[str], winner: int | None = None
) -> Text:
    """A trick as ``name: card`` pairs in play order, and its winner when known."""
    if isinstance(trick, PublicTrick):
        pairs = list(zip(trick.seats, trick.cards, strict=True))
        winner = trick.winner
    else:
        pairs = list(trick)
    out = Text(", ").join(Text.assemble(f"{names[s]} ", card_text(c)) for s, c in pairs)
    if winner is not None:
        out.append(" → ")
        out.append(names[winner], style="bold")
    return out


# ----------------------------------------------------------------- the picture


@dataclass(frozen=True, slots=True)
class DealPicture:
    """What one reader may see of a deal; built by :func:`picture_of_deal` (everything) or
    :func:`picture_of_view` (one seat's knowledge)."""

    dealer: int
    first_deal: bool
    first_bidder: int | None
    phase: str
    to_act: int | None
    hand_to_play: int | None
    #: Hands shown, by seat. ``hands_dealt`` says whether they are the hands as dealt (a
    #: record) or the cards still held (a game in progress).
    hands: dict[int, tuple[int, ...]]
    hands_dealt: bool
    prikup: tuple[int, ...] | None
    discards: tuple[int, ...] | None
    auction: tuple[tuple[int, str], ...]
    bid: int
    declarer: int | None
    all_pass: bool
    contract: int
    surrendered: bool
    defence: tuple[tuple[int, bool], ...]
    whisters: tuple[int, ...]
    active: tuple[int, ...]
    tricks: tuple[PublicTrick, ...]
    trick: tuple[tuple[int, int], ...]
    tricks_won: tuple[int, int, int]
    scores: tuple[int, int, int] | None
    redeal: str | None
    viewer: int | None = None
    open_hands: dict[int, tuple[int, ...]] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return self.phase in ("scored", "redeal")


def _auction_of(history: Iterable[tuple[int, str]]) -> tuple[tuple[int, str], ...]:
    out = []
    for seat, text in history:
        if text != "pass" and text not in CONTRACT_NAMES[1:]:
            break
        out.append((seat, text))
    return tuple(out)


def picture_of_deal(deal: Deal) -> DealPicture:
    """Everything about a deal (for records, and for a deal that is over)."""
    history = [(s, action_str(a)) for s, a in deal.action_history()]
    auction = tuple((s, a) for s, a in history[: deal.auction_length])
    return DealPicture(
        dealer=deal.dealer,
        first_deal=deal.first_deal,
        first_bidder=deal.first_bidder if deal.first_bidder >= 0 else None,
        phase=deal.phase,
        to_act=deal.to_act,
        hand_to_play=deal.hand_to_play if deal.hand_to_play >= 0 else None,
        hands={s: tuple(cards_of(deal.dealt[s])) for s in range(3)},
        hands_dealt=True,
        prikup=tuple(cards_of(deal.prikup)),
        discards=tuple(cards_of(deal.discards)) if deal.discards else None,
        auction=auction,
        bid=deal.bid,
        declarer=deal.declarer if deal.declarer >= 0 else None,
        all_pass=deal.all_pass,
        contract=deal.contract,
        surrendered=deal.phase == "scored" and not deal.contract,
        defence=tuple(deal.defence),
        whisters=deal.whisters,
        active=deal.active_seats(),
        tricks=tuple(PublicTrick(t[0], t[1], t[2], t[3]) for t in deal.tricks),
        trick=tuple(zip(deal.trick_seats, deal.trick, strict=True)),
        tricks_won=deal.credited_tricks(),
        scores=deal.scores,
        redeal=deal.redeal_reason,
    )


def picture_of_view(view: SeatView) -> DealPicture:
    """What ``view.seat`` may see: its own cards (as still held), open hands, and the prikup
    and discards only when it is the declarer."""
    hands = dict(view.open_hands)
    hands[view.seat] = view.hand
    return DealPicture(
        dealer=view.dealer,
        first_deal=view.first_deal,
        first_bidder=view.first_bidder,
        phase=view.phase,
        to_act=view.to_act,
        hand_to_play=view.hand_to_play,
        hands=hands,
        hands_dealt=False,
        prikup=view.prikup,
        discards=view.discards,
        auction=_auction_of(view.history),
        bid=view.bid,
        declarer=view.declarer,
        all_pass=view.all_pass,
        contract=view.contract,
        surrendered=view.surrendered,
        defence=view.defence,
        whisters=view.whisters,
        active=view.active,
        tricks=view.tricks,
        trick=view.trick,
        tricks_won=view.tricks_won,
        scores=view.scores,
        redeal=view.redeal,
        viewer=view.seat,
        open_hands=dict(view.open_hands),
    )


# ----------------------------------------------------------------- sections of a deal


def auction_text(pic: DealPicture, names: Sequence[str]) -> Text:
    """The bids and passes so far, and how the auction ended."""
    out = Text()
    if not pic.auction:
        out.append("—", style="dim")
    else:
        out = Text(", ").join(
            Text.assemble(f"{names[s]} ", (a, "bold" if a != "pass" else "dim"))
            for s, a in pic.auction
        )
    if pic.declarer is not None:
        out.append("  ⇒ ")
        who = names[pic.declarer]
        if pic.all_pass:
            out.append(
                said(
                    who,
                    t(
                        "paston.all_pass_declares",
                        "all passed; {name} declares (holds the marker card)",
                        name=who,
                    ),
                    t(
                        "paston.all_pass_declares.you",
                        "all passed; You declare (hold the marker card)",
                    ),
                )
            )
        else:
            out.append(
                t(
                    "paston.declarer_at",
                    "{name} declarer at {contract}",
                    name=who,
                    contract=CONTRACT_NAMES[pic.bid],
                )
            )
    return out


def outcome_text(pic: DealPicture, names: Sequence[str]) -> Text:
    """The contract (or surrender) and the whist decisions."""
    out = Text()
    if pic.surrendered and pic.declarer is not None:
        who = names[pic.declarer]
        out.append(
            said(
                who,
                t("paston.surrenders", "{name} surrenders", name=who),
                t("paston.surrenders.you", "You surrender"),
            ),
            style="bold",
        )
        return out
    if not pic.contract or pic.declarer is None:
        return Text("—", style="dim")
    who = names[pic.declarer]
    out.append(
        said(who, t("paston.plays", "{name} plays", name=who), t("paston.plays.you", "You play"))
        + " "
    )
    out.append(contract_text(pic.contract))
    if pic.defence:
        out.append("; ")
        out.append(
            Text(", ").join(
                Text.assemble(
                    f"{names[s]} ",
                    (
                        t("term.whist_word", "whist") if w else t("term.pass_word", "pass"),
                        "bold" if w else "dim",
                    ),
                )
                for s, w in pic.defence
            )
        )
        if len(pic.defence) == 2:
            n = len(pic.whisters)
            note = {
                0: t("paston.no_whist", "no whist: no play"),
                1: t("paston.lone_whist", "lone whist"),
                2: t("paston.both_whist", "both whist"),
            }[n]
            if n == 1 and len(pic.active) == 3:
                note = t("paston.lone_whist_open", "lone whist, defending hands open")
            out.append(f" ({note})", style="italic")
    return out


def tricks_table(pic: DealPicture, names: Sequence[str]) -> Table:
    """Every finished trick (leader, cards in play order, winner) and the one in progress."""
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="dim")
    table.add_column("#", justify="right")
    table.add_column(t("paston.label.cards_in_order", "cards (in play order)"))
    table.add_column(t("paston.label.won_by", "won by"))
    for i, trick in enumerate(pic.tricks, start=1):
        cards = trick_text(list(zip(trick.seats, trick.cards, strict=True)), names)
        table.add_row(str(i), cards, Text(names[trick.winner], style="bold"))
    if pic.trick:
        table.add_row(str(len(pic.tricks) + 1), trick_text(pic.trick, names), Text("…"))
    return table


def _seat_label(pic: DealPicture, seat: int, names: Sequence[str]) -> Text:
    label = Text(names[seat], style="bold" if seat == pic.viewer else "")
    tags = []
    if seat == pic.dealer:
        tags.append(t("paston.label.dealer", "dealer"))
    if seat == pic.declarer:
        tags.append(t("paston.label.declarer", "declarer"))
    if tags:
        label.append(f" ({', '.join(tags)})", style="dim")
    return label


def tricks_won_text(pic: DealPicture, names: Sequence[str]) -> Text:
    """Tricks per seat (``—`` for a seat whose hand takes no part)."""
    parts = []
    for s in range(3):
        n = str(pic.tricks_won[s]) if (not pic.active or s in pic.active) else "—"
        parts.append(Text.assemble(f"{names[s]} ", (n, "bold")))
    return Text(" · ").join(parts)


def scores_text(scores: Sequence[int], names: Sequence[str]) -> Text:
    parts = []
    for s in range(3):
        style = "green" if scores[s] > 0 else "red" if scores[s] < 0 else "dim"
        parts.append(Text.assemble(f"{names[s]} ", (_signed(scores[s]), f"bold {style}")))
    return Text(" · ").join(parts)


def _headed_grid(
    pic: DealPicture, names: Sequence[str], title: str, *, mark_first_deal: bool
) -> Table:
    """A two-column grid whose first row names the deal, its dealer and first bidder."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()
    head = Text(t("paston.head.dealer", "dealer {name}", name=names[pic.dealer]))
    if pic.first_bidder is not None:
        head.append(
            " · "
            + t("paston.head.first_bidder", "first bidder {name}", name=names[pic.first_bidder])
        )
    if mark_first_deal and pic.first_deal:
        head.append(" · " + t("paston.head.first_deal", "first deal (J♠/7♠ rule)"))
    grid.add_row(Text(title, style="bold cyan"), head)
    return grid


def deal_renderable(
    pic: DealPicture | Deal | SeatView,
    names: Sequence[str] | None = None,
    title: str = "Deal",
    totals: Sequence[int] | None = None,
    *,
    tricks: bool = True,
) -> RenderableType:
    """A whole deal: hands, prikup and discards (as visible), auction, contract, whist
    decisions, tricks (unless ``tricks`` is false: a player who watched them needs only the
    count), tricks per seat and scores (and the game's ``totals`` after it)."""
    if isinstance(pic, Deal):
        pic = picture_of_deal(pic)
    elif isinstance(pic, SeatView):
        pic = picture_of_view(pic)
    names = seat_names(names)
    grid = _headed_grid(pic, names, title, mark_first_deal=True)
    hands = Table.grid(padding=(0, 2))
    hands.add_column()
    hands.add_column()
    for seat in range(3):
        if seat in pic.hands:
            hands.add_row(_seat_label(pic, seat, names), hand_cell(pic.hands[seat]))
    if pic.prikup is not None:
        hands.add_row(Text(t("paston.label.prikup", "prikup"), style="dim"), cards_text(pic.prikup))
    if pic.discards is not None:
        hands.add_row(
            Text(t("paston.label.discards", "discards"), style="dim"), cards_text(pic.discards)
        )
    grid.add_row(
        t("paston.label.hands_dealt", "hands (dealt)")
        if pic.hands_dealt
        else t("paston.label.hand", "hand"),
        hands,
    )
    if pic.redeal is not None:
        grid.add_row(
            t("paston.label.redeal", "redeal"), Text(redeal_reason(pic.redeal), style="bold yellow")
        )
        return grid
    grid.add_row(t("paston.label.auction", "auction"), auction_text(pic, names))
    if pic.declarer is not None and (pic.contract or pic.surrendered):
        grid.add_row(t("paston.label.contract", "contract"), outcome_text(pic, names))
    if tricks and (pic.tricks or pic.trick):
        grid.add_row(t("paston.label.play", "play"), tricks_table(pic, names))
    if pic.tricks:
        grid.add_row(t("paston.label.tricks", "tricks"), tricks_won_text(pic, names))
    if pic.scores is not None:
        grid.add_row(t("paston.label.scores", "scores"), scores_text(pic.scores, names))
        if totals is not None:
            grid.add_row(
                t("paston.label.totals", "totals"),
                Text(" · ").join(
                    Text.assemble(f"{names[s]} ", (str(totals[s]), "bold")) for s in range(3)
                ),
            )
    elif pic.to_act is not None:
        grid.add_row(t("paston.label.to_act", "to act"), Text(f"{names[pic.to_act]} ({pic.phase})"))
    return grid


def view_status(
    view: SeatView, names: Sequence[str] | None = None, title: str = "Deal"
) -> RenderableType:
    """A compact picture of a deal in progress for the player of ``view.seat``: the auction,
    the contract and whist decisions, the last trick and the current one, tricks so far and
    the player's own hand (with the prikup and discards when the player is the declarer)."""
    pic = picture_of_view(view)
    names = seat_names(names)
    grid = _headed_grid(pic, names, title, mark_first_deal=False)
    grid.add_row(t("paston.label.auction", "auction"), auction_text(pic, names))
    if pic.declarer is not None and (pic.contract or pic.surrendered):
        grid.add_row(t("paston.label.contract", "contract"), outcome_text(pic, names))
    if pic.tricks:
        grid.add_row(
            t("paston.label.last_trick", "last trick ({n})", n=len(pic.tricks)),
            trick_text(pic.tricks[-1], names),
        )
    if pic.phase == "play":
        current = trick_text(pic.trick, names) if pic.trick else Text("—", style="dim")
        grid.add_row(t("paston.label.trick", "trick {n}", n=len(pic.tricks) + 1), current)
        grid.add_row(t("paston.label.tricks_won", "tricks won"), tricks_won_text(pic, names))
    for seat, cards in sorted(pic.open_hands.items()):
        if seat != view.seat:
            grid.add_row(
                t("paston.label.open", "{name} (open)", name=names[seat]), hand_cell(cards)
            )
    if pic.prikup is not None:
        grid.add_row(t("paston.label.prikup", "prikup"), cards_text(pic.prikup))
    if pic.discards is not None:
        grid.add_row(t("paston.label.discards", "discards"), cards_text(pic.discards))
    grid.add_row(Text(f"{names[view.seat]}", style="bold"), hand_cell(view.hand))
    return grid


# ----------------------------------------------------------------- games and score sheets


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One scored deal of a game: its number, what was played, the changes and the totals."""

    number: int
    dealer: int
    what: str
    scores: tuple[int, int, int]
    totals: tuple[int, int, int]


def deal_result(deal: Deal, names: Sequence[str]) -> str:
    """A scored deal's outcome in words: the declarer, the contract, the tricks and whether
    it was made (``Anna: gupa 7 tricks, made``)."""
    return _what(deal, names)


def _what(deal: Deal, names: Sequence[str]) -> str:
    decl = names[deal.declarer]
    if not deal.contract:
        return t("paston.what.surrender", "{name}: surrender", name=decl)
    contract = CONTRACT_NAMES[deal.contract]
    if not deal.whisters:
        return t(
            "paston.what.no_whist", "{name}: {contract}, no whist", name=decl, contract=contract
        )
    if deal.scores is not None and deal.scores[deal.declarer] > 0:
        return t(
            "paston.what.made",
            "{name}: {contract} {n} tricks, made",
            name=decl,
            contract=contract,
            n=deal.tricks_won[deal.declarer],
        )
    return t(
        "paston.what.failed",
        "{name}: {contract} {n} tricks, failed",
        name=decl,
        contract=contract,
        n=deal.tricks_won[deal.declarer],
    )


def sheet_rows(game: Game, names: Sequence[str] | None = None) -> list[SheetRow]:
    """The rows of a game's score sheet (scored deals only; redeals have no row)."""
    names = seat_names(names)
    rows = []
    totals_after = game.total_history
    number = 0
    for deal in game.deals:
        if deal.phase != "scored" or deal.scores is None:
            continue
        rows.append(
            SheetRow(number + 1, deal.dealer, _what(deal, names), deal.scores, totals_after[number])
        )
        number += 1
    return rows


def score_sheet(
    rows: Sequence[SheetRow], names: Sequence[str] | None = None, title: str | None = ""
) -> Table:
    """The score sheet: per deal what was played, each seat's change and running total
    (``title`` ``""``: "Score sheet" in the player's language; ``None``: no title)."""
    names = seat_names(names)
    if title == "":
        title = t("term.sheet", "Score sheet")
    table = Table(title=title, title_justify="left", header_style="bold", padding=(0, 1))
    table.add_column(t("term.sheet.deal", "deal"), justify="right")
    table.add_column(t("paston.label.played", "played"))
    for s in range(3):
        # A long name folds onto a second header line rather than being cut.
        table.add_column(f"{names[s]}", justify="right", overflow="fold")
    for row in rows:
        cells = []
        for s in range(3):
            delta = row.scores[s]
            style = "green" if delta > 0 else "red" if delta < 0 else "dim"
            cells.append(Text.assemble((f"{_signed(delta):>5}", style), f" {row.totals[s]:>5}"))
        table.add_row(str(row.number), row.what, *cells)
    return table


def score_bars(
    totals: Sequence[int], target: int, names: Sequence[str] | None = None, width: int = 30
) -> Table:
    """The race to the target: one bar per seat from a zero line ``│``, growing right (green)
    towards the target for a positive total and left (red) for a negative one, so a debt
    never looks like progress. ``width`` cells stand for the target; a third of that is kept
    left of the line, and a debt longer than that is cut, marked ``<``.

    >>> from paston.games.paston.text import score_bars, to_plain
    >>> print(to_plain(score_bars([30, -20, 0], 60, ["A", "B", "C"], width=6)), end="")
    A   │███░░░  30 / 60
    B ██│░░░░░░ -20 / 60
    C   │░░░░░░   0 / 60
    """
    names = seat_names(names)
    left = max(1, width // 3)
    per_cell = target / width if target > 0 else 1.0
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column(justify="right", no_wrap=True)
    for s in range(3):
        total = totals[s]
        # Any score other than zero shows at least one cell.
        cells = max(1, round(abs(total) / per_cell)) if total else 0
        gain = min(width, cells) if total > 0 else 0
        debt = min(left, cells) if total < 0 else 0
        bar = Text.assemble(
            " " * (left - debt),
            ("<" if total < 0 and cells > left else "", "bold red"),
            ("█" * (debt - (1 if total < 0 and cells > left else 0)), "red"),
            ("│", "dim"),
            ("█" * gain, "green"),
            ("░" * (width - gain), "dim"),
        )
        table.add_row(names[s], bar, f"{total} / {target}")
    return table


def game_renderable(game: Game, names: Sequence[str] | None = None) -> RenderableType:
    """A whole game: every deal in turn with the running totals, then the score sheet and
    the result."""
    names = seat_names(names)
    parts: list[RenderableType] = []
    totals_after = game.total_history
    number = 1
    scored = 0
    for deal in game.deals:
        title = t("term.deal", "Deal {n}", n=number) + (
            " " + t("paston.redealt", "(redealt)") if deal.phase == "redeal" else ""
        )
        totals = totals_after[scored] if deal.phase == "scored" else None
        parts.append(deal_renderable(deal, names, title=title, totals=totals))
        if deal.phase == "scored":
            scored += 1
            number += 1
        parts.append(Text(""))
    parts.append(score_sheet(sheet_rows(game, names), names))
    parts.append(score_bars(game.totals, game.rules.target, names))
    parts.append(result_text(game, names))
    return Group(*parts)


def result_text(game: Game, names: Sequence[str] | None = None) -> Text:
    """How the game stands: the winner, a draw, or the next dealer."""
    names = seat_names(names)
    if game.over:
        if game.draw:
            top = max(game.totals)
            level = [names[s] for s in range(3) if game.totals[s] == top]
            return Text(
                t(
                    "paston.result.draw",
                    "Game over: a draw between {names} on {top}.",
                    names=" · ".join(level),
                    top=top,
                ),
                "bold",
            )
        assert game.winner is not None
        who, top = names[game.winner], max(game.totals)
        return Text(
            said(
                who,
                t("paston.result.win", "Game over: {name} wins with {top}.", name=who, top=top),
                t("paston.result.win.you", "Game over: You win with {top}.", top=top),
            ),
            "bold",
        )
    if game.current is not None:
        return Text(
            t(
                "paston.result.playing",
                "Game in progress: deal {n} is being played.",
                n=game.deal_number,
            )
        )
    dealer = game.next_dealer
    who = names[dealer] if dealer is not None else "?"
    return Text(
        t(
            "paston.result.next",
            "Game in progress: deal {n} next, dealt by {name}.",
            n=game.deal_number,
            name=who,
        )
    )


# ----------------------------------------------------------------- plain text


def to_plain(renderable: RenderableType, width: int = 100) -> str:
    """Render to a plain string (no colour, no control codes)."""
    buffer = io.StringIO()
    console = Console(
        file=buffer, width=width, color_system=None, force_terminal=False, legacy_windows=False
    )
    console.print(renderable)
    # Rich pads table cells to the full width; the padding carries no information.
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines()) + "\n"


def deal_text(deal: Deal, names: Sequence[str] | None = None, width: int = 100) -> str:
    """A deal as plain text (every card: for records and finished deals)."""
    return to_plain(deal_renderable(deal, names), width)


def game_text(game: Game, names: Sequence[str] | None = None, width: int = 100) -> str:
    """A game as plain text."""
    return to_plain(game_renderable(game, names), width)
