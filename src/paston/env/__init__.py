"""Adapters for research tools: tensor encodings, Gymnasium, PettingZoo and OpenSpiel.

The encodings need only numpy. The adapters import their framework when first used, so
``import paston.env`` works without the optional ``env`` extra:

* ``paston.env.PastonEnv`` — Gymnasium, single learner (:mod:`paston.env.gym_env`);
* ``paston.env.PastonAECEnv`` — PettingZoo AEC, three agents (:mod:`paston.env.pettingzoo_env`);
* ``import paston.env.openspiel_game`` — registers the OpenSpiel game ``python_paston``;
* ``paston.env.ParisEnv`` — Gymnasium ``paston/Paris-v0``, one learner at a Paris table
  (:mod:`paston.env.paris_gym`), observations from :mod:`paston.env.paris_encoding`;
* ``paston.env.ParisAECEnv`` — PettingZoo AEC, one agent per Paris seat
  (:mod:`paston.env.paris_pettingzoo`);
* ``import paston.env.paris_openspiel`` — registers the OpenSpiel game ``python_paris``.

What the adapters of every game share lives once: :mod:`paston.env.gym_seat` (the learner's
seat and its bots), :mod:`paston.env.aec_seats` (PettingZoo's seat agents),
:mod:`paston.env.spiel_dealt` (OpenSpiel's chance deal, then the engine) and
:mod:`paston.env.masks` (the legal-action mask).

See docs/research-apis.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .encoding import (
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
]


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
