"""A deal's double-dummy table, like DDS's ``calc_dd_table``: the tricks each seat would take
as declarer under each trump suit, everyone seeing every card and playing perfectly.

Paston has a trump in every contract (spades, clubs, diamonds, hearts for paston, glitch,
dineri, gupa; grkha is played in spades), so the table has one column per suit. Each seat is
valued twice:

* **prikup out**: with the ten cards it was dealt;
* **prikup in**: having taken the prikup and put away the two cards that leave it the most
  tricks (every one of the 66 pairs of its twelve cards is tried).

The declarer leads the first trick (§7) against both other seats defending together, like a
contract both defenders whist.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import SUIT_ENGLISH, SUIT_SYMBOLS, card_name, iter_bits
from ..rules import Rules
from ..solver import Position, Solver

__all__ = ["DDTable", "dd_table"]


@dataclass(frozen=True, slots=True)
class DDTable:
    """``out[seat][suit]`` and ``into[seat][suit]``: tricks as declarer without and with the
    prikup; ``discards[seat][suit]``: the two cards put away for the ``into`` figure."""

    out: tuple[tuple[int, ...], ...]
    into: tuple[tuple[int, ...], ...]
    discards: tuple[tuple[int, ...], ...]

    def to_json(self) -> dict[str, Any]:
        def pair(mask: int) -> list[str]:
            return [card_name(c) for c in iter_bits(mask)]

        return {
            "suits": list(SUIT_ENGLISH),
            "symbols": list(SUIT_SYMBOLS),
            "prikup_out": [list(row) for row in self.out],
            "prikup_in": [list(row) for row in self.into],
            "discards": [[pair(m) for m in row] for row in self.discards],
        }


def _tricks(solver: Solver, hands: list[int], trump: int, seat: int, rules: Rules) -> int:
    pos = Position((hands[0], hands[1], hands[2]), trump, seat, (0, 1, 2), seat, (),
                   rules.must_overtrump)  # fmt: skip
    return solver.solve(pos)


def dd_table(
    dealt: tuple[int, int, int], prikup: int, rules: Rules, solver: Solver | None = None
) -> DDTable:
    """The double-dummy table of a deal (dealt hands as masks, the prikup as a mask)."""
    solver = solver or Solver()
    out: list[tuple[int, ...]] = []
    into: list[tuple[int, ...]] = []
    discards: list[tuple[int, ...]] = []
    for seat in range(3):
        hands = list(dealt)
        out.append(tuple(_tricks(solver, hands, t, seat, rules) for t in range(4)))
        twelve = dealt[seat] | prikup
        cards = list(iter_bits(twelve))
        best_row: list[int] = []
        best_pair: list[int] = []
        for trump in range(4):
            best, pair = -1, 0
            for i, a in enumerate(cards):
                for b in cards[i + 1 :]:
                    hands[seat] = twelve & ~((1 << a) | (1 << b))
                    got = _tricks(solver, hands, trump, seat, rules)
                    if got > best:
                        best, pair = got, (1 << a) | (1 << b)
            best_row.append(best)
            best_pair.append(pair)
        into.append(tuple(best_row))
        discards.append(tuple(best_pair))
    return DDTable(tuple(out), tuple(into), tuple(discards))
