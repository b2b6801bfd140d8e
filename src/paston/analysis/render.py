"""The analysis as text for a player: per deal its graded decisions and double-dummy table,
then the report per player (expected points lost, hindsight, luck, counts by grade).

Cards are written as in play (``10♣``), players by the names in the record's meta, decisions
by when the player met them (the auction, the prikup, the contract, the whist, trick N).
Numbers never print as ``-0.0``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..i18n import t
from .model import Analysis, DealAnalysis, Decision, PlayerReport
from .report import COUNTED, THRESHOLDS

__all__ = [
    "analysis_renderable",
    "dd_table_renderable",
    "dd_tables_of_record",
    "grade_word",
    "number",
    "render_analysis",
]


def grade_word(grade: str) -> str:
    """A grade as a player reads it, in the terminal's language."""
    return {
        "best": t("analyse.grade.best", "best"),
        "good": t("analyse.grade.good", "good"),
        "inaccuracy": t("analyse.grade.inaccuracy", "inaccuracy"),
        "mistake": t("analyse.grade.mistake", "mistake"),
        "blunder": t("analyse.grade.blunder", "blunder"),
    }[grade]


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
        if d.trick is None:  # Paris: no tricks
            return t("analyse.when.play", "play")
        return t("analyse.when.trick", "trick {n}", n=d.trick)
    return {
        "bid": t("analyse.when.bid", "auction"),
        "discard": t("analyse.when.discard", "prikup"),
        "contract": t("analyse.when.contract", "contract"),
        "whist": t("analyse.when.whist", "whist"),
        "swap": t("analyse.when.swap", "swap"),
        "announce": t("analyse.when.announce", "announcements"),
    }.get(d.phase, d.phase)


def _deal_title(d: DealAnalysis, names: Sequence[str], game: str = "paston") -> str:
    title = (t("analyse.game", "Game {n}", n=d.deal) if game == "paris"  # a Paris hand: a game
             else t("analyse.deal", "Deal {n}", n=d.deal))  # fmt: skip
    if d.status == "unplayed":
        return title + ": " + t("analyse.unplayed", "not played, nothing to grade")
    if d.status == "redealt":
        return title + ": " + t("analyse.redealt", "thrown in and dealt again")
    if d.status == "skipped":
        return title + ": " + (d.note or t("analyse.skipped", "not analysed"))
    parts = []
    if d.declarer is not None and d.contract:
        parts.append(f"{names[d.declarer]} {d.contract}")
    if d.scores is not None:
        parts.append(", ".join(f"{names[s]} {v:+d}" if v else f"{names[s]} 0"
                               for s, v in enumerate(d.scores)))  # fmt: skip
    if d.status == "unfinished":
        parts.append(t("analyse.unfinished", "unfinished: graded up to the last action played"))
    return title + (": " + "; ".join(parts) if parts else "")


def _decisions_table(d: DealAnalysis, names: Sequence[str], everything: bool) -> RenderableType:
    shown = [x for x in d.decisions if everything or x.grade in COUNTED]
    if not shown:
        return Text(t("analyse.clean", "  no inaccuracy among {n} graded decisions",
                      n=len(d.decisions)))  # fmt: skip
    table = Table(box=None, pad_edge=False)
    for col, just in (("#", "right"), (t("analyse.col.who", "who"), "left"),
                      (t("analyse.col.when", "when"), "left"),
                      (t("analyse.col.played", "played"), "left"),
                      (t("analyse.col.grade", "grade"), "left"),
                      (t("analyse.col.lost", "lost ± error"), "right"),
                      (t("analyse.col.best", "best (expected ± error)"), "left"),
                      (t("analyse.col.hindsight", "hindsight"), "right")):  # fmt: skip
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for x in shown:
        best = "—" if x.best == x.action else (
            f"{x.best_text} ({number(x.best_value, True)} ± {number(x.best_se)})")  # fmt: skip
        table.add_row(
            str(x.index), names[x.seat], _when(x), x.text,
            Text(grade_word(x.grade), style=GRADE_STYLES[x.grade]),
            f"{number(x.loss)} ± {number(x.loss_se)}", best, number(x.hindsight_loss),
        )  # fmt: skip
    return table


def dd_table_renderable(table: dict[str, object], names: Sequence[str]) -> RenderableType:
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


