"""Paskievics in the terminal: the hooks ``paston play`` draws, reads and tells a game with.

The picture is :func:`.text.render_view` of the person's view (seats by name, at most 80
columns); other seats' actions are told through :func:`.view.public_action_text` (a face-down
discard by its size only, §6.1, §6.3). While discarding, the numbered choices are the cards
that may be laid away (not every combination of them), and a refused line says what was
wrong and what is legal in the screen's notation (kings and honours are never laid away).
Each deal ends with its result in words (:func:`explain`: the contract, the card points,
each scoring line, every seat's score beside its running total); the score sheet is a
``score`` away and ends the game. The words come from the i18n catalogues (``PASTON_LANG``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ...core.errors import IllegalAction
from ...core.hooks.terminal import InputError, TerminalHooks
from ...i18n import t
from ...terminal.session import is_number
from ...terminal.words import lazy_t
from . import actions as A
from .cards import CARD_NAMES, HONOURS, KINGS, CardError, is_tarokk, parse_card, suit_of
from .match import PaskievicsMatch
from .record import load_record, summary
from .shuffle import seeded_record
from .state import PaskievicsState
from .text import action_words, fit, render_view, state_text
from .view import PaskievicsView, public_action_text

__all__ = ["HELP", "HOOKS", "PROMPTS", "explain"]

#: The prompt of each phase; every prompt ends in ``"> "`` (scripts wait for it).
PROMPTS = {
    "bidding": lazy_t("term.pk.prompt.bid", "bid> "),
    "raise": lazy_t("term.pk.prompt.bid", "bid> "),
    "discard": lazy_t("term.pk.prompt.discard", "discard> "),
    "announce": lazy_t("term.pk.prompt.announce", "announce> "),
    "play": lazy_t("term.pk.prompt.play", "play> "),
}

HELP = lazy_t(
    "term.pk.help",
    "Type the number of a listed choice, or an action in the notation:\n"
    "  bidding   pass, hold, three, two, one, solo\n"
    "  discard   the numbers of the cards to lay away (1 2 3), or discard QH QC TS\n"
    "  announce  call T20, trull, kings, double, volat, ultimo, catch,\n"
    "            kontra game, pass\n"
    "  play      a card: T21, SK, KH, QC\n"
    "Cards: T1-T21 tarokks (T1 pagát, T21 XXI), SK skíz; a suit card is its rank\n"
    "(K king, Q queen, C cavalier, J jack, A ace, T ten, or 2-4, 7-9) and its suit\n"
    "(H hearts, D diamonds, C clubs, S spades): TS is the ten of spades, CH the\n"
    "cavalier of hearts. Kings and honours (SK, T21, T1) are never laid away.",
)

#: The most finished deals the score sheet lists (its totals row counts them all).
SHEET_ROWS = 5


def _discard_size(view: PaskievicsView) -> int:
    """How many cards the person lays away now (every legal discard has that many)."""
    for action in view.legal:
        text = A.action_str(action)
        if text.startswith("discard "):
            return len(text.split()) - 1
    return 0


def _discardable(view: PaskievicsView) -> list[int]:
    """The cards of the person's hand that some legal discard lays away, in card order."""
    cards: set[int] = set()
    for action in view.legal:
        text = A.action_str(action)
        if text.startswith("discard "):
            cards.update(parse_card(word) for word in text.split()[1:])
    return sorted(cards)


def turn_text(view: PaskievicsView) -> str:
    """What the person is to do in the phase of ``view``."""
    phase = str(view.data["phase"])
    if phase == "discard":
        size = _discard_size(view)
        # The example is the person's own: the first cards that may go.
        example = " ".join(CARD_NAMES[c] for c in _discardable(view)[:size])
        return t(
            "term.pk.discard_n",
            {
                "one": "lay {count} card away face down (its number, or discard {example})",
                "other": "lay {count} cards away face down (numbers, or discard {example})",
            },
            count=size,
            example=example,
        )
    texts = {
        "bidding": t("term.pk.bid", "bid, hold or pass"),
        "raise": t("term.pk.raise", "raise the bid or pass"),
        "announce": t("term.pk.announce", "call a partner, announce, kontra or pass"),
        "play": t("term.verb.play", "play a card"),
    }
    return texts.get(phase, phase)


