"""The replay viewer's JavaScript replayer (static/engine.js) agrees with the engine: the same
game records give the same phases, declarers, contracts, tricks, scores and totals."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pw_helpers import Server

from paston import Game, Rules, game_record, replay

pytestmark = pytest.mark.browser

VARIANTS = [
    {},
    {"lone_whist_mode": "whister_plays_both_open", "surrender_multiplied": True},
    {"no_whist_multiplied": False, "multiply_defender_scores": False, "neg121_reset": "off"},
    {"allow_jump_bids": True, "spade_run_redeal": "missing_k_or_a", "target": 60},
]


def random_game(seed: int, flags: dict[str, Any]) -> dict[str, Any]:
    rng = random.Random(seed)
    game = Game(rules=Rules.from_dict(flags), rng=rng)
    while not game.over and len(game.deals) < 30:
        deal = game.new_deal()
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
    return game_record(game)


def test_js_replayer_matches_the_engine(server: Server, new_page: Any) -> None:
    records = [random_game(seed, VARIANTS[seed % len(VARIANTS)]) for seed in range(12)]
    page = new_page()
    page.goto(server.base + "/static/index.html")
    got = page.evaluate(
        """async (records) => {
            const { replayGame } = await import('/static/engine.js');
            return records.map((rec) => {
                const g = replayGame(rec);
                return {
                    totals: g.totals,
                    deals: g.deals.map((d) => {
                        const s = d.steps[d.steps.length - 1];
                        return {
                            steps: d.steps.length,
                            phase: s.phase,
                            declarer: s.declarer,
                            contract: s.contract,
                            tricks: s.tricksWon,
                            scores: s.scores,
                            redeal: s.redeal,
                        };
                    }),
                };
            });
        }""",
        records,
    )
    for record, js in zip(records, got, strict=True):
        want = replay(record)
        assert js["totals"] == want["totals"]
        for deal, mine, theirs in zip(record["deals"], js["deals"], want["deals"], strict=True):
            assert mine["steps"] == len(deal["actions"]) + 1
            assert mine["phase"] == theirs["phase"]
            assert mine["declarer"] == theirs["declarer"]
            assert mine["contract"] == theirs["contract"]
            assert mine["tricks"] == theirs["tricks"]
            assert mine["scores"] == theirs["scores"]
            assert mine["redeal"] == theirs["redeal"]
