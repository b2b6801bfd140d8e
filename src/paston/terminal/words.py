"""Texts fixed at import that are shown in the player's language when they are used.

A game's terminal hooks are built once, when the game's ``terminal`` module is imported, but
the language is the player's at the time the text is shown (a test, or a server, may switch
it). :func:`lazy_t` gives such a text: a ``str`` holding the English (what a field typed
``str`` expects) whose ``str()`` looks its key up in the catalogues. The extraction check
(:mod:`paston.i18n.extract`) reads a ``lazy_t`` call as it reads a ``t`` call.
"""

from __future__ import annotations

from ..i18n import t

__all__ = ["Words", "lazy_t"]


class Words(str):
    """English text with a translation key: ``str(words)`` is it in the player's language.

    >>> from paston.i18n import language
    >>> hand = lazy_t("term.your_hand", "Your hand")
    >>> str(hand) if language() == "en" else "Your hand", hand == "Your hand"
    ('Your hand', True)
    """

    key: str

    def __new__(cls, key: str, english: str) -> Words:
        made = super().__new__(cls, english)
        made.key = key
        return made

    def __str__(self) -> str:
        return t(self.key, str.__str__(self))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def lazy_t(key: str, english: str) -> Words:
    """``english`` under ``key``, translated each time it is turned into text."""
    return Words(key, english)
