"""No import cycle among paston's modules (issue 18), every cycle reported as a chain.

The graph is grimp's (the library under import-linter): every import a module makes, at its
top or inside a function, except those under ``if TYPE_CHECKING:`` (they run for the type
checker only, so they make no import-time cycle; a view module names its state's class in
annotations that way). A cycle is reported as ``a -> b -> a``, one per strongly connected
group of modules and import inside it (a shortest way back for each), so that every import
that closes a cycle is named.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import grimp
import pytest


def _components(graph: grimp.ImportGraph) -> list[set[str]]:
    """The strongly connected groups of two modules or more (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = []
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work.append((root, iter(sorted(graph.find_modules_directly_imported_by(root)))))
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    imported = graph.find_modules_directly_imported_by(child)
                    work.append((child, iter(sorted(imported))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(group)
    return groups


def _shortest_path(graph: grimp.ImportGraph, start: str, goal: str, within: set[str]) -> list[str]:
    """The shortest chain of imports from ``start`` to ``goal`` inside ``within`` (BFS)."""
    previous: dict[str, str | None] = {start: None}
    frontier = [start]
    while frontier:
        following = []
        for module in frontier:
            for imported in sorted(graph.find_modules_directly_imported_by(module)):
                if imported in within and imported not in previous:
                    previous[imported] = module
                    following.append(imported)
        if goal in previous:
            break
        frontier = following
    path = [goal]
    while previous[path[-1]] is not None:
        path.append(previous[path[-1]])  # type: ignore[arg-type]
    return path[::-1]


def import_cycles(package: str) -> list[str]:
    """Every import cycle of ``package``'s modules as ``a -> b -> … -> a`` (sorted)."""
    graph = grimp.build_graph(package, cache_dir=None, exclude_type_checking_imports=True)
    cycles: set[tuple[str, ...]] = set()
    for group in _components(graph):
        for importer in group:
            for imported in graph.find_modules_directly_imported_by(importer):
                if imported in group:
                    back = _shortest_path(graph, imported, importer, group)
                    cycle = [importer, *back]
                    # One form per cycle: rotated to start at its smallest module.
                    ring = cycle[:-1]
                    k = ring.index(min(ring))
                    cycles.add((*ring[k:], *ring[:k], ring[k]))
    return sorted(" -> ".join(c) for c in cycles)


def test_paston_has_no_import_cycle() -> None:
    cycles = import_cycles("paston")
    assert not cycles, f"{len(cycles)} import cycles:\n" + "\n".join(cycles)


@pytest.fixture
def planted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A synthetic package with a cycle through a function-level import, one through a
    module-level import chain of three, and a back edge under TYPE_CHECKING (no cycle)."""
    name = f"planted_cycles_{tmp_path.name.replace('-', '_')}"
    root = tmp_path / name
    root.mkdir()
    files = {
        "__init__.py": "",
        "state.py": """
            from typing import TYPE_CHECKING
            if TYPE_CHECKING:
                from .view import View
            def view() -> "View":
                from .view import View
                return View()
        """,
        "view.py": """
            from typing import TYPE_CHECKING
            if TYPE_CHECKING:
                from .state import view  # annotations only: no cycle
            class View: ...
        """,
        "match.py": "from . import record\n",
        "record.py": """
            def load() -> None:
                from .match import record  # inside a function: still a cycle
        """,
        "a.py": "from . import b\n",
        "b.py": "from . import c\n",
        "c.py": "from . import a\n",
    }
    for file, text in files.items():
        (root / file).write_text(textwrap.dedent(text))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name
    for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[module]


def test_cycles_are_found_and_reported_as_chains(planted: str) -> None:
    p = planted
    assert import_cycles(p) == [
        f"{p}.a -> {p}.b -> {p}.c -> {p}.a",
        f"{p}.match -> {p}.record -> {p}.match",
    ]
