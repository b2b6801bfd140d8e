"""The Paris play hooks: its bots, its strength ladder and how it is rated.

No bot's implementation is imported here: each bot's factory imports its module when a bot is
first made, so a lobby lists the bots in an instant.
"""

from __future__ import annotations

from typing import Any

from ...bots.registry import lazy_factory
from ...core.hooks.play import BotInfo, PlayHooks
from .actions import parse_action
from .bots.levels import LEVELS

__all__ = ["HOOKS", "placings"]


def placings(state: Any) -> tuple[int, ...]:
    """Finishing position per seat (1: first out) of a finished game, from its ranking."""
    ranking = state.ranking
    if ranking is None:
        raise ValueError("the game is not over: it has no finishing order yet")
    out = [0] * len(ranking)
    for place, seat in enumerate(ranking, start=1):
        out[seat] = place
    return tuple(out)


HOOKS = PlayHooks(
    bots=(
        BotInfo("random", "plays a random legal action: a baseline",
                lazy_factory(f"{__package__}.bots.random_bot", "RandomBot"), True, "Random"),
        BotInfo("heuristic", "thumb rules: sheds its lowest cards, keeps 10s and 2s",
                lazy_factory(f"{__package__}.bots.heuristic", "HeuristicBot"), True, "Heuristic"),
        BotInfo("dpimc", "search: samples the hidden cards and plays each option out",
                lazy_factory(f"{__package__}.bots.dpimc", "DpimcBot"), True, "DPIMC"),
        # The yardstick every level must at least equal (benchmarks/paris_levels.py): no
        # lobby offers it.
        BotInfo("plain", "lowest legal card, keeps 2s and 10s, burns big piles: a yardstick",
                lazy_factory(f"{__package__}.bots.plain", "PlainBot"), False, "Plain"),
    ),
    default_bot="heuristic",
    levels=LEVELS,
    # A shedding game: players are rated by the order they went out in.
    rating_kind="placing",
    # The sampled worlds a client may ask for, up to the bot's default (the expert's).
    bot_option_bounds={"dpimc": {"worlds": (1, 32)}},
    # State-free: Paris's action ids do not depend on the position.
    parse_action=parse_action,
    placings=placings,
)  # fmt: skip
