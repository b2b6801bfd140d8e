"""Running arena sets here, in spawned worker processes or as Ray tasks, results in set order,
and gathering them for a summary: the machinery both arenas share."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from .playing import ArenaError

__all__ = ["collect_sets", "iter_local", "ray_map"]


def iter_local(
    task: Callable[[int], dict[str, Any]], n: int, jobs: int
) -> Iterator[dict[str, Any]]:
    """``task(0) … task(n-1)`` in order: here, or in ``jobs`` spawned worker processes."""
    if jobs <= 1:
        for index in range(n):
            yield task(index)
        return
    import multiprocessing

    # spawn: safe everywhere (no forked locks or threads); workers import paston afresh and
    # build their own bots from the specs.
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(processes=jobs) as pool:
        yield from pool.imap(task, range(n), chunksize=1)


def ray_map(
    function: Callable[..., dict[str, Any]],
    calls: Sequence[tuple[Any, ...]],
    address: str,
) -> Iterator[dict[str, Any]]:
    """``function(*args)`` for each of ``calls`` as Ray tasks, results in the calls' order."""
    try:
        # Imported by name: Ray is an optional extra (``paston[ray]``) and heavy to import.
        ray = importlib.import_module("ray")
    except ImportError:
        raise ArenaError(
            "--ray needs Ray, which is not installed; install it with: pip install 'paston[ray]'"
        ) from None
    if not ray.is_initialized():
        if address in ("local", ""):
            ray.init()
        else:
            ray.init(address=address)
    remote = ray.remote(function)
    futures = [remote.remote(*args) for args in calls]
    # Results are consumed in order, like the local runner, so outputs are identical.
    for future in futures:
        yield ray.get(future)


def collect_sets(
    results: Iterable[dict[str, Any]], on_set: Callable[[dict[str, Any]], None] | None
) -> list[dict[str, Any]]:
    """Every set's result, ``on_set`` called with each (records included) as it arrives;
    the kept copies drop their records (they are streamed, not kept in memory)."""
    kept = []
    for result in results:
        if on_set is not None:
            on_set(result)
        kept.append({**result, "records": []})
    return kept
