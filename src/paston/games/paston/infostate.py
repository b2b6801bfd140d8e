"""A seat's information state in a Paston deal: everything it has seen and done (perfect recall).

A :class:`~paston.games.paston.view.SeatView` already keeps the seat's whole history (its
hand as dealt, every bid and call, its own discards, every trick), so the information state
is the perfect-recall encoding of the view (:data:`~.encoding.INFO_STATE_LAYOUT`) and its
string: nothing is read from the deal but that seat's view, so no hidden card can reach it.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .encoding import INFO_STATE_LAYOUT, encode, info_state_string
from .state import Deal

__all__ = ["information_state", "information_state_shape", "information_state_string"]


def information_state_shape(players: int) -> tuple[int, ...]:
    """The shape of one information-state tensor (Paston is for three: ``players`` is 3)."""
    return (INFO_STATE_LAYOUT.size,)


def information_state(state: Deal, seat: int) -> npt.NDArray[np.float32]:
    """``seat``'s perfect-recall tensor of ``state`` (from its view only)."""
    return encode(state.view(seat), INFO_STATE_LAYOUT)


def information_state_string(state: Deal, seat: int) -> str:
    """``seat``'s perfect-recall text of ``state`` (from its view only)."""
    return info_state_string(state.view(seat))
