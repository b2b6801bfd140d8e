"""Text from the network, checked at the edge: nicknames, table names, chat lines.

:func:`clean_text` accepts a text only if it is valid Unicode (no lone surrogates: they cannot
be encoded to UTF-8, and one stored in a table name once made every lobby listing fail), within
its length, and free of characters that hide or disguise what others read: control
characters, bidirectional overrides and isolates (they reverse what follows, so "Ani‮gnp.exe"
reads differently than it is), zero-width and other invisible characters (they make two equal
looking names differ), and long stacks of combining marks (they paint over neighbouring lines).
Joiners that real scripts and emoji need are kept where they join something. The text is
returned in NFC with surrounding white space removed; its length is counted in code points
after that.

:func:`repair_text` is the forgiving twin for text that is already stored: it removes what
:func:`clean_text` would refuse, so an old bad row can still be listed.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .errors import BadRequest

__all__ = ["MAX_COMBINING", "clean_text", "repair_text", "scrub_surrogates"]

#: Combining marks allowed in a row after one base character (Vietnamese needs 2, some Indic
#: clusters 3-4; "Zalgo" text uses dozens to paint over other lines).
MAX_COMBINING = 4

_ZWNJ = "\u200c"
_ZWJ = "\u200d"
_CANCEL_TAG = "\U000e007f"
_BLACK_FLAG = "\U0001f3f4"

#: Letters and spaces that render as nothing (or as a blank) yet are not white space to
#: ``str.strip``: a name made of them looks empty, or looks equal to another.
_INVISIBLE = frozenset(
    "\u115f\u1160\u3164\uffa0"  # Hangul fillers
    "\u2800"  # Braille blank
    "\u180e"  # Mongolian vowel separator
    "\u2028\u2029"  # line and paragraph separators: they break a one-line field
)


def _describe(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")


def _joiner_allowed(text: str, i: int) -> bool:
    """Whether the zero-width (non-)joiner at ``text[i]`` joins two things that need it.

    ZWJ builds emoji sequences (a symbol on both sides, maybe after a variation selector);
    ZWNJ and ZWJ shape Arabic, Persian and Indic letters. Between Latin letters, digits or at
    an edge they do nothing visible, which is how they spoof a name."""
    if i == 0 or i == len(text) - 1:
        return False
    before, after = text[i - 1], text[i + 1]
    if before == "\ufe0f" and i >= 2:
        before = text[i - 2]

    def script_letter(ch: str) -> bool:
        return ord(ch) >= 0x0600 and unicodedata.category(ch)[0] in "LM"

    if (
        text[i] == _ZWJ
        and unicodedata.category(before) in ("So", "Sk")
        and (unicodedata.category(after) == "So")
    ):
        return True
    return script_letter(before) and script_letter(after)


def _tag_allowed(text: str, i: int) -> bool:
    """Tag characters only inside an emoji subdivision flag (black flag + tags + cancel tag)."""
    j = i
    while j > 0 and 0xE0020 <= ord(text[j - 1]) <= 0xE007F:
        j -= 1
    return j > 0 and text[j - 1] == _BLACK_FLAG


def _first_problem(text: str) -> tuple[int, str] | None:
    """The position of the first refused character and why, or None if the text is fine."""
    marks = 0
    for i, ch in enumerate(text):
        code = ord(ch)
        cat = unicodedata.category(ch)
        if 0xD800 <= code <= 0xDFFF:
            return i, f"a lone surrogate U+{code:04X} (not valid Unicode)"
        if cat == "Cc":
            return i, f"a control character {_describe(ch)}"
        if cat == "Cn":
            return i, f"an unassigned code point U+{code:04X}"
        if cat == "Co":
            return i, f"a private-use character U+{code:04X}"
        if ch in _INVISIBLE:
            return i, f"an invisible character {_describe(ch)}"
        if cat == "Cf":
            joins = ch in (_ZWJ, _ZWNJ) and _joiner_allowed(text, i)
            tags = 0xE0020 <= code <= 0xE007F and _tag_allowed(text, i)
            if joins or tags:
                pass
            elif 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069:
                return i, f"a bidirectional override {_describe(ch)}"
            else:
                return i, f"an invisible formatting character {_describe(ch)}"
        if cat in ("Mn", "Me"):
            marks += 1
            if marks > MAX_COMBINING:
                return i, f"more than {MAX_COMBINING} combining marks in a row"
        else:
            marks = 0
    return None


def clean_text(value: Any, field: str, *, max_len: int, allow_empty: bool = False) -> str:
    """``value`` as a safe one-line text for ``field``, or :class:`BadRequest` saying why.

    The result is NFC, stripped, and 1..``max_len`` code points long (0 allowed with
    ``allow_empty``)."""
    span = f"0 to {max_len}" if allow_empty else f"1 to {max_len}"
    if not isinstance(value, str):
        raise BadRequest(f"{field!r} must be a text of {span} characters, not {_kind(value)}")
    # Lone surrogates first: normalization and the length would be wrong for them.
    for i, ch in enumerate(value):
        if 0xD800 <= ord(ch) <= 0xDFFF:
            raise BadRequest(
                f"{field!r} holds a lone surrogate U+{ord(ch):04X} at position {i} "
                "(not valid Unicode)"
            )
    # A bound before normalizing, so a huge text costs nothing (NFC never grows it 4x).
    if len(value) > 4 * max_len + 64:
        raise BadRequest(f"{field!r} must be a text of {span} characters ({len(value)} given)")
    text = unicodedata.normalize("NFC", value).strip()
    if not text and not allow_empty:
        raise BadRequest(f"{field!r} must be a text of {span} characters (it is empty)")
    if len(text) > max_len:
        raise BadRequest(f"{field!r} must be a text of {span} characters ({len(text)} given)")
    problem = _first_problem(text)
    if problem is not None:
        pos, why = problem
        raise BadRequest(f"{field!r} holds {why} at position {pos}; use plain printable text")
    return text


def repair_text(value: Any, *, max_len: int, fallback: str) -> str:
    """Stored text made listable: refused characters dropped, cut to ``max_len``; ``fallback``
    if nothing is left (or ``value`` is not a text)."""
    if not isinstance(value, str):
        return fallback
    text = scrub_surrogates(value)
    while True:
        text = unicodedata.normalize("NFC", text).strip()
        problem = _first_problem(text)
        if problem is None:
            break
        pos = problem[0]
        text = text[:pos] + text[pos + 1 :]
    text = text[:max_len].strip()
    return text or fallback


def scrub_surrogates(value: Any) -> Any:
    """``value`` (JSON data) with every lone surrogate in its texts replaced by U+FFFD, so it
    can always be encoded as UTF-8."""
    if isinstance(value, str):
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):
            return "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in value)
        return value
    if isinstance(value, list):
        return [scrub_surrogates(v) for v in value]
    if isinstance(value, dict):
        return {scrub_surrogates(k): scrub_surrogates(v) for k, v in value.items()}
    return value


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
