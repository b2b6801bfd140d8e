"""How much work an analysis does: worlds per decision, time limits, the seed."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

__all__ = ["DEFAULT", "Settings"]


@dataclass(frozen=True, slots=True)
class Settings:
    """``worlds``: worlds sampled per decision (the standard error shrinks as 1/sqrt of it);
    ``decision_seconds``: once a decision has taken this long, its remaining worlds are
    skipped (at least 4 are valued); ``max_worlds``: a decision whose grade is in doubt (one
    standard error either way would change it) gets more worlds, up to this many;
    ``weighted``: weight worlds by the others' decisions (where the game's evaluator can);
    ``seed``: the sampling is deterministic given it; ``dd_table``: add each hand's table
    where the game's evaluator has one (Paston's double-dummy table)."""

    worlds: int = 48
    max_worlds: int = 192
    decision_seconds: float | None = 5.0
    weighted: bool = True
    seed: int = 0
    dd_table: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.worlds, int) or isinstance(self.worlds, bool) or self.worlds < 2:
            raise ValueError(f"worlds must be a whole number of at least 2, not {self.worlds!r}")
        if self.max_worlds < self.worlds:
            object.__setattr__(self, "max_worlds", self.worlds)  # never fewer than asked

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


DEFAULT = Settings()
