"""Find where a generic file names a game in its code (issue 18's guard; the rules below).

A *generic* file is any ``.py``, ``.js``, ``.css`` or ``.html`` file under ``src/paston``
outside ``src/paston/games``, except ``src/paston/__init__.py``, the flagship's top-level API
(it re-exports Paston's classes by design). It may mention a game in comments and docstrings
(as an example), never in its code. The games are every package of ``paston.games`` with a
``platform`` module (a new game is guarded without touching this file), each with the stems
of its record formats (``paris-game`` of ``paris-game/1``).

``paston`` is also the root package's, the program's and the product's name, so it is read
more narrowly than the other games' names, which count wherever they appear as a word.

Python, read with :mod:`tokenize` (comments are not tokens; a string that is a statement by
itself — a module, class, function or attribute docstring — is documentation):

* a NAME one of whose words is a game (words: split at ``_`` and at case changes, compared
  case-insensitively): ``paris_gym``, ``ParisEnv``, ``PASKIEVICS_LEVELS``, ``PastonSession``,
  ``_paston_deal`` (``comparison`` is one word, not ``paris``);
  the bare NAME ``paston`` is the root package (``import paston``, ``from paston.core …``)
  unless it follows a dot (``games.paston``, ``from ..games.paston``);
* a STRING holding a game as a word (split at every non-letter: ``"Paris"``,
  ``"paris-game/1"``, ``"static/games/paskievics/"``); for ``paston``: the string *is*
  ``"paston"`` (a game id: ``get_game("paston")``), except as a call's ``name=`` argument
  (the program's name, ``typer.Typer(name="paston")``), or it holds ``games.paston`` /
  ``games/paston`` or one of Paston's format stems (``"paston-deal/1"``). The product's
  namespaces stay free: ``"Paston is at …"``, ``"paston play"``, ``"paston.core"``,
  ``"paston_tables"``, ``"PASTON_LANG"``, ``"paston-analysis/2"``.

JavaScript, CSS and HTML, comments stripped first (``//`` and ``/* */`` in JS, ``/* */`` in
CSS and ``<style>``, ``<!-- -->`` in HTML), strings and template literals kept as code;
tokens are runs of letters, digits, ``_``, ``$`` and ``-``:

* a token one of whose words (split at ``_``, ``-`` and case changes) is a game other than
  Paston: ``renderParis``, ``.paskievics-score``, ``"paris"``;
* for ``paston``: the token is ``paston`` (a game id or term in code: ``{ paston: "S" }``,
  ``"term.paston"``), or ``paston``/``Paston`` runs into a capital (``pastonDeal``,
  ``PastonBoard``), or the text holds ``games/paston`` or a Paston format stem; in CSS any
  token with the word ``paston`` (a stylesheet has no brand). ``Paston`` alone (the product's
  title in a ``<title>``) and ``paston-…`` storage keys (``"paston-nickname"``) are the
  product's.

:func:`offences` returns every offence as ``path:line: token``.
"""

from __future__ import annotations

import io
import re
import token
import tokenize
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ROOT", "Games", "Offence", "game_names", "offences", "source_offences"]

#: The root package, the program and the product share their name with the flagship game.
ROOT = "paston"

#: Game name -> the stems of its record formats (``("paris-game", "paris-position")``).
Games = Mapping[str, tuple[str, ...]]

#: The generic files' suffixes the guard reads.
SUFFIXES = (".py", ".js", ".mjs", ".css", ".html", ".htm")


@dataclass(frozen=True, order=True)
class Offence:
    path: str
    line: int
    token: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.token}"


def game_names(games_dir: Path) -> tuple[str, ...]:
    """The games shipped in ``games_dir`` (``src/paston/games``): packages with a platform."""
    return tuple(sorted(p.parent.name for p in games_dir.glob("*/platform.py")))


_CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def _words(identifier: str) -> list[str]:
    """``ParisEnv`` -> ``paris, env``; ``paskievics_levels`` -> ``paskievics, levels``."""
    out = []
    for part in re.split(r"[_\-$.]+", identifier):
        out += [w.lower() for w in _CAMEL.findall(part)]
    return out


def _stems_in(text: str, stems: tuple[str, ...]) -> bool:
    return any(re.search(rf"(?<![A-Za-z0-9_]){re.escape(stem)}\b", text) for stem in stems)


def _games_path(game: str, text: str) -> bool:
    return re.search(rf"games[./]{game}\b", text) is not None


def _name_offends(name: str, games: Games, after_dot: bool) -> bool:
    if name == ROOT and not after_dot:
        return False  # the root package
    return any(g in _words(name) for g in games)


def _string_offends(value: str, games: Games, keyword: str | None) -> bool:
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", value)}
    for game, stems in games.items():
        if game != ROOT:
            if game in words:
                return True
        elif (
            (value == ROOT and keyword != "name")
            or _games_path(game, value)
            or _stems_in(value, stems)
        ):
            return True
    return False


def _literal_text(text: str) -> str:
    """The characters of a string token without its prefix and quotes (escapes kept)."""
    body = text.lstrip("rRbBuUfF")
    for quote in ('"""', "'''", '"', "'"):
        if body.startswith(quote) and body.endswith(quote) and len(body) >= 2 * len(quote):
            return body[len(quote) : -len(quote)]
    return body


_SKIP = {tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT}


def _is_statement_edge(tok: tokenize.TokenInfo | None, *, start: bool) -> bool:
    if tok is None:
        return True
    if tok.type == token.OP:
        return tok.string == ";"
    kinds = (token.NEWLINE, token.INDENT) if start else (token.NEWLINE, token.ENDMARKER)
    return tok.type in kinds


