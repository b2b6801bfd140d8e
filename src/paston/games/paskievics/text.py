"""Plain text pictures of Paskievics: one seat's view for the terminal, a deal for ``show``."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from typing import Any

from ...i18n import t
from .actions import KONTRA_WORDS
from .cards import CARD_NAMES
from .record import summary
from .state import PaskievicsState
from .view import PaskievicsView

__all__ = ["WIDTH", "action_words", "fit", "phase_word", "render_view", "state_text"]


def _seat_name(seat: int | None, names: Sequence[str] | None) -> str:
    if seat is None:
        return "-"
    return names[seat] if names and seat < len(names) else f"seat {seat}"


#: The widest a line of the picture may be (an 80-column terminal, a margin of two).
WIDTH = 78


def phase_word(phase: str) -> str:
    """A phase's name in the player's language."""
    return {
        "bidding": t("term.pk.phase.bidding", "bidding"),
        "raise": t("term.pk.phase.raise", "bidding"),
        "discard": t("term.pk.phase.discard", "discarding"),
        "announce": t("term.pk.phase.announce", "announcements"),
        "play": t("term.pk.phase.play", "card play"),
        "scored": t("term.pk.phase.scored", "scored"),
        "thrown-in": t("term.pk.phase.thrown_in", "thrown in"),
    }.get(phase, phase)


def fit(text: str, width: int = WIDTH, rows: int = 2) -> list[str]:
    """``text`` wrapped to ``width`` columns in at most ``rows`` lines (the last one cut
    with an ellipsis): the picture keeps its height whatever the deal holds."""
    lines = textwrap.wrap(text, width, subsequent_indent="  ", break_on_hyphens=False) or [""]
    if len(lines) > rows:
        lines = lines[:rows]
        # Cut between words: half a card name (T1… of T14) would read as another card.
        lines[-1] = lines[-1][: width - 1].rsplit(" ", 1)[0] + " …"
    return lines


_HIDDEN_DISCARD = re.compile(r"discard (\d+) cards?")


def action_words(text: str) -> str:
    """An action as the views write it, for the person: another seat's face-down discard
    (``discard 3 cards``) in the player's language, the notation as it is.

    >>> action_words("discard 1 card"), action_words("discard QH")
    ('lays 1 card away', 'discard QH')
    """
    hidden = _HIDDEN_DISCARD.fullmatch(text)
    if hidden is None:
        return text
    return t(
        "term.pk.lays_away",
        {"one": "lays {count} card away", "other": "lays {count} cards away"},
        count=int(hidden.group(1)),
    )


def render_view(
    view: PaskievicsView, names: Sequence[str] | None = None, width: int = WIDTH
) -> str:
    """One seat's view in at most ten lines of ``width`` columns: the deal, the person's
    hand, the contract and partnership as known, the discards, the announcements, the last
    actions and the trick (its words in the player's language, the notation as it is;
    seats by their ``names``)."""
    data: dict[str, Any] = view.to_json()

    def name(seat: int | None) -> str:
        return _seat_name(seat, names)

    lines = [
        t(
            "term.pk.head2",
            "Dealer {dealer} · forehand {forehand} · ×{multiplier} · {phase}",
            dealer=name(data["dealer"]),
            forehand=name(data["forehand"]),
            multiplier=data["multiplier"],
            phase=phase_word(data["phase"]),
        ),
        t("term.pk.hand", "your hand: {cards}", cards=" ".join(data["hand"]) or "-"),
    ]
    if data["declarer"] is not None:
        if data["declarer"] == data["seat"]:
            contract = t("term.pk.plays.you", "You play {bid}", bid=data["bid"])
        else:
            contract = t("term.pk.plays", "{name} plays {bid}", name=name(data["declarer"]),
                         bid=data["bid"])  # fmt: skip
        if data["called"]:
            contract += t("term.pk.called", ", called {card}", card=data["called"])
            if data["partner"] is None:
                who = t("term.pk.partner_unknown", "partner unknown")
            elif data["alone"]:
                who = t("term.pk.alone", "alone")
            else:
                who = t("term.pk.partner_is", "partner {name}", name=name(data["partner"]))
            contract += f" ({who})"
        lines.append(contract)
    if data["discarded_tarokks"] is not None:
        # What the discards make public (§6.3): each discard's tarokk count, and the tarokks
        # of the declarer's discard by name; every other discarded card stays face down.
        split = data["talon_split"] or []
        counts = ", ".join(
            f"{name(s)} {n}"
            for s, n in enumerate(data["discarded_tarokks"])
            if s < len(split) and split[s]
        )
        named = " ".join(data["declarer_discarded_tarokks"] or []) or t("term.pk.none", "none")
        lines += fit(
            t(
                "term.pk.discarded2",
                "tarokks laid away: {counts}; the declarer's: {named}",
                counts=counts or "-",
                named=named,
            ),
            width,
        )
    if data["invitation"]:
        inv = data["invitation"]
        lines.append(
            t(
                "term.pk.invitation2",
                "invitation: {kind} by {name} showing {card}",
                kind=inv["kind"],
                name=name(inv["by"]),
                card=inv["card"],
            )
        )
    said = [
        f"{item['item']} ({name(item['by'])}"
        + (f", {KONTRA_WORDS[item['level'] - 1]}" if item["level"] else "")
        + ")"
        for item in data["announcements"]
    ]
    if data["game_kontra"]:
        said.append(f"{KONTRA_WORDS[data['game_kontra'] - 1]} game")
    if said:
        lines += fit(t("term.pk.announced", "announced: {items}", items=", ".join(said)), width)
    recent = data["actions"][-5:]
    if recent:
        last = " · ".join(f"{name(a['seat'])} {action_words(a['action'])}" for a in recent)
        lines += fit(t("term.pk.last", "last: {actions}", actions=last), width, rows=1)
    if data["phase"] == "play" or data["tricks"]:
        trick = data["trick"]
        leader = (len(data["actions"]) - len(trick)) if trick else None
        by = data["actions"][leader]["seat"] if leader is not None else None
        played = " ".join(trick) or "-"
        lines.append(
            t(
                "term.pk.trick",
                "trick {n} of 9: {cards}{led}",
                n=len(data["tricks"]) + (1 if data["phase"] == "play" else 0),
                cards=played,
                led=t("term.pk.led_by", " (led by {name})", name=name(by))
                if by is not None
                else "",
            )
        )
    if data["to_act"] is not None and data["to_act"] != data["seat"]:
        lines.append(t("term.pk.waiting2", "waiting for {name}", name=name(data["to_act"])))
    return "\n".join(line[:width] for line in lines)


def state_text(state: PaskievicsState, names: Sequence[str] | None = None) -> str:
    """A whole deal (it knows every card) for ``paston show``."""
    out = summary(state)
    lines = [f"Paskievics deal: dealer {_seat_name(state.dealer, names)}, x{state.multiplier}"]
    for seat, hand in enumerate(state.dealt):
        if hand:
            lines.append(f"  {_seat_name(seat, names)}: " + " ".join(_names(hand)))
    lines.append("  talon (in order): " + " ".join(CARD_NAMES[c] for c in state.talon))
    lines.append(f"phase {out['phase']}")
    if out["declarer"] is not None:
        lines.append(
            f"declarer {_seat_name(out['declarer'], names)} plays {out['bid']}"
            + (f", called {out['called']}" if out["called"] else "")
            + (
                f", partner {_seat_name(out['partner'], names)}"
                if out["partner"] is not None
                else ""
            )
        )
    for number, trick in enumerate(out["tricks"], start=1):
        lines.append(
            f"  trick {number}: {' '.join(trick['cards'])} -> {_seat_name(trick['winner'], names)}"
        )
    if out["card_points"]:
        points = out["card_points"]
        lines.append(
            f"card points {points['declarer']}/{points['defenders']}, value {out['value']}"
        )
    if out["thrown_in"]:
        lines.append(f"thrown in: {out['thrown_in']}")
    if out["scores"] is not None:
        lines.append("scores: " + " ".join(str(s) for s in out["scores"]))
    return "\n".join(lines)


def _names(cards: Sequence[int]) -> list[str]:
    from .cards import format_cards

    return format_cards(cards)
