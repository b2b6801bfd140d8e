"""The one exception family of the engine and the record format."""

from __future__ import annotations

import json

__all__ = ["IllegalAction", "RecordError", "quoted_action"]

#: Characters :meth:`str.splitlines` breaks on that ``json.dumps`` leaves as they are.
_LINE_ENDS = frozenset("\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def quoted_action(raw: str) -> str:
    """An action as written, as a JSON string literal on one line (the notations' ``"RAW"``):
    every character kept, runs of spaces included; quotes and backslashes escaped, and each
    character that would end a line (``\\n``, U+2028 …) written as an escape, so that an
    error stays one line."""
    text = json.dumps(raw, ensure_ascii=False)
    return "".join(f"\\u{ord(ch):04x}" if ch in _LINE_ENDS else ch for ch in text)


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
            quoted = quoted_action(self.action)
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
