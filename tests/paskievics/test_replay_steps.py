"""The browser replay's steps of a Paskievics record (replay_steps): one view per action, built
by the engine, agreeing with ``paston replay`` at every prefix of the worked records."""

from __future__ import annotations

import pytest

from paston.core.errors import RecordError
from paston.games.paskievics.record import replay
from paston.games.paskievics.replay_steps import replay_steps

from .worked import R91, R92, R93, R94, R96, prefix, r95

# Every key the browser's renderer reads from a step (besides the seat view's own keys).
SHOWN = ("phase", "to_act", "declarer", "talon_split", "called", "announcements", "tricks", "trick")


@pytest.mark.parametrize(
    "record", [R91, R92, R93, R94, R96], ids=["9.1", "9.2", "9.3", "9.4", "9.6"]
)
def test_each_step_is_the_replay_of_that_prefix(record: dict) -> None:
    (deal,) = replay_steps(record)
    assert len(deal["steps"]) == len(record["actions"]) + 1
    assert [a["action"] for a in deal["actions"]] == record["actions"]
    for k, step in enumerate(deal["steps"]):
        expected = replay(prefix(record, k))
        for key in SHOWN:
            assert step[key] == expected[key], (k, key)
        assert step["discards"] == expected["discards"]
        assert step["legal"] == []
        # Every card is somewhere: in a hand, the talon not yet handed out, a discard, a trick.
        held = sum(len(h) for h in step["hands_now"])
        talon = 0 if step["talon_split"] is not None else 6
        discarded = sum(len(d) for d in step["discards"])
        played = sum(len(t["cards"]) for t in step["tricks"]) + len(step["trick"])
        assert held + talon + discarded + played == 42, k
    assert deal["actions"][0]["seat"] == (record["dealer"] + 1) % len(record["hands"])


def test_the_last_step_of_a_finished_deal_reveals_it() -> None:
    (deal,) = replay_steps(R91)
    assert deal["over"]["scores"] == [1, -1, 1, -1]
    assert deal["over"]["talon"] == R91["talon"]
    assert deal["steps"][-1]["value"] == 1
    assert deal["steps"][6]["talon_received"] == ["CH", "AD", "TS"]  # seat 0 is drawn below


def test_a_game_record_gives_the_steps_of_each_deal() -> None:
    deals = replay_steps(r95())
    assert [len(d["steps"]) for d in deals] == [5, len(R94["actions"]) + 1]
    assert deals[0]["steps"][-1]["thrown_in"] == "pass-out"
    assert deals[1]["steps"][0]["multiplier"] == 2


def test_an_unfinished_deal_has_no_reveal_and_a_bad_record_is_a_record_error() -> None:
    (deal,) = replay_steps(prefix(R91, 7))
    assert deal["over"] is None and len(deal["steps"]) == 8
    with pytest.raises(RecordError):
        replay_steps({"format": "paskievics-deal/1", "dealer": 9, "hands": [], "talon": []})
