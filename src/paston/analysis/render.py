"""The analysis as text for a player: per deal its graded decisions and the game's table (a
double-dummy table for Paston), then the report per player (expected points lost, hindsight,
luck, counts by grade).

Actions are written as the game's evaluator wrote them (cards as in play, ``10♣``), players
by the names in the record's meta, decisions by when the player met them (the auction, the
prikup, trick N). What differs between games (a hand's title, its table, the legend) comes
from the game's analysis hooks (:class:`~paston.core.hooks.analysis.AnalysisHooks`). Numbers
never print as ``-0.0``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..core.hooks.analysis import AnalysisHooks
from ..core.protocol import MissingHooks
from ..core.registry import UnknownGame, get_game
from ..i18n import t
from .model import Analysis, DealAnalysis, Decision, PlayerReport
from .records import game_of_record
from .report import COUNTED, reports_by_unit

__all__ = [
    "analysis_renderable",
    "dd_tables_of_record",
    "grade_word",
    "number",
    "render_analysis",
    "units_legend",
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


GRADE_STYLES = {
    "best": "green",
    "good": "green",
    "inaccuracy": "yellow",
    "mistake": "dark_orange",
    "blunder": "bold red",
}


def number(x: float, signed: bool = False) -> str:
    """``x`` with one decimal, never ``-0.0``; with a sign when asked (``+3.5``, ``0.0``)."""
    v = round(x, 1) + 0.0
    if signed and v != 0:
        return f"{v:+.1f}"
    return f"{v:.1f}"


def _when(d: Decision) -> str:
    if d.phase == "play":
        if d.trick is None:  # a game without tricks
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


def _signed(v: float) -> str:
    """A hand's score with its sign (``+12``, ``-3``, ``0``; ``+0.5`` when not whole)."""
    if float(v).is_integer():
        return f"{int(v):+d}" if v else "0"
    return number(v, True)


def _deal_title(d: DealAnalysis, names: Sequence[str], hooks: AnalysisHooks | None) -> str:
    title = (
        hooks.hand_title(d.deal)
        if hooks is not None and hooks.hand_title is not None
        else t("analyse.deal", "Deal {n}", n=d.deal)
    )
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
        parts.append(", ".join(f"{names[s]} {_signed(v)}" for s, v in enumerate(d.scores)))
    if d.status == "unfinished":
        parts.append(t("analyse.unfinished", "unfinished: graded up to the last action played"))
    return title + (": " + "; ".join(parts) if parts else "")


def _decisions_table(d: DealAnalysis, names: Sequence[str], everything: bool) -> RenderableType:
    shown = [x for x in d.decisions if everything or x.grade in COUNTED]
    if not shown:
        return Text(
            t("analyse.clean", "  no inaccuracy among {n} graded decisions", n=len(d.decisions))
        )
    table = Table(box=None, pad_edge=False)
    for col, just in (
        ("#", "right"),
        (t("analyse.col.who", "who"), "left"),
        (t("analyse.col.when", "when"), "left"),
        (t("analyse.col.played", "played"), "left"),
        (t("analyse.col.grade", "grade"), "left"),
        (t("analyse.col.lost", "lost ± error"), "right"),
        (t("analyse.col.best", "best (expected ± error)"), "left"),
        (t("analyse.col.hindsight", "hindsight"), "right"),
    ):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for x in shown:
        best = (
            "—"
            if x.best == x.action
            else (f"{x.best_text} ({number(x.best_value, True)} ± {number(x.best_se)})")
        )
        table.add_row(
            str(x.index),
            names[x.seat],
            _when(x),
            x.text,
            Text(grade_word(x.grade), style=GRADE_STYLES[x.grade]),
            f"{number(x.loss)} ± {number(x.loss_se)}",
            best,
            number(x.hindsight_loss),
        )
    return table


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
        table.add_row(
            p.name,
            str(p.decisions),
            expected,
            number(p.hindsight_loss),
            number(p.luck, True),
            *(str(p.counts[g]) for g in COUNTED),
        )
    return table


