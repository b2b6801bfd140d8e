"""Password hashing (Argon2id through argon2-cffi) and the password rule.

Passwords are hashed with argon2-cffi's default parameters (RFC 9106's low-memory profile)
and never logged or stored in any other form. :func:`verify` of an unknown name still checks
a hash, so a wrong name costs as long as a wrong password and the timing does not tell which.
"""

from __future__ import annotations

from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from ..errors import BadRequest

__all__ = ["PASSWORD_MAX", "PASSWORD_MIN", "check_password", "hash_password", "verify"]

PASSWORD_MIN = 8
PASSWORD_MAX = 128

_hasher = PasswordHasher()
#: Checked against when the name is unknown (equal work; the password is never right).
_DUMMY_HASH = _hasher.hash("paston: no such account")


def check_password(value: Any, field: str = "password") -> str:
    """The password if it follows the rule, else :class:`BadRequest` ``weak_password``
    (``field``: the body's key, named in the message)."""
    if not isinstance(value, str):
        raise BadRequest(f"'{field}' must be a text", "weak_password")
    if not PASSWORD_MIN <= len(value) <= PASSWORD_MAX:
        raise BadRequest(
            f"'{field}' must be {PASSWORD_MIN} to {PASSWORD_MAX} characters long "
            f"(it has {len(value)})",
            "weak_password",
        )
    if "\x00" in value:
        raise BadRequest(f"'{field}' must not hold the NUL character", "weak_password")
    return value


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify(stored_hash: str | None, password: str) -> bool:
    """True when ``password`` matches ``stored_hash`` (None: an unknown name, always False)."""
    try:
        ok = _hasher.verify(stored_hash or _DUMMY_HASH, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False
    return ok and stored_hash is not None
