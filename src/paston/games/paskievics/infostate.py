"""A seat's information state in a Paskievics deal: everything it has seen and done (perfect
recall).

A Paskievics view keeps the public record of the whole deal (every action as the seat may
know it, the tricks, the announcements, the talon split) and the seat's own cards now, the
talon cards it received and its own discards. What it does not keep is the hand the seat was
dealt; the information state adds it, from the seat's own entry of the deal: never another
seat's hand, the talon cards another seat received or another seat's discards.

* tensor: the observation (:func:`~.encoding.encode_paskievics`), then the hand as dealt
  (42 entries, one per card);
* string: the view's JSON (sorted keys), then the hand as dealt.
"""

from __future__ import annotations

import json

import numpy as np
import numpy.typing as npt

from .cards import NUM_CARDS, format_cards
from .encoding import encode_paskievics, paskievics_layout
from .state import PaskievicsState
from .view import view_data

__all__ = ["information_state", "information_state_shape", "information_state_string"]


def information_state_shape(players: int) -> tuple[int, ...]:
    return (paskievics_layout(players).size + NUM_CARDS,)


def information_state(state: PaskievicsState, seat: int) -> npt.NDArray[np.float32]:
    """``seat``'s perfect-recall tensor (its view and the hand it was dealt)."""
    layout = paskievics_layout(state.seats)
    obs = encode_paskievics(state.view(seat), layout)
    out = np.zeros(obs.size + NUM_CARDS, np.float32)
    out[: obs.size] = obs
    for card in state.dealt[seat]:
        out[obs.size + card] = 1.0
    return out


def information_state_string(state: PaskievicsState, seat: int) -> str:
    """``seat``'s perfect-recall text (its view's JSON and the hand it was dealt)."""
    view = json.dumps(view_data(state, seat), sort_keys=True, separators=(",", ":"))
    return f"{view}\ndealt: {' '.join(format_cards(state.dealt[seat]))}"