def choice_labels(view: PaskievicsView) -> list[str]:
    """The numbered choices: while discarding, the cards that may be laid away (one number
    each, not every combination); else the legal actions."""
    if view.data["phase"] == "discard":
        return [CARD_NAMES[c] for c in _discardable(view)]
    return [A.action_str(a) for a in view.legal]


def _why_not_laid_away(card: int) -> str:
    if card in KINGS:
        return t("term.pk.no_discard_king", "kings are never laid away")
    if card in HONOURS:
        return t("term.pk.no_discard_honour", "honours (SK, T21, T1) are never laid away")
    if is_tarokk(card):
        return t("term.pk.no_discard_tarokk", "a tarokk is laid away only when nothing else can be")
    return t("term.pk.no_discard_other", "it may not be laid away now")


def _discard(cards: list[int], view: PaskievicsView) -> int:
    """The discard of ``cards``, or an :class:`InputError` naming what is wrong and the
    cards that may be laid away (once, each card by name)."""
    size = _discard_size(view)
    allowed = _discardable(view)
    shown = " ".join(CARD_NAMES[c] for c in allowed)
    hand = set(view.data["hand"])
    for card in cards:
        if CARD_NAMES[card] not in hand:
            raise InputError(
                t(
                    "term.pk.not_in_hand",
                    "{card} is not in your hand; you may lay away: {cards}",
                    card=CARD_NAMES[card],
                    cards=shown,
                )
            )
        if card not in allowed:
            raise InputError(
                t(
                    "term.pk.cannot_discard",
                    "{card} cannot be laid away: {why}. You may lay away: {cards}",
                    card=CARD_NAMES[card],
                    why=_why_not_laid_away(card),
                    cards=shown,
                )
            )
    if len(set(cards)) != len(cards) or len(cards) != size:
        raise InputError(
            t(
                "term.pk.discard_count",
                {
                    "one": "lay away {count} card, from: {cards}",
                    "other": "lay away {count} different cards, from: {cards}",
                },
                count=size,
                cards=shown,
            )
        )
    action = A.discard_id(cards)
    if action not in view.legal:  # each card may go, but not these together (tarokks)
        tarokks = [c for c in cards if is_tarokk(c)]
        why = _why_not_laid_away(tarokks[0]) if tarokks else ""
        raise InputError(
            t(
                "term.pk.discard_combination",
                "{cards} may not be laid away together: {why}",
                cards=" ".join(CARD_NAMES[c] for c in cards),
                why=why,
            )
        )
    return action


def _play(card: int, view: PaskievicsView) -> int:
    """Playing ``card``, or an :class:`InputError` saying why not and what may be played."""
    legal = " ".join(A.action_str(a) for a in sorted(view.legal))
    name = CARD_NAMES[card]
    if name not in view.data["hand"]:
        raise InputError(
            t(
                "term.pk.card_not_in_hand",
                "{card} is not in your hand; you may play: {cards}",
                card=name,
                cards=legal,
            )
        )
    action = A.PLAY + card
    if action in view.legal:
        return action
    trick = view.data["trick"]
    led = parse_card(trick[0]) if trick else None
    if led is not None and suit_of(led) == 4:
        why = t("term.pk.must_tarokk", "a tarokk was led and you hold tarokks")
    elif led is not None and any(suit_of(parse_card(c)) == suit_of(led) for c in view.data["hand"]):
        why = t("term.pk.must_follow", "you must follow the suit led ({card})", card=trick[0])
    elif led is not None:
        why = t("term.pk.must_trump", "you hold no card of the suit led: play a tarokk")
    else:
        why = t("term.pk.not_now", "the rules do not allow it now")
    raise InputError(
        t(
            "term.pk.cannot_play",
            "{card} cannot be played: {why}. You may play: {cards}",
            card=name,
            why=why,
            cards=legal,
        )
    )


def _unknown(command: str, view: PaskievicsView, reason: str) -> str:
    return t(
        "term.pk.unknown",
        '"{text}" is no action here ({reason}). Legal: {legal}',
        text=command,
        reason=reason.removeprefix("unparsable: "),
        legal=" · ".join(choice_labels(view)),
    )


