"""Plain text pictures of Paskievics: one seat's view for the terminal, a deal for ``show``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...i18n import t
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
    """One seat's view: the deal so far, the contract and partnership as known, the trick
    (its words in the player's language, the notation as it is)."""
    data: dict[str, Any] = view.to_json()
    lines = [
        t("term.pk.head", "Paskievics, you are seat {seat} (dealer {dealer}, forehand "
          "{forehand}, x{multiplier}); phase {phase}", seat=data["seat"], dealer=data["dealer"],
          forehand=data["forehand"], multiplier=data["multiplier"], phase=data["phase"]),
        t("term.pk.hand", "your hand: {cards}", cards=" ".join(data["hand"]) or "-"),
    ]  # fmt: skip
    if data["declarer"] is not None:
        contract = t("term.pk.declarer", "declarer seat {seat}, {bid}", seat=data["declarer"],
                     bid=data["bid"])  # fmt: skip
        if data["called"]:
            contract += t("term.pk.called", ", called {card}", card=data["called"])
            if data["partner"] is not None:
                who = (
                    t("term.pk.alone", "alone")
                    if data["alone"]
                    else t("term.pk.partner", "partner seat {seat}", seat=data["partner"])
                )
                contract += f" ({who})"
        lines.append(contract)
    if data["discarded_tarokks"] is not None:
        # What the discards make public (§6.3): each discard's tarokk count, and the tarokks
        # of the declarer's discard by name; every other discarded card stays face down.
        split = data["talon_split"] or []
        counts = ", ".join(
            t("term.pk.seat_count", "seat {seat} {count}", seat=s, count=n)
            for s, n in enumerate(data["discarded_tarokks"])
            if s < len(split) and split[s]
        )
        named = " ".join(data["declarer_discarded_tarokks"] or []) or t("term.pk.none", "none")
        lines.append(t("term.pk.discarded", "tarokks discarded: {counts}; the declarer's: "
                       "{named}", counts=counts or "-", named=named))  # fmt: skip
    if data["invitation"]:
        inv = data["invitation"]
        lines.append(t("term.pk.invitation", "invitation: {kind} by seat {seat} showing {card}",
                       kind=inv["kind"], seat=inv["by"], card=inv["card"]))  # fmt: skip
    for item in data["announcements"]:
        lines.append(
            "  " + t("term.pk.announcement", "{item} by {side} (seat {seat}) level {level}",
                     item=item["item"], side=item["side"], seat=item["by"],
                     level=item["level"])
        )  # fmt: skip
    if data["game_kontra"]:
        lines.append(
            "  " + t("term.pk.game_kontra", "game kontra level {level}", level=data["game_kontra"])
        )
    recent = data["actions"][-6:]
    if recent:
        last = "; ".join(f"{a['seat']}: {a['action']}" for a in recent)
        lines.append(t("term.pk.last", "last: {actions}", actions=last))
    lines.append(t("term.pk.tricks", "tricks played: {count}; trick: {trick}",
                   count=len(data["tricks"]), trick=" ".join(data["trick"]) or "-"))  # fmt: skip
    if data["scores"] is not None:
        scores = " ".join(str(s) for s in data["scores"])
        lines.append(t("term.pk.scores", "scores: {scores}", scores=scores))
    if data["to_act"] is not None and data["to_act"] != data["seat"]:
        lines.append(t("term.pk.waiting", "waiting for seat {seat}", seat=data["to_act"]))
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
