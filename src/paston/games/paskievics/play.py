"""The Paskievics play hooks: its bots, its strength ladder and how it is rated.

No bot's implementation is imported here: each bot's factory imports its module when a bot is
first made (the search bot's solver loads numba), so a lobby lists the bots in an instant.
"""

from __future__ import annotations

from ...bots.registry import lazy_factory
from ...core.hooks.play import BotInfo, PlayHooks
from .actions import parse_action
from .bots.levels import LEVELS

__all__ = ["HOOKS"]


def _warm_up_solver() -> None:
    # Imported here, not above: the lobby lists the bots without loading numba.
    from .solver.api import warm_up

    warm_up()


HOOKS = PlayHooks(
    bots=(
        BotInfo("random", "plays a random legal action: a baseline",
                lazy_factory(f"{__package__}.bots.random_bot", "RandomBot"), True, "Random"),
        BotInfo("heuristic",
                "bids, calls and announces from hand value, counts card points in play",
                lazy_factory(f"{__package__}.bots.heuristic", "HeuristicBot"), True, "Heuristic"),
        BotInfo("pimc",
                "plays the card worth most card points over sampled worlds (double-dummy "
                "solver)",
                lazy_factory(f"{__package__}.bots.pimc", "PimcBot"), True, "PIMC"),
    ),
    default_bot="heuristic",
    levels=LEVELS,
    rating_kind="placing",
    # Sampled worlds, from the fewest the bot accepts (its min_worlds) up to its default.
    bot_option_bounds={"pimc": {"worlds": (6, 48)}},
    # State-free: an action's notation names it whatever the position.
    parse_action=parse_action,
    # The solver's recursive search compiles once per process (numba cannot cache it).
    warm_up=_warm_up_solver,
)  # fmt: skip
