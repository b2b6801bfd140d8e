"""Scoring of a played deal: the spec's reference function (§10.6) and the settlement (§10.5).

Sides are ``D`` (declarer's side, 0) and ``O`` (defenders, 1). ``announced`` maps
``(side, item)`` to the item's kontra level.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .rules import PaskievicsRules

__all__ = ["D", "DealFacts", "O", "ValueLine", "deal_value", "settle"]

D = 0
O = 1  # noqa: E741 - the spec's name for the defenders' side


# bonus_values -> (announced values, silent values) of the bonuses not multiplied by g (§10.3,
# AMBIG-P18: Kovács raises kings, ultimó and the catch).
_BONUS_VALUES: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    "standard": (
        {"trull": 2, "kings": 2, "ultimo": 10, "catch": 42},
        {"trull": 1, "kings": 1, "ultimo": 5, "catch": 21},
    ),
    "kovacs": (
        {"trull": 2, "kings": 4, "ultimo": 12, "catch": 60},
        {"trull": 1, "kings": 2, "ultimo": 6, "catch": 30},
    ),
}


def other(side: int) -> int:
    return 1 - side


@dataclass(frozen=True, slots=True)
class DealFacts:
    """What the play decided (§10.1); ``None`` for "no side"."""

    points_d: int
    tricks_d: int
    trull_by: int | None
    kings_by: int | None
    pagat_side: int | None
    pagat_last: bool
    pagat_won: bool
    catch_by: int | None


@dataclass(frozen=True, slots=True)
class ValueLine:
    """One payment inside ``V`` (§10.2, §10.3), as the reference function makes it.

    ``item`` is ``game`` or a bonus; ``side`` the side it belongs to (the announcing side, the
    side that made it silently, or the game's winner); ``level`` its kontra level (the
    amount's ``2**level``); ``outcome`` is ``made``/``failed`` for an announced item, ``won``
    for the game, ``silent`` for a silent double, volát, trull, kings or catch, and
    ``silent_won``/``silent_lost`` for a silent ultimó; ``amount`` is paid to side D
    (negative: to the defenders)."""

    item: str
    side: int
    announced: bool
    level: int
    outcome: str
    amount: int


def deal_value(
    rules: PaskievicsRules,
    g: int,
    facts: DealFacts,
    announced: Mapping[tuple[int, str], int],
    game_level: int,
    lines: list[ValueLine] | None = None,
) -> int:
    """``V``: the net value to side D of game, double, volát and the bonuses (§10.2, §10.3).

    With ``lines``, every payment is also appended to it as a :class:`ValueLine` (they add up
    to ``V``: the breakdown a player reads comes from this very function).

    >>> deal_value(PaskievicsRules(), 2, DealFacts(76, 8, None, None, None, False, False, None),
    ...            {(D, "double"): 1}, 0)
    16
    """
    total = 0
    announced_value, silent_value = _BONUS_VALUES[rules.bonus_values]

    def pay(
        amount: int, to: int, item: str = "", side: int = D, level: int = 0, how: str = ""
    ) -> None:
        nonlocal total
        signed = amount if to == D else -amount
        total += signed
        if lines is not None:
            announced_item = how in ("made", "failed")
            lines.append(ValueLine(item, side, announced_item, level, how, signed))

    def said(side: int, item: str) -> bool:
        return (side, item) in announced

    points_o = 94 - facts.points_d
    need = 47 if rules.kontra_threshold == "defenders_48_after_kontra" and game_level > 0 else 48
    winner = D if facts.points_d >= need else O
    dbl = D if facts.points_d >= 71 else (O if points_o >= 71 else None)
    vol = D if facts.tricks_d == 9 else (O if facts.tricks_d == 0 else None)
    for side in (D, O):
        if said(side, "double"):
            level = announced[(side, "double")]
            made = dbl == side
            pay(4 * g * 2**level, side if made else other(side), "double", side, level,
                "made" if made else "failed")  # fmt: skip
        if said(side, "volat"):
            level = announced[(side, "volat")]
            made = vol == side
            pay(6 * g * 2**level, side if made else other(side), "volat", side, level,
                "made" if made else "failed")  # fmt: skip
    silent: tuple[int, int] | None = None
    silent_is_double = False
    if vol is not None and not said(vol, "volat"):
        silent = (vol, 3 * g)
    elif dbl is not None and not said(dbl, "double") and not said(dbl, "volat"):
        silent = (dbl, 2 * g)
        silent_is_double = True
    if game_level > 0:
        score_game = True
    else:
        score_game = not (silent is not None and silent[0] == winner) and not (
            said(winner, "double") or said(winner, "volat")
        )
    if score_game:
        pay(g * 2**game_level, winner, "game", winner, game_level, "won")
    if silent is not None:
        factor = 2**game_level if rules.game_kontra_multiplies_silent else 1
        pay(silent[1] * factor, silent[0], "double" if silent_is_double else "volat", silent[0],
            game_level if rules.game_kontra_multiplies_silent else 0, "silent")  # fmt: skip
    silent_volat = vol is not None and not said(vol, "volat")
    for item, by in (("trull", facts.trull_by), ("kings", facts.kings_by)):
        for side in (D, O):
            if said(side, item):
                level = announced[(side, item)]
                amount = announced_value[item] * 2**level
                pay(amount, side if by == side else other(side), item, side, level,
                    "made" if by == side else "failed")  # fmt: skip
        cancelled = vol == by and (rules.volat_cancels_silent == "any_volat" or silent_volat)
        if (
            item == "kings"
            and not rules.silent_kings_with_silent_double
            and silent is not None
            and silent[0] == by
            and silent_is_double
        ):
            cancelled = True  # AMBIG-P26 (KEGL): no silent kings beside a silent double
        if by is not None and not said(by, item) and not cancelled:
            pay(silent_value[item], by, item, by, 0, "silent")
    for side in (D, O):
        if said(side, "ultimo"):
            made = facts.pagat_side == side and facts.pagat_last and facts.pagat_won
            level = announced[(side, "ultimo")]
            amount = announced_value["ultimo"] * 2**level
            pay(amount, side if made else other(side), "ultimo", side, level,
                "made" if made else "failed")  # fmt: skip
    if facts.pagat_last and facts.pagat_side is not None and not said(facts.pagat_side, "ultimo"):
        pay(
            silent_value["ultimo"],
            facts.pagat_side if facts.pagat_won else other(facts.pagat_side),
            "ultimo",
            facts.pagat_side,
            0,
            "silent_won" if facts.pagat_won else "silent_lost",
        )
    for side in (D, O):
        if said(side, "catch"):
            level = announced[(side, "catch")]
            made = facts.catch_by == side
            pay(announced_value["catch"] * 2**level, side if made else other(side), "catch",
                side, level, "made" if made else "failed")  # fmt: skip
    if facts.catch_by is not None and not said(facts.catch_by, "catch"):
        pay(silent_value["catch"], facts.catch_by, "catch", facts.catch_by, 0, "silent")
    return total


def settle(
    value: int,
    *,
    seats: int,
    active: Sequence[int],
    declarer: int,
    partner: int,
    alone: bool,
    counts: Sequence[tuple[int, int]],
    multiplier: int,
) -> list[int]:
    """Per seat score changes (§10.5): 2 v 2 or 1 v 3, tarokk counts, the multiplier."""
    score = [0] * seats
    for s in active:
        if alone:
            score[s] = 3 * value if s == declarer else -value
        else:
            score[s] = value if s in (declarer, partner) else -value
    for seat, count in counts:
        c = 1 if count == 8 else 2
        for s in active:
            score[s] += 3 * c if s == seat else -c
    return [x * multiplier for x in score]
