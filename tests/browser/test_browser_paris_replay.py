"""The replay viewer's Paris replayer (static/games/paris_engine.js) agrees with the engine:
the same records, cut after every so many actions, give the same phase, player to act, pile,
burned and deck counts, seats, finishing order, loser, ranking, end and turn count. Then the
viewer steps through a finished Paris table."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pw_helpers import Server, felt, take_paris_turn, wait_my_turn_or

from paston import replay
from paston.games.paris.record import game_record
from paston.games.paris.rules import ParisRules
from paston.games.paris.shuffle import deal_game

pytestmark = pytest.mark.browser

VARIANTS: list[dict[str, Any]] = [
    {},
    {"voluntary_pickup": True, "ten_grants_extra_turn": False},
    {"start_rule": "most_lowest", "starter_plays_all_lowest": True},
    {"play_faceup_with_last_hand": True, "max_turns": 90},
]


def random_record(seed: int) -> dict[str, Any]:
    """A game of uniformly random legal actions (short games: a turn limit of 400)."""
    rng = random.Random(seed)
    players = 2 + seed % 8
    flags = {"max_turns": 400, **VARIANTS[seed % len(VARIANTS)]}
    state = deal_game(
        players, rng=rng, dealer=rng.randrange(players), rules=ParisRules.from_dict(flags)
    )
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return game_record(state)


def comparable(out: dict[str, Any]) -> dict[str, Any]:
    seats = [
        {
            "hand": s["hand"],
            "face_up": sorted(s["face_up_cards"]),
            "face_down_slots": s["face_down_slots"],
        }
        for s in out["seats"]
    ]
    keys = ("phase", "to_act", "pile", "burned", "deck", "finished", "loser", "ranking", "end")
    return {
        **{k: out[k] for k in keys},
        "turns": out["turns"],
        "starter": out["starter"],
        "seats": seats,
    }


def test_js_paris_replayer_matches_the_engine(server: Server, new_page: Any) -> None:
    records = [random_record(seed) for seed in range(16)]
    # Each record cut at a few points (a record may hold a prefix of a game's actions).
    cases = []
    for i, rec in enumerate(records):
        n = len(rec["actions"])
        for cut in sorted({0, n // 7, n // 3, (2 * n) // 3, n - 1, n} | {i % max(n, 1)}):
            cases.append((rec, cut))
    page = new_page()
    page.goto(server.base + "/static/index.html")
    cuts = [[cut for r, cut in cases if r is rec] for rec in records]
    # Only the cut points come back (every step of every game would be a lot to copy).
    got = page.evaluate(
        """async ([records, cuts]) => {
            const { replayParis } = await import('/static/games/paris_engine.js');
            return records.map((rec, i) => {
                const steps = replayParis(rec).steps;
                const pick = (s) => ({ ...s, events: undefined, hands: undefined,
                                       face_down: undefined, burned_cards: undefined });
                return { count: steps.length, at: cuts[i].map((c) => pick(steps[c])) };
            });
        }""",
        [records, cuts],
    )
    for i, rec in enumerate(records):
        assert got[i]["count"] == len(rec["actions"]) + 1
    for rec, cut in cases:
        i = next(k for k, r in enumerate(records) if r is rec)
        js = got[i]["at"][cuts[i].index(cut)]
        js_seats = [
            {
                "hand": s["hand"],
                "face_up": sorted(s["face_up"]),
                "face_down_slots": s["face_down_slots"],
            }
            for s in js["seats"]
        ]
        mine = {
            **{k: js[k] for k in ("phase", "to_act", "pile", "burned", "deck", "finished")},
            **{k: js[k] for k in ("loser", "ranking", "end", "turns", "starter")},
            "seats": js_seats,
        }
        want = comparable(replay({**rec, "actions": rec["actions"][:cut]}))
        assert mine == want, (rec["players"], rec.get("rules"), cut)


def test_replay_viewer_steps_through_a_paris_game(server: Server, new_page: Any) -> None:
    page = new_page()
    page.goto(server.base + "/")
    page.evaluate("localStorage.setItem('paston-speed', 'instant')")
    page.check("#game-paris")
    page.fill("#t-nick", "Ani")
    page.select_option("#t-seat-count", "2")
    page.select_option("#seat-1", "bot:heuristic")
    page.click("details summary")
    page.fill('[data-rule="max_turns"]', "40")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[-1]
    over = "document.querySelector('#felt').dataset.status === 'over'"
    for _ in range(200):
        if wait_my_turn_or(page, over, timeout=60) == "done":
            break
        take_paris_turn(page)
    page.wait_for_selector("#gameover-dialog[open]")
    record = server.get(f"/api/tables/{table_id}/record")
    final = server.get(f"/api/tables/{table_id}/replay")["summary"]
    # The game-over dialog leads to the replay (in a new tab), which starts at the deal.
    with page.context.expect_page() as opened:
        page.click("#gameover-replay")
    page = opened.value
    page.wait_for_selector('#felt[data-game="paris"][data-step="0"]')
    assert page.locator("#p-log li").count() == 0
    # Every card is shown: both hands, the face-up and even the face-down cards of the deal.
    dealt = sorted(
        c for seat in record["layout"] for c in seat["hand"] + seat["face_up"] + seat["face_down"]
    )
    shown = page.locator("#felt .card:not(.back)").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert sorted(shown) == dealt
    page.click("#forward")
    page.wait_for_selector('#felt[data-step="1"]')
    assert page.locator("#p-log li").count() == 1
    page.keyboard.press("End")
    page.wait_for_selector(f'#felt[data-step="{len(record["actions"])}"]')
    assert felt(page)["phase"] == "over"
    seats = server.get(f"/api/tables/{table_id}")["seats"]
    names = [s["nickname"] or f"{s['bot'].capitalize()} {s['seat']}" for s in seats]
    assert f"{names[final['loser']]} loses" in page.locator("#p-note").inner_text()
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f'#felt[data-step="{len(record["actions"]) - 1}"]')