def parse_input(command: str, view: PaskievicsView) -> int:
    """The person's line as an action: numbers of the listed choices (the cards to lay away
    while discarding), a bare card, or anything of the notation; what is not legal is refused
    here, in the screen's notation, with what is."""
    words = command.replace(",", " ").split()
    phase = view.data["phase"]
    labels = choice_labels(view)
    if words and all(is_number(w) for w in words):
        numbers = [int(w) for w in words]
        if any(not 1 <= n <= len(labels) for n in numbers):
            raise InputError(
                t("term.choose_number", "Choose a number from 1 to {n}.", n=len(labels))
            )
        if phase == "discard":
            return _discard([parse_card(labels[n - 1]) for n in numbers], view)
        if len(numbers) != 1:
            raise InputError(t("term.one_number", "Type one number."))
        return int(view.legal[numbers[0] - 1])
    if phase == "discard" and words:
        cards_text = words[1:] if words[0].lower() == "discard" else words
        try:
            cards = [parse_card(w) for w in cards_text]
        except CardError as exc:
            raise InputError(_unknown(command, view, str(exc))) from None
        return _discard(cards, view)
    if phase == "play" and len(words) == 1:
        card: int | None
        try:
            card = parse_card(words[0])
        except CardError:
            card = None
        if card is not None:
            return _play(card, view)
    try:
        action = A.parse_action(command)
    except IllegalAction as exc:
        raise InputError(_unknown(command, view, exc.reason)) from None
    if action not in view.legal:
        raise InputError(
            t(
                "term.pk.not_legal",
                '"{text}" is not possible now. Legal: {legal}',
                text=A.action_str(action),
                legal=" · ".join(labels),
            )
        )
    return action


def choice_of(action: int, view: PaskievicsView) -> str:
    """What to type for ``action``: a discard is the numbers of its cards in the list."""
    labels = choice_labels(view)
    text = A.action_str(action)
    if view.data["phase"] == "discard" and text.startswith("discard "):
        return " ".join(str(labels.index(c) + 1) for c in text.split()[1:] if c in labels)
    return str(labels.index(text) + 1) if text in labels else ""


def hand_title(match: PaskievicsMatch) -> str:
    return t("term.deal", "Deal {n}", n=len(match.deals))


def hand_start(
    match: PaskievicsMatch, view: PaskievicsView, names: Sequence[str]
) -> list[Rule | Text]:
    """The deal's heading (number, dealer, scored deals so far) and the person's cards."""
    scored = sum(1 for d in match.deals if d.is_over and d.thrown_in is None)
    heading = t(
        "term.pk.deal_heading",
        "Deal {n} · dealer {name} · scored {scored} of {total}",
        n=len(match.deals),
        name=names[view.data["dealer"]],
        scored=scored,
        total=match.rules.game_deals,
    )
    hand = " ".join(view.to_json()["hand"]) or "-"
    your_hand = t("term.your_hand", "Your hand") + "  "
    return [
        Rule(Text(heading, style="bold"), style="cyan"),
        Text.assemble((your_hand, "cyan"), hand),
    ]


def continuing(match: PaskievicsMatch, view: PaskievicsView) -> str:
    return t("term.continuing", "Continuing deal {n}.", n=len(match.deals))


def goal(match: PaskievicsMatch) -> str:
    return t(
        "term.pk.goal",
        {
            "one": "One scored deal; the most points win.",
            "other": "{count} scored deals; the most points win.",
        },
        count=match.rules.game_deals,
    )


def _item_word(item: str) -> str:
    return {
        "game": t("pk.item.game", "Game"),
        "double": t("pk.item.double", "Double game"),
        "volat": t("pk.item.volat", "Volát"),
        "trull": t("pk.item.trull", "Trull"),
        "kings": t("pk.item.kings", "Four kings"),
        "ultimo": t("pk.item.ultimo", "Pagát ultimó"),
        "catch": t("pk.item.catch", "XXI catch"),
    }.get(item, item)


def _side_word(side: str) -> str:
    if side == "declarer":
        return t("pk.side.declarer", "the declarer's side")
    return t("pk.side.defenders", "the defenders")


