"""The replay page's steps (each game's ``replay_steps``, served by GET /api/tables/{id}/replay)
agree with the engine: the step after k actions is what the engine shows after those k actions,
each hand's last step and score-sheet row agree with ``paston replay`` of the record, and every
card is shown. These replace the browser's own replayers (a Paston and a Paris JS engine, the
rules written a second time), which the page no longer has."""

from __future__ import annotations

import random
from typing import Any

import pytest

from paston import Game, Rules, game_record, replay
from paston.games.paris.record import game_record as paris_record
from paston.games.paris.record import state_from_record
from paston.games.paris.replay_steps import replay_steps as paris_steps
from paston.games.paris.rules import ParisRules
from paston.games.paris.shuffle import deal_game
from paston.games.paris.table_views import spectator_view
from paston.games.paston.replay_steps import replay_steps as paston_steps

PASTON_VARIANTS: list[dict[str, Any]] = [
    {},
    {"lone_whist_mode": "whister_plays_both_open", "surrender_multiplied": True},
    {"no_whist_multiplied": False, "multiply_defender_scores": False, "neg121_reset": "off"},
    {"allow_jump_bids": True, "spade_run_redeal": "missing_k_or_a", "target": 60},
]
PARIS_VARIANTS: list[dict[str, Any]] = [
    {},
    {"voluntary_pickup": True, "ten_grants_extra_turn": False},
    {"start_rule": "most_lowest", "starter_plays_all_lowest": True},
    {"play_faceup_with_last_hand": True, "max_turns": 90},
]


def paston_game(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    game = Game(rules=Rules.from_dict(PASTON_VARIANTS[seed % 4]), rng=rng)
    while not game.over and len(game.deals) < 30:
        deal = game.new_deal()
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
    return game_record(game)


def paris_game(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    players = 2 + seed % 8
    flags = {"max_turns": 400, **PARIS_VARIANTS[seed % 4]}
    state = deal_game(
        players, rng=rng, dealer=rng.randrange(players), rules=ParisRules.from_dict(flags)
    )
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return paris_record(state)


def expand(hand: dict[str, Any], k: int) -> dict[str, Any]:
    """Step k's view as the page builds it: the shared lists cut to the step's lengths."""
    view = dict(hand["steps"][k])
    for key, n in view.pop("shared", {}).items():
        view[key] = hand["shared"][key][:n]
    view.pop("open", None)
    return view


@pytest.mark.parametrize("seed", range(8))
def test_paston_steps_agree_with_the_engine(seed: int) -> None:
    record = paston_game(seed)
    hands = paston_steps(record)
    want = replay(record)
    assert len(hands) == len(record["deals"])
    rows = []
    for hand, deal, summary in zip(hands, record["deals"], want["deals"], strict=True):
        assert len(hand["steps"]) == len(deal["actions"]) + 1
        assert [a["action"] for a in hand["actions"]] == deal["actions"]
        # Every hand face up at the deal, and the whole auction in the history.
        first = hand["steps"][0]["open_hands"]
        assert [sorted(first[str(s)]) for s in range(3)] == [sorted(h) for h in deal["hands"]]
        end = hand["steps"][-1]
        assert [a for _, a in end["history"]] == deal["actions"]
        for key in ("phase", "declarer", "contract", "whisters", "scores", "redeal"):
            assert end[key] == summary[key], key
        assert end["tricks_won"] == summary["tricks"]
        assert hand["over"] is not None and hand["over"]["scores"] == summary["scores"]
        if hand["score_row"] is not None:
            rows.append(hand["score_row"])
    assert [r["scores"] for r in rows] == [d["scores"] for d in want["deals"] if d["scores"]]
    assert rows[-1]["totals"] == want["totals"]


@pytest.mark.parametrize("seed", range(8))
def test_paris_steps_are_the_spectator_views_of_each_prefix(seed: int) -> None:
    record = paris_game(seed)
    (hand,) = paris_steps(record)
    n = len(record["actions"])
    assert len(hand["steps"]) == n + 1
    assert [a["action"] for a in hand["actions"]] == record["actions"]
    for cut in sorted({0, 1, n // 3, (2 * n) // 3, n - 1, n}):
        want = spectator_view(state_from_record({**record, "actions": record["actions"][:cut]}))
        assert expand(hand, cut) == want, cut
    # Every card of the deal is shown at the start: hands, face-up and face-down cards.
    start = hand["steps"][0]
    shown = [c for h in start["open"]["hands"] for c in h]
    shown += [c for seat in start["seats"] for c in seat["face_up"]]
    shown += [c for row in start["open"]["face_down"] for c in row if c]
    dealt = [c for s in record["layout"] for c in s["hand"] + s["face_up"] + s["face_down"]]
    assert sorted(shown) == sorted(dealt)
    end = replay(record)
    assert hand["score_row"]["loser"] == end["loser"]
    loser_only = [-1 if s == end["loser"] else 0 for s in range(record["players"])]
    assert hand["score_row"]["totals"] == loser_only
