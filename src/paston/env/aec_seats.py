"""PettingZoo's order-enforcing wrapper for the AEC adapter (:mod:`.pettingzoo_env`), with
the same checks but per-step calls that skip the wrapper's attribute forwarding."""

from __future__ import annotations

from typing import Any

import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers.order_enforcing import (  # type: ignore[import-untyped]
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

__all__ = ["Observation", "SeatsOrderEnforcingWrapper", "wrapped"]

Observation = dict[str, npt.NDArray[Any]]


class _SeatsIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's order-enforcing agent iterator, reading the agents straight from the
    wrapped environment (the wrapper's attribute forwarding costs more than the step)."""

    def __next__(self) -> str:
        wrapper = self.env
        inner = wrapper.env
        if not inner.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return str(inner.agent_selection)


class _SeatsIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _SeatsIterator:
        return _SeatsIterator(self.env, self.max_iter)


class SeatsOrderEnforcingWrapper(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` with the same checks, errors and warnings,
    whose per-step calls (``last``, ``step``, ``agent_iter``) read the environment's
    attributes directly instead of through the wrapper's ``__getattr__`` (about eight
    forwarded lookups a step, as much as the rest of the step)."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> _SeatsIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _SeatsIterable(self, max_iter)

    def __str__(self) -> str:
        return str(self.env)


def wrapped(env: AECEnv[str, Observation, int]) -> AECEnv[str, Observation, int]:
    """``env`` in PettingZoo's order-enforcing wrapper (:class:`SeatsOrderEnforcingWrapper`).

    PettingZoo's classic environments also wrap an ``AssertOutOfBoundsWrapper``; it is left
    out: :meth:`~paston.env.pettingzoo_env.GameAECEnv.step` already refuses an action
    outside the action space (as any illegal one) with an
    :class:`~paston.core.errors.IllegalAction` naming the legal actions, and the wrapper's
    check cost as much as the rest of a step.
    """
    return SeatsOrderEnforcingWrapper(env)
