"""Playing one hand between bots, for both arenas: views to the bots, their answers checked,
their time and decisions tallied, and a failure turned into an :class:`ArenaError` that
names the bot, its seat and what would have been legal."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from ..bots import Bot
from ..core.protocol import State

__all__ = ["MAX_ACTIONS", "ArenaError", "play_out", "shown_action"]

#: A hand that has not ended after this many actions is a broken engine or bot, not a game.
MAX_ACTIONS = 200_000

StateT = TypeVar("StateT", bound=State)


class ArenaError(RuntimeError):
    """A bot failed during a match (crashed, or chose an action that is not legal)."""


def shown_action(state: State, action: object) -> object:
    """A bot's answer as the notation writes it, or as it came when it is no action id."""
    if isinstance(action, int) and not isinstance(action, bool):
        try:
            return state.action_str(action)
        except (ValueError, IndexError, KeyError):
            pass
    return repr(action)


def play_out(
    state: StateT,
    bots: Sequence[Bot],
    specs: Sequence[str],
    counters: Sequence[dict[str, float]],
    *,
    shown: Callable[[StateT, object], object] = shown_action,
    tally: Callable[[StateT, int, dict[str, float]], None] | None = None,
) -> None:
    """Play ``state`` to its end, ``bots[seat]`` deciding for each seat from its view.

    ``counters[seat]`` gains the seat's decisions and seconds; ``tally(state, action,
    counter)`` may count more (it sees each legal action before it is applied). ``shown``
    writes an illegal answer in the error message (a game's own arena may keep its wording).
    """
    clock = time.perf_counter
    steps = 0
    while not state.is_over:
        seat = state.to_act
        if seat is None:
            raise ArenaError(f"the {state.phase} has nobody to act but is not over")
        view = state.view(seat)  # only the seat's view goes to the bot
        start = clock()
        try:
            action = bots[seat].act(view)
        except ArenaError:
            raise
        except Exception as exc:
            raise ArenaError(
                f"bot {specs[seat]!r} (seat {seat}) failed in the {state.phase}: {exc}"
            ) from exc
        counters[seat]["seconds"] += clock() - start
        counters[seat]["decisions"] += 1
        if action not in view.legal:
            legal = ", ".join(state.action_str(a) for a in view.legal)
            raise ArenaError(
                f"bot {specs[seat]!r} (seat {seat}) chose {shown(state, action)!r} in the "
                f"{state.phase}, which is not legal; legal: {legal}"
            )
        if tally is not None:
            tally(state, action, counters[seat])
        state.apply(action)
        steps += 1
        if steps > MAX_ACTIONS:
            raise ArenaError(f"a hand did not end after {MAX_ACTIONS} actions")
