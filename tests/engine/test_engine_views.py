"""What one seat may see (rules.md §10): ``Deal.view(seat)`` and its JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest
from engine_helpers import GOLDEN, cards_mentioned, names, scripted

from paston import deal_from_record
from paston.games.paston.state import Deal


def golden_deal(name: str, n_actions: int | None = None) -> Deal:
    rec: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text())
    if n_actions is not None:
        rec["actions"] = rec["actions"][:n_actions]
    return deal_from_record(rec)


def test_own_hand_only_during_bidding() -> None:
    deal = golden_deal("three_handed", 1)
    for seat in range(3):
        js = deal.view(seat).to_json()
        assert cards_mentioned(js) == names(deal.dealt[seat])
        assert js["prikup"] is None and js["discards"] is None


def test_prikup_and_discards_only_for_the_declarer() -> None:
    deal = golden_deal("three_handed", 5)  # after "declare paston"
    decl = deal.view(0).to_json()
    assert decl["prikup"] == ["8D", "7D"] and decl["discards"] == ["AC", "KC"]
    assert ["0", "discard AC KC"] not in decl["history"]
    assert [0, "discard AC KC"] in decl["history"]
    for seat in (1, 2):
        js = deal.view(seat).to_json()
        assert js["prikup"] is None and js["discards"] is None
        assert [0, "discard"] in js["history"]
        assert not cards_mentioned(js) & {"8D", "7D", "AC", "KC"}


def test_legal_actions_only_for_the_seat_to_act() -> None:
    deal = golden_deal("three_handed", 8)  # seat 1 to follow AS
    assert deal.view(1).legal == tuple(deal.legal_actions())
    assert deal.view(0).legal == () and deal.view(2).legal == ()


def test_played_cards_are_public() -> None:
    deal = golden_deal("three_handed", 12)
    for seat in range(3):
        view = deal.view(seat)
        assert names(sum(1 << c for c in view.played)) == {"AS", "9S", "7S", "KS", "8S"}
        assert len(view.tricks) == 1 and view.tricks[0].winner == 0
        assert view.tricks_won == (1, 0, 0)


def test_two_handed_passers_hand_stays_hidden() -> None:
    deal = golden_deal("lone_whister")
    passer = names(deal.dealt[2])
    for seat in (0, 1):
        js = deal.view(seat).to_json()
        assert not cards_mentioned(js) & passer
        assert js["open_hands"] == {}
    assert cards_mentioned(deal.view(2).to_json()) >= passer


def test_spade_run_hand_is_shown_to_all() -> None:
    deal = golden_deal("spade_run")
    run = names(deal.dealt[0])
    for seat in range(3):
        js = deal.view(seat).to_json()
        assert js["redeal"] == "spade-run" and js["phase"] == "redeal"
        assert set(js["open_hands"]) == {"0"} and set(js["open_hands"]["0"]) == run
        assert cards_mentioned(js) == names(deal.dealt[seat]) | run


def test_all_pass_declarer_is_public() -> None:
    deal = golden_deal("all_pass", 3)
    for seat in range(3):
        js = deal.view(seat).to_json()
        assert js["declarer"] == 0 and js["all_pass"] is True


def test_open_lone_whist_hands_are_open() -> None:
    rec = scripted()["OPEN"]
    deal = deal_from_record({**rec, "actions": rec["actions"][:9]})
    for seat in range(3):
        open_hands = deal.view(seat).open_hands
        assert set(open_hands) == {1, 2}
        for s in (1, 2):
            assert names(sum(1 << c for c in open_hands[s])) == names(deal.hands[s])


def test_view_of_a_bad_seat() -> None:
    deal = golden_deal("three_handed", 0)
    with pytest.raises(ValueError):
        deal.view(3)


def test_view_json_is_json() -> None:
    deal = golden_deal("three_handed", 20)
    for seat in range(3):
        js = deal.view(seat).to_json()
        assert json.loads(json.dumps(js)) == js
        assert js["seat"] == seat and js["phase"] == "play"
        assert js["contract"] == "paston" and js["whisters"] == [1, 2]