def _line_text(line: Mapping[str, Any], names: Sequence[str]) -> str:
    """One of the engine's scoring lines (score_lines.py) in the player's language, its
    seats by name."""
    params = dict(line["params"])
    if isinstance(params.get("seat"), int):
        params["seat"] = names[params["seat"]]
    if "item" in params and "item" in line:
        word = _item_word(str(line["item"]))
        params["item"] = word if line.get("outcome") != "silent" else word.lower()
    if "side" in params and line.get("side") in ("declarer", "defenders"):
        params["side"] = _side_word(str(line["side"]))
    return t(str(line["key"]), str(line["english"]), **params)


def _signed(x: int) -> str:
    return f"{x:+d}" if x else "0"


def _totals_after(match: PaskievicsMatch, state: PaskievicsState) -> list[int]:
    """Every seat's total once ``state`` (a deal of ``match``) is counted."""
    totals = [0] * match.players
    for deal in match.deals:
        if deal.is_over and deal.scores is not None:
            totals = [a + int(b) for a, b in zip(totals, deal.scores, strict=True)]
        if deal is state:
            break
    return totals


def explain(
    state: PaskievicsState, match: PaskievicsMatch, names: Sequence[str], person: int
) -> list[str]:
    """A finished deal in words: who played what with whom, the card points, each scoring
    line, the multiplier, and every seat's score beside its running total (what §12 makes
    public at the end, nothing of a thrown-in deal's hands)."""
    data = state.view(person).to_json()
    facts = summary(state)
    out: list[str] = []
    cause = state.thrown_in
    if cause == "pass-out":
        out += fit(
            t(
                "term.pk.pass_out",
                "Everyone passed: the deal is thrown in, nothing scored; it does not count.",
            )
        )
    elif cause == "annulled" and data.get("annulled"):
        shown = data["annulled"]
        out += fit(
            t(
                "term.pk.annulled",
                "{name} annulled the deal (hand: {cards}); nothing scored.",
                name=names[shown["seat"]],
                cards=" ".join(shown["hand"]),
            )
        )
    elif cause is not None and cause != "trial-failed":
        out.append(t("term.pk.thrown", "Thrown in ({cause}); nothing scored.", cause=cause))
    if state.declarer is not None and cause in (None, "trial-failed"):
        who = names[state.declarer]
        with_ = ""
        if state.called is not None and facts["partner"] is not None:
            with_ = (
                t("term.pk.with_alone", "alone")
                if facts["alone"]
                else t("term.pk.with", "with {name}", name=names[facts["partner"]])
            )
        line = t(
            "term.pk.contract",
            "{name} played {bid} {with_}",
            name=who,
            bid=facts["bid"],
            with_=with_,
        ).rstrip()
        points = facts["card_points"]
        if points:
            result = (
                t("term.pk.won", "won") if points["declarer"] >= 48 else t("term.pk.lost", "lost")
            )
            line += "; " + t(
                "term.pk.card_points",
                "card points {d} to {o} ({result})",
                d=points["declarer"],
                o=points["defenders"],
                result=result,
            )
        out += fit(line)
    lines = data.get("score_lines")
    if lines:
        for value in lines["value"]:
            out += fit(f"  {_line_text(value, names)} {_signed(int(value['amount']))}", rows=1)
        # How the value and the tarokk counts are settled between the seats.
        for settle in lines["seats"]:
            out += fit(_line_text(settle, names), rows=1)
        if lines["multiplier"] > 1:
            out.append(
                t("pk.lines.multiplier", "Doubled round: every score ×{m}", m=lines["multiplier"])
            )
    if state.scores is not None and any(state.scores):
        totals = _totals_after(match, state)
        parts = [
            f"{names[s]} {_signed(int(v))} (= {totals[s]})" for s, v in enumerate(state.scores)
        ]
        out += fit(
            t("term.pk.scores_totals", "Scores (running totals): {parts}", parts=" · ".join(parts)),
            rows=3,
        )
    return out


def hand_over(
    state: PaskievicsState,
    match: PaskievicsMatch,
    names: Sequence[str],
    person: int,
    width: int,
) -> list[str]:
    """The finished deal explained (:func:`explain`); the tricks were told as they were
    played, so the hands are not drawn again."""
    return explain(state, match, names, person)


