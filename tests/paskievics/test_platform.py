"""Paskievics through the platform: the descriptor, dispatch by format, the command line
(``replay``, ``show``, ``deal``), the random bot on views, spectators and the reveal."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import paston
from paston.core.protocol import Match, State, View
from paston.core.registry import game_for_record, get_game
from paston.games.paskievics.actions import NUM_ACTIONS
from paston.games.paskievics.cards import CARD_NAMES

from .worked import R91, R94, r95

GAME = get_game("paskievics")


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "paston", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_descriptor() -> None:
    assert (GAME.name, GAME.seat_counts, GAME.num_actions) == ("paskievics", (4, 5), NUM_ACTIONS)
    assert GAME.formats == ("paskievics-deal/1", "paskievics-game/1")
    assert all(flag.help and "\n" not in flag.help for flag in GAME.flags)
    assert len(GAME.flags) == 33 and GAME.flag("hold_rule") is not None
    assert game_for_record(R91) is GAME


def test_paston_replay_dispatches_on_the_format() -> None:
    assert paston.replay(copy.deepcopy(R91))["scores"] == [1, -1, 1, -1]
    assert paston.replay(r95())["totals"] == [68, -68, 68, -68]


def test_cli_replay_and_its_error_line(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(R91))
    ok = cli("replay", str(good))
    assert ok.returncode == 0 and json.loads(ok.stdout)["card_points"]["declarer"] == 61
    bad = copy.deepcopy(R94)
    bad["actions"][24] = "T21"
    failed = cli("replay", "-", stdin=json.dumps(bad))
    assert failed.returncode == 2 and failed.stdout == ""
    lines = failed.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith('error: deal 1, action 25 "T21": ')
    flagged = copy.deepcopy(R91)
    flagged["rules"] = {"hold_rule": "x"}
    refused = cli("replay", "-", stdin=json.dumps(flagged))
    assert refused.returncode == 2 and refused.stderr.startswith("error: ")


def test_cli_deal_then_replay_and_show(tmp_path: Path) -> None:
    dealt = cli("deal", "--game", "paskievics", "--seed", "5", "--players", "5", "--dealer", "2")
    assert dealt.returncode == 0, dealt.stderr
    record = json.loads(dealt.stdout)
    assert record["format"] == "paskievics-deal/1" and record["hands"][2] == []
    out = paston.replay(record)
    assert (out["phase"], out["to_act"], out["forehand"]) == ("bidding", 3, 3)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(R91))
    shown = cli("show", str(path))
    assert shown.returncode == 0 and "card points 61/33" in shown.stdout


def test_a_match_of_random_bots_through_views() -> None:
    match = GAME.new_match(4, GAME.parse_rules({"game_deals": 2}), 1)
    assert isinstance(match, Match)
    bots = [GAME.play.bots[0].factory(seed=s) for s in range(4)]
    rng = random.Random(5)
    while not match.over:
        state = match.next_state(rng)
        assert isinstance(state, State)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            assert isinstance(view, View) and view.legal
            state.apply(bots[seat].act(view))
        reveal = GAME.table.reveal(state)
        dealt = [c for h in reveal["hands"] for c in h] + reveal["talon"]
        if state.thrown_in is None:
            assert sorted(dealt) == sorted(CARD_NAMES)
        else:  # never played out: nothing of it is shown (rules §12)
            assert dealt == [] and reveal["actions"] == []
    assert sum(match.totals) == 0
    record = match.record()
    assert paston.replay(record)["totals"] == [int(t) for t in match.totals]


def test_spectator_sees_no_card_held_or_discarded() -> None:
    state: Any = GAME.load_record(copy.deepcopy({**R94, "actions": R94["actions"][:30]}))
    default_action = GAME.table.default_action
    assert default_action is not None
    seen = GAME.table.spectator_view(state)
    assert seen["hand"] == [] and seen["legal"] == []
    held = {CARD_NAMES[c] for h in state.hands for c in h}
    text = json.dumps({k: v for k, v in seen.items() if k != "actions"})
    assert not any(f'"{card}"' in text for card in held)
    assert all(isinstance(d, int) for d in seen["discards"])
    assert default_action(state) in state.legal_actions()


@pytest.mark.parametrize("seats", [4, 5])
def test_new_match_takes_the_table_size(seats: int) -> None:
    match = GAME.new_match(seats, GAME.parse_rules({}), 0)
    assert match.players == seats
    state = match.next_state(random.Random(1))
    assert state.players == seats


def test_spectator_does_not_learn_a_hidden_partner() -> None:
    state: Any = GAME.load_record(copy.deepcopy({**R91, "actions": R91["actions"][:16]}))
    assert state.partner == 2 and not state.all_revealed
    seen = GAME.table.spectator_view(state)
    assert seen["partner"] is None and seen["alone"] is None and seen["sides"] == {"0": "declarer"}
    assert state.view(1).to_json()["partner"] is None
    assert state.view(2).to_json()["partner"] == 2


def test_a_thrown_in_deal_reveals_no_card() -> None:
    """Rules §12: a thrown-in deal's hands stay hidden (the reveal showed every hand, the
    talon and the discards to everyone after a pass-out)."""
    match = GAME.new_match(4, GAME.parse_rules({}), 0)
    state = match.next_state(random.Random(3))
    while not state.is_over:
        state.apply("pass")
    assert state.thrown_in == "pass-out"
    reveal = GAME.table.reveal(state)
    assert reveal["hands"] == [[], [], [], []] and reveal["talon"] == []
    assert reveal["discards"] == [[], [], [], []] and reveal["actions"] == []
    assert reveal["thrown_in"] == "pass-out"
