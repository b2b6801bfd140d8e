"""Every shipped game names the same roles the same way (issue 18): one module (or package)
per role, and each hook group read from the module of the same name in every game."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from game_names import game_names

from paston.core.hooks import GROUPS
from paston.core.hooks.analysis import AnalysisHooks
from paston.core.hooks.play import PlayHooks
from paston.core.hooks.research import ResearchHooks
from paston.core.hooks.sampling import SamplingHooks
from paston.core.hooks.table import TableHooks
from paston.core.hooks.terminal import TerminalHooks
from paston.core.hooks.web import WebHooks
from paston.core.registry import get_game

GAMES_DIR = Path(__file__).resolve().parents[2] / "src" / "paston" / "games"
SHIPPED = game_names(GAMES_DIR)

#: The module of each hook group, the same in every game.
HOOK_MODULES = {
    "table": "table_views",
    "play": "play",
    "terminal": "terminal",
    "research": "research",
    "sampling": "sampling",
    "analysis": "analysis",
    "web": "web",
}
HOOK_TYPES: dict[str, type] = {
    "table": TableHooks,
    "play": PlayHooks,
    "terminal": TerminalHooks,
    "research": ResearchHooks,
    "sampling": SamplingHooks,
    "analysis": AnalysisHooks,
    "web": WebHooks,
}

#: The rules-level roles every game has, whatever else it keeps (a solver, a batched engine).
ROLES = (
    "platform", "rules", "cards", "actions", "shuffle", "state", "view", "match", "record",
    "text", "bots", *HOOK_MODULES.values(),
)  # fmt: skip


def _modules(game_dir: Path) -> set[str]:
    names = {p.stem for p in game_dir.glob("*.py")}
    return names | {p.name for p in game_dir.iterdir() if (p / "__init__.py").exists()}


def test_hook_modules_cover_every_group() -> None:
    assert set(HOOK_MODULES) == set(GROUPS) == set(HOOK_TYPES)


@pytest.mark.parametrize("game", SHIPPED)
def test_a_game_has_every_role_under_its_common_name(game: str) -> None:
    missing = [role for role in ROLES if role not in _modules(GAMES_DIR / game)]
    assert not missing, f"paston.games.{game} has no module for: {', '.join(missing)}"


@pytest.mark.parametrize("game", SHIPPED)
@pytest.mark.parametrize("group", GROUPS)
def test_each_hook_group_comes_from_its_module(game: str, group: str) -> None:
    info = get_game(game)
    assert info.offers(group), f"{game} offers no {group} hooks"
    hooks = getattr(info, group)
    assert isinstance(hooks, HOOK_TYPES[group])
    module = importlib.import_module(f"paston.games.{game}.{HOOK_MODULES[group]}")
    assert module.HOOKS is hooks


def test_the_guard_sees_a_missing_role(tmp_path: Path) -> None:
    for role in ROLES:
        (tmp_path / f"{role}.py").touch()
    assert all(role in _modules(tmp_path) for role in ROLES)
    (tmp_path / "view.py").unlink()
    (tmp_path / "bots.py").unlink()
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "__init__.py").touch()
    assert [r for r in ROLES if r not in _modules(tmp_path)] == ["view"]
