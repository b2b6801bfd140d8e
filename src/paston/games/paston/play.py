"""Paston's play hooks: its bots, its strength ladder, its hint bot and how it is rated.

No bot's implementation is imported here: each bot's factory imports its module when a bot is
first made (the search bots' solvers load numba), so a lobby lists the bots in an instant.
"""

from __future__ import annotations

from ...bots.registry import lazy_factory
from ...core.hooks.play import BotInfo, PlayHooks
from .actions import parse_action
from .arena import ARENA
from .bots.levels import LEVELS

__all__ = ["HOOKS"]

#: The sampled worlds a client may ask the search bots for, up to their defaults (what the
#: ``expert`` level plays with; a test checks they are the defaults).
_WORLDS = {
    "worlds": (1, 64),
    "bid_worlds": (1, 24),
    "exchange_worlds": (1, 12),
    "declare_worlds": (1, 32),
    "whist_worlds": (1, 24),
}

HOOKS = PlayHooks(
    bots=(
        BotInfo("random", "a baseline that plays any legal card",
                lazy_factory(f"{__package__}.bots.random_bot", "RandomBot"), True, "Random"),
        BotInfo("heuristic", "quick, plays sound Paston",
                lazy_factory(f"{__package__}.bots.heuristic", "HeuristicBot"), True, "Heuristic"),
        BotInfo("pimc", "strong: samples the unseen cards and solves each world",
                lazy_factory(f"{__package__}.bots.pimc", "_pimc_factory"), True, "PIMC"),
        BotInfo("wpimc", "strongest: PIMC that reads the auction",
                lazy_factory(f"{__package__}.bots.wpimc", "_wpimc_factory"), True,
                "Weighted PIMC"),
        BotInfo("search",
                "expert: PIMC that models the others' bids and whists, bids for its own score "
                "and defends together",
                lazy_factory(f"{__package__}.bots.search", "_search_factory"), True, "Search"),
        BotInfo("oracle", "sees every card: a yardstick for measurement, never an opponent",
                lazy_factory(f"{__package__}.bots.oracle", "_oracle_factory"), False, "Oracle"),
        BotInfo("search_oracle",
                "the expert shown the true deal in the phases of "
                "sees=play|auction|exchange|whist|contract|all: "
                "a yardstick of where the expert's points are, never an opponent",
                lazy_factory(f"{__package__}.bots.search_oracle", "_search_oracle_factory"),
                False, "Search oracle"),
    ),
    default_bot="heuristic",
    levels=LEVELS,
    # Hints explain with expected Paston scores from sampled worlds.
    hint_bot="pimc",
    # Paston's players know their Elo: it is kept beside the platform's rating.
    rating_kind="elo",
    bot_option_bounds={"pimc": _WORLDS, "wpimc": _WORLDS, "search": _WORLDS},
    # State-free: Paston's action ids do not depend on the position.
    parse_action=parse_action,
    # Duplicate deals that are not first deals, and the ladder's declarer and whist rates.
    arena=ARENA,
)  # fmt: skip
