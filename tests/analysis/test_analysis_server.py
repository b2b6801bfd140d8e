"""GET /api/tables/{id}/analysis on a real server (202 while computing, then the analysis of
the finished deals only), and the replay page showing grades, the chart and the report in
Debian Chromium."""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser.pw_helpers import CHROMIUM, Server, checked_chromium, play_game_over_websocket

BOT = {"kind": "bot", "bot": "heuristic"}


def fetch(server: Server, path: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(server.base + path, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    server = Server(Path(tmp_path_factory.mktemp("analysis-serve")))
    try:
        body = {"name": "Analysed", "seats": [{"kind": "human"}, BOT, BOT],
                "rules": {"target": 30}}  # fmt: skip
        table = server.post("/api/tables", body)
        token = server.post(f"/api/tables/{table['id']}/join", {"nickname": "Ani"})["token"]
        play_game_over_websocket(server, table["id"], token, 120)
        yield server, table["id"]
    finally:
        server.stop()


def wait_done(server: Server, path: str, seconds: float = 120) -> tuple[list[int], Any]:
    codes = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        code, body = fetch(server, path)
        codes.append(code)
        if code != 202:
            return codes, body
        assert body["status"] == "computing" and 0 <= body["done"] <= body["total"]
        # The time spent, and an estimate of the time left once a deal is done.
        assert body["elapsed_s"] >= 0 and (body["left_s"] is None) == (body["done"] == 0)
        time.sleep(0.5)
    raise AssertionError(f"no analysis in {seconds} s")


def test_the_endpoint_analyses_the_finished_deals(finished: tuple[Server, str]) -> None:
    server, table_id = finished
    record = server.get(f"/api/tables/{table_id}/record")
    # Peeking starts nothing.
    for _ in range(2):
        code, idle = fetch(server, f"/api/tables/{table_id}/analysis?worlds=8&peek=1")
        assert code == 200 and idle["status"] == "idle"
    codes, body = wait_done(server, f"/api/tables/{table_id}/analysis?worlds=8")
    assert codes[0] == 202 and codes[-1] == 200
    assert body["format"] == "paston-analysis/2" and body["kind"] == "game"
    assert len(body["deals"]) == len(record["deals"])
    assert body["names"] == record["meta"]["players"]
    assert body["settings"]["worlds"] == 8
    assert any(d["decisions"] for d in body["deals"])
    assert [p["seat"] for p in body["players"]] == [0, 1, 2]
    # Cached: the same question is answered at once.
    code, again = fetch(server, f"/api/tables/{table_id}/analysis?worlds=8")
    assert code == 200 and again == body


def test_the_endpoint_refuses_what_it_cannot_do(finished: tuple[Server, str]) -> None:
    server, table_id = finished
    assert fetch(server, "/api/tables/nosuchtable/analysis")[0] == 404
    for bad in ("1", "4", "16", "65", "many"):
        code, body = fetch(server, f"/api/tables/{table_id}/analysis?worlds={bad}")
        assert code == 400 and "worlds" in body["error"]["message"]
        assert "8, 24, 48" in body["error"]["message"]  # the allowed values are named
    fresh = server.post("/api/tables", {"name": "Fresh", "seats": [{"kind": "human"}, BOT, BOT]})
    code, body = fetch(server, f"/api/tables/{fresh['id']}/analysis")
    assert code == 409 and body["error"]["code"] == "nothing_to_analyse"
    paris = server.post("/api/tables", {"name": "P", "game": "paris",
                                        "seats": [{"kind": "human"}, {"kind": "bot"}]})  # fmt: skip
    code, body = fetch(server, f"/api/tables/{paris['id']}/analysis")
    # Paris has an analysis now (tests/analysis/test_analysis_paris.py): nothing finished yet.
    assert code == 409 and body["error"]["code"] == "nothing_to_analyse"


@pytest.mark.browser
def test_the_replay_shows_grades_the_chart_and_the_report(finished: tuple[Server, str]) -> None:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"Chromium is not installed at {CHROMIUM}")
    server, table_id = finished
    # Fails on any page error, console error or failed request of its pages.
    with checked_chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(60000)
        page.goto(f"{server.base}/t/{table_id}/replay")
        page.click("#analysis-start")  # the analysis is started on request
        page.wait_for_selector("#analysis-report-table tr[data-seat]")
        rows = page.locator("#analysis-report-table tr[data-seat]")
        assert rows.count() == 3
        assert "Ani" in rows.nth(0).inner_text()
        page.click("#forward")  # the first bid: always a choice
        grade = page.locator("#analysis-decision .grade")
        grade.wait_for()
        assert grade.get_attribute("data-grade") in ("best", "good", "inaccuracy",
                                                     "mistake", "blunder")  # fmt: skip
        assert grade.inner_text().strip()
        assert "±" in page.locator("#analysis-decision").inner_text()
        assert page.locator("#analysis-chart polyline").count() >= 1
        assert page.locator("#analysis-chart circle").count() >= 1
        assert page.locator("#dd-table tr").count() == 4
