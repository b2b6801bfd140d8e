"""Common random numbers for the Paston bots: a decision's random stream seeded from the
bot's seed and the situation it decides in.

A Monte Carlo bot that draws every decision's worlds from one generator running through a
deal set makes two variants of itself meet different worlds from their first different
decision on: the rest of the set is sampled afresh, and a paired comparison of the two
carries all that sampling noise. Seeding each decision from (the bot's seed, the seat's
view) instead makes two variants with the same seed draw the same worlds wherever they face
the same situation, so a paired screen measures the variants' difference, not the dice.

The situation is the seat's view only -- its hand, the public history, what it may see --
which is all a bot is given; its canonical JSON (the notation) is hashed with BLAKE2b, a
stable digest (Python's ``hash()`` of a string is salted per process).
"""

from __future__ import annotations

import hashlib
import json
import random

from ..view import SeatView

__all__ = ["decision_rng", "decision_seed", "view_digest"]


def view_digest(view: SeatView) -> bytes:
    """A stable 16-byte digest of everything ``view`` shows (its notation, keys sorted)."""
    text = json.dumps(view.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def decision_seed(base: int, view: SeatView) -> int:
    """The seed of the decision at ``view`` for a bot seeded ``base`` (any integer): a 128-bit
    integer, the digest of the bot's seed and the view's digest."""
    digest = hashlib.blake2b(f"{base}:".encode() + view_digest(view), digest_size=16).digest()
    return int.from_bytes(digest, "big")


def decision_rng(base: int, view: SeatView) -> random.Random:
    """A generator for the decision at ``view`` (:func:`decision_seed`)."""
    return random.Random(decision_seed(base, view))
