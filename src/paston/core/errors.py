"""The one exception family of the engine and the record format."""

from __future__ import annotations

__all__ = ["IllegalAction", "RecordError"]


class RecordError(ValueError):
    """A record (deal or game) is malformed or breaks the rules.

    ``str(error)`` is the whole message, naming where the problem is; ``reason`` is the
    part that says why.
    """

    def __init__(self, reason: str, *, deal: int | None = None) -> None:
        self.reason = reason
        self.deal = deal
        super().__init__(self._message())

    def _where(self) -> list[str]:
        return [f"deal {self.deal}"] if self.deal is not None else []

    def _message(self) -> str:
        where = ", ".join(self._where())
        return f"{where}: {self.reason}" if where else self.reason

    def located(self, *, deal: int | None = None) -> RecordError:
        """A copy of this error that also names the deal's 1-based position in a game."""
        return RecordError(self.reason, deal=deal)


class IllegalAction(RecordError):
    """An action that is not legal at its point (or not an action at all).

    ``action`` is the action as written, ``position`` its 1-based place in a record's
    ``actions`` (when it came from a record), ``legal`` the canonical strings that were legal.
    """

    def __init__(
        self,
        reason: str,
        *,
        action: str | None = None,
        position: int | None = None,
        deal: int | None = None,
        legal: tuple[str, ...] = (),
    ) -> None:
        self.action = action
        self.position = position
        self.legal = legal
        super().__init__(reason, deal=deal)

    def _where(self) -> list[str]:
        parts = super()._where()
        if self.position is not None:
            parts.append(f"action {self.position}")
        if self.action is not None:
            quoted = f'"{self.action}"'
            if parts:
                parts[-1] += " " + quoted
            else:
                parts.append(quoted)
        return parts

    def located(self, *, deal: int | None = None, position: int | None = None) -> IllegalAction:
        return IllegalAction(
            self.reason,
            action=self.action,
            position=position if position is not None else self.position,
            deal=deal if deal is not None else self.deal,
            legal=self.legal,
        )
