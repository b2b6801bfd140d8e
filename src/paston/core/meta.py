"""The ``meta`` object of every game's records: who played, when, where, with which bots.

The notation of every game (``notation.md`` "Deal record", ``paris-notation.md``,
``paskievics-notation.md``) lets a record carry ``meta``, tags like PGN's tag pairs:
``players`` (names in seat order), ``date`` (ISO 8601), ``event``, ``site``, ``bots`` (the bot
spec per seat, ``null`` for a person), ``result``, and any other string-keyed values.
Replay ignores it and never fails on it; programs that write records fill in what they know
(:func:`build_meta`); programs that read and rewrite a record keep it (:func:`keep_meta`);
a program that accepts ``meta`` from outside (a file, the network) checks it with
:func:`check_meta` before storing or echoing it.

>>> from paston.core.meta import build_meta
>>> build_meta(
...     seats=3,
...     players=["Anna", None, "Karen"],
...     bots=[None, "heuristic", None],
...     date="2026-11-23",
...     event="club night",
...     site="Yerevan",
...     result=[12, -4, -8],
... )  # doctest: +NORMALIZE_WHITESPACE
{'players': ['Anna', None, 'Karen'], 'date': '2026-11-23', 'event': 'club night',
 'site': 'Yerevan', 'bots': [None, 'heuristic', None], 'result': [12, -4, -8]}

Without a ``date`` the current UTC day is written (``date=None`` leaves it out), and tags the
writer does not know are left out rather than written as ``null``.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any, Final

from .errors import RecordError

__all__ = [
    "MAX_META_BYTES",
    "MAX_TEXT",
    "META_KEY",
    "STANDARD_TAGS",
    "MetaError",
    "build_meta",
    "check_meta",
    "keep_meta",
    "today",
]

#: The key of the tags object in every game's records.
META_KEY: Final = "meta"
#: The tags every notation names, in the order :func:`build_meta` writes them.
STANDARD_TAGS: Final = ("players", "date", "event", "site", "bots", "result")
#: Longest string a tag (or a name, a bot spec) may hold, in characters.
MAX_TEXT: Final = 200
#: Largest ``meta`` object accepted from outside, measured as compact JSON in UTF-8.
MAX_META_BYTES: Final = 16_384
#: Unicode categories a tag's text may not hold: controls, formatting (bidi overrides,
#: zero-width), line and paragraph separators, surrogates.
_UNSAFE_CATEGORIES: Final = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
#: Deepest nesting of lists and objects inside an extra tag.
_MAX_DEPTH: Final = 4


class MetaError(RecordError):
    """A ``meta`` object (or a value for one of its tags) that is malformed."""


def today() -> str:
    """The current UTC day in ISO 8601 (``2026-11-23``): the ``date`` a writer stamps."""
    return _dt.datetime.now(_dt.UTC).date().isoformat()


def _check_text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise MetaError(f"meta.{where}: must be a string, not {_type(value)}")
    if len(value) > MAX_TEXT:
        raise MetaError(f"meta.{where}: longer than {MAX_TEXT} characters ({len(value)})")
    if any(unicodedata.category(ch) in _UNSAFE_CATEGORIES for ch in value):
        # Names end up in terminals and HTML: no control or bidi/zero-width formatting
        # characters, no line breaks (they could fake other lines or reorder text).
        raise MetaError(f"meta.{where}: holds a control or formatting character")
    return value


def _check_per_seat(values: Any, tag: str, seats: int | None) -> list[str | None]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise MetaError(f"meta.{tag}: must be a list (one entry per seat), not {_type(values)}")
    if seats is not None and len(values) != seats:
        raise MetaError(f"meta.{tag}: needs one entry per seat ({seats}), not {len(values)}")
    if seats is None and not 1 <= len(values) <= 16:
        raise MetaError(f"meta.{tag}: needs one entry per seat, not {len(values)}")
    return [None if v is None else _check_text(v, f"{tag}[{i}]") for i, v in enumerate(values)]


def _check_date(value: Any) -> str:
    if isinstance(value, _dt.datetime):
        return value.isoformat()
    if isinstance(value, _dt.date):
        return value.isoformat()
    text = _check_text(value, "date")
    try:
        if len(text) == 10:
            _dt.date.fromisoformat(text)
        else:
            _dt.datetime.fromisoformat(text)
    except ValueError:
        raise MetaError(
            f"meta.date: {text!r} is not an ISO 8601 date (2026-11-23 or 2026-11-23T20:15:00Z)"
        ) from None
    return text


def _check_result(value: Any, seats: int | None) -> str | list[float]:
    if isinstance(value, str):
        return _check_text(value, "result")
    if isinstance(value, Sequence) and not isinstance(value, bytes):
        if seats is not None and len(value) != seats:
            raise MetaError(f"meta.result: needs one number per seat ({seats}), not {len(value)}")
        out: list[float] = []
        for i, v in enumerate(value):
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
                raise MetaError(f"meta.result[{i}]: must be a finite number, not {v!r}")
            out.append(v)
        return out
    raise MetaError(f"meta.result: must be a string or one number per seat, not {_type(value)}")


def _check_json(value: Any, where: str, depth: int = 0) -> Any:
    """An extra tag's value: JSON-ready data, bounded in depth and string length."""
    if depth > _MAX_DEPTH:
        raise MetaError(f"meta.{where}: nested more than {_MAX_DEPTH} levels deep")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise MetaError(f"meta.{where}: {value!r} is not a JSON number")
        return value
    if isinstance(value, str):
        return _check_text(value, where)
    if isinstance(value, Mapping):
        return {
            _check_key(k, where): _check_json(v, f"{where}.{k}", depth + 1)
            for k, v in value.items()
        }
    if isinstance(value, Sequence) and not isinstance(value, bytes):
        return [_check_json(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value)]
    raise MetaError(f"meta.{where}: {_type(value)} is not JSON data")


