"""No generic file names a game in its code (issue 18): the rules are in ``game_names.py``.

The first test reads the real tree; the others plant offences (and things that are not
offences) in synthetic sources, so the guard is shown to fail on a violation.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from game_names import Offence, game_names, offences, source_offences

from paston.core.registry import get_game

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "paston"

#: Synthetic games for the planted tests (the real ones' names and formats).
GAMES = {
    "paston": ("paston-deal", "paston-game"),
    "paris": ("paris-game", "paris-position"),
    "paskievics": ("paskievics-deal", "paskievics-game"),
}


def shipped_games() -> dict[str, tuple[str, ...]]:
    """Every shipped game with the stems of its record formats."""
    return {
        name: tuple(fmt.partition("/")[0] for fmt in get_game(name).formats)
        for name in game_names(PACKAGE / "games")
    }


def test_no_generic_file_names_a_game() -> None:
    games = shipped_games()
    assert set(GAMES) <= set(games)
    found = offences(PACKAGE, games)
    assert not found, f"{len(found)} offences:\n" + "\n".join(map(str, found))


def tokens(path: str, source: str) -> list[tuple[int, str]]:
    return [(o.line, o.token) for o in source_offences(path, source, GAMES)]


def test_python_names_and_strings_are_offences() -> None:
    source = '''"""A module that may say Paris and paston.games.paris in its docstring."""
from paston.core.registry import get_game  # the root package: fine
from ..games.paston.state import Deal
import paston
from paston.games.paris import platform

class ParisEnv:
    """Docstrings may name Paskievics."""

    x: int = 1
    """An attribute docstring may name paris too."""

def comparison(paskievics_levels: int) -> str:
    name = get_game("paston")  # a game id
    fmt = "paris-game/1"
    return f"static/games/{name}/" + "Paskievics" + "paston-deal/1"
'''
    assert tokens("src/paston/env/x.py", source) == [
        (3, "paston"),  # ..games.paston
        (5, "paris"),  # paston.games.paris
        (7, "ParisEnv"),
        (13, "paskievics_levels"),
        (14, '"paston"'),
        (15, '"paris-game/1"'),
        (16, '"Paskievics"'),
        (16, '"paston-deal/1"'),
    ]


def test_python_brand_and_program_name_are_not_offences() -> None:
    source = """import paston
from paston.core import registry

app = typer.Typer(name="paston", help="Paston, the card game, and other card games.")
print("Paston is at http://127.0.0.1:8000/")
TABLE = "paston_tables"
ENV = "PASTON_LANG"
FORMAT = "paston-analysis/2"
KEY = f"paston-arena:{seed}"
MODULE = f"paston.games.{name}.platform"
comparison = "the comparison of scores"
"""
    assert tokens("src/paston/cli/x.py", source) == []


def test_python_concatenated_strings() -> None:
    source = """def f() -> None:
    "Paris " "is documentation here, in two pieces"
    x = ("a " "paris-session/1")
    return None
"""
    assert tokens("src/paston/x.py", source) == [(3, '"paris-session/1"')]


def test_javascript_rules() -> None:
    source = """// Paris and paston in a comment are fine.
/* Paskievics
   block comment */
import { renderParis } from "./games/paris.js";
const CONTRACT_TRUMP = { paston: "S", glitch: "C" };
const title = "Paston";
localStorage.setItem("paston-nickname", name);
const url = `/static/games/paston/${x}`;
const re = /https?:\\/\\/paris/;  // a regex literal is code
const isDeal = fmt.startsWith("paston-deal");
const board = new PastonBoard();
"""
    found = tokens("src/paston/web/static/x.js", source)
    assert (4, "renderParis") in found
    assert (4, "paris") in found
    assert (5, "paston") in found
    assert not [t for line, t in found if line in (1, 2, 3, 6, 7)]
    assert (8, "games/paston") in found
    assert (9, "paris") in found
    assert (10, "paston format") in found
    assert (11, "PastonBoard") in found


def test_css_and_html_rules() -> None:
    css = """/* .paston-hand in a comment */
.seat .paskievics-score { color: red; }
.paston-hand { display: flex; }
.comparison { margin: 0; }
"""
    assert tokens("src/paston/web/static/x.css", css) == [
        (2, "paskievics-score"),
        (3, "paston-hand"),
    ]
    html = """<!doctype html>
<title>Paston</title>
<!-- <script src="/static/games/paris.js"></script> -->
<select><option value="paris">Paris</option></select>
<script type="module">
  // paskievics in a comment
  import { start } from "/static/games/paston/table.js";
</script>
"""
    found = tokens("src/paston/web/static/x.html", html)
    assert (2, "Paston") not in found
    assert not [t for line, t in found if line in (3, 6)]
    assert {(4, "paris"), (4, "Paris"), (7, "games/paston")} <= set(found)


def test_offences_walks_generic_files_only(tmp_path: Path) -> None:
    package = tmp_path / "src" / "paston"
    (package / "games" / "paris").mkdir(parents=True)
    (package / "games" / "paris" / "platform.py").write_text('NAME = "paris"\n')
    (package / "server").mkdir()
    (package / "server" / "app.py").write_text('GAME = "paris"\n')
    (package / "__init__.py").write_text("from .games.paris import platform\n")
    found = offences(package, {"paris": ("paris-game",)})
    assert found == [Offence("paston/server/app.py", 1, '"paris"')]
    assert game_names(package / "games") == ("paris",)


@pytest.mark.parametrize("name", ["comparison", "destroy", "pastonic"])
def test_a_word_containing_a_game_is_not_the_game(name: str) -> None:
    assert tokens("src/paston/x.py", f"{name} = 1\n") == []
