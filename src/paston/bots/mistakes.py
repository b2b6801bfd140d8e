"""Deliberate, plausible mistakes: what makes a ``beginner`` level err like a person.

:class:`MistakeBot` wraps any bot that ranks its options (``explain``): with a set probability
a decision takes one of the next few options of the inner bot's own ranking instead of the
best, so it errs as a learner would rather than at random.
"""

from __future__ import annotations

import random
from typing import Any

from .base import Bot, Choice

__all__ = ["MistakeBot"]


class MistakeBot(Bot[Any]):
    """``inner`` with deliberate slips: with chance ``rate`` a decision takes one of the
    next-best options (of the inner bot's own ranking, at most ``spread`` of them) instead of
    the best. Deterministic for a seed; sees only the view, like every bot."""

    def __init__(self, inner: Bot, rate: float, seed: int | None = None, spread: int = 3) -> None:
        if not 0.0 <= rate <= 1.0:
            raise ValueError(f"the mistake rate must be from 0 to 1, not {rate!r}")
        self.inner = inner
        self.rate = rate
        self.spread = spread
        self.rng = random.Random(seed)
        self.name = getattr(inner, "name", "bot")

    def explain(self, view: Any) -> list[Choice]:
        return self.inner.explain(view)

    def act(self, view: Any) -> int:
        legal = tuple(view.legal)
        if len(legal) <= 1 or self.rng.random() >= self.rate:
            return self.inner.act(view)
        ranked = [c.action for c in self.inner.explain(view) if c.action in legal]
        others = ranked[1 : 1 + self.spread] or [a for a in legal if a not in ranked[:1]]
        return self.rng.choice(others) if others else self.inner.act(view)

    def close(self) -> None:
        self.inner.close()
