"""Output that cannot encode the card symbols: letters instead of a crash.

A terminal or pipe with an ASCII (or Latin-1 …) encoding — ``LANG=C``,
``PYTHONIOENCODING=ascii``, an old Windows console — cannot write ``♠``, and Python raises
``UnicodeEncodeError`` from the middle of a picture. :func:`fall_back_to_letters` gives the
standard streams an error handler that writes the notation's letters for the suit symbols
(``S C D H``, so ``10♥`` reads ``10H`` as a person types it) and plain ASCII for the few other
symbols the pictures use, one character for one so that tables stay aligned (rich measured
them as one cell each); anything else unencodable becomes ``?``. Streams that can encode
everything are left alone.
"""

from __future__ import annotations

import codecs
import io
import sys
from typing import Final

__all__ = ["ERROR_HANDLER", "LETTERS", "can_encode", "fall_back_to_letters", "plain"]

#: Name of the codec error handler (see :func:`codecs.register_error`).
ERROR_HANDLER: Final = "paston-letters"

#: What each symbol of the pictures becomes where it cannot be written.
LETTERS: Final[dict[str, str]] = {
    "♠": "S",
    "♣": "C",
    "♦": "D",
    "♥": "H",
    "♤": "S",
    "♧": "C",
    "♢": "D",
    "♡": "H",
    "·": "-",
    "—": "-",
    "–": "-",
    "−": "-",
    "…": "~",
    "→": ">",
    "⇒": ">",
    "×": "x",
    "█": "#",
    "░": ".",
    "▌": "|",
    "│": "|",
    "─": "-",
    "━": "-",
    "±": "+/-",
    "é": "e",
}

#: The characters a stream must be able to write for the pictures to be drawn as they are.
_PROBE: Final = "♠♣♦♥·—…→█░"


def plain(text: str) -> str:
    """``text`` with the symbols replaced by letters (and any other non-ASCII by ``?``)."""
    return "".join(LETTERS.get(ch, ch if ch.isascii() else "?") for ch in text)


def _handler(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    bad = exc.object[exc.start : exc.end]
    return plain(bad), exc.end


codecs.register_error(ERROR_HANDLER, _handler)


def can_encode(stream: object, sample: str = _PROBE) -> bool:
    """Whether ``stream`` (a text stream) can write ``sample`` as it is."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        sample.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def fall_back_to_letters() -> None:
    """Let standard output and standard error write letters for what they cannot encode
    (and standard input read undecodable bytes as ``?`` rather than crash)."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and not can_encode(stream):
            stream.reconfigure(errors=ERROR_HANDLER)
    if isinstance(sys.stdin, io.TextIOWrapper) and not can_encode(sys.stdin):
        sys.stdin.reconfigure(errors="replace")