def _check_key(key: Any, where: str) -> str:
    if not isinstance(key, str) or not key or len(key) > 64:
        raise MetaError(f"meta{'.' + where if where else ''}: a key must be a short string")
    return key


def _type(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def check_meta(meta: Any, *, seats: int | None = None) -> dict[str, Any]:
    """Check a ``meta`` object that came from outside and return it as plain JSON data.

    The standard tags get their types checked (``players``/``bots``: one string or ``null``
    per seat, ``date``: ISO 8601, ``event``/``site``: strings, ``result``: a string or one
    number per seat); other tags may hold any JSON data, bounded in size. ``seats``, when
    known, fixes the length of the per-seat lists. Raises :class:`MetaError` naming the tag.
    """
    if not isinstance(meta, Mapping):
        raise MetaError(f"meta: must be a JSON object, not {_type(meta)}")
    out: dict[str, Any] = {}
    for key, value in meta.items():
        key = _check_key(key, "")
        if key in ("players", "bots"):
            out[key] = _check_per_seat(value, key, seats)
        elif key == "date":
            out[key] = _check_date(value)
        elif key in ("event", "site"):
            out[key] = _check_text(value, key)
        elif key == "result":
            out[key] = _check_result(value, seats)
        else:
            out[key] = _check_json(value, key)
    size = len(json.dumps(out, separators=(",", ":")).encode("utf-8"))
    if size > MAX_META_BYTES:
        raise MetaError(f"meta: {size} bytes as JSON, more than the {MAX_META_BYTES} allowed")
    return out


def build_meta(
    *,
    seats: int | None = None,
    players: Sequence[str | None] | None = None,
    date: str | _dt.date | None = "today",
    event: str | None = None,
    site: str | None = None,
    bots: Sequence[str | None] | None = None,
    result: str | Sequence[float] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The ``meta`` object a writer puts in a record: what it knows, checked.

    ``players`` and ``bots`` hold one entry per seat (``None``: not known / a person).
    ``date`` defaults to ``"today"`` (the UTC day of writing); ``None`` leaves it out (for
    records that must come out byte-identical every day). ``extra`` adds other tags
    (``{"seed": 42}``); a standard tag cannot be given twice.
    Raises :class:`MetaError` for a bad value.
    """
    tags: dict[str, Any] = {}
    # Lists are copied (a caller's list must not change the record later); a lone string
    # is passed on as it is, so that check_meta refuses it instead of splitting it.
    if players is not None:
        tags["players"] = players if isinstance(players, str) else list(players)
    if date == "today":
        tags["date"] = today()
    elif date is not None:
        tags["date"] = date
    if event is not None:
        tags["event"] = event
    if site is not None:
        tags["site"] = site
    if bots is not None:
        tags["bots"] = bots if isinstance(bots, str) else list(bots)
    if result is not None:
        tags["result"] = result if isinstance(result, str) else list(result)
    for key, value in (extra or {}).items():
        if key in STANDARD_TAGS:
            raise MetaError(f"meta.{key}: give it as the {key}= argument, not in extra")
        tags[key] = value
    return check_meta(tags, seats=seats)


def keep_meta(source: Mapping[str, Any], target: dict[str, Any]) -> dict[str, Any]:
    """Copy ``source``'s ``meta`` (if any) into ``target``, a record being rewritten.

    Replay never fails on ``meta``, so neither does this: it is copied as it is.
    """
    if META_KEY in source:
        target[META_KEY] = source[META_KEY]
    return target
