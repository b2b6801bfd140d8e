"""Typed hook groups: what a game gives each kind of front-end, loaded only when asked.

A :class:`~paston.core.protocol.GameInfo` carries the rules-level protocol (new match, records,
flags); everything a particular front-end needs beyond that comes in one *hook group* per
front-end, each a frozen dataclass defined in this package:

========== =============================================== =================================
group      what it holds                                   who reads it
========== =============================================== =================================
table      spectator view, reveal, default action, score   ``paston.server``, the browser
           row, replay steps, outcome, match options
play       bots, strength levels, hint bot, rating kind,   bots registry, server, arena, CLI
           bot option bounds, state-free action parser
terminal   render a view, narrate an action, score sheet   ``paston.terminal``
research   observation / information-state encoders,       ``paston.env`` (Gym, PettingZoo,
           reward scale, deal from chance outcomes         OpenSpiel, RLCard)
sampling   deal a world consistent with one seat's view    analysis, OpenSpiel resampling
analysis   the analysis evaluator                          ``paston.analysis``
web        the browser's assets, hand nouns, rules text    ``paston.server`` static routes
========== =============================================== =================================

The shape follows OpenSpiel's split of ``GameType`` (static facts) from ``Game`` (factories)
and boardgame.io's single game definition object: static facts stay on ``GameInfo``; code a
front-end runs is reached through a group, imported the first time that group is asked for, so
``paston serve`` never imports a research encoder and ``import paston`` stays light.

A game declares where its groups live with :class:`HookSource` — usually
:func:`from_modules`, naming one module per group inside its own package, each with a
module-level ``HOOKS`` of the group's type. A test's toy game passes loaders directly.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["GROUPS", "HookSource", "MissingHooks", "from_modules"]

#: The hook groups, in the order the table above lists them.
GROUPS: tuple[str, ...] = (
    "table", "play", "terminal", "research", "sampling", "analysis", "web",
)  # fmt: skip


class MissingHooks(LookupError):
    """A game was asked for a hook group it does not offer (names the game and the group)."""


Loader = Callable[[], Any]


@dataclass(frozen=True, slots=True)
class HookSource:
    """One zero-argument loader per hook group; ``None``: the game does not offer that group.

    Each loader returns the group's dataclass (``TableHooks`` for ``table`` …). It is called
    at most once per game (``GameInfo`` caches the result).
    """

    table: Loader | None = None
    play: Loader | None = None
    terminal: Loader | None = None
    research: Loader | None = None
    sampling: Loader | None = None
    analysis: Loader | None = None
    web: Loader | None = None

    def loader(self, group: str) -> Loader | None:
        if group not in GROUPS:
            raise ValueError(f"unknown hook group {group!r}; the groups are {', '.join(GROUPS)}")
        loader: Loader | None = getattr(self, group)
        return loader


def _module_loader(module: str) -> Loader:
    def load() -> Any:
        return importlib.import_module(module).HOOKS

    load.__qualname__ = f"load<{module}>"
    return load


def from_modules(package: str, **modules: str) -> HookSource:
    """A :class:`HookSource` reading ``HOOKS`` from ``package.<module>`` for each group given.

    ``from_modules("mygame", table="table_views", play="play")`` loads the table group from
    ``mygame.table_views.HOOKS`` on first use.
    """
    unknown = sorted(set(modules) - set(GROUPS))
    if unknown:
        raise ValueError(f"unknown hook group {unknown[0]!r}; the groups are {', '.join(GROUPS)}")
    return HookSource(**{g: _module_loader(f"{package}.{m}") for g, m in modules.items()})
