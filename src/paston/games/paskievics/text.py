"""Plain text pictures of Paskievics: one seat's view for the terminal, a deal for ``show``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import CARD_NAMES
from .record import summary
from .state import PaskievicsState
from .view import PaskievicsView

__all__ = ["render_view", "state_text"]


def _seat_name(seat: int | None, names: Sequence[str] | None) -> str:
    if seat is None:
        return "-"
    return names[seat] if names and seat < len(names) else f"seat {seat}"


def render_view(view: PaskievicsView) -> str:
    """One seat's view: the deal so far, the contract and partnership as known, the trick."""
    data: dict[str, Any] = view.to_json()
    lines = [
        f"Paskievics, you are seat {data['seat']} (dealer {data['dealer']}, forehand "
        f"{data['forehand']}, x{data['multiplier']}); phase {data['phase']}",
        "your hand: " + (" ".join(data["hand"]) or "-"),
    ]
    if data["declarer"] is not None:
        contract = f"declarer seat {data['declarer']}, {data['bid']}"
        if data["called"]:
            contract += f", called {data['called']}"
            if data["partner"] is not None:
                who = "alone" if data["alone"] else f"partner seat {data['partner']}"
                contract += f" ({who})"
        lines.append(contract)
    if data["discarded_tarokks"] is not None:
        # What the discards make public (§6.3): each discard's tarokk count, and the tarokks
        # of the declarer's discard by name; every other discarded card stays face down.
        split = data["talon_split"] or []
        counts = ", ".join(
            f"seat {s} {n}"
            for s, n in enumerate(data["discarded_tarokks"])
            if s < len(split) and split[s]
        )
        named = " ".join(data["declarer_discarded_tarokks"] or []) or "none"
        lines.append(f"tarokks discarded: {counts or '-'}; the declarer's: {named}")
    if data["invitation"]:
        inv = data["invitation"]
        lines.append(f"invitation: {inv['kind']} by seat {inv['by']} showing {inv['card']}")
    for item in data["announcements"]:
        lines.append(
            f"  {item['item']} by {item['side']} (seat {item['by']}) level {item['level']}"
        )
    if data["game_kontra"]:
        lines.append(f"  game kontra level {data['game_kontra']}")
    recent = data["actions"][-6:]
    if recent:
        lines.append("last: " + "; ".join(f"{a['seat']}: {a['action']}" for a in recent))
    lines.append(
        f"tricks played: {len(data['tricks'])}; trick: " + (" ".join(data["trick"]) or "-")
    )
    if data["scores"] is not None:
        lines.append("scores: " + " ".join(str(s) for s in data["scores"]))
    if data["to_act"] is not None and data["to_act"] != data["seat"]:
        lines.append(f"waiting for seat {data['to_act']}")
    return "\n".join(lines)


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
