"""Interface texts in the player's language, for the terminal and the command line.

``t("area.key", "English text {name}", name="Ann")`` looks the key up in the chosen language's
catalogue and falls back to the English given in the code, so a missing key never breaks
output. The catalogues are the JSON files in ``catalogues/`` (one per language); the web app
serves the same files under ``/i18n/`` for the browser client (``static/i18n.js``), so web and
terminal share one set of translations.

The language comes from ``PASTON_LANG``, else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``,
in POSIX order of precedence), else English. An entry may be a plural object keyed by CLDR
categories (``{"one": ..., "few": ..., "many": ..., "other": ...}``), chosen from ``count``.

A game that lives outside this repository brings its words in a folder of its own
``<language>.json`` files (``TerminalHooks.catalogues``); :func:`add_catalogues` merges it
under the platform's catalogues (a key the platform's catalogue has keeps its text).
"""

from __future__ import annotations

import json
import os
import re
from functools import cache
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "add_catalogues",
    "catalogue",
    "catalogue_path",
    "language",
    "language_from_env",
    "plural_category",
    "set_language",
    "t",
]

#: Supported languages: code -> the language's own name. Hungarian so far covers Paskievics.
LANGUAGES: dict[str, str] = {"en": "English", "hy": "Հայերեն", "ru": "Русский", "hu": "Magyar"}

_CATALOGUES = Path(__file__).resolve().parent / "catalogues"
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_chosen: str | None = None
#: Folders of further catalogues (games outside the repository), in the order added.
_extra: list[Path] = []

Entry = str | dict[str, str]


def catalogue_path(code: str) -> Path:
    """The JSON catalogue file of a supported language (``ValueError`` for any other code)."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES)}")
    return _CATALOGUES / f"{code}.json"


@cache
def catalogue(code: str) -> dict[str, Entry]:
    """The key -> text mapping of a language; empty when its file is missing or unreadable."""
    try:
        data = json.loads(catalogue_path(code).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, str | dict)}


@cache
def _folder_catalogue(folder: Path, code: str) -> dict[str, Entry]:
    try:
        data = json.loads((folder / f"{code}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, str | dict)}


def add_catalogues(folder: Path) -> None:
    """Look keys up in ``folder/<language>.json`` too, after the platform's catalogue (a
    missing file or language is no error: the English given in the code is used)."""
    folder = Path(folder).resolve()
    if folder not in _extra:
        _extra.append(folder)


def _lookup(code: str, key: str) -> Entry | None:
    entry: Entry | None = catalogue(code).get(key)
    for folder in _extra:
        if entry:
            break
        entry = _folder_catalogue(folder, code).get(key)
    return entry


def language_from_env(env: dict[str, str] | None = None) -> str:
    """The language the environment asks for: ``PASTON_LANG``, then the locale, else "en"."""
    environ = os.environ if env is None else env
    for var in ("PASTON_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var, "").strip()
        if not value:
            continue
        # "hy_AM.UTF-8" -> "hy"; "C" and "POSIX" name no language.
        code = re.split(r"[_.@-]", value, maxsplit=1)[0].lower()
        if code in LANGUAGES:
            return code
        if var == "PASTON_LANG" or code not in ("c", "posix"):
            # An explicit but unsupported choice (or locale) means English, not a lower variable.
            return "en"
    return "en"


def set_language(code: str | None) -> None:
    """Choose the language for this process (``None``: back to the environment's choice)."""
    if code is not None and code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES)}")
    global _chosen
    _chosen = code


def language() -> str:
    """The current language code."""
    return _chosen if _chosen is not None else language_from_env()


def plural_category(code: str, count: int) -> str:
    """The CLDR plural category of an integer ``count`` in a language we support."""
    n = abs(count)
    if code == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    if code == "hy":
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"


def _fill(text: str, params: dict[str, object]) -> str:
    return _PLACEHOLDER.sub(
        lambda m: str(params[m.group(1)]) if m.group(1) in params else m.group(0), text
    )


def t(key: str, english: Entry, **params: object) -> str:
    """The text of ``key`` in the current language, else ``english``, placeholders filled."""
    code = language()
    entry = _lookup(code, key)
    if not entry:
        entry, code = english, "en"
    if isinstance(entry, dict):
        count = params.get("count", 0)
        category = plural_category(code, count if isinstance(count, int) else 0)
        entry = entry.get(category) or entry.get("other") or next(iter(entry.values()), "")
    return _fill(entry, params)
