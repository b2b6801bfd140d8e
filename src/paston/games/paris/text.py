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
    """``1st``, ``2nd``, ``3rd``, ``4th`` …"""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def seat_labels(players: int, names: Sequence[str] | None = None) -> list[str]:
    """The names to show per seat: ``names`` if given, else ``seat 0``, ``seat 1`` …"""
    if names is not None and len(names) == players:
        return list(names)
    return [f"seat {s}" for s in range(players)]


def _pile_lines(pile: Sequence[int]) -> list[str]:
    if not pile:
        return ["pile      empty (any card may be played)"]
    shown = pile[-PILE_SHOWN:]
    more = f"… {len(pile) - len(shown)} more, " if len(pile) > len(shown) else ""
    top = pile[-1]
    lines = [
        f"pile      {len(pile)} card{'s' if len(pile) != 1 else ''}: {more}"
        f"{' '.join(CARD_NAMES[c] for c in shown)}   (top {CARD_NAMES[top]})"
    ]
    if top >> 2 == SEVEN:
        lines.append("          a 7 is on top: the next play must be 3 to 7, or a 10")
    else:
        lines.append(f"          to beat: {RANK_CHARS[top >> 2]} or higher, or a 10")
    return lines


def render_view(view: ParisView, names: Sequence[str] | None = None) -> str:
    """The table as ``view.seat`` sees it: the pile, every seat's face-up cards, face-down
    and hand counts, who has finished, and the seat's own sorted hand."""
    labels = seat_labels(view.players, names)
    phase = {"swap": "swap phase", "play": f"turn {view.turns + 1}", "over": "game over"}.get(
        view.phase, view.phase
    )
    lines = [
        f"Paris · {view.players} players · {phase} · deck {view.deck} · burned {view.burned}",
        *_pile_lines(view.pile),
    ]
    width = max(len(label) for label in labels) + 2
    lines.append(f"{'':{width}}  hand  face-down  face-up")
    for seat, info in enumerate(view.seats):
        mark = "*" if seat == view.to_act else " "
        if info.finished:
            place = view.finished.index(seat) + 1
            status = f"finished {ordinal(place)}"
            lines.append(f"{mark}{labels[seat]:{width}} {status}")
            continue
        slots = " ".join(f"[{i}]" for i in info.face_down_slots) or "—"
        extra = ""
        if view.phase == "swap":
            extra = "   ready" if info.ready else f"   {info.swaps_left} swaps left"
        lines.append(
            f"{mark}{labels[seat]:{width}} {info.hand_count:>4}  {slots:<9}  "
            f"{cards_str(info.face_up)}{extra}"
        )
    if view.phase == "over":
        lines.append(result_text(view.ranking, view.loser, view.end, labels))
    lines.append(f"{labels[view.seat]}: hand {cards_str(view.hand)}")
    return "\n".join(lines)


def result_text(
    ranking: Sequence[int] | None, loser: int | None, end: str | None, labels: Sequence[str]
) -> str:
    """One line: the order the seats finished in and the loser."""
    if ranking is None or loser is None:
        return "the game is not over"
    order = ", ".join(f"{ordinal(i + 1)} {labels[s]}" for i, s in enumerate(ranking))
    how = " (ended by the turn limit)" if end == "turn_limit" else ""
    # The terminal calls the person's seat "You": "You are the loser", not "You is".
    be = "are" if labels[loser] == "You" else "is"
    return f"result: {order}; {labels[loser]} {be} the loser{how}"


def event_text(event: PublicEvent, labels: Sequence[str]) -> str:
    """A public event as a sentence: who did what, what burned, who picked up what."""
    who = labels[event.seat]
    words = event.action.split()
    kind = words[0]
    if kind == "ready":
        return f"{who}: ready"
    if kind == "swap":
        return f"{who}: swaps {words[1]} from the hand for face-up {words[2]}"
    if kind == "pickup":
        taken = event.picked_up or ()
        return f"{who}: picks up the pile ({len(taken)}: {cards_str(taken)})"
    if kind == "blind":
        card = CARD_NAMES[event.blind_card] if event.blind_card is not None else "?"
        if not event.fit:
            taken = event.picked_up or ()
            return (
                f"{who}: plays face-down slot {words[1]}: {card} does not fit, "
                f"picks up the pile ({len(taken)}: {cards_str(taken)})"
            )
        text = f"{who}: plays face-down slot {words[1]}: {card} fits"
    else:
        text = f"{who}: plays {' '.join(words[1:])}"
    if event.burn is not None:
        why = "a 10" if event.burn == "ten" else "four of a kind"
        text += f", burns the pile ({why})"
    if event.drew:
        text += f", draws {event.drew}"
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
