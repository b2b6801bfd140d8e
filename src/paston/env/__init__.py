"""Adapters for research tools: tensor encodings, Gymnasium, PettingZoo and OpenSpiel.

The encodings need only numpy. The adapters import their framework when first used, so
``import paston.env`` works without the optional ``env`` extra:

* ``paston.env.PastonEnv`` — Gymnasium ``paston/Paston-v0``, single learner
  (:mod:`paston.env.gym_env`);
* ``paston.env.PastonAECEnv`` — PettingZoo AEC, three agents (:mod:`paston.env.pettingzoo_env`);
* ``import paston.env.openspiel_game`` — registers the OpenSpiel game ``python_paston``;
* ``paston.env.ParisEnv`` — Gymnasium ``paston/Paris-v0``, one learner at a Paris table
  (:mod:`paston.env.paris_gym`), observations from :mod:`paston.env.paris_encoding`;
* ``paston.env.ParisAECEnv`` — PettingZoo AEC, one agent per Paris seat
  (:mod:`paston.env.paris_pettingzoo`);
* ``import paston.env.paris_openspiel`` — registers the OpenSpiel game ``python_paris``;
* ``paston.env.rlcard_env.PastonRLCardEnv`` — RLCard's environment interface, no RLCard
  needed;
* ``paston.env.batched.BatchedPaston`` — ``n`` whole deals stepped together in numba,
  observations and masks as arrays (self-play and training at scale);
* :mod:`paston.env.fast_encoding` — :class:`~paston.env.fast_encoding.DealEncoder`, one
  seat's tensor kept up to date action by action (what the adapters observe through).

What the adapters of every game share lives once: :mod:`paston.env.gym_seat` (the learner's
seat and its bots), :mod:`paston.env.aec_seats` (PettingZoo's seat agents),
:mod:`paston.env.spiel_dealt` (OpenSpiel's chance deal, then the engine) and
:mod:`paston.env.masks` (the legal-action mask).

Importing this package registers the Gymnasium ids ``paston/Paston-v0`` and
``paston/Paris-v0`` (when Gymnasium is installed), so ``import paston.env`` then
``gymnasium.make("paston/Paston-v0")`` works; so does
``gymnasium.make("paston.env:paston/Paston-v0")`` with no import at all (Gymnasium imports
the module before the colon).

See docs/research-apis.md.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

from ..games.paston.encoding import (
    INFO_STATE_LAYOUT,
    OBSERVATION_LAYOUT,
    describe_layout,
    encode,
    info_state_string,
    legal_mask,
    observation_string,
)

if TYPE_CHECKING:
    from .gym_env import PastonEnv
    from .paris_gym import ParisEnv
    from .paris_pettingzoo import ParisAECEnv
    from .pettingzoo_env import PastonAECEnv

__all__ = [
    "GYM_IDS",
    "INFO_STATE_LAYOUT",
    "OBSERVATION_LAYOUT",
    "ParisAECEnv",
    "ParisEnv",
    "PastonAECEnv",
    "PastonEnv",
    "describe_layout",
    "encode",
    "info_state_string",
    "legal_mask",
    "observation_string",
    "register_envs",
]

#: The Gymnasium ids this package registers, with the class each one builds.
GYM_IDS: dict[str, str] = {
    "paston/Paston-v0": "paston.env.gym_env:PastonEnv",
    "paston/Paris-v0": "paston.env.paris_gym:ParisEnv",
    "paston/Paskievics-v0": "paston.env.paskievics_gym:PaskievicsEnv",
}


def register_envs() -> None:
    """Register :data:`GYM_IDS` with Gymnasium (idempotent; done on ``import paston.env``)."""
    import gymnasium as gym

    for env_id, entry_point in GYM_IDS.items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=entry_point)


# Gymnasium is optional; the registration names entry points as strings, so nothing heavier
# than gymnasium itself is imported here.
if importlib.util.find_spec("gymnasium") is not None:
    register_envs()


def __getattr__(name: str) -> Any:
    # Lazy: gymnasium and pettingzoo are optional dependencies.
    if name == "PastonEnv":
        from .gym_env import PastonEnv

        return PastonEnv
    if name == "PastonAECEnv":
        from .pettingzoo_env import PastonAECEnv

        return PastonAECEnv
    if name == "ParisEnv":
        from .paris_gym import ParisEnv

        return ParisEnv
    if name == "ParisAECEnv":
        from .paris_pettingzoo import ParisAECEnv

        return ParisAECEnv
    raise AttributeError(f"module 'paston.env' has no attribute {name!r}")
