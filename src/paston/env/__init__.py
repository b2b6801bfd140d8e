"""Adapters for research tools, one of each for every game: Gymnasium, PettingZoo, RLCard
(and OpenSpiel).

Each adapter is written once over the game protocol (``GameInfo.new_match``, ``State``,
``View``) and the game's research hooks (``info.research``: its encoders, reward modes …), so
every registered game that offers research hooks gets them all:

* :class:`~paston.env.gym_env.GameEnv` — Gymnasium, one learner at one seat, bots at the
  others; registered as ``paston/<Name>-v0`` for every game (``paston/Paston-v0``,
  ``paston/Paris-v0`` …);
* :class:`~paston.env.pettingzoo_env.GameAECEnv` — PettingZoo AEC, one agent per seat
  (``pettingzoo_env.env(game)`` wrapped, ``raw_env(game)`` bare);
* :class:`~paston.env.rlcard_env.GameRLCardEnv` — RLCard's environment interface, no RLCard
  needed;
* :mod:`paston.env.openspiel_game` — the OpenSpiel games ``python_<game>``, registered on
  ``import paston.env`` when OpenSpiel is installed.

The names users already import (``paston.env.PastonEnv``, ``ParisEnv``, ``encode`` …) are
each game's ``research.aliases``: a generic adapter bound to that game, or an object of the
game's package (its encoder …), looked up here on first use. The adapters import their
framework when first used, so ``import paston.env`` works without the optional ``env``
extra.

Importing this package registers the Gymnasium ids (when Gymnasium is installed) and the
OpenSpiel games (when OpenSpiel is), so ``import paston.env`` then
``gymnasium.make("paston/Paris-v0")`` or ``pyspiel.load_game("python_paris")`` works; so does
``gymnasium.make("paston.env:paston/Paris-v0")`` with no import at all (Gymnasium imports
the module before the colon). A game registered later (``register_game``) gets its id from
:func:`register_envs`.

See docs/research-apis.md.
"""

from __future__ import annotations

import importlib.util
from typing import Any

from ..core.hooks.research import AdapterAlias
from ..core.protocol import GameInfo
from ..core.registry import available, get_game

__all__ = [
    "GYM_IDS",
    "adapter_class",
    "bound_alias",
    "gym_id",
    "register_envs",
    "register_spiel_games",
]

#: The generic adapter class of each kind (``module:class``), bound to a game on demand.
_ADAPTERS: dict[str, tuple[str, str]] = {
    "gym": ("paston.env.gym_env", "GameEnv"),
    "aec": ("paston.env.pettingzoo_env", "GameAECEnv"),
    "rlcard": ("paston.env.rlcard_env", "GameRLCardEnv"),
}

_bound: dict[tuple[str, str], type] = {}


def gym_id(name: str) -> str:
    """The Gymnasium id of game ``name``: ``paston/<Name>-v0``."""
    return f"paston/{name.capitalize()}-v0"


def adapter_class(game: str, kind: str, class_name: str | None = None) -> type:
    """The generic adapter of ``kind`` (``gym``, ``aec`` or ``rlcard``) bound to ``game``: a
    subclass whose ``game`` argument defaults to it (built once, then cached)."""
    key = (game, kind)
    cls = _bound.get(key)
    if cls is None:
        if kind not in _ADAPTERS:
            raise ValueError(f"unknown adapter {kind!r}; the adapters are {', '.join(_ADAPTERS)}")
        module_name, base_name = _ADAPTERS[kind]
        base = getattr(importlib.import_module(module_name), base_name)
        name = class_name or f"{game.capitalize()}{base_name.removeprefix('Game')}"
        cls = type(
            name,
            (base,),
            {
                "bound_game": game,
                "__module__": __name__,
                "__qualname__": name,
                "__doc__": f"{base_name} bound to the game {game!r} (see {base_name}).",
            },
        )
        _bound[key] = cls
    return cls