def _report_table(players: Sequence[PlayerReport], title: str) -> Table:
    table = Table(title=title, title_justify="left", box=None, pad_edge=False)
    columns = [
        t("analyse.col.player", "player"),
        t("analyse.col.graded", "graded"),
        t("analyse.col.expected", "expected lost"),
        t("analyse.col.hindsight_lost", "hindsight lost"),
        t("analyse.col.luck", "bad luck"),
        t("analyse.col.inaccuracies", "inaccuracies"),
        t("analyse.col.mistakes", "mistakes"),
        t("analyse.col.blunders", "blunders"),
    ]
    for col in columns:
        table.add_column(col, justify="left" if not table.columns else "right")
    for p in players:
        expected = f"{number(p.expected_loss)} ± {number(p.expected_loss_se)}"
        table.add_row(p.name, str(p.decisions), expected, number(p.hindsight_loss),
                      number(p.luck, True), *(str(p.counts[g]) for g in COUNTED))  # fmt: skip
    return table


def analysis_renderable(analysis: Analysis, everything: bool = False) -> RenderableType:
    """The whole analysis (see the module docstring)."""
    names = analysis.names
    parts: list[RenderableType] = []
    for d in analysis.deals:
        parts.append(Text(_deal_title(d, names, analysis.settings.get("game", "paston")),
                          style="bold"))  # fmt: skip
        if d.status in ("unplayed", "redealt", "skipped"):
            continue
        parts.append(_decisions_table(d, names, everything))
        if d.dd_table is not None:
            parts.append(dd_table_renderable(d.dd_table, names))
        parts.append(Text(""))
    title = (t("analyse.report.game", "Game report") if analysis.kind == "game"
             else t("analyse.report.deal", "Deal report"))  # fmt: skip
    parts.append(_report_table(analysis.players, title))
    if analysis.settings.get("game", "paston") != "paston":
        parts.append(Text(_other_legend(analysis.settings)))
        return Group(*parts)
    bounds = ", ".join(f"{name} ≥ {number(b)}" for name, b in reversed(THRESHOLDS))
    parts.append(Text(t(
        "analyse.legend",
        "Points are each player's own Paston points. Expected: over {worlds} deals consistent "
        "with what the player knew, weighted by the others' actions; hindsight: with every card "
        "known; bad luck = hindsight − expected. Grades by expected points lost: {bounds}.",
        worlds=analysis.settings.get("worlds", "?"), bounds=bounds)))  # fmt: skip
    return Group(*parts)


def _other_legend(settings: dict[str, Any]) -> str:
    """The legend of a Paris or Paskievics analysis: its unit(s) and grade thresholds."""
    units, bounds = settings.get("unit"), settings.get("thresholds")
    if not isinstance(units, dict):  # one unit for every decision
        units, bounds = {"all": units}, {"all": bounds}
    assert isinstance(bounds, dict)
    parts = []
    for key, unit in units.items():
        limits = ", ".join(f"{name} ≥ {b:g}" for name, b in sorted(bounds[key].items(),
                                                                  key=lambda x: x[1]))  # fmt: skip
        where = "" if key == "all" else t("analyse.legend.phase", "{phase}: ", phase=key)
        parts.append(f"{where}{unit} ({limits})")
    return t(
        "analyse.legend.other",
        "Expected: over {worlds} deals consistent with what the player knew; hindsight: with "
        "every card known; bad luck = hindsight − expected. Values and grades in {units}.",
        worlds=settings.get("worlds", "?"), units="; ".join(parts))  # fmt: skip


def render_analysis(analysis: Analysis, console: Console, everything: bool = False) -> None:
    console.print(analysis_renderable(analysis, everything))


def dd_tables_of_record(record: dict[str, Any]) -> RenderableType:
    """The double-dummy table of every deal of a Paston deal or game record."""
    from ..games.paston.solver import Solver
    from .ddtable import dd_table
    from .records import deals_of_record, seat_names_of

    _, deals = deals_of_record(record)
    names = seat_names_of(record)
    solver = Solver()
    parts: list[RenderableType] = []
    for number, deal in enumerate(deals, start=1):
        table = dd_table((deal.dealt[0], deal.dealt[1], deal.dealt[2]), deal.prikup, deal.rules,
                         solver)  # fmt: skip
        parts.append(Text(""))
        parts.append(Text(t("analyse.deal", "Deal {n}", n=number), style="bold"))
        parts.append(dd_table_renderable(table.to_json(), names))
    return Group(*parts)
