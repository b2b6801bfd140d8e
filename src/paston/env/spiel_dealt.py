"""The OpenSpiel state every game's adapter shares: chance moves deal the cards one by one,
then the game's engine plays and the players' actions are its action ids.

A game's adapter (:mod:`.openspiel_game` for Paston, :mod:`.paris_openspiel` for Paris)
keeps the cards dealt so far, says how likely each next card is, builds the engine's state
once they are all dealt, and pays the returns; the turn order, legality, action strings and
the end are here once.
"""

from __future__ import annotations

import pyspiel  # type: ignore[import-not-found]

from ..core.protocol import State

__all__ = ["DealtByChanceState"]


class DealtByChanceState(pyspiel.State):  # type: ignore[misc]
    """Chance nodes while the cards are dealt, then the engine's state (``_engine_state``).

    A game's state overrides the four methods that raise :class:`NotImplementedError`
    (pybind's metaclass does not mix with :class:`abc.ABC`).
    """

    def _engine_state(self) -> State | None:
        """The engine's state once every card is dealt; ``None`` while dealing."""
        raise NotImplementedError

    def _deal_card(self, card: int) -> None:
        """Deal ``card`` (a chance move); build the engine's state after the last one."""
        raise NotImplementedError

    def _card_name(self, card: int) -> str:
        """A card's name in the notation (chance moves read ``deal <card>``)."""
        raise NotImplementedError

    def _action_str(self, action: int) -> str:
        """The notation of a player's action id (ids do not depend on the position)."""
        raise NotImplementedError

    def current_player(self) -> int:
        engine = self._engine_state()
        if engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        to_act = engine.to_act
        return int(pyspiel.PlayerId.TERMINAL) if to_act is None else to_act

    def _legal_actions(self, player: int) -> list[int]:
        engine = self._engine_state()
        assert engine is not None and player == engine.to_act
        return sorted(engine.legal_actions())

    def _apply_action(self, action: int) -> None:
        engine = self._engine_state()
        if engine is None:
            self._deal_card(action)
        else:
            engine.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self._card_name(action)}"
        return self._action_str(action)

    def is_terminal(self) -> bool:
        engine = self._engine_state()
        return engine is not None and engine.is_over
