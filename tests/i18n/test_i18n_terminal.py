"""The terminal follows the locale: ``paston play`` speaks Russian under ``LANG=ru_RU.UTF-8``
and Armenian under ``PASTON_LANG=hy`` (which wins over the locale), English by default."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ARGS = ["-m", "paston", "play", "--bots", "random,random", "--seed", "5"]


def first_screen(tmp_path: Path, **env: str) -> str:
    """The output of ``paston play`` up to its first question, then quit."""
    base = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    base.pop("PASTON_LANG", None)
    out = subprocess.run(
        [sys.executable, *ARGS],
        input="quit\n",
        text=True,
        capture_output=True,
        cwd=tmp_path,
        env={**base, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100", **env},
        timeout=60,
    )
    return out.stdout


@pytest.mark.parametrize(
    ("env", "expected", "absent"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "Ваша рука", "Your hand"),
        ({"LANG": "ru_RU.UTF-8", "PASTON_LANG": "hy"}, "Ձեր ձեռքը", "Ваша рука"),
        ({"LANG": "C.UTF-8"}, "Your hand", "Ваша рука"),
    ],
)
def test_paston_play_speaks_the_locales_language(
    tmp_path: Path, env: dict[str, str], expected: str, absent: str
) -> None:
    screen = first_screen(tmp_path, **env)
    assert expected in screen, screen[-2000:]
    assert absent not in screen


def test_every_sentence_of_the_terminals_goes_through_the_catalogues() -> None:
    from paston.i18n import extract

    # help, prompts, errors, hints, pictures and score sheets of every game's terminal: a
    # sentence written outside t()/lazy_t() is one the extraction cannot see.
    assert extract.loose_texts() == []


def test_the_extraction_sees_lazy_and_single_quoted_texts(tmp_path: Path) -> None:
    from paston.i18n import extract

    (tmp_path / "web" / "static").mkdir(parents=True)
    (tmp_path / "games" / "toy").mkdir(parents=True)
    (tmp_path / "games" / "toy" / "terminal.py").write_text(
        "from ...i18n import t\n"
        "from ...terminal.words import lazy_t\n"
        'HELP = lazy_t("toy.help", "Type a number:\\n" "  or a card")\n'
        "def bad(text):\n"
        "    return t(\n"
        '        "toy.bad",\n'
        "        '\"{text}\" is no action here',\n"
        "        text=text,\n"
        "    )\n"
        'LOOSE = "this sentence is not translated"\n',
        encoding="utf-8",
    )
    keys = extract.code_keys(tmp_path)
    assert keys["toy.help"] == "Type a number:\n  or a card"
    assert keys["toy.bad"] == '"{text}" is no action here'
    assert extract.loose_texts(tmp_path) == [
        "games/toy/terminal.py:10: 'this sentence is not translated'"
    ]


def test_hungarian_is_complete_for_paskievics_in_the_terminal_and_the_browser() -> None:
    """Every text a Paskievics player meets: the table, replay, analysis and rules pages'
    scripts, Paskievics's own scripts, and the terminal's words (its own and the loop's)."""
    from paston.i18n import extract

    src = Path(extract.__file__).resolve().parents[1]
    static = src / "web" / "static"
    scripts = [
        static / f"{name}.js"
        for name in ("table", "table_flow", "cards", "render", "replay", "analysis", "rules")
    ]
    scripts += sorted((src / "games" / "paskievics" / "web").glob("*.js"))
    keys = {
        key
        for path in scripts
        if path.exists()
        for key, _ in extract._calls(extract._JS_CALL, path.read_text(encoding="utf-8"))
    }
    for page in ("table.html", "replay.html"):
        keys |= {key for key, _ in extract._HTML_ATTR.findall((static / page).read_text())}
    terminal = [src / "terminal", src / "games" / "paskievics"]
    for folder in terminal:
        for path in folder.glob("*.py"):
            keys |= {key for key, _ in extract._calls(extract._PY_CALL, path.read_text())}
    hungarian = extract.load("hu")
    missing = sorted(key for key in keys if key not in hungarian)
    assert not missing, missing
