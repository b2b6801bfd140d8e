"""Optional accounts: registered names with passwords, log-in sessions, ratings per game,
a player's history and record export, and invitations to tables.

Guests play as before; a logged-in player's seat carries the account name and a
``registered`` flag (nothing else of the account reaches other players). See
docs/server-protocol.md, "Accounts".
"""

from __future__ import annotations

from .results import FinishedGame, SeatResult
from .service import AccountLimits, Accounts

__all__ = ["AccountLimits", "Accounts", "FinishedGame", "SeatResult"]
