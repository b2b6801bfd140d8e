"""Non-default flags that change play or scoring, each on a worked record of the notation or
a fixed random position (paskievics.md §13, §15)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from paston.core.errors import IllegalAction
from paston.games.paskievics.record import replay
from paston.games.paskievics.rules import PaskievicsRules
from paston.games.paskievics.shuffle import deal_cards
from paston.games.paskievics.state import PaskievicsState

from .worked import R91, R92, R93, R94, prefix


def flagged(record: dict[str, Any], k: int | None = None, **flags: Any) -> dict[str, Any]:
    out = copy.deepcopy(record) if k is None else prefix(record, k)
    out["rules"] = flags
    return out


def test_team_tarokk_count_moves_v() -> None:
    out = replay(flagged(R93, tarokk_count_payment="team"))
    assert out["value"] == 34  # V is reported without the count
    assert out["scores"] == [35, -35, 35, -35]


def test_kovacs_bonus_values() -> None:
    out = replay(flagged(R93, bonus_values="kovacs"))
    assert out["value"] == 2 + 12 + 30 + 1  # game, ultimó, silent catch, silent trull
    assert out["scores"] == [48, -46, 44, -46]


def test_self_call_any_held_adds_the_declarers_tarokks() -> None:
    out = replay(flagged(R91, 9, self_call="any_held"))
    assert sorted(out["legal"]) == sorted(
        ["call T20", "call T19", "call T16", "call T14", "call T10", "call T6"]
    )
    alone = replay(
        flagged({**R91, "actions": [*R91["actions"][:9], "call T19"]}, self_call="any_held")
    )
    assert (alone["partner"], alone["alone"]) == (0, True)
    assert sorted(replay(prefix(R91, 9))["legal"]) == ["call T20"]


def test_tarokks_discarded_only_as_a_last_resort() -> None:
    assert len(replay(flagged(R94, 6, tarokk_discard_last_resort=True))["legal"]) == 3
    with pytest.raises(IllegalAction) as info:
        replay(flagged(R94, 10, tarokk_discard_last_resort=True))
    assert str(info.value).startswith('deal 1, action 10 "discard T4": ')


def test_acceptor_must_announce_trull_or_ultimo() -> None:
    assert "pass" not in replay(flagged(R92, 10, acceptor_must_announce=True))["legal"]
    assert "pass" in replay(prefix(R92, 10))["legal"]
    assert replay(flagged(R92, acceptor_must_announce=True))["scores"] == [10, 10, -10, -10]


def test_volat_restrictions() -> None:
    pagat = replay({**R94, "actions": [*R94["actions"][:11], "volat"]})
    assert "double" not in pagat["legal"] and "trull" in pagat["legal"]
    tour = flagged(R94, volat_restrictions="tournament")
    tour["actions"] = [*R94["actions"][:11], "volat"]
    assert {"double", "trull", "kings"}.isdisjoint(replay(tour)["legal"])
    tour["actions"] = [*R94["actions"][:11], "double", "volat"]
    assert replay(tour)["announcements"][-1]["item"] == "volat"
    with pytest.raises(IllegalAction):
        replay({**tour, "rules": {}})


# Seed 11 (dealer 3) after these actions: the seat to act is unrevealed, the presumed side is
# not his, and he holds 8 or 9 tarokks he has not counted (found by a search of random deals).
COUNT_POSITION = (
    "pass, pass, solo, pass, discard QD TS, discard T5 CS, discard T8 AH, call T20, ultimo, "
    "trull, volat, catch, kings, pass, kontra game, kings, kontra kings, double, kontra catch, "
    "trull, kontra ultimo, kontra volat, ultimo, catch, kontra trull, pass"
)


@pytest.mark.parametrize("identifies", [False, True])
def test_count_identifies_side(identifies: bool) -> None:
    hands, talon, dealer = deal_cards(random.Random(11), 3)
    state = PaskievicsState(hands, talon, dealer, PaskievicsRules(count_identifies_side=identifies))
    for text in COUNT_POSITION.split(", "):
        state.apply(text)
    seat = state.to_act
    assert seat is not None and not state.is_revealed(seat)
    assert state.side(seat) != state.presumed
    count = f"tarokks {state._tarokks(seat)}"
    legal = {state.action_str(a) for a in state.legal_actions()}
    assert (count in legal) is not identifies


def test_xx_discardable_and_the_call_cascade() -> None:
    at7 = replay(flagged(R91, 7, xx_discardable=True))
    assert at7["to_act"] == 2 and "discard T20" in at7["legal"]
    assert "discard T20" not in replay(prefix(R91, 7))["legal"]
    record = flagged(R91, xx_discardable=True)
    record["actions"] = [*R91["actions"][:7], "discard T20", "discard CD"]
    out = replay(record)
    assert out["legal"] == ["call T20"]
    record["actions"].append("call T20")
    out = replay(record)
    assert (out["partner"], out["alone"]) == (0, True)
    record["actions"] += ["pass", "pass"]  # the declarer's turn ends, seat 1 says nothing
    office = replay(record)
    assert office["to_act"] == 2 and office["legal"] == ["kontra game"]  # kontra by office
    # the yielder keeps the XX: seat 0's discard turn in §9.2
    assert "discard T20" not in replay(flagged(R92, 8, xx_discardable=True))["legal"]
    # the XX in the declarer's own discard: case 3 without T20
    own = flagged(R93, xx_discardable=True)
    own["actions"] = [*R93["actions"][:6], "discard T20 JS", *R93["actions"][7:10]]
    assert replay(own)["legal"] == ["call T19"]


def test_three_with_only_trull_is_not_played() -> None:
    record = flagged(R91, three_trull_not_played=True)
    record["actions"] = [*R91["actions"][:10], "trull", "pass", "pass", "pass", "pass"]
    out = replay(record)
    assert (out["phase"], out["value"], out["tricks"], out["card_points"]) == (
        "scored",
        3,
        [],
        None,
    )
    assert out["scores"] == [3, -3, 3, -3]
    record["rules"] = {}
    assert replay(record)["phase"] == "play"


def test_trull_conventions() -> None:
    assert "trull" in replay(prefix(R93, 11))["legal"]
    assert "trull" not in replay(flagged(R93, 11, trull_conventions=True))["legal"]
    assert replay(flagged(R92, trull_conventions=True))["scores"] == [10, 10, -10, -10]
