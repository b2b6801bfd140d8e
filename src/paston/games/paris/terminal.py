"""Paris in the terminal: the hooks ``paston play`` draws, reads and tells a session with.

The table is drawn with :func:`.text.render_view` from the person's view only; every action
(the person's and each bot's) is told from the public events of that view: burns, pick-ups
with the cards taken, blind cards turned over, and the cards the person drew (only they see
them). The person types a choice number, an action in the notation (``play 7h 7s``,
``pickup``, ``blind 1``, ``swap kh 7d``, ``ready``) or just the cards to play (``7h 7s``).
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.rule import Rule
from rich.text import Text

from ...core.hooks.terminal import InputError, TerminalHooks
from ...i18n import t
from ...terminal.words import lazy_t
from .actions import action_str, parse_action, play_cards
from .cards import CARD_NAMES
from .match import SESSION_FORMAT, ParisMatch, session_from_record
from .record import state_from_record
from .shuffle import deal_game, seeded_record
from .state import ParisState
from .text import cards_str, event_text, render_view, result_text, state_text
from .view import ParisView, public_action_text

__all__ = ["HELP", "HOOKS", "PROMPTS"]

#: The prompt of each phase; every prompt ends in ``"> "`` (scripts wait for it).
PROMPTS = {
    "swap": lazy_t("term.paris.prompt.swap", "swap> "),
    "play": lazy_t("term.prompt.play", "play> "),
}

HELP = lazy_t(
    "term.paris.help",
    "Type the number of a listed choice, or an action:\n"
    "  swap phase   swap KH 7D   (a hand card for one of your face-up cards), ready\n"
    "  play phase   play 7H 7S   (or just: 7h 7s), pickup, blind 1\n"
    "Cards: rank 3-9, T or 10, J, Q, K, A, 2 and suit C D H S (or ♣ ♦ ♥ ♠);\n"
    "lower case is fine. [1] [2] … are your face-down cards (blind 1 plays the first).",
)

#: The person's name at the table (verbs agree with it).
YOU = "You"
#: Seeds of the reference shuffle are 64-bit (paris-notation.md, "Seeded deals").
MAX_SEED = 2**64 - 1

#: How many legal actions an error line lists before counting them by kind.
_LEGAL_SHOWN = 8
_KEYWORDS = ("play", "swap", "ready", "pickup", "blind")
_PICKUP_WORDS = ("pick up", "take", "take pile", "pick")


def legal_summary(legal: Sequence[str]) -> str:
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
            parts.append(
                t(
                    "term.paris.kind_count",
                    "{n} {kind}s ({examples}, …)",
                    n=len(actions),
                    kind=kind,
                    examples=", ".join(actions[:3]),
                )
            )
    return "; ".join(parts) + " " + t("term.paris.or_number", "(or the number of a listed choice)")


def _drawn(before: ParisView, after: ParisView, action: str) -> str:
    """The cards the person drew (only they see them)."""
    played = Counter[int]()
    if action.startswith("play"):
        played = Counter(play_cards(parse_action(action)))
    left = Counter(before.hand) - played
    new = Counter(after.hand) - left
    return t(
        "term.paris.you_drew",
        "you drew {cards}",
        cards=" ".join(CARD_NAMES[c] for c in sorted(new.elements())),
    )


def narrate(
    before: ParisView, after: ParisView, seat: int, action: int, names: Sequence[str]
) -> list[Text]:
    """Each public event the action made, the start of the play, and who went out."""
    person = after.seat
    lines = []
    for event in after.events[len(before.events) :]:
        line = event_text(event, names)
        if event.seat == person and event.drew:
            line += f" ({_drawn(before, after, event.action)})"
        lines.append(Text(line, style="bold" if event.seat == person else ""))
    if after.phase == "play" and before.phase == "swap":
        starter = after.starter if after.starter is not None else after.to_act
        if starter is not None:
            begins = (
                t("term.paris.begins.you", "Play begins: You make the opening play.")
                if names[starter] == YOU
                else t(
                    "term.paris.begins",
                    "Play begins: {name} makes the opening play.",
                    name=names[starter],
                )
            )
            lines.append(Text(begins, "cyan"))
    for s in after.finished:
        if s not in before.finished:
            out = (
                t(
                    "term.paris.out.you",
                    "You have no cards left: out in place {n}.",
                    n=len(after.finished),
                )
                if names[s] == YOU
                else t(
                    "term.paris.out",
                    "{name} has no cards left: out in place {n}.",
                    name=names[s],
                    n=len(after.finished),
                )
            )
            lines.append(Text(out))
    return lines


def turn_text(view: ParisView) -> str:
    if view.phase == "swap":
        left = view.seats[view.seat].swaps_left
        return t(
            "term.paris.swap",
            "swap a hand card for a face-up card ({left} left), or ready",
            left=left,
        )
    if view.opening:
        return t("term.paris.opening", "make the opening play (your lowest cards)")
    if any(action_str(a).startswith("blind") for a in view.legal):
        return t("term.paris.blind", "play a face-down card blind")
    if view.hand:
        return t("term.paris.from_hand", "play from your hand")
    if view.seats[view.seat].face_up:
        return t("term.paris.from_up", "play from your face-up cards")
    return t("term.paris.play", "play")


def parse_input(command: str, view: ParisView) -> str:
    """The person's line as an action of the notation (a number picks a listed choice; bare
    cards are a play, or a swap in the swap phase)."""
    words = command.replace(",", " ").split()
    count = len(view.legal)
    if all(w.isascii() and w.isdigit() for w in words):
        if len(words) != 1:
            raise InputError(
                t(
                    "term.paris.one_number",
                    "Type one number (1 to {n}) or an action, "
                    "e.g. 'play 7H 7S'; for a face-down card type 'blind N'",
                    n=count,
                )
            )
        number = int(words[0])
        if not 1 <= number <= count:
            raise InputError(t("term.choose_number", "Choose a number from 1 to {n}.", n=count))
        return action_str(view.legal[number - 1])
    lower = " ".join(w.lower() for w in words)
    if lower in _PICKUP_WORDS:
        return "pickup"
    if words[0].lower() in _KEYWORDS:
        return " ".join(words)
    if view.phase == "swap":
        if len(words) != 2:
            raise InputError(
                t(
                    "term.paris.swap_how",
                    "In the swap phase type 'swap X Y' (X from "
                    "your hand, Y face up), 'ready', or a number.",
                )
            )
        return "swap " + " ".join(words)
    return "play " + " ".join(words)


def forced(view: ParisView) -> int | None:
    # Only a play of cards: a lone "pickup" or "ready" is still typed by the person.
    if len(view.legal) == 1 and action_str(view.legal[0]).startswith("play "):
        return int(view.legal[0])
    return None


def hand_start(match: ParisMatch, view: ParisView, names: Sequence[str]) -> list[Rule]:
    heading = t("term.paris.new_game", "New game · dealer {name}", name=names[view.dealer])
    return [Rule(Text(heading, style="bold"), style="cyan")]


def continuing(match: ParisMatch, view: ParisView) -> str:
    turns = match.current.turns if match.current is not None else 0
    return t("term.paris.continuing", "Continuing the game (turn {n}).", n=turns)


def hand_over(
    state: ParisState, match: ParisMatch, names: Sequence[str], person: int, width: int
) -> list[str]:
    """The finished game explained: the order the seats went out in, the loser and the cards
    left in their hand (a Paris game ends with all cards known), and the session so far."""
    lines = [result_text(state.ranking, state.loser, state.end, names)]
    if state.loser is not None:
        left = state.hand(state.loser)
        lines.append(
            t(
                "term.paris.loser_held",
                {
                    "one": "{name} held {count} card: {cards}",
                    "other": "{name} held {count} cards: {cards}",
                },
                name=names[state.loser],
                count=len(left),
                cards=cards_str(left),
            )
        )
    if match.games > 1:
        totals = " · ".join(f"{names[s]} {v:g}" for s, v in enumerate(match.totals))
        lines.append(
            t(
                "term.paris.session",
                "Game {n} of {games}; session totals: {totals}",
                n=len(match.states),
                games=match.games,
                totals=totals,
            )
        )
    return [line for part in lines for line in textwrap.wrap(part, 78, subsequent_indent="  ")]


def outcome(match: ParisMatch, names: Sequence[str]) -> str:
    last = match.current
    if last is None:
        return t("term.game_over", "Game over")
    line = result_text(last.ranking, last.loser, last.end, names)
    return f"{t('term.game_over', 'Game over')}. {line}"


def resume(record: dict[str, Any]) -> ParisMatch:
    """A session from its record; a one-game or position record is a session of that game."""
    if record.get("format") == SESSION_FORMAT:
        return session_from_record(record)
    state = state_from_record(record)
    match = ParisMatch(state.players, state.rules, state.dealer, 1)
    match.states.append(state)
    return match


def deal_seeded(match: ParisMatch, seed: int) -> ParisState:
    """The session's first game dealt by the reference shuffle of ``seed`` (the cards of
    ``paston deal --game paris --seed S``)."""
    if isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a Paris seed is an integer 0 to 2**64-1, not {seed}")
    if match.states:
        raise ValueError("only a session's first game is dealt from a seed")
    state = deal_game(match.players, seed=seed, dealer=match.next_dealer, rules=match.rules)
    match.states.append(state)
    return state


def record_text(record: dict[str, Any], names: Sequence[str] | None) -> list[str]:
    """Each game of the record with every card shown (``Game k`` above each of a session)."""
    states = resume(record).states
    if names is not None and len(names) != states[0].players:
        names = None
    pictures = [state_text(state, names).rstrip("\n") for state in states]
    if len(pictures) == 1:
        return pictures
    return [f"Game {k}\n{p}\n" for k, p in enumerate(pictures, start=1)]


def seeded_deal(
    players: int, seed: int, dealer: int, rules: Mapping[str, Any] | None, first_deal: bool
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The game the reference shuffle deals from ``seed`` (paris-notation.md)."""
    if rules is not None or not first_deal:
        option = "--rules" if rules is not None else "--no-first-deal"
        raise ValueError(
            f"{option} is for Paston deals; a Paris deal takes --players, --seed, --dealer"
        )
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"--seed must be 0 to 2^64-1 (a 64-bit seed), not {seed}")
    return seeded_record(players, seed, dealer), ()


HOOKS = TerminalHooks(
    render_view=lambda view, names, match: render_view(view, names),
    public_action_text=public_action_text,
    help=HELP,
    prompts=PROMPTS,
    turn_text=turn_text,
    parse_input=parse_input,
    narrate=narrate,
    forced=forced,
    following=lambda view: view.seat not in view.finished,
    goal=lambda match: t(
        "term.paris.goal", "Get rid of all your cards; the last player left with cards loses."
    ),
    hand_title=lambda match: t("term.game_n", "Game {n}", n=len(match.states)),
    hand_start=hand_start,
    continuing=continuing,
    hand_over=hand_over,
    result_text=outcome,
    resume=resume,
    deal_seeded=deal_seeded,
    legal_summary=legal_summary,
    record_text=record_text,
    deal_record=seeded_deal,
    # A table of three, the classic game (the server's lobby offers four).
    seats=3,
)
