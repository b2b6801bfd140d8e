"""Quick reactions: a few fixed phrases a seated player may show beside their seat.

Only the codes below travel (the pages translate them), so a reaction carries no free text.
Each seat has its own token bucket: no player can take more than their share of the table's
attention, whatever the others do. Reactions are not logged and change no ``seq``.
"""

from __future__ import annotations

__all__ = ["REACTIONS", "REACTION_BURST", "REACTION_EVERY", "ReactionLimiter"]

#: The reactions a player may send (the page shows each with its emoji and words).
REACTIONS = ("thumbs_up", "well_played", "thanks", "oops", "sorry", "good_luck")
#: Reactions a seat may send at once, then one every ``REACTION_EVERY`` seconds.
REACTION_BURST = 3
REACTION_EVERY = 4.0


class ReactionLimiter:
    """One token bucket per seat."""

    __slots__ = ("_at", "_tokens")

    def __init__(self, seats: int, now: float) -> None:
        self._tokens = [float(REACTION_BURST)] * seats
        self._at = [now] * seats

    def take(self, seat: int, now: float) -> float:
        """Take a token for ``seat``: 0 when it may send now, else the seconds to wait."""
        tokens = min(
            float(REACTION_BURST),
            self._tokens[seat] + max(0.0, now - self._at[seat]) / REACTION_EVERY,
        )
        self._at[seat] = now
        if tokens >= 1.0:
            self._tokens[seat] = tokens - 1.0
            return 0.0
        self._tokens[seat] = tokens
        return (1.0 - tokens) * REACTION_EVERY
