"""The server's one error for bad client input, carrying the protocol's code and HTTP status."""

from __future__ import annotations

__all__ = ["BadRequest"]


class BadRequest(ValueError):
    """A client sent something the server cannot accept; ``code`` is the protocol's code."""

    def __init__(self, message: str, code: str = "bad_request", status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
