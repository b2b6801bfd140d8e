"""The replay's analysis panel, readable (issue 19 §2): it opens in view (high in the sidebar,
scrolled to once the analysis is ready), its report's headers never run into each other in
the narrow sidebar, a legend says what ?!, ? and ?? mean with the analysis's own thresholds,
and each player has the colour the score chart gives him."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from pw_helpers import Server
from test_browser_axe import assert_accessible
from test_browser_score_sheet import finished_table

pytestmark = pytest.mark.browser


def few_worlds(route: Any) -> None:
    """The page's analysis requests, with few sampled worlds (a quick analysis)."""
    url = route.request.url
    route.continue_(url=url + ("&" if "?" in url else "?") + "worlds=8")


def test_the_analysis_panel_opens_in_view_with_a_legend_and_the_charts_colours(
    server: Server, new_page: Any
) -> None:
    table_id, _token = finished_table(server, "paris")
    page = new_page(1280, 800)
    page.route("**/api/tables/*/analysis*", few_worlds)
    page.goto(f"{server.base}/t/{table_id}/replay")
    page.wait_for_selector('#felt[data-game="paris"][data-step="0"]')
    # The panel sits under this hand's panel, above the score sheet.
    order = page.evaluate(
        "[...document.querySelector('.sidebar').children].map(e => e.id || e.className)"
    )
    assert order.index("analysis-panel") == order.index("game-panel") + 1, order
    page.click("#analysis-start")
    page.wait_for_selector("#analysis-report-table", timeout=240_000)
    # In view: the panel's top is on the screen.
    box = page.locator("#analysis-panel").bounding_box()
    assert box is not None and 0 <= box["y"] < 800, box
    # The report's headers stay apart, each within its own cell.
    heads = page.locator("#analysis-report-table th[scope=col]")
    boxes = [heads.nth(i).bounding_box() for i in range(heads.count())]
    for left, right in itertools.pairwise(boxes):
        assert left is not None and right is not None
        assert left["x"] + left["width"] <= right["x"] + 0.5, (left, right)
    overflowing = heads.evaluate_all("hs => hs.filter(h => h.scrollWidth > h.clientWidth + 1)")
    assert overflowing == []
    # The legend: each mark with the loss it starts at, the analysis's own thresholds.
    settings = server.get(f"/api/tables/{table_id}/analysis?worlds=8")["settings"]
    marks = page.locator("#grade-legend dt").all_inner_texts()
    assert marks == ["?!", "?", "??"]
    said = page.locator("#grade-legend dd").all_inner_texts()
    for grade, line in zip(["inaccuracy", "mistake", "blunder"], said, strict=True):
        assert f"lost {settings['thresholds'][grade]:g} " in line, (grade, line)
    # The same colour for a player in the analysis chart as in the score chart (render.js's
    # SEAT_COLOURS by seat; a one-game Paris session draws no score chart, so the colours are
    # compared with the score chart's own list).
    found = page.evaluate(
        """async () => {
          const { SEAT_COLOURS } = await import('/static/render.js');
          const heads = document.querySelectorAll('#score-sheet thead th[title]');
          const seats = [...heads].map((h) => h.title);
          const shown = [...document.querySelectorAll('#analysis-legend span')].map(
            (s) => [seats.indexOf(s.textContent), s.style.getPropertyValue('--c').trim()]);
          const lines = [...document.querySelectorAll('#analysis-chart polyline')].map(
            (p) => p.getAttribute('stroke'));
          return { palette: SEAT_COLOURS, shown, lines };
        }"""
    )
    assert found["shown"], found
    for seat, colour in found["shown"]:
        assert seat >= 0 and colour == found["palette"][seat], found
    assert set(found["lines"]) <= set(found["palette"]), found
    assert_accessible(page, "the analysis panel")
