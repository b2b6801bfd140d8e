"""A seat's information state in a Paris game: everything it has seen and done (perfect recall).

A :class:`~.view.ParisView` holds the public record of the whole game (every action as the
table saw it, the piles picked up, the blind cards turned) and the seat's hand now. What it
does not keep is the seat's own private past: the hand it was dealt and the cards it drew
after each of its plays. The information state adds exactly those, read from the seat's own
entries of the game's log and the deck positions it drew from: never another seat's hand,
a face-down card or the rest of the deck.

* tensor: the observation (:func:`~.encoding.encode_paris`), then the hand as dealt and every
  card drawn so far (52 entries each, copies / 2), then, for each other seat from the next
  in play, the cards it is known to hold from what the table saw (the piles it picked up,
  the cards it swapped into its hand: :func:`~.bots.knowledge.read_knowledge`, 52 each);
* string: the view's JSON (sorted keys), then the hand as dealt and the draws, play by play.
"""

from __future__ import annotations

import json

import numpy as np
import numpy.typing as npt

from .actions import LOG_PLAY
from .bots.knowledge import read_knowledge
from .cards import CARD_NAMES, NUM_CARDS
from .encoding import encode_paris, paris_layout
from .state import ParisState

__all__ = [
    "dealt_hand",
    "information_state",
    "information_state_shape",
    "information_state_string",
    "own_draws",
]


def information_state_shape(players: int) -> tuple[int, ...]:
    return (paris_layout(players).size + (players + 1) * NUM_CARDS,)


def dealt_hand(state: ParisState, seat: int) -> tuple[int, ...]:
    """The hand ``seat`` was dealt (empty for a game that started from a position)."""
    origin = state.origin
    if origin.get("kind") != "game":
        return ()
    return tuple(sorted(origin["layout"][seat][2]))


def own_draws(state: ParisState, seat: int) -> list[tuple[int, tuple[int, ...]]]:
    """``(turn, cards)`` for each play of ``seat`` after which it drew, oldest first: the
    cards came off the deck in order, so the deck positions drawn so far say which."""
    deck = state.origin.get("deck", ())
    at = 0
    draws: list[tuple[int, tuple[int, ...]]] = []
    for turn, entry in enumerate(state.log_entries(0)):
        if entry[0] != LOG_PLAY:
            continue
        drew = int(entry[9])
        if drew and entry[2] == seat:
            draws.append((turn, tuple(deck[at : at + drew])))
        at += drew
    return draws


def information_state(state: ParisState, seat: int) -> npt.NDArray[np.float32]:
    """``seat``'s perfect-recall tensor (its view, its dealt hand, its draws)."""
    view = state.view(seat)
    obs = encode_paris(view)
    n = state.players
    out = np.zeros(information_state_shape(n), np.float32)
    out[: obs.size] = obs
    for card in dealt_hand(state, seat):
        out[obs.size + card] += 0.5
    for _, cards in own_draws(state, seat):
        for card in cards:
            out[obs.size + NUM_CARDS + card] += 0.5
    known = read_knowledge(view).known
    for rel in range(1, n):
        at = obs.size + (rel + 1) * NUM_CARDS
        for card, copies in known[(seat + rel) % n].items():
            out[at + card] = copies / 2
    return out


def information_state_string(state: ParisState, seat: int) -> str:
    """``seat``'s perfect-recall text (its view's JSON, its dealt hand, its draws)."""
    view = json.dumps(state.view(seat).to_json(), sort_keys=True, separators=(",", ":"))
    dealt = " ".join(CARD_NAMES[c] for c in dealt_hand(state, seat))
    draws = "; ".join(
        f"{turn}: {' '.join(CARD_NAMES[c] for c in cards)}"
        for turn, cards in own_draws(state, seat)
    )
    return f"{view}\ndealt: {dealt}\ndrew: {draws}"
