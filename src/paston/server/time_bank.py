"""Each seat's time bank: a reserve of seconds spent when the move timer runs out.

With a move timer the server plays a seat's default move once its deadline has passed. The
time bank (``time_bank`` seconds per seat for the whole match, a table setting) moves that
moment back: past the move's own deadline the seat spends its bank, and only when the bank is
empty too does the server move for it. What a seat spent is logged with its action (``bank``
in the ``action`` event), so a restarted server knows every seat's bank again. The server's
clock is the authority; pages only show it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["TimeBank"]


class TimeBank:
    """The seconds each seat still holds in reserve."""

    __slots__ = ("left",)

    def __init__(self, seconds: float, seats: int) -> None:
        self.left = [float(seconds)] * seats

    def deadline(self, seat: int, turn_started: float, move_timer: float) -> float:
        """When the server moves for ``seat``: the move's deadline plus its whole bank."""
        return turn_started + move_timer + self.left[seat]

    def spent(self, seat: int, turn_started: float, move_timer: float, now: float) -> float:
        """What a move made ``now`` takes from ``seat``'s bank (0 within the move's time)."""
        over = now - (turn_started + move_timer)
        return round(min(max(over, 0.0), self.left[seat]), 3)

    def spend(self, seat: int, seconds: float) -> None:
        # Kept in whole milliseconds, as what is spent is: 8 - 5.092 is 2.9080000000000004 in
        # floats, and spending the 2.908 left then kept 4e-16 s of a bank that was empty.
        self.left[seat] = max(0.0, round(self.left[seat] - seconds, 3))

    def timer(self, seat: int, turn_started: float, move_timer: float) -> dict[str, Any]:
        """The ``table.timer`` of a state message: the move's deadline, then the bank's."""
        move_deadline = turn_started + move_timer
        return {
            "seat": seat,
            "deadline": move_deadline,
            "bank": round(self.left[seat], 3),
            "bank_deadline": move_deadline + self.left[seat],
            "banks": [round(x, 3) for x in self.left],
        }