def _make_gym(game: str) -> Any:
    def make(**kwargs: Any) -> Any:
        return adapter_class(game, "gym")(**kwargs)

    make.__qualname__ = f"make<{game}>"
    return make


def _research_games() -> list[str]:
    names = []
    for name in available():
        try:
            info = get_game(name)
        except Exception:  # a broken game must not stop the others' ids
            continue
        if info.offers("research"):
            names.append(name)
    return names


def register_envs() -> None:
    """Register ``paston/<Name>-v0`` for every game offering research hooks with Gymnasium
    (idempotent; done on ``import paston.env``)."""
    import gymnasium as gym

    from .wrappers import ACTION_MASKS_SPEC

    for name in _research_games():
        env_id = gym_id(name)
        GYM_IDS[env_id] = name
        if env_id not in gym.registry:
            # ``additional_wrappers``: ``action_masks()`` stays reachable after ``make``.
            # ``disable_env_checker``: the passive checker looks at the first reset and step
            # only, which ``check_env`` covers in the tests for every id, and costs every
            # step a Python call (``gym.make(id, disable_env_checker=False)`` adds it back).
            gym.register(
                id=env_id,
                entry_point=_make_gym(name),
                additional_wrappers=(ACTION_MASKS_SPEC,),
                disable_env_checker=True,
            )


#: The Gymnasium ids this package registered, each with its game's name.
GYM_IDS: dict[str, str] = {}

# Gymnasium is optional; registering reads only the games' descriptors and hook sources.
if importlib.util.find_spec("gymnasium") is not None:
    register_envs()


def register_spiel_games() -> list[str]:
    """Register ``python_<game>`` with OpenSpiel for every game offering research hooks
    (done on ``import paston.env`` when ``pyspiel`` is installed; idempotent). Returns the
    registered names, none without OpenSpiel."""
    if importlib.util.find_spec("pyspiel") is None:
        return []
    try:
        spiel = importlib.import_module(f"{__name__}.openspiel_game")
    except ImportError as error:  # a broken OpenSpiel install must not stop the other adapters
        import warnings

        warnings.warn(f"OpenSpiel games not registered: {error}", RuntimeWarning, stacklevel=2)
        return []
    names: list[str] = spiel.register_all()
    return names


register_spiel_games()


def _research_infos() -> list[GameInfo]:
    return [get_game(name) for name in _research_games()]


def _alias(name: str) -> Any:
    # A bound class built already (a game with no alias for it, as a plug-in's) is found by
    # its name too, so pickling it by reference works.
    for cls in _bound.values():
        if cls.__name__ == name:
            return cls
    for info in _research_infos():
        game = info.name
        target = info.research.aliases.get(name)
        if target is None:
            continue
        if isinstance(target, AdapterAlias):
            return adapter_class(game, target.adapter, name)
        return target()
    raise AttributeError(f"module 'paston.env' has no attribute {name!r}")


def bound_alias(name: str, kind: str, module: str) -> type:
    """The public name ``name`` of a game's adapter of ``kind`` (``PastonEnv`` for ``gym`` …),
    for the adapter modules' own ``__getattr__``: ``paston.env.gym_env.PastonEnv`` keeps
    working where users import it from. Raises ``AttributeError`` naming ``module``."""
    for info in _research_infos():
        target = info.research.aliases.get(name)
        if isinstance(target, AdapterAlias) and target.adapter == kind:
            return adapter_class(info.name, kind, name)
    raise AttributeError(f"module {module!r} has no attribute {name!r}")


def __getattr__(name: str) -> Any:
    # The games' public names, looked up (and their modules imported) on first use; cached
    # in the module's namespace afterwards.
    if name.startswith("__"):
        raise AttributeError(f"module 'paston.env' has no attribute {name!r}")
    value = _alias(name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    # The games' public names too, so that completion offers ``ParisEnv`` and the others.
    names = {name for info in _research_infos() for name in info.research.aliases}
    return sorted(set(globals()) | names)