def _reports(analysis: Analysis, title: str) -> list[RenderableType]:
    """The report per player: one table, or one per unit for a game that values kinds of
    decision in different units (card play in card points, the rest in game points, say),
    since such losses do not add up."""
    units = analysis.settings.get("unit")
    by_unit = reports_by_unit(analysis.deals, analysis.names, units)
    if not by_unit:
        return [_report_table(analysis.players, title)]
    assert isinstance(units, dict)
    return [
        _report_table(players, f"{title}: {_when_phase(key)} ({units[key]})")
        for key, players in by_unit.items()
    ]


def _when_phase(key: str) -> str:
    if key == "play":
        return t("analyse.unit.play", "card play")
    if key == "other":
        return t("analyse.unit.other", "the other decisions")
    return key


def _hooks_of(analysis: Analysis) -> AnalysisHooks | None:
    """The analysis hooks of the game analysed, when it names one the registry has."""
    if not analysis.game:
        return None
    try:
        return get_game(analysis.game).analysis
    except (UnknownGame, MissingHooks):
        return None


def analysis_renderable(
    analysis: Analysis, everything: bool = False, hooks: AnalysisHooks | None = None
) -> RenderableType:
    """The whole analysis (see the module docstring); ``hooks``: the game's analysis hooks
    (by default those of ``analysis.game``)."""
    hooks = hooks if hooks is not None else _hooks_of(analysis)
    names = analysis.names
    parts: list[RenderableType] = []
    for d in analysis.deals:
        parts.append(Text(_deal_title(d, names, hooks), style="bold"))
        if d.status in ("unplayed", "redealt", "skipped"):
            continue
        parts.append(_decisions_table(d, names, everything))
        if d.dd_table is not None and hooks is not None and hooks.hand_table is not None:
            parts.append(hooks.hand_table(d.dd_table, names))
        parts.append(Text(""))
    title = (
        t("analyse.report.game", "Game report")
        if analysis.kind == "game"
        else t("analyse.report.deal", "Deal report")
    )
    parts += _reports(analysis, title)
    # A game's own legend describes its own evaluator; the generic one's analyses (they
    # publish their method) get the generic legend, from their unit and thresholds.
    legend: Callable[[Mapping[str, Any]], str] = units_legend
    if hooks is not None and hooks.legend is not None and "method" not in analysis.settings:
        legend = hooks.legend
    parts.append(Text(legend(analysis.settings)))
    return Group(*parts)


def units_legend(settings: Mapping[str, Any]) -> str:
    """The generic legend of an analysis: its unit(s) and grade thresholds, as its settings
    publish them (``unit`` and ``thresholds``, one of each or one per kind of decision)."""
    units, bounds = settings.get("unit"), settings.get("thresholds")
    if not isinstance(units, dict):  # one unit for every decision
        units, bounds = {"all": units}, {"all": bounds}
    assert isinstance(bounds, dict)
    parts = []
    for key, unit in units.items():
        limits = ", ".join(
            f"{name} ≥ {b:g}"
            for name, b in sorted((bounds.get(key) or {}).items(), key=lambda x: x[1])
        )
        where = "" if key == "all" else t("analyse.legend.phase", "{phase}: ", phase=key)
        parts.append(f"{where}{unit} ({limits})")
    return t(
        "analyse.legend.other",
        "Expected: over {worlds} deals consistent with what the player knew; hindsight: with "
        "every card known; bad luck = hindsight − expected. Values and grades in {units}.",
        worlds=settings.get("worlds", "?"),
        units="; ".join(parts),
    )


def render_analysis(
    analysis: Analysis,
    console: Console,
    everything: bool = False,
    hooks: AnalysisHooks | None = None,
) -> None:
    console.print(analysis_renderable(analysis, everything, hooks))


def dd_tables_of_record(record: dict[str, Any]) -> RenderableType:
    """The per-hand table of every hand of a record (Paston's double-dummy tables), without
    grading anything; an empty renderable when the record's game has none."""
    info = game_of_record(record)
    hooks = info.analysis if info.offers("analysis") else None
    if hooks is None or hooks.record_tables is None:
        return Group()
    tables: RenderableType = hooks.record_tables(record)
    return tables
