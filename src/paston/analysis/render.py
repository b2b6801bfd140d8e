"""The analysis as text for a player: per deal its graded decisions and double-dummy table,
then the report per player (expected points lost, hindsight, luck, counts by grade).

Cards are written as in play (``10♣``), players by the names in the record's meta, decisions
by when the player met them (the auction, the prikup, the contract, the whist, trick N).
Numbers never print as ``-0.0``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..i18n import t
from .model import Analysis, DealAnalysis, Decision, PlayerReport
from .report import COUNTED, THRESHOLDS

__all__ = ["analysis_renderable", "dd_table_renderable", "number", "render_analysis"]

GRADE_STYLES = {"best": "green", "good": "green", "inaccuracy": "yellow", "mistake": "dark_orange",
                "blunder": "bold red"}  # fmt: skip


def number(x: float, signed: bool = False) -> str:
    """``x`` with one decimal, never ``-0.0``; with a sign when asked (``+3.5``, ``0.0``)."""
    v = round(x, 1) + 0.0
    if signed and v != 0:
        return f"{v:+.1f}"
    return f"{v:.1f}"


def _when(d: Decision) -> str:
    if d.phase == "play":
        return t("analysis.when.trick", "trick {n}", n=d.trick)
    return {
        "bid": t("analysis.when.bid", "auction"),
        "discard": t("analysis.when.discard", "prikup"),
        "contract": t("analysis.when.contract", "contract"),
        "whist": t("analysis.when.whist", "whist"),
    }[d.phase]


def _deal_title(d: DealAnalysis, names: Sequence[str]) -> str:
    title = t("analysis.deal", "Deal {n}", n=d.deal)
    if d.status == "unplayed":
        return title + ": " + t("analysis.unplayed", "not played, nothing to grade")
    if d.status == "redealt":
        return title + ": " + t("analysis.redealt", "thrown in and dealt again")
    if d.status == "skipped":
        return title + ": " + (d.note or t("analysis.skipped", "not analysed"))
    parts = []
    if d.declarer is not None and d.contract:
        parts.append(f"{names[d.declarer]} {d.contract}")
    if d.scores is not None:
        parts.append(", ".join(f"{names[s]} {v:+d}" if v else f"{names[s]} 0"
                               for s, v in enumerate(d.scores)))  # fmt: skip
    if d.status == "unfinished":
        parts.append(t("analysis.unfinished", "unfinished: graded up to the last action played"))
    return title + (": " + "; ".join(parts) if parts else "")


def _decisions_table(d: DealAnalysis, names: Sequence[str], everything: bool) -> RenderableType:
    shown = [x for x in d.decisions if everything or x.grade in COUNTED]
    if not shown:
        return Text(t("analysis.clean", "  no inaccuracy among {n} graded decisions",
                      n=len(d.decisions)))  # fmt: skip
    table = Table(box=None, pad_edge=False)
    for col, just in (("#", "right"), (t("analysis.col.who", "who"), "left"),
                      (t("analysis.col.when", "when"), "left"),
                      (t("analysis.col.played", "played"), "left"),
                      (t("analysis.col.grade", "grade"), "left"),
                      (t("analysis.col.lost", "lost ± error"), "right"),
                      (t("analysis.col.best", "best (expected ± error)"), "left"),
                      (t("analysis.col.hindsight", "hindsight"), "right")):  # fmt: skip
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for x in shown:
        best = "—" if x.best == x.action else (
            f"{x.best_text} ({number(x.best_value, True)} ± {number(x.best_se)})")  # fmt: skip
        table.add_row(
            str(x.index), names[x.seat], _when(x), x.text,
            Text(t(f"analysis.grade.{x.grade}", x.grade), style=GRADE_STYLES[x.grade]),
            f"{number(x.loss)} ± {number(x.loss_se)}", best, number(x.hindsight_loss),
        )  # fmt: skip
    return table


def dd_table_renderable(table: dict[str, object], names: Sequence[str]) -> RenderableType:
    """A deal's double-dummy table: rows are seats (prikup out / in), columns trump suits."""
    out = Table(title=t("analysis.dd.title", "Double-dummy tricks as declarer"),
                title_justify="left", box=None, pad_edge=False)  # fmt: skip
    out.add_column("")
    symbols = table["symbols"]
    assert isinstance(symbols, list)
    for sym in symbols:
        out.add_column(str(sym), justify="right")
    rows_out, rows_in = table["prikup_out"], table["prikup_in"]
    assert isinstance(rows_out, list) and isinstance(rows_in, list)
    for seat, name in enumerate(names):
        out.add_row(t("analysis.dd.out", "{name}, prikup out", name=name),
                    *(str(x) for x in rows_out[seat]))  # fmt: skip
        out.add_row(t("analysis.dd.in", "{name}, prikup in", name=name),
                    *(str(x) for x in rows_in[seat]))  # fmt: skip
    return out


def _report_table(players: Sequence[PlayerReport], title: str) -> Table:
    table = Table(title=title, title_justify="left", box=None, pad_edge=False)
    for col in (t("analysis.col.player", "player"), t("analysis.col.graded", "graded"),
                t("analysis.col.expected", "expected lost"),
                t("analysis.col.hindsight_lost", "hindsight lost"),
                t("analysis.col.luck", "bad luck"), *(t(f"analysis.grade.{g}s", g + "s")
                                                      for g in COUNTED)):  # fmt: skip
        table.add_column(col, justify="left" if not table.columns else "right")
    for p in players:
        table.add_row(p.name, str(p.decisions), number(p.expected_loss), number(p.hindsight_loss),
                      number(p.luck, True), *(str(p.counts[g]) for g in COUNTED))  # fmt: skip
    return table


def analysis_renderable(analysis: Analysis, everything: bool = False) -> RenderableType:
    """The whole analysis (see the module docstring)."""
    names = analysis.names
    parts: list[RenderableType] = []
    for d in analysis.deals:
        parts.append(Text(_deal_title(d, names), style="bold"))
        if d.status in ("unplayed", "redealt", "skipped"):
            continue
        parts.append(_decisions_table(d, names, everything))
        if d.dd_table is not None:
            parts.append(dd_table_renderable(d.dd_table, names))
        parts.append(Text(""))
    title = (t("analysis.report.game", "Game report") if analysis.kind == "game"
             else t("analysis.report.deal", "Deal report"))  # fmt: skip
    parts.append(_report_table(analysis.players, title))
    bounds = ", ".join(f"{name} ≥ {number(b)}" for name, b in reversed(THRESHOLDS))
    parts.append(Text(t(
        "analysis.legend",
        "Points are each player's own Paston points. Expected: over {worlds} deals consistent "
        "with what the player knew, weighted by the others' actions; hindsight: with every card "
        "known; bad luck = hindsight − expected. Grades by expected points lost: {bounds}.",
        worlds=analysis.settings.get("worlds", "?"), bounds=bounds)))  # fmt: skip
    return Group(*parts)


def render_analysis(analysis: Analysis, console: Console, everything: bool = False) -> None:
    console.print(analysis_renderable(analysis, everything))
