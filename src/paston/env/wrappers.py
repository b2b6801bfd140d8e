"""The wrapper ``gymnasium.make`` puts outermost on every ``paston/<Name>-v0`` environment.

Gymnasium 1.x wrappers no longer forward unknown attributes to the environment they wrap, so
after ``gymnasium.make`` the :meth:`~paston.env.gym_env.GameEnv.action_masks` method that
sb3-contrib's ``MaskablePPO`` calls would be out of reach behind the order-enforcing and
checking wrappers. :class:`ActionMasks` gives it again at the outside (each id's
registration names it among its ``additional_wrappers``); ``env.unwrapped.action_masks()``
and ``env.get_wrapper_attr("action_masks")()`` reach the same method under any further
wrappers of your own.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium.utils import RecordConstructorArgs

__all__ = ["ACTION_MASKS_SPEC", "ActionMasks"]


class ActionMasks(gym.Wrapper[Any, Any, Any, Any], RecordConstructorArgs):
    """Forwards :meth:`action_masks` (the legal actions as booleans) from the wrapped env."""

    def __init__(self, env: gym.Env[Any, Any]) -> None:
        RecordConstructorArgs.__init__(self)
        gym.Wrapper.__init__(self, env)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The wrapped environment's ``action_masks()``."""
        masks: npt.NDArray[np.bool_] = self.env.get_wrapper_attr("action_masks")()
        return masks


#: The registration's entry for this wrapper (``gymnasium.envs.registration.WrapperSpec``).
ACTION_MASKS_SPEC = gym.envs.registration.WrapperSpec(
    name="ActionMasks", entry_point=f"{__name__}:ActionMasks", kwargs={}
)
