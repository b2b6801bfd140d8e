"""The deal score tables of spec/rules.md §9 and the running-total rules of §9.6."""

from __future__ import annotations

from .actions import GRKHA, MULTIPLIER
from .rules import Rules

__all__ = ["apply_totals", "deal_scores", "defender_base", "surrender_scores"]


def defender_base(tricks: int, lone: bool) -> int:
    """A defender's score before the multiplier: quota 2 with two whisters, quota 4 alone."""
    if tricks == 0:
        return -10
    if tricks == 1:
        return -9
    if lone:
        return -10 + tricks if tricks < 4 else 10 * (tricks - 4)
    return 10 * (tricks - 2)


def deal_scores(
    rules: Rules,
    declarer: int,
    contract: int,
    whisters: tuple[int, ...],
    tricks: tuple[int, int, int],
) -> tuple[int, int, int]:
    """Score change per seat of a declared contract (§9.1–9.4, no surrender).

    ``whisters`` are the defenders who played; ``tricks[s]`` are the tricks credited to
    seat ``s`` (with the open lone-whist variant the passer's tricks already count for the
    whister).
    """
    mult = MULTIPLIER[contract]
    win_value = 10 if contract == GRKHA else 10 * mult
    out = [0, 0, 0]
    if not whisters:
        out[declarer] = win_value if rules.no_whist_multiplied or contract == GRKHA else 10
        return out[0], out[1], out[2]
    out[declarer] = win_value if tricks[declarer] >= 6 else -10 * mult
    lone = len(whisters) == 1
    def_mult = mult if rules.multiply_defender_scores else 1
    for seat in whisters:
        out[seat] = defender_base(tricks[seat], lone) * def_mult
    return out[0], out[1], out[2]


def surrender_scores(rules: Rules, declarer: int, final_bid: int) -> tuple[int, int, int]:
    """−10 for the declarer and +2 for each other player; multiplied only by variant."""
    mult = MULTIPLIER[final_bid] if rules.surrender_multiplied and final_bid else 1
    out = [2 * mult, 2 * mult, 2 * mult]
    out[declarer] = -10 * mult
    return out[0], out[1], out[2]


def apply_totals(
    rules: Rules, totals: tuple[int, int, int], scores: tuple[int, int, int]
) -> tuple[int, int, int]:
    """Add a deal's scores to the running totals, then apply the −121 reset (§9.6)."""
    out = []
    for total, delta in zip(totals, scores, strict=True):
        new = total + delta
        if (rules.neg121_reset == "exact" and new == -121) or (
            rules.neg121_reset == "at_or_below" and new <= -121
        ):
            new = 0
        out.append(new)
    return out[0], out[1], out[2]
