"""Views (paris.md §10 and the JSON shape front-ends read), the table hooks, sessions, and
Paris as the platform sees it (the registry, ``GameInfo``, ``paston.replay`` dispatch)."""

from __future__ import annotations

import json
import random

import pytest
from paris_helpers import load_data, play, position

from paston.core.protocol import GameInfo, Match, State, View
from paston.core.registry import game_for_record, get_game
from paston.core.registry import replay as platform_replay
from paston.games.paris.actions import NUM_ACTIONS, PICKUP, READY
from paston.games.paris.match import ParisMatch, session_from_record
from paston.games.paris.record import replay
from paston.games.paris.rules import FLAGS, ParisRules, RuleError
from paston.games.paris.shuffle import deal_game
from paston.games.paris.table_views import default_action, reveal, spectator_view
from paston.games.paris.view import ParisView

C3 = load_data("c3_seed2008_game.json")

VIEW_KEYS = {
    "game", "seat", "players", "dealer", "phase", "to_act", "legal", "hand", "seats", "pile",
    "top", "effective_top", "seven", "deck", "burned", "burned_cards", "finished", "loser",
    "ranking", "turns", "starter", "swaps_left", "ready", "events",
}  # fmt: skip


def c3_after(k: int):  # type: ignore[no-untyped-def]
    return play({**C3, "actions": C3["actions"][:k]})


def test_view_shape_and_the_seat_to_act_alone_has_legal_actions() -> None:
    state = c3_after(13)
    assert isinstance(state, State)
    for seat in range(3):
        view = state.view(seat)
        assert isinstance(view, ParisView) and isinstance(view, View)
        out = view.to_json()
        assert set(out) >= VIEW_KEYS
        assert json.loads(json.dumps(out)) == out
        assert out["game"] == "paris" and out["seat"] == seat and out["players"] == 3
        assert (out["legal"] != []) == (seat == state.to_act)
        assert len(view.legal) == len(out["legal"])
        assert out["hand"] == sorted(out["hand"], key=lambda c: ("3456789TJQKA2".index(c[0]), c[1]))
        assert out["swaps_left"] == [0, 1, 2] and out["ready"] == [True] * 3


def test_view_events_after_a_four_of_a_kind_burn() -> None:
    out = c3_after(13).view(0).to_json()
    events = out["events"]
    assert [e["action"] for e in events[:3]] == ["swap KH 7D", "swap JC 8D", "ready"]
    last = events[-1]
    assert last == {"seat": 1, "action": "play 6H", "burn": "four", "drew": 1}
    assert all(e["burn"] is None for e in events[9:-1])
    assert out["burned"] == 5 and out["burned_cards"] == ["3D", "6C", "6C", "6H", "6H"]


def test_view_top_and_seven() -> None:
    state = play(position("s0 H[5C 7D 8H TD 2S]; s1 H[AS]; s2 H[KH]; pile [4C 7S]"))
    out = state.view(1).to_json()
    assert out["top"] == "7S" and out["effective_top"] == "7S" and out["seven"] is True
    assert out["hand"] == ["AS"] and out["legal"] == []
    assert out["seats"][0] == {
        "hand": 5, "face_up": [], "face_down_slots": [], "finished": False,
    }  # fmt: skip
    state.apply("play 5C")
    out = state.view(1).to_json()
    assert (out["top"], out["seven"]) == ("5C", False)
    assert out["legal"] == ["play AS"]
    empty = play(position("s0 H[5C]; fillers")).view(0).to_json()
    assert (empty["top"], empty["effective_top"], empty["seven"]) == (None, None, False)


def test_view_events_of_pickups_and_blind_cards() -> None:
    state = play(position("s0 D[8H 4D KD]; fillers; pile [JC QS]"), "blind 1")
    event = state.view(2).to_json()["events"][-1]
    assert event == {
        "seat": 0, "action": "blind 1", "burn": None, "picked_up": 3,
        "picked_up_cards": ["JC", "QS", "4D"], "blind_card": "4D", "fit": False,
    }  # fmt: skip
    state = play(position("s0 D[8H 3C KD]; fillers; pile [6C]"), "blind 0")
    event = state.view(1).to_json()["events"][-1]
    assert (event["blind_card"], event["fit"], event["drew"]) == ("8H", True, 0)
    # Nobody, the owner included, sees a face-down card before it is turned.
    assert "3C" not in json.dumps(state.view(0).to_json())


