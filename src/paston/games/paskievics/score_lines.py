"""The scoring breakdown of a finished deal, line by line, for the views the server sends.

The value lines come from the engine's reference function itself
(:func:`~paston.games.paskievics.scoring.deal_value` with a line collector), so they add up
to ``V`` by construction; the settlement lines say what each seat gets from ``V`` (2 v 2, or
a lone declarer's ×3), from the tarokk counts, and the deal multiplier, and add up to the
scores. Every line carries an i18n key, its English template with ``{placeholders}`` and the
parameters, so a front-end can translate it (``t(key, english, params)``); ``text`` is the
English filled in.

Seats in the parameters are seat numbers; a front-end names them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import KONTRA_WORDS
from .scoring import D, ValueLine, deal_value

if TYPE_CHECKING:
    from .state import PaskievicsState

__all__ = ["score_lines"]

_SIDE = {D: "declarer", 1: "defenders"}
_SIDE_WORDS = {D: "the declarer's side", 1: "the defenders"}
_ITEM_WORDS = {
    "game": "Game",
    "double": "Double game",
    "volat": "Volát",
    "trull": "Trull",
    "kings": "Four kings",
    "ultimo": "Pagát ultimó",
    "catch": "XXI catch",
}

_TEMPLATES = {
    "made": ("pk.line.announced_made", "{item} announced by {side}{level}: made"),
    "failed": ("pk.line.announced_failed", "{item} announced by {side}{level}: failed"),
    "won": ("pk.line.game", "Game (value {g}{level}): won by {side}"),
    "silent": ("pk.line.silent", "Silent {item} by {side}"),
    "silent_won": ("pk.line.silent_ultimo_won", "Silent pagát ultimó by {side}: won"),
    "silent_lost": ("pk.line.silent_ultimo_lost", "Silent pagát ultimó by {side}: lost"),
}


def _fill(english: str, params: dict[str, Any]) -> str:
    return english.format(**params)


def _line(key: str, english: str, params: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"key": key, "english": english, "params": params, "text": _fill(english, params),
            **extra}  # fmt: skip


def _value_line(line: ValueLine, g: int) -> dict[str, Any]:
    key, english = _TEMPLATES[line.outcome]
    item = _ITEM_WORDS[line.item]
    params = {
        "item": item if line.outcome != "silent" else item.lower(),
        "side": _SIDE_WORDS[line.side],
        "level": f" ({KONTRA_WORDS[line.level - 1]})" if line.level > 0 else "",
        "g": g,
    }
    return _line(
        key,
        english,
        params,
        item=line.item,
        side=_SIDE[line.side],
        announced=line.announced,
        kontra=line.level,
        outcome=line.outcome,
        amount=line.amount,
    )


def score_lines(state: PaskievicsState) -> dict[str, Any] | None:
    """The breakdown of a finished deal (``None`` before the end and for a pass-out or an
    annulment, which score nothing).

    ``value``: the lines of ``V`` (amounts to the declarer's side) and ``value_total``;
    ``seats``: the settlement lines, each with one amount per seat (before the multiplier);
    ``multiplier``; ``scores``: the deal's scores (the seat lines' sum times the multiplier).
    """
    if not state.is_over or state.scores is None:
        return None
    if state.thrown_in in ("pass-out", "annulled"):
        return None
    seats = state.seats
    m = state.multiplier
    out: dict[str, Any] = {"value": [], "value_total": None, "seats": [], "multiplier": m,
                           "scores": list(state.scores)}  # fmt: skip
    if state.thrown_in == "trial-failed":
        penalty = [x // m for x in state.scores]
        out["seats"].append(
            _line(
                "pk.line.trial_failed",
                "Failed trial bid: {seat} pays {amount} to each",
                {"seat": state.declarer, "amount": state.rules.trial_bid_penalty},
                amounts=penalty,
            )
        )
        return out
    assert state.declarer is not None and state.contract is not None
    g = 4 if state.alone and state.rules.lone_game_value == "solo" else state.contract + 1
    value_lines: list[dict[str, Any]] = []
    if state.facts is None:
        # Note U: a Three with only the declarer's trull announced is scored without play.
        value = int(state.value or 0)
        value_lines.append(
            _line(
                "pk.line.unplayed",
                "Scored without play: game 1 + announced trull 2",
                {},
                item="unplayed",
                amount=value,
            )
        )
    else:
        collected: list[ValueLine] = []
        announced = {(e[1], e[0]): e[3] for e in state.announced}
        value = deal_value(
            state.rules, g, state.facts, announced, int(state.game_level or 0), collected
        )
        value_lines.extend(_value_line(line, g) for line in collected)
    counts = list(state.counts)
    if state.rules.tarokk_count_payment == "team":
        for seat, n in counts:
            c = 1 if n == 8 else 2
            amount = c if state.side(seat) == D else -c
            value += amount
            value_lines.append(
                _line(
                    "pk.line.team_count",
                    "Tarokk count {count} by {seat} (team item)",
                    {"count": n, "seat": seat},
                    item="count",
                    amount=amount,
                )
            )
        counts = []
    out["value"] = value_lines
    out["value_total"] = value
    base = [0] * seats
    for s in state.active:
        if state.alone:
            base[s] = 3 * value if s == state.declarer else -value
        else:
            base[s] = value if s in (state.declarer, state.partner) else -value
    if state.alone:
        out["seats"].append(
            _line(
                "pk.line.alone",
                "Value {value}: the lone declarer {seat} ×3, each defender ×1",
                {"value": value, "seat": state.declarer},
                amounts=base,
            )
        )
    else:
        out["seats"].append(
            _line(
                "pk.line.pairs",
                "Value {value}: each player of the declarer's side +, each defender −",
                {"value": value},
                amounts=base,
            )
        )
    for seat, n in counts:
        c = 1 if n == 8 else 2
        amounts = [0] * seats
        for s in state.active:
            amounts[s] = 3 * c if s == seat else -c
        out["seats"].append(
            _line(
                "pk.line.count",
                "Tarokk count {count} by {seat}: {each} from each other player",
                {"count": n, "seat": seat, "each": c},
                amounts=amounts,
            )
        )
    return out
