"""The legal-action mask every game's research adapters hand to agents."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["action_mask"]


def action_mask(legal: Sequence[int], num_actions: int) -> npt.NDArray[np.int8]:
    """An ``int8`` mask over ``num_actions`` ids: 1 at each id of ``legal`` (all 0 when it is
    empty: the viewer is not to act)."""
    mask = np.zeros(num_actions, dtype=np.int8)
    if len(legal) < 12:  # a few scalar writes beat one fancy-indexed write
        for a in legal:
            mask[a] = 1
    else:
        mask[list(legal)] = 1
    return mask
