"""Adapters for research tools: tensor encodings, Gymnasium, PettingZoo and OpenSpiel.

The encodings need only numpy. The adapters import their framework when first used, so
``import paston.env`` works without the optional ``env`` extra:

* ``paston.env.PastonEnv`` — Gymnasium, single learner (:mod:`paston.env.gym_env`);
* ``paston.env.PastonAECEnv`` — PettingZoo AEC, three agents (:mod:`paston.env.pettingzoo_env`);
* ``import paston.env.openspiel_game`` — registers the OpenSpiel game ``python_paston``.

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
    from .pettingzoo_env import PastonAECEnv

__all__ = [
    "INFO_STATE_LAYOUT",
    "OBSERVATION_LAYOUT",
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
    raise AttributeError(f"module 'paston.env' has no attribute {name!r}")
