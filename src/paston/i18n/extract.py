"""Find the translation keys used in the code and keep the catalogues in step with them.

Scans the web client (``t("key", "English", ...)`` in ``web/static/**/*.js`` and each game's
``games/*/web/*.js``, ``data-i18n``
attributes in the HTML) and the Python sources (``t("key", "English", ...)`` after
``from paston.i18n import t`` or ``from ..i18n import t``) and reports, per language, the keys
missing from its catalogue and the keys whose placeholders differ from the English.

``python -m paston.i18n.extract --write-en`` adds the English of new keys to ``en.json`` (the
English catalogue is generated from the code; the others are written by translators).
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from . import LANGUAGES, Entry, catalogue_path

_SRC = Path(__file__).resolve().parents[1]
_STR = r'"((?:[^"\\\n]|\\.)*)"'
# `t(` and `tr(` (the name modules use where a local `t` is something else), and `lazy_t(`
# (paston.terminal.words: a text fixed at import, translated where it is shown).
_KEY = r"\b(?:tr?|lazy_t)\(\s*\"([A-Za-z0-9_.-]+)\"\s*,\s*"
_OBJ = r"(\{(?:[^{}]|\{[A-Za-z_]\w*\})*\})"  # a plural object; its texts may hold {name}
_JS_CALL = re.compile(_KEY + r"(?:" + _STR + r"|`([^`]*)`|" + _OBJ + ")")
# Python may split a long English text into adjacent literals ("a " "b"): all are read,
# in either quote (the formatter writes '"{text}" is …' with single quotes).
_PY_STR = r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\''
_PY_STRS = r"((?:(?:" + r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'' + r")\s*)+)"
_PY_CALL = re.compile(_KEY + r"(?:" + _PY_STRS + r"|" + _OBJ + ")")
_PLURAL_PART = re.compile(r"[\"']?(zero|one|two|few|many|other)[\"']?\s*:\s*" + _STR)
_HTML_ATTR = re.compile(r'data-i18n(?:-html)?="([A-Za-z0-9_.-]+)"[^>]*>((?:(?!</).)*)', re.S)
_HTML_TAG = re.compile(r"<[a-zA-Z][^<>]*\bdata-i18n-attr=\"([^\"]+)\"[^<>]*>", re.S)
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")

#: Languages whose catalogue must hold every key; the others may be partial.
COMPLETE = ("en", "hy", "ru")


def _unescape(text: str) -> str:
    return json.loads(f'"{text}"') if "\\" in text else text


def _unescape_single(text: str) -> str:
    """A single-quoted Python literal's text (its ``\\'`` escapes undone)."""
    return _unescape(text.replace("\\'", "'").replace('"', '\\"')) if "\\" in text else text


def _plural(obj: str) -> dict[str, str] | None:
    parts = {k: _unescape(v) for k, v in _PLURAL_PART.findall(obj)}
    return parts or None


def _calls(pattern: re.Pattern[str], text: str) -> Iterable[tuple[str, Entry | None]]:
    for m in pattern.finditer(text):
        key, groups = m.group(1), m.groups()[1:]
        english: Entry | None = None
        if groups[0] is not None and pattern is _PY_CALL:
            english = "".join(
                _unescape(double) if double or not single else _unescape_single(single)
                for double, single in re.findall(_PY_STR, groups[0])
            )
        elif groups[0] is not None:
            english = _unescape(groups[0])
        elif len(groups) > 2 and groups[1] is not None:
            english = groups[1]
        elif groups[-1] is not None:
            english = _plural(groups[-1])
        yield key, english


def code_keys(src: Path = _SRC) -> dict[str, Entry | None]:
    """Every key used in the code, with the English given there (None when not a literal)."""
    found: dict[str, Entry | None] = {}
    static = src / "web" / "static"
    # The generic pages' scripts, and each game's own (its package's web/ folder).
    for path in [*sorted(static.rglob("*.js")), *sorted(src.glob("games/*/web/*.js"))]:
        if path.name == "i18n.js":
            continue  # its comments show the call form, not keys
        for key, english in _calls(_JS_CALL, path.read_text(encoding="utf-8")):
            found.setdefault(key, english)
    for path in sorted(static.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        for key, inner in _HTML_ATTR.findall(text):
            found.setdefault(key, re.sub(r"\s+", " ", inner).strip() or None)
        for tag in _HTML_TAG.finditer(text):
            for pair in tag.group(1).split(";"):
                if ":" not in pair:
                    continue
                attr, key = (part.strip() for part in pair.split(":", 1))
                value = re.search(rf'\s{re.escape(attr)}="([^"]*)"', tag.group(0))
                found.setdefault(key, value.group(1) if value else None)
    for path in sorted(src.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "i18n import" not in text or path.parent.name == "i18n":
            continue
        for key, english in _calls(_PY_CALL, text):
            found.setdefault(key, english)
    return found


#: The modules whose texts a person reads in the terminal (``paston play``): every sentence
#: of theirs goes through ``t``/``lazy_t``, else :func:`loose_texts` reports it.
TERMINAL_MODULES = ("terminal/*.py", "games/*/terminal.py", "games/*/text.py")
#: Three or more words in a row: a sentence, not a notation token or a format.
_WORDY = re.compile(r"[A-Za-z]{2,}(?:\s+[A-Za-z']{2,}){2,}")
#: Calls whose texts are no terminal sentence: translated ones, and errors of the record
#: commands (``paston deal``/``show``, English by design, like the records themselves).
_NOT_LOOSE = frozenset(
    {"t", "tr", "lazy_t", "ValueError", "TypeError", "RecordError", "IllegalAction"}
)


def loose_texts(src: Path = _SRC) -> list[str]:
    """English sentences in the terminal's modules that do not go through the catalogues
    (``path:line: text``): what the extraction cannot see, and so cannot keep translated."""
    found = []
    for pattern in TERMINAL_MODULES:
        for path in sorted(src.glob(pattern)):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            parents = {
                child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)
            }
            docs = {
                node.body[0].value
                for node in ast.walk(tree)
                if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
                and node.body
                and isinstance(node.body[0], ast.Expr)
            }
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                    continue
                if node in docs or not _WORDY.search(node.value):
                    continue
                up: ast.AST = node
                while up in parents and not (
                    isinstance(up, ast.Call) and _called(up) in _NOT_LOOSE
                ):
                    up = parents[up]
                if isinstance(up, ast.Call) and _called(up) in _NOT_LOOSE:
                    continue
                where = path.relative_to(src).as_posix()
                found.append(f"{where}:{node.lineno}: {node.value!r}")
    return found


def _called(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def load(code: str) -> dict[str, Entry]:
    path = catalogue_path(code)
    if not path.is_file():
        return {}
    data: dict[str, Entry] = json.loads(path.read_text(encoding="utf-8"))
    return data


def placeholders(entry: Entry) -> frozenset[str]:
    texts = entry.values() if isinstance(entry, dict) else [entry]
    return frozenset(name for text in texts for name in _PLACEHOLDER.findall(text))


def problems(src: Path = _SRC) -> list[str]:
    """What is wrong between the code and the catalogues, one line each (empty: all well)."""
    used = code_keys(src)
    en = load("en")
    out: list[str] = []
    for code in LANGUAGES:
        cat = load(code)
        for key in sorted(used):
            if key not in cat and code in COMPLETE:
                out.append(f"{code}.json: no entry for {key!r} (used in the code)")
        for key, entry in sorted(cat.items()):
            if key not in en:
                out.append(f"{code}.json: {key!r} is not in en.json")
            elif placeholders(entry) != placeholders(en[key]):
                out.append(
                    f"{code}.json: {key!r} has placeholders {sorted(placeholders(entry))}, "
                    f"English has {sorted(placeholders(en[key]))}"
                )
        if code in COMPLETE:
            for key in sorted(set(en) - set(cat)):
                if key not in used:
                    out.append(f"{code}.json: no entry for {key!r} (in en.json)")
    return out


def write_english(src: Path = _SRC) -> list[str]:
    """Add the English of keys new in the code to en.json; returns the keys added."""
    en = load("en")
    added = []
    for key, english in code_keys(src).items():
        if key not in en and english is not None:
            en[key] = english
            added.append(key)
    path = catalogue_path("en")
    path.write_text(json.dumps(dict(sorted(en.items())), ensure_ascii=False, indent=1) + "\n")
    return added


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write-en", action="store_true", help="add new keys' English to en.json")
    args = parser.parse_args(argv)
    if args.write_en:
        for key in write_english():
            print(f"en.json: added {key}")
    found = problems()
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
