"""Paston's parts of the text report: the double-dummy table of a deal and the legend.

The generic :mod:`paston.analysis.render` prints the graded decisions and the report per
player; it asks these through the analysis hooks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ....analysis.render import number
from ....i18n import t
from .grading import POINTS

__all__ = ["dd_table_renderable", "dd_tables_of_record", "legend"]


def dd_table_renderable(table: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
    """A deal's double-dummy table: rows are seats (prikup out / in), columns trump suits."""
    out = Table(box=None, pad_edge=False)
    out.add_column("")
    symbols = table["symbols"]
    assert isinstance(symbols, list)
    for sym in symbols:
        out.add_column(str(sym), justify="right")
    rows_out, rows_in = table["prikup_out"], table["prikup_in"]
    assert isinstance(rows_out, list) and isinstance(rows_in, list)
    for seat, name in enumerate(names):
        out.add_row(t("analyse.dd.out", "{name}, prikup out", name=name),
                    *(str(x) for x in rows_out[seat]))  # fmt: skip
        out.add_row(t("analyse.dd.in", "{name}, prikup in", name=name),
                    *(str(x) for x in rows_in[seat]))  # fmt: skip
    return Group(Text(t("analyse.dd.title", "Double-dummy tricks as declarer")), out)


def legend(settings: Mapping[str, Any]) -> str:
    """The line under a Paston report: what the points and the grades mean."""
    bounds = ", ".join(f"{name} ≥ {number(b)}" for name, b in reversed(POINTS.thresholds))
    return t(
        "analyse.legend",
        "Points are each player's own Paston points. Expected: over {worlds} deals consistent "
        "with what the player knew, weighted by the others' actions; hindsight: with every card "
        "known; bad luck = hindsight − expected. Grades by expected points lost: {bounds}.",
        worlds=settings.get("worlds", "?"), bounds=bounds)  # fmt: skip


def dd_tables_of_record(record: dict[str, Any]) -> RenderableType:
    """The double-dummy table of every deal of a Paston deal or game record."""
    from ....analysis.records import seat_names_of
    from ..solver import Solver
    from .ddtable import dd_table
    from .records import deals_of_record

    _, deals = deals_of_record(record)
    names = seat_names_of(record)
    solver = Solver()
    parts: list[RenderableType] = []
    for n, deal in enumerate(deals, start=1):
        table = dd_table((deal.dealt[0], deal.dealt[1], deal.dealt[2]), deal.prikup, deal.rules,
                         solver)  # fmt: skip
        parts.append(Text(""))
        parts.append(Text(t("analyse.deal", "Deal {n}", n=n), style="bold"))
        parts.append(dd_table_renderable(table.to_json(), names))
    return Group(*parts)
