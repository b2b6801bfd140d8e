"""What a game tells the generic OpenSpiel game (:mod:`paston.env.openspiel_game`) about itself.

OpenSpiel needs a few facts that the rules-level protocol does not carry: the game's
parameters, the bounds of a hand's returns, and, for games that model their deal as explicit
chance nodes (OpenSpiel's ``EXPLICIT_STOCHASTIC``), the deal itself card by card. A game gives
them as :class:`SpielHooks` in its research group (``ResearchHooks.spiel``); a game that gives
none gets defaults: every rules flag is a parameter, and the deal is drawn from a seed that
eight chance nodes of 256 outcomes each pick.

Nothing here imports ``pyspiel``: a game package stays importable without OpenSpiel.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, Self

__all__ = ["ChanceDeal", "SpielHooks", "SpielObserver"]


class ChanceDeal(Protocol):
    """One hand's deal in progress as a sequence of chance outcomes, then the hand itself.

    The dealing-phase encodings (``observation`` …) say what a seat has seen of the deal so
    far; once :attr:`state` is set the generic game reads the hand through the research
    hooks instead.
    """

    @property
    def state(self) -> Any | None:
        """The hand (a :class:`~paston.core.protocol.State`) once every outcome is drawn."""
        ...

    @property
    def drawn(self) -> tuple[int, ...]:
        """The outcomes drawn so far, oldest first."""
        ...

    def outcomes(self) -> list[tuple[int, float]]:
        """The next chance node: ``(outcome, probability)`` pairs, outcomes ascending."""
        ...

    def apply(self, outcome: int) -> None:
        """Draw ``outcome``; raises :class:`ValueError` naming it when it cannot be drawn."""
        ...

    def undo(self) -> None:
        """Take back the last outcome (the hand, if it was complete, is gone again)."""
        ...

    def outcome_str(self, outcome: int) -> str:
        """The outcome as OpenSpiel's ``action_to_string`` of the chance player shows it."""
        ...

    def copy(self) -> Self: ...

    def resample(self, seat: int, rng: random.Random) -> Self:
        """A deal so far that ``seat`` cannot tell from this one (what it has seen is kept,
        the rest redrawn)."""
        ...

    def with_state(self, state: Any) -> Self:
        """A complete deal that ends in ``state``, a world that ``SamplingHooks.resample``
        drew from this deal's hand: its outcomes deal that world where the game can say
        which, else they stay this deal's."""
        ...

    def observation(self, seat: int, perfect_recall: bool) -> Any:
        """``seat``'s tensor while dealing (numpy float32, the shape of the hand's tensors)."""
        ...

    def observation_string(self, seat: int, perfect_recall: bool) -> str: ...

    def __str__(self) -> str:
        """Everything drawn so far (full information, for debugging)."""
        ...


class SpielObserver(Protocol):
    """A game's own OpenSpiel observer (the ``PyObserver`` protocol without ``pyspiel``):
    ``tensor`` and its named views ``dict``, filled for one player of a generic state."""

    tensor: Any
    dict: dict[str, Any]

    def set_from(self, state: Any, player: int) -> None: ...

    def string_from(self, state: Any, player: int) -> str: ...


@dataclass(frozen=True, slots=True)
class SpielHooks:
    """A game's OpenSpiel facts (every field has a generic default)."""

    #: The game's parameters with their defaults (``players`` is added, defaulting to the
    #: game's ``default_seats``, when the game has several seat counts; a game may give it
    #: another default here). Names that are rules flags become the hand's rules; the others
    #: are the game's own (the dealer …) and reach :attr:`deal`. ``None``: ``dealer``
    #: (default 0) and every rules flag of the game.
    parameters: Mapping[str, Any] | None = None
    #: ``utility(players) -> (lowest, highest)`` return of one hand, before ``reward_scale``.
    utility: Callable[[int], tuple[float, float]] | None = None
    #: The sum of every hand's returns (before ``reward_scale``) when it is always the same
    #: (``0.0``: zero-sum); ``None``: general-sum.
    utility_sum: float | None = None
    #: ``deal(players, rules, params) -> ChanceDeal``: the deal as explicit chance nodes;
    #: ``None``: the generic seeded deal (the match's own shuffle).
    deal: Callable[[int, Any, Mapping[str, Any]], ChanceDeal] | None = None
    #: The most outcomes one chance node of :attr:`deal` offers.
    max_chance_outcomes: int = 256
    #: ``max_game_length(players, rules)``: the most moves of a hand, chance moves included.
    #: ``None``: the research group's ``max_game_length`` plus the chance moves, else 10,000.
    max_game_length: Callable[[int, Any], int] | None = None
    #: ``observation_shape(players)`` and ``observe(view)``: OpenSpiel's observation tensor
    #: when it is not the research group's observation.
    observation_shape: Callable[[int], tuple[int, ...]] | None = None
    observe: Callable[[Any], Any] | None = None
    #: ``observation_string(view) -> str``; ``None``: the view's JSON.
    observation_string: Callable[[Any], str] | None = None
    #: ``observer(perfect_recall, private_info, params)``: the game's own observer for the
    #: observation types the generic one does not offer (``private_info`` is ``"single"``,
    #: ``"none"`` for the public part, ``"all"`` for full information); ``None`` for a type
    #: the game leaves to the generic observer (which offers ``"single"`` only).
    observer: Callable[[bool, str, Mapping[str, Any] | None], SpielObserver | None] | None = None
    #: Names users imported from the game's own OpenSpiel module before there was one for
    #: every game (``DEAL_FLAGS`` …) -> a loader of the object; :mod:`paston.env.openspiel_game`
    #: answers them as its attributes.
    aliases: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