def test_spectator_view_has_no_hand_and_no_legal_actions() -> None:
    state = c3_after(40)
    out = spectator_view(state)
    assert out["seat"] is None and out["hand"] == [] and out["legal"] == []
    assert out["seats"] == state.view(1).to_json()["seats"]


def test_reveal_only_once_over() -> None:
    with pytest.raises(ValueError):
        reveal(c3_after(40))
    shown = reveal(play(C3), 2)
    assert shown["deal"] == 2 and shown["loser"] == 2 and shown["ranking"] == [0, 1, 2]
    assert len(shown["hands"][2]) == 7 and shown["face_down"][2][2] is not None
    assert shown["actions"] == C3["actions"]


def test_default_action_for_a_timed_out_seat() -> None:
    assert default_action(deal_game(4, seed=1)) == READY
    state = play(position("s0 H[9D 9C KH 3C]; fillers; pile [8C]"))
    assert state.action_str(default_action(state)) == "play 9C"
    state = play(position("s0 H[3C]; fillers; pile [8C]"))
    assert default_action(state) == PICKUP
    state = play(position("s0 D[– 8C 9C]; fillers; pile [8D]"))
    assert state.action_str(default_action(state)) == "blind 1"


# ----------------------------------------------------------------- the platform


def test_game_info() -> None:
    info = get_game("paris")
    assert isinstance(info, GameInfo)
    assert info.name == "paris" and info.seat_counts == tuple(range(2, 10))
    assert info.default_seats == 4
    assert info.formats == ("paris-game/1", "paris-position/1")
    assert info.num_actions == NUM_ACTIONS
    assert [f.name for f in info.flags] == [f.name for f in FLAGS]
    assert all(f.help and f.help.endswith(".") for f in info.flags)
    assert {f.name: f.default for f in info.flags} == {
        "start_rule": "seat_order",
        "starter_plays_all_lowest": False,
        "ten_grants_extra_turn": True,
        "voluntary_pickup": False,
        "play_faceup_with_last_hand": False,
        "max_turns": 10000,
    }
    assert game_for_record(C3) is info
    assert platform_replay(C3) == replay(C3)
    assert info.parse_rules({"voluntary_pickup": True}) == ParisRules(voluntary_pickup=True)
    with pytest.raises(RuleError, match="rules: unknown flag 'x'"):
        info.parse_rules({"x": 1})
    parse = info.play.parse_action
    assert parse is not None and parse("PICKUP") == PICKUP


def test_render_view_gives_text() -> None:
    from paston.games.paris.text import render_view

    text = render_view(c3_after(20).view(0))
    assert isinstance(text, str) and text


def test_a_session_rotates_the_deal_to_the_loser_and_counts_games_lost() -> None:
    info = get_game("paris")
    match = info.new_match(3, {"max_turns": 300}, 1, games=3)
    assert isinstance(match, ParisMatch) and isinstance(match, Match)
    assert match.current is None and not match.over and match.totals == (0.0, 0.0, 0.0)
    rng = random.Random(7)
    losers = []
    while not match.over:
        state = match.next_state(rng)
        assert state.dealer == (losers[-1] if losers else 1)
        with pytest.raises(ValueError):
            match.next_state(rng)
        while not state.is_over:
            state.apply(default_action(state))
        losers.append(state.loser)
    assert match.totals == tuple(-float(losers.count(s)) for s in range(3))
    with pytest.raises(ValueError):
        match.next_state(rng)
    record = json.loads(json.dumps(match.record({"event": "club"})))
    assert record["format"] == "paris-session/1" and record["meta"] == {"event": "club"}
    again = info.load_record(record)
    assert isinstance(again, ParisMatch) and again.totals == match.totals
    bad = json.loads(json.dumps(record))
    bad["games"][1]["dealer"] = (bad["games"][1]["dealer"] + 1) % 3
    with pytest.raises(Exception, match="the dealer must be"):
        session_from_record(bad)


def test_a_one_game_session_records_a_game_record() -> None:
    match = get_game("paris").new_match(4)
    state = match.next_state(random.Random(1))
    state.apply("ready")
    record = match.record()
    assert record["format"] == "paris-game/1" and record["actions"] == ["ready"]
    assert replay(record)["to_act"] == 2
