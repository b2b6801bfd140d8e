"""The table-flow helpers of the web client, run in Node (issue 10, items 6 and 7): equal lines
of the score chart stay visible, long names in the score sheet are cut with their full text in
a title, a hint's value is said in words, a hinted discard marks its cards, and a bot's seat is
offered to take over at public tables only."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "paston" / "web" / "static"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")


def run_js(body: str) -> Any:
    """Run ``body`` (ES module code that sets ``out``) in one Node process; ``out`` as JSON."""
    script = (
        f"import * as render from {json.dumps((STATIC / 'render.js').as_uri())};\n"
        f"import * as flow from {json.dumps((STATIC / 'table_flow.js').as_uri())};\n"
        f"let out = null;\n{body}\nconsole.log(JSON.stringify(out));\n"
    )
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-"], input=script, text=True, capture_output=True, timeout=30
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


CHART = """
const svg = { setAttribute() {}, innerHTML: "" };
const legend = { innerHTML: "" };
render.renderChart(svg, legend, ROWS, ["A", "B", "C"], 121);
out = svg.innerHTML.match(/<polyline[^>]*>/g);
"""


def polylines(rows: list[list[int]]) -> list[dict[str, Any]]:
    rows_js = json.dumps([{"totals": r} for r in rows])
    lines = run_js(CHART.replace("ROWS", rows_js))
    out = []
    for line in lines:
        points = re.search(r'points="([^"]*)"', line)
        dash = re.search(r'stroke-dasharray="([^"]*)"', line)
        assert points is not None
        out.append({"points": points.group(1), "dash": dash.group(1) if dash else None})
    return out


def test_equal_lines_on_the_chart_are_offset_and_dashed() -> None:
    lines = polylines([[5, 5, -3], [9, 9, 2]])
    assert len(lines) == 3
    # Seats 0 and 1 have the same totals: both lines are drawn apart, the second dashed.
    assert lines[0]["points"] != lines[1]["points"]
    assert lines[0]["dash"] is None and lines[1]["dash"] is not None
    ys0 = [float(p.split(",")[1]) for p in lines[0]["points"].split()]
    ys1 = [float(p.split(",")[1]) for p in lines[1]["points"].split()]
    assert all(0 < b - a <= 3 for a, b in zip(ys0, ys1, strict=True))
    assert lines[2]["dash"] is None
    # Three equal lines: three different drawings.
    three = polylines([[1, 1, 1]])
    assert len({(x["points"], x["dash"]) for x in three}) == 3
    # Different totals: nothing is moved or dashed.
    apart = polylines([[1, 2, 3]])
    assert all(x["dash"] is None for x in apart)


def test_long_names_in_the_score_sheet_are_cut_with_a_title() -> None:
    long = "Aleksandr the Magnificent of Yerevan"
    html = run_js(
        f"""
const table = {{ innerHTML: "" }};
render.renderScoreSheet(table, [], [{json.dumps(long)}, "B", "C"]);
out = table.innerHTML;
"""
    )
    assert f'title="{long}"' in html
    assert f'<span class="name-cut">{long}</span>' in html


def test_hint_values_in_words_and_hinted_discards() -> None:
    out = run_js(
        """
out = {
  paston: flow.hintValueWords("points", 3.456),
  negative: flow.hintValueWords("points", -2),
  paris: flow.hintValueWords("rating", 1.25),
  none: flow.hintValueWords("points", null),
  unweighed: flow.hintValueWords("points", -1e9),
  discard: ["AS", "KD", "7H"].map((c) => flow.isHintedCard("discard AS KD", c)),
  card: [["QH", "QH"], ["QH", "QS"], ["pass", "QH"]].map(([a, c]) => flow.isHintedCard(a, c)),
};
"""
    )
    assert out["paston"] == "+3.5 points expected"
    assert out["negative"] == "-2.0 points expected"
    assert "1.3" in out["paris"] and "higher is better" in out["paris"]
    assert out["none"] == ""
    assert out["unweighed"] == "not weighed by the bot"
    assert out["discard"] == [True, True, False]
    assert out["card"] == [True, False, False]


def test_bots_seats_are_offered_at_public_tables_still_playing() -> None:
    out = run_js(
        """
const seats = [
  { seat: 0, kind: "human", nickname: "Ann" },
  { seat: 1, kind: "bot", bot: "random" },
  { seat: 2, kind: "bot", bot: "pimc" },
];
const names = ["Ann", "Random 1", "PIMC 2"];
out = {
  open: flow.takeOverChoices({ public: true, status: "playing", seats }, names).map((c) => c.seat),
  private: flow.takeOverChoices({ public: false, status: "playing", seats }, names).length,
  over: flow.takeOverChoices({ public: true, status: "over", seats }, names).length,
};
"""
    )
    assert out == {"open": [1, 2], "private": 0, "over": 0}
