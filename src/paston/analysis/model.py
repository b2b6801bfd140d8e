"""The results of an analysis: graded decisions, deals, and the JSON they are published as.

Format ``paston-analysis/2`` (docs/analysis.md): values are in the game's unit (the deciding
seat's Paston points, spec §9, for Paston; ``settings.unit`` names it for the other games);
``value``/``best_value`` are expected values over the worlds the seat could not tell apart,
with standard errors; ``hindsight_*`` the same with every card known; ``luck`` is
hindsight loss minus expected loss (positive: the cards punished the decision more than the
player could know). Numbers are rounded to 2 decimals and never ``-0.0``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Alternative", "Analysis", "DealAnalysis", "Decision", "PlayerReport", "clean"]

FORMAT = "paston-analysis/2"


def clean(x: float, digits: int = 2) -> float:
    """``x`` rounded, with ``-0.0`` made ``0.0``."""
    return round(x, digits) + 0.0


@dataclass(frozen=True, slots=True)
class Alternative:
    """An action the seat could have taken: notation, readable text, expected value ± error."""

    action: str
    text: str
    value: float
    se: float

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "text": self.text, "value": clean(self.value),
                "se": clean(self.se)}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Decision:
    """One graded decision (one with a choice): the action taken against the best one."""

    deal: int  # 1-based deal number in the record
    index: int  # 1-based position of the action in the deal (the replay's step)
    seat: int
    phase: str  # "bid", "discard", "contract", "whist" or "play"
    trick: int | None  # 1-based trick number for card play
    action: str  # notation, e.g. "TC"
    text: str  # as a player reads it, e.g. "10♣"
    best: str
    best_text: str
    value: float  # expected points of the action taken
    value_se: float
    best_value: float
    best_se: float
    loss: float  # expected points lost against the best action
    loss_se: float
    hindsight_loss: float
    hindsight_best: str
    hindsight_best_text: str
    grade: str  # see paston.analysis.report.GRADES
    worlds: int
    effective_worlds: float
    alternatives: tuple[Alternative, ...] = ()

    @property
    def luck(self) -> float:
        return self.hindsight_loss - self.loss

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in self.__slots__:
            value = getattr(self, name)
            if isinstance(value, float):
                value = clean(value)
            elif name == "alternatives":
                value = [a.to_json() for a in value]
            out[name] = value
        out["luck"] = clean(self.luck)
        return out


@dataclass(frozen=True, slots=True)
class PlayerReport:
    """One player's summary over a deal or a game."""

    seat: int
    name: str
    decisions: int
    expected_loss: float
    hindsight_loss: float
    counts: dict[str, int]  # grade -> how many
    worst: tuple[Decision, ...]
    expected_loss_se: float = 0.0  # sqrt of the sum of the decisions' squared errors

    @property
    def luck(self) -> float:
        return self.hindsight_loss - self.expected_loss

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "decisions": self.decisions,
            "expected_loss": clean(self.expected_loss),
            "expected_loss_se": clean(self.expected_loss_se),
            "hindsight_loss": clean(self.hindsight_loss),
            "luck": clean(self.luck),
            "counts": dict(self.counts),
            "worst": [{"deal": d.deal, "index": d.index} for d in self.worst],
        }


@dataclass
class DealAnalysis:
    """A deal's graded decisions and its double-dummy table."""

    deal: int
    status: str  # "finished", "unfinished", "redealt", "unplayed" or "skipped"
    declarer: int | None
    contract: str | None
    scores: tuple[float, ...] | None  # per seat, what the hand added to the totals
    decisions: list[Decision] = field(default_factory=list)
    players: list[PlayerReport] = field(default_factory=list)
    dd_table: dict[str, Any] | None = None
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "status": self.status,
            "note": self.note,
            "declarer": self.declarer,
            "contract": self.contract,
            "scores": list(self.scores) if self.scores is not None else None,
            "decisions": [d.to_json() for d in self.decisions],
            "players": [p.to_json() for p in self.players],
            "dd_table": self.dd_table,
        }


@dataclass
class Analysis:
    """A record's analysis: its deals and the report per player over all of them."""

    kind: str  # "deal" or "game"
    names: list[str]
    deals: list[DealAnalysis]
    players: list[PlayerReport]
    settings: dict[str, Any]
    #: The game analysed (its registry name): how the text report finds the game's wording.
    #: Not published: the JSON keeps the format above (a game may put it in ``settings``).
    game: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "kind": self.kind,
            "names": list(self.names),
            "settings": dict(self.settings),
            "deals": [d.to_json() for d in self.deals],
            "players": [p.to_json() for p in self.players],
            **self._by_unit(),
        }

    def _by_unit(self) -> dict[str, Any]:
        """``players_by_unit``: the report per unit, for a game whose kinds of decision are
        valued in different units (``players`` adds them up; these do not)."""
        if _reports_by_unit is None:
            return {}
        by_unit = _reports_by_unit(self.deals, self.names, self.settings.get("unit"))
        if not by_unit:
            return {}
        return {"players_by_unit": {k: [p.to_json() for p in v] for k, v in by_unit.items()}}


#: ``reports_by_unit(deals, names, units)``, which :mod:`.report` installs when it is imported
#: (it builds the reports from this module's classes, so importing it from here would be an
#: import cycle; every evaluator imports it to build its reports before any ``to_json``).
_reports_by_unit: (
    Callable[[Sequence[DealAnalysis], Sequence[str], Any], dict[str, list[PlayerReport]]] | None
) = None


def install_reports_by_unit(
    function: Callable[[Sequence[DealAnalysis], Sequence[str], Any], dict[str, list[PlayerReport]]],
) -> None:
    """Called once by :mod:`.report`: how :meth:`Analysis.to_json` splits reports by unit."""
    global _reports_by_unit
    _reports_by_unit = function
