"""The browser's translation layer (static/i18n.js) in Node: the language picked from the
browser's list, the English fallback with {name} placeholders and plural objects, and a
language catalogue used when it is there (fetch answered from the real catalogue file)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULE = (ROOT / "src" / "paston" / "web" / "static" / "i18n.js").as_uri()
CATALOGUES = ROOT / "src" / "paston" / "i18n" / "catalogues"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")


def run(stored: str | None, body: str) -> Any:
    """Import i18n.js with a stored language and fetch serving the catalogue files."""
    setup = f"""
globalThis.localStorage = {{
  store: {json.dumps({"paston-language": stored} if stored else {})},
  getItem(k) {{ return this.store[k] ?? null; }},
  setItem(k, v) {{ this.store[k] = v; }},
}};
globalThis.fetch = async (url) => {{
  const {{ readFile }} = await import("node:fs/promises");
  const code = String(url).match(/\\/i18n\\/(\\w+)\\.json$/)[1];
  const text = await readFile({json.dumps(str(CATALOGUES))} + "/" + code + ".json", "utf8");
  return {{ ok: true, json: async () => JSON.parse(text) }};
}};
const m = await import({json.dumps(MODULE)});
console.log(JSON.stringify(await (async () => {{ {body} }})()));
"""
    assert NODE is not None
    out = subprocess.run(
        [NODE, "--input-type=module", "-"], input=setup, text=True, capture_output=True, timeout=30
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_english_fallback_placeholders_and_plurals() -> None:
    got = run(
        None,
        """return [
          m.t("no.such.key", "Hello {name}, {missing}", { name: "Ani" }),
          m.t("no.such.key", { one: "{count} card", other: "{count} cards" }, { count: 1 }),
          m.t("no.such.key", { one: "{count} card", other: "{count} cards" }, { count: 3 }),
          m.pickLanguage(["hy-AM", "en"]), m.pickLanguage(["de-DE", "ru"]), m.pickLanguage(["de"]),
        ];""",
    )
    assert got == ["Hello Ani, {missing}", "1 card", "3 cards", "hy", "ru", "en"]


def test_a_remembered_language_reads_its_catalogue_with_its_plural_rules() -> None:
    got = run(
        "ru",
        """return [
          m.language(),
          m.t("term.whist", "Whist"),
          m.t("lobby.n_players", { one: "{count} player", other: "{count} players" }, { count: 3 }),
          m.t("lobby.n_players", { one: "{count} player", other: "{count} players" }, { count: 5 }),
          m.t("no.such.key", "English {x}", { x: 1 }),
        ];""",
    )
    assert got == ["ru", "Вист", "3 игрока", "5 игроков", "English 1"]


def test_set_language_refuses_an_unknown_code() -> None:
    got = run(
        None,
        """try { await m.setLanguage("de"); return "no error"; }
           catch (e) { return e.message; }""",
    )
    assert got == "unknown language de; known: en, hy, ru, hu"
