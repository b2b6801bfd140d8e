"""Paris as plain text: one seat's view of the table, each public event as a sentence, and a
finished (or saved) game with every card shown.

Cards are written in the notation (``7H``, ``TD``), the way a person types them. Everything
drawn from a :class:`~paston.games.paris.view.ParisView` holds only what that seat may know.

>>> from paston.games.paris.shuffle import deal_game
>>> state = deal_game(3, seed=2008)
>>> print(render_view(state.view(1)).splitlines()[0])
Paris · 3 players · swap phase · deck 71 · burned 0
"""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import language, t
from .cards import CARD_NAMES, RANK_CHARS, SEVEN
from .state import ParisState
from .view import ParisView, PublicEvent

__all__ = [
    "cards_str",
    "event_text",
    "ordinal",
    "render_view",
    "result_text",
    "seat_labels",
    "state_text",
]

#: How many cards of the pile the table shows (the top ones).
PILE_SHOWN = 6


def cards_str(cards: Sequence[int]) -> str:
    """Cards in card order, e.g. ``3C 7H 7H KS``; ``—`` for none."""
    return " ".join(CARD_NAMES[c] for c in sorted(cards)) or "—"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … (in the player's language: ``1.``, ``1-й`` …)"""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    if language() == "en":
        return f"{n}{suffix}"
    return t("term.paris.ordinal", "{n}.", n=n)


def seat_labels(players: int, names: Sequence[str] | None = None) -> list[str]:
    """The names to show per seat: ``names`` if given, else ``seat 0``, ``seat 1`` …"""
    if names is not None and len(names) == players:
        return list(names)
    return [t("term.seat_n", "seat {n}", n=s) for s in range(players)]


def _pile_lines(pile: Sequence[int]) -> list[str]:
    if not pile:
        return [t("term.paris.pile_empty", "pile: empty (any card may be played)")]
    shown = pile[-PILE_SHOWN:]
    more = (
        t("term.paris.pile_more", "… {n} more,", n=len(pile) - len(shown)) + " "
        if len(pile) > len(shown)
        else ""
    )
    top = pile[-1]
    lines = [
        t(
            "term.paris.pile",
            {
                "one": "pile: {count} card: {cards}   (top {top})",
                "other": "pile: {count} cards: {cards}   (top {top})",
            },
            count=len(pile),
            cards=more + " ".join(CARD_NAMES[c] for c in shown),
            top=CARD_NAMES[top],
        )
    ]
    if top >> 2 == SEVEN:
        lines.append(
            "  " + t("term.paris.seven", "a 7 is on top: the next play must be 3 to 7, or a 10")
        )
    else:
        lines.append(
            "  "
            + t(
                "term.paris.to_beat",
                "to beat: {rank} or higher, or a 10",
                rank=RANK_CHARS[top >> 2],
            )
        )
    return lines


def render_view(view: ParisView, names: Sequence[str] | None = None) -> str:
    """The table as ``view.seat`` sees it: the pile, every seat's face-up cards, face-down
    and hand counts, who has finished, and the seat's own sorted hand."""
    labels = seat_labels(view.players, names)
    phase = {
        "swap": t("term.paris.swap_phase", "swap phase"),
        "play": t("term.paris.turn", "turn {n}", n=view.turns + 1),
        "over": t("term.game_over_word", "game over"),
    }.get(view.phase, view.phase)
    lines = [
        t(
            "term.paris.head",
            "Paris · {players} players · {phase} · deck {deck} · burned {burned}",
            players=view.players,
            phase=phase,
            deck=view.deck,
            burned=view.burned,
        ),
        *_pile_lines(view.pile),
    ]
    width = max(len(label) for label in labels) + 2
    hand, down, up = (
        t("term.paris.col.hand", "hand"),
        t("term.paris.col.down", "face-down"),
        t("term.paris.col.up", "face-up"),
    )
    lines.append(f"{'':{width}}  {hand:>4}  {down:<9}  {up}")
    for seat, info in enumerate(view.seats):
        mark = "*" if seat == view.to_act else " "
        if info.finished:
            place = view.finished.index(seat) + 1
            status = t("term.paris.finished", "finished {place}", place=ordinal(place))
            lines.append(f"{mark}{labels[seat]:{width}} {status}")
            continue
        slots = " ".join(f"[{i}]" for i in info.face_down_slots) or "—"
        extra = ""
        if view.phase == "swap":
            extra = "   " + (
                t("term.paris.ready", "ready")
                if info.ready
                else t("term.paris.swaps_left", "{n} swaps left", n=info.swaps_left)
            )
        lines.append(
            f"{mark}{labels[seat]:{width}} {info.hand_count:>4}  {slots:<9}  "
            f"{cards_str(info.face_up)}{extra}"
        )
    if view.phase == "over":
        lines.append(result_text(view.ranking, view.loser, view.end, labels))
    lines.append(
        t(
            "term.paris.your_hand",
            "{name}: hand {cards}",
            name=labels[view.seat],
            cards=cards_str(view.hand),
        )
    )
    return "\n".join(lines)


def result_text(
    ranking: Sequence[int] | None, loser: int | None, end: str | None, labels: Sequence[str]
) -> str:
    """One line: the order the seats finished in and the loser."""
    if ranking is None or loser is None:
        return t("term.paris.not_over", "the game is not over")
    order = ", ".join(f"{ordinal(i + 1)} {labels[s]}" for i, s in enumerate(ranking))
    how = (
        " " + t("term.paris.turn_limit", "(ended by the turn limit)") if end == "turn_limit" else ""
    )
    # The terminal calls the person's seat "You": "You are the loser", not "You is".
    if labels[loser] == "You":
        return t(
            "term.paris.result.you", "result: {order}; You are the loser{how}", order=order, how=how
        )
    return t(
        "term.paris.result",
        "result: {order}; {name} is the loser{how}",
        order=order,
        name=labels[loser],
        how=how,
    )


def event_text(event: PublicEvent, labels: Sequence[str]) -> str:
    """A public event as a sentence: who did what, what burned, who picked up what."""
    who = labels[event.seat]
    words = event.action.split()
    kind = words[0]
    if kind == "ready":
        return t("term.paris.ev.ready", "{name}: ready", name=who)
    if kind == "swap":
        return t(
            "term.paris.ev.swap",
            "{name}: swaps {hand} from the hand for face-up {up}",
            name=who,
            hand=words[1],
            up=words[2],
        )
    if kind == "pickup":
        taken = event.picked_up or ()
        return t(
            "term.paris.ev.pickup",
            "{name}: picks up the pile ({n}: {cards})",
            name=who,
            n=len(taken),
            cards=cards_str(taken),
        )
    if kind == "blind":
        card = CARD_NAMES[event.blind_card] if event.blind_card is not None else "?"
        if not event.fit:
            taken = event.picked_up or ()
            return t(
                "term.paris.ev.blind_miss",
                "{name}: plays face-down slot {slot}: {card} "
                "does not fit, picks up the pile ({n}: {cards})",
                name=who,
                slot=words[1],
                card=card,
                n=len(taken),
                cards=cards_str(taken),
            )
        text = t(
            "term.paris.ev.blind_fit",
            "{name}: plays face-down slot {slot}: {card} fits",
            name=who,
            slot=words[1],
            card=card,
        )
    else:
        text = t("term.paris.ev.play", "{name}: plays {cards}", name=who, cards=" ".join(words[1:]))
    if event.burn is not None:
        why = (
            t("term.paris.burn.ten", "a 10")
            if event.burn == "ten"
            else t("term.paris.burn.four", "four of a kind")
        )
        text += ", " + t("term.paris.ev.burns", "burns the pile ({why})", why=why)
    if event.drew:
        text += ", " + t("term.paris.ev.draws", "draws {n}", n=event.drew)
    return text


def state_text(state: ParisState, names: Sequence[str] | None = None) -> str:
    """A whole game with every card shown (for a finished game or a record, never for a
    player during play): each seat's hand, face-up and face-down cards, and the result."""
    labels = seat_labels(state.players, names)
    width = max(len(label) for label in labels) + 2
    lines = [
        f"Paris · {state.players} players · dealer {labels[state.dealer]} · "
        f"{state.turns} turns · deck {state.deck_count} · burned {state.burned}",
        f"pile      {cards_str(state.pile) if state.pile else 'empty'}",
    ]
    for seat in range(state.players):
        down = " ".join(CARD_NAMES[c] if c >= 0 else "--" for c in state.face_down(seat))
        lines.append(
            f" {labels[seat]:{width}} hand {cards_str(state.hand(seat))} · "
            f"face-up {cards_str(state.face_up(seat))} · face-down {down}"
        )
    if state.is_over:
        lines.append(result_text(state.ranking, state.loser, state.end, labels))
    return "\n".join(lines)