def _python_offences(path: str, source: str, games: Games) -> Iterator[Offence]:
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    # INDENT matters to tell a docstring (the first statement of a block) apart.
    sig = [t for t in tokens if t.type not in _SKIP or t.type == tokenize.INDENT]
    for i, tok in enumerate(sig):
        prev = sig[i - 1] if i else None
        if tok.type == token.NAME:
            after_dot = prev is not None and prev.type == token.OP and prev.string == "."
            if _name_offends(tok.string, games, after_dot):
                yield Offence(path, tok.start[0], tok.string)
        elif tok.type == token.STRING:
            # A string that is a statement by itself is documentation (a docstring); the
            # strings next to it (implicit concatenation) are part of the same statement.
            j = i
            while j > 0 and sig[j - 1].type == token.STRING:
                j -= 1
            k = i
            while k + 1 < len(sig) and sig[k + 1].type == token.STRING:
                k += 1
            before = sig[j - 1] if j else None
            after = sig[k + 1] if k + 1 < len(sig) else None
            if _is_statement_edge(before, start=True) and _is_statement_edge(after, start=False):
                continue
            keyword = None
            if (
                before is not None
                and before.string == "="
                and j >= 2
                and sig[j - 2].type == token.NAME
                and j >= 3
                and sig[j - 3].string in ("(", ",")
            ):
                keyword = sig[j - 2].string  # a call's keyword argument
            if _string_offends(_literal_text(tok.string), games, keyword):
                yield Offence(path, tok.start[0], tok.string)


def _strip_js_comments(source: str) -> str:
    """JavaScript without its comments (kept: strings, template literals, line numbers)."""
    out: list[str] = []
    i, n = 0, len(source)
    last = ""  # the last character of code that is not a space
    while i < n:
        c = source[i]
        if c in "\"'`":
            j = i + 1
            while j < n and source[j] != c:
                j += 2 if source[j] == "\\" else 1
            out.append(source[i : j + 1])
            last = c
            i = j + 1
        elif source.startswith("//", i):
            j = source.find("\n", i)
            i = n if j < 0 else j
        elif source.startswith("/*", i):
            j = source.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * source.count("\n", i, j))
            i = j
        elif c == "/" and (last == "" or last in "(,=:[!&|?{};+-*%<>~^"):
            # A regular expression literal: copied whole (a "//" inside is no comment).
            j = i + 1
            in_class = False
            while j < n and source[j] != "\n":
                if source[j] == "\\":
                    j += 2
                    continue
                if source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                elif source[j] == "/" and not in_class:
                    break
                j += 1
            out.append(source[i : j + 1])
            last = "/"
            i = j + 1
        else:
            out.append(c)
            if not c.isspace():
                last = c
            i += 1
    return "".join(out)


def _strip_block_comments(source: str, start: str, end: str) -> str:
    def blank(m: re.Match[str]) -> str:
        return "\n" * m.group(0).count("\n")

    return re.sub(re.escape(start) + r".*?" + re.escape(end), blank, source, flags=re.S)


_WEB_TOKEN = re.compile(r"[A-Za-z_$][A-Za-z0-9_$\-]*")


def _web_token_offends(tok: str, games: Games, css: bool) -> bool:
    words = _words(tok)
    for game in games:
        if game != ROOT or css:
            if game in words:
                return True
        elif tok == ROOT or re.search(rf"(?i:{ROOT})[A-Z]", tok):
            return True
    return False


def _web_offences(path: str, code: str, games: Games, *, css: bool = False) -> Iterator[Offence]:
    for number, line in enumerate(code.splitlines(), start=1):
        for m in _WEB_TOKEN.finditer(line):
            if _web_token_offends(m.group(0), games, css):
                yield Offence(path, number, m.group(0))
        for game, stems in games.items():
            if _games_path(game, line) and game == ROOT:
                yield Offence(path, number, f"games/{game}")
            if game == ROOT and _stems_in(line, stems):
                yield Offence(path, number, f"{ROOT} format")


def _html_code(html: str) -> str:
    html = _strip_block_comments(html, "<!--", "-->")
    html = re.sub(
        r"(<script\b[^>]*>)(.*?)(</script>)",
        lambda m: m.group(1) + _strip_js_comments(m.group(2)) + m.group(3),
        html,
        flags=re.S | re.I,
    )
    return re.sub(
        r"(<style\b[^>]*>)(.*?)(</style>)",
        lambda m: m.group(1) + _strip_block_comments(m.group(2), "/*", "*/") + m.group(3),
        html,
        flags=re.S | re.I,
    )


def source_offences(path: str, source: str, games: Games) -> list[Offence]:
    """The offences of one file's text; ``path``'s suffix says its language."""
    suffix = Path(path).suffix
    if suffix == ".py":
        return list(_python_offences(path, source, games))
    if suffix in (".js", ".mjs"):
        return list(_web_offences(path, _strip_js_comments(source), games))
    if suffix == ".css":
        return list(_web_offences(path, _strip_block_comments(source, "/*", "*/"), games, css=True))
    if suffix in (".html", ".htm"):
        return list(_web_offences(path, _html_code(source), games))
    return []


def offences(package_dir: Path, games: Games) -> list[Offence]:
    """Every offence of the generic files of ``package_dir`` (``src/paston``)."""
    games_dir = package_dir / "games"
    api = package_dir / "__init__.py"
    root = package_dir.parent
    found: list[Offence] = []
    for path in sorted(package_dir.rglob("*")):
        if not path.is_file() or path.suffix not in SUFFIXES or path == api:
            continue
        if games_dir in path.parents or "__pycache__" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        found += source_offences(str(path.relative_to(root)), text, games)
    return sorted(set(found))
