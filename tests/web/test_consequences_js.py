"""The choice buttons' consequence lines (each game's web/consequences.js), run in Node.

Each case checks a figure against the rules specs: Paston §9 (surrender, whist quotas,
multipliers and the variant flags), Paris's pick-up/10/7, Paskievics's bid talon, bonus values
(§8.3) and kontra doubling (§8.4).
"""

from __future__ import annotations

import atexit
import functools
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2] / "src" / "paston"
STATIC = ROOT / "web" / "static"
GAMES = ("paston", "paris", "paskievics")
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")


@functools.cache
def served() -> Path:
    """The files as the server lays them out, in a temporary folder: /static/i18n.js and each
    game's consequences.js at /static/games/GAME/ (from its own package's web folder)."""
    root = Path(tempfile.mkdtemp(prefix="paston-static-"))
    atexit.register(shutil.rmtree, root, True)
    shutil.copy(STATIC / "i18n.js", root / "i18n.js")
    for game in GAMES:
        (root / "games" / game).mkdir(parents=True)
        shutil.copy(ROOT / "games" / game / "web" / "consequences.js", root / "games" / game)
    return root


def consequences(cases: list[tuple[str, str, dict[str, Any], dict[str, Any]]]) -> list[Any]:
    """Run each game's consequence(action, view, rules) for each case in one Node process."""
    root = served()
    imports = "".join(
        f"import {{ consequence as {g} }} from "
        f"{json.dumps((root / 'games' / g / 'consequences.js').as_uri())};\n"
        for g in GAMES
    )
    script = (
        imports
        + f"const games = {{ {', '.join(GAMES)} }};\n"
        + f"const cases = {json.dumps(cases)};\n"
        + "console.log(JSON.stringify(cases.map(([g, a, v, r]) => games[g](a, v, r))));\n"
    )
    assert NODE is not None
    out = subprocess.run(
        [NODE, "--input-type=module", "-"], input=script, text=True, capture_output=True, timeout=30
    )
    assert out.returncode == 0, out.stderr
    result: list[Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def one(game: str, action: str, view: dict[str, Any], rules: dict[str, Any] | None = None) -> Any:
    return consequences([(game, action, view, rules or {})])[0]


def test_paston_surrender_costs_ten_and_gives_two_each_unmultiplied_by_default() -> None:
    view = {"phase": "declare", "bid": "dineri", "seat": 0}
    assert one("paston", "surrender", view) == (
        "Surrender: −10 for you, +2 for each opponent; no play."
    )
    multiplied = one("paston", "surrender", view, {"surrender_multiplied": True})
    assert multiplied == "Surrender: −30 for you, +6 for each opponent; no play."


def test_paston_declare_shows_made_failed_and_no_whist_results() -> None:
    view = {"phase": "declare", "bid": "glitch", "seat": 0}
    assert (
        one("paston", "declare gupa", view) == "6 of 10 tricks: +40; fewer: −40; if both pass: +40."
    )
    # Grkha's flat +10 when made (§9.3), −40 when failed.
    assert (
        one("paston", "declare grkha", view)
        == "6 of 10 tricks: +10; fewer: −40; if both pass: +10."
    )
    unmult = one("paston", "declare gupa", view, {"no_whist_multiplied": False})
    assert unmult.endswith("if both pass: +10.")


def test_paston_whist_quota_depends_on_the_other_defender() -> None:
    base = {"phase": "defence", "contract": "dineri", "seat": 2}
    lone = one("paston", "whist", {**base, "defence": [[1, "pass"]]})
    assert lone == "4 tricks of your own break even; each more +30, none −30."
    both = one("paston", "whist", {**base, "defence": [[1, "whist"]]})
    assert both.startswith("2 tricks of your own break even")
    unmult = one(
        "paston", "whist", {**base, "defence": [[1, "whist"]]}, {"multiply_defender_scores": False}
    )
    assert unmult == "2 tricks of your own break even; each more +10, none −10."
    first = one("paston", "whist", {**base, "seat": 1, "defence": []})
    assert "with 4 alone" in first


def test_paston_pass_after_a_pass_gives_the_declarer_the_contract() -> None:
    view = {"phase": "defence", "contract": "glitch", "seat": 2, "defence": [[1, "pass"]]}
    assert one("paston", "pass", view) == "0 for you; nobody plays and the declarer scores +20."


def test_paston_bid_names_the_contract_and_its_stakes() -> None:
    text = one("paston", "glitch", {"phase": "bidding"})
    assert text == "If you win the auction: 6 tricks in Glitch or higher, +20 if made, −20 if not."


def test_paris_pickup_counts_the_pile_and_ten_and_seven_are_explained() -> None:
    assert one("paris", "pickup", {"pile": ["4S", "5H", "9D"]}) == (
        "You take the pile (3 cards) into your hand."
    )
    assert one("paris", "pickup", {"pile": ["4S"]}) == "You take the pile (1 card) into your hand."
    assert one("paris", "play TS", {}) == "A 10 burns the pile, and you play again."
    assert one("paris", "play TS", {}, {"ten_grants_extra_turn": False}) == "A 10 burns the pile."
    assert "7 or lower" in one("paris", "play 7H 7D", {})
    assert one("paris", "play 5H", {}) is None


def test_paskievics_bids_kontras_and_bonuses() -> None:
    assert one("paskievics", "two", {"phase": "bidding"}) == (
        "Take 2 talon cards; the game is worth 2 per player."
    )
    # Kontra on the game of a One (g = 3): 3 -> 6; rekontra: 6 -> 12.
    view = {"phase": "announce", "bid": "one"}
    assert one("paskievics", "kontra game", view) == "Doubles the stake: 3 → 6 per player."
    assert one("paskievics", "rekontra game", view) == "Doubles the stake: 6 → 12 per player."
    # Volát is 6·g; the Kovács table raises ultimó to 12.
    assert one("paskievics", "kontra volat", view) == "Doubles the stake: 18 → 36 per player."
    kovacs = one("paskievics", "ultimo", view, {"bonus_values": "kovacs"})
    assert kovacs == "Made: 12 per player to your side; failed: 12 to the other."
    solo = one("paskievics", "kontra game", {**view, "alone": True}, {"lone_game_value": "solo"})
    assert solo == "Doubles the stake: 4 → 8 per player."
