"""The scoring lines the view carries after a deal: they come from the reference function and
add up to ``V`` and to the scores (spec §10)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from paston.games.paskievics.bots.heuristic import HeuristicBot
from paston.games.paskievics.bots.random_bot import RandomBot
from paston.games.paskievics.record import load_record
from paston.games.paskievics.rules import PaskievicsRules
from paston.games.paskievics.scoring import D, DealFacts, ValueLine, deal_value
from paston.games.paskievics.state import PaskievicsState
from paston.games.paskievics.table_views import spectator_view
from paston.games.paskievics.view import build_view

from .bots.test_heuristic import new_deal, random_rules
from .worked import R92, R93


def check_adds_up(lines: dict[str, Any], state: PaskievicsState) -> None:
    if lines["value_total"] is not None:
        assert sum(line["amount"] for line in lines["value"]) == lines["value_total"]
        if state.rules.tarokk_count_payment != "team":
            assert lines["value_total"] == state.value
    per_seat = [sum(line["amounts"][s] for line in lines["seats"]) for s in range(state.seats)]
    assert [x * lines["multiplier"] for x in per_seat] == lines["scores"] == list(state.scores)
    for line in lines["value"] + lines["seats"]:
        assert line["text"] == line["english"].format(**line["params"])
        assert line["key"].startswith("pk.line.")


def test_the_worked_deal_9_3_reads_line_by_line() -> None:
    # HT-SPEC practice 3 (spec S30): game 2 + ultimó 10 + silent catch 21 + silent trull 1.
    state = load_record(R93)
    assert isinstance(state, PaskievicsState)
    lines = build_view(state, 1).data["score_lines"]
    got = [(x["item"], x["outcome"], x["amount"]) for x in lines["value"]]
    assert got == [("game", "won", 2), ("trull", "silent", 1), ("ultimo", "made", 10),
                   ("catch", "silent", 21)]  # fmt: skip
    assert lines["value_total"] == 34
    assert lines["value"][2]["text"] == "Pagát ultimó announced by the declarer's side: made"
    assert [x["key"] for x in lines["seats"]] == ["pk.line.pairs", "pk.line.count"]
    assert lines["seats"][1]["amounts"] == [3, -1, -1, -1]
    check_adds_up(lines, state)


def test_the_worked_deal_9_2_shows_the_kontra_levels() -> None:
    state = load_record(R92)
    assert isinstance(state, PaskievicsState)
    lines = spectator_view(state)["score_lines"]
    trull = next(x for x in lines["value"] if x["item"] == "trull")
    assert trull["announced"] and trull["kontra"] == 2 and trull["amount"] == 8
    assert "(rekontra)" in trull["text"]
    check_adds_up(lines, state)


def test_no_lines_before_the_end() -> None:
    state = new_deal(1, 4)
    assert build_view(state, state.to_act).data["score_lines"] is None


def test_collector_lines_equal_the_value_on_spec_rows() -> None:
    # S22: double and volát announced, 80 points, 8 tricks: +16 − 24.
    lines: list[ValueLine] = []
    facts = DealFacts(80, 8, None, None, None, False, False, None)
    announced = {(D, "double"): 0, (D, "volat"): 0}
    value = deal_value(PaskievicsRules(), 4, facts, announced, 0, lines)
    assert value == -8
    assert [(x.item, x.outcome, x.amount) for x in lines] == [
        ("double", "made", 16),
        ("volat", "failed", -24),
    ]


@pytest.mark.parametrize("players", [4, 5])
def test_lines_add_up_on_random_deals_and_flags(players: int) -> None:
    rng = random.Random(players)
    seen = 0
    for seed in range(60):
        rules = random_rules(rng, players) if seed % 2 else None
        state = new_deal(seed, players, rules)
        bots = [HeuristicBot(), RandomBot(seed)]
        while not state.is_over:
            bot = bots[(state.to_act + seed) % 2] if seed % 3 else bots[0]
            state.apply(bot.act(build_view(state, state.to_act)))
        lines = build_view(state, state.active[0]).data["score_lines"]
        if state.thrown_in in ("pass-out", "annulled"):
            assert lines is None
            continue
        check_adds_up(lines, state)
        seen += 1
    assert seen > 20