def score_sheet(match: PaskievicsMatch, names: Sequence[str], width: int) -> list[Table]:
    """The last scored deals (their scores), then every seat's total, in ``width`` columns
    (at most 80)."""
    width = min(width, 80)
    table = Table(
        title=t("term.sheet", "Score sheet"),
        title_justify="left",
        box=None,
        pad_edge=False,
        show_footer=True,
    )
    cell = max(6, (width - 6) // match.players - 2)
    totals = [0] * match.players
    rows: list[tuple[int, list[int]]] = []
    for number, deal in enumerate(match.deals, start=1):
        if deal.is_over and deal.scores is not None and deal.thrown_in != "pass-out":
            scores = [int(x) for x in deal.scores]
            totals = [a + b for a, b in zip(totals, scores, strict=True)]
            rows.append((number, scores))
    table.add_column(
        t("term.sheet.deal", "deal"), justify="right", footer=t("term.sheet.total", "total")
    )
    for seat, name in enumerate(names):
        table.add_column(
            name[:cell], justify="right", footer=str(totals[seat]), max_width=cell, no_wrap=True
        )
    for number, scores in rows[-SHEET_ROWS:]:
        table.add_row(str(number), *(_signed(x) for x in scores))
    if len(rows) > SHEET_ROWS:
        table.caption = t(
            "term.sheet.earlier", "{n} earlier deals are in the totals", n=len(rows) - SHEET_ROWS
        )
        table.caption_justify = "left"
    return [table]


def outcome(match: PaskievicsMatch, names: Sequence[str]) -> str:
    totals = match.totals
    best = max(totals)
    winners = " · ".join(names[s] for s, v in enumerate(totals) if v == best)
    return t(
        "term.pk.result",
        "Game over: best {winners} with {points}",
        winners=winners,
        points=f"{best:+g}",
    )


#: Seeds of ``paston deal`` are 64-bit, as the other games' are.
MAX_SEED = 2**64 - 1


def record_text(record: dict[str, Any], names: Sequence[str] | None) -> list[str]:
    """Each deal of the record with every card shown (``Game k`` above each of a game)."""
    loaded = load_record(record)
    states = loaded.states if isinstance(loaded, PaskievicsMatch) else [loaded]
    if not states:
        return []
    if names is not None and len(names) != states[0].players:
        names = None
    pictures = [state_text(state, names).rstrip("\n") for state in states]
    if len(pictures) == 1:
        return pictures
    return [f"Game {k}\n{p}\n" for k, p in enumerate(pictures, start=1)]


def seeded_deal(
    players: int, seed: int, dealer: int, rules: Mapping[str, Any] | None, first_deal: bool
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The deal ``random.Random(seed)`` makes (:func:`.shuffle.seeded_record`)."""
    if rules is not None or not first_deal:
        option = "--rules" if rules is not None else "--no-first-deal"
        raise ValueError(
            f"{option} is for Paston deals; a Paskievics deal takes --players, --seed, --dealer"
        )
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"--seed must be 0 to 2^64-1 (a 64-bit seed), not {seed}")
    return seeded_record(players, seed, dealer), ()


def told(state: PaskievicsState, actor: int, action: int, viewer: int) -> str:
    """Another seat's action as the person may know it (:func:`.view.public_action_text`:
    a face-down discard by its size only), in the player's language."""
    return action_words(public_action_text(state, actor, action, viewer))


HOOKS = TerminalHooks(
    render_view=lambda view, names, match: render_view(view, names),
    public_action_text=told,
    help=HELP,
    prompts=PROMPTS,
    turn_text=turn_text,
    choice_labels=choice_labels,
    parse_input=parse_input,
    choice_of=choice_of,
    goal=goal,
    hand_title=hand_title,
    hand_start=hand_start,
    continuing=continuing,
    hand_over=hand_over,
    score_sheet=score_sheet,
    # Each deal's summary ends with every seat's score and running total; the whole sheet
    # is a ``score`` away and ends the game (the end of a deal fits a 24-line screen).
    sheet_between_hands=False,
    result_text=outcome,
    record_text=record_text,
    deal_record=seeded_deal,
)
