"""Bad records and illegal actions: ``paston.replay`` raises ``RecordError`` (malformed
records) and ``IllegalAction`` (illegal actions), with the messages of notation.md."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from engine_helpers import GOLDEN, make_deal

from paston import IllegalAction, RecordError, replay
from paston.games.paston.state import Deal


def golden(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text())
    return data


def error_of(record: Any) -> RecordError:
    with pytest.raises(RecordError) as exc:
        replay(record)
    return exc.value


def test_exception_hierarchy() -> None:
    assert issubclass(IllegalAction, RecordError)
    assert issubclass(RecordError, ValueError)


# ----------------------------------------------------------------- malformed records


def three() -> dict[str, Any]:
    return golden("three_handed")


@pytest.mark.parametrize("record", [[1], "x", 3, None])
def test_not_an_object(record: Any) -> None:
    err = error_of(record)
    assert not isinstance(err, IllegalAction)
    assert str(err).startswith("a record is a JSON object, not ")


@pytest.mark.parametrize("key", ["dealer", "first_deal", "hands", "prikup", "actions"])
def test_missing_key(key: str) -> None:
    rec = three()
    del rec[key]
    assert str(error_of(rec)) == f"missing key '{key}' in the deal record"


def test_missing_format() -> None:
    rec = three()
    del rec["format"]
    assert "missing key 'format'" in str(error_of(rec))


@pytest.mark.parametrize("fmt", ["paston-deal/2", "paston", 1])
def test_wrong_format_string(fmt: Any) -> None:
    rec = three()
    rec["format"] = fmt
    assert str(error_of(rec)).startswith(f"unknown format {fmt!r}")


def test_wrong_card_count() -> None:
    rec = three()
    rec["hands"][1] = rec["hands"][1][:9]
    assert str(error_of(rec)) == "hand of seat 1 has 9 cards, not 10"
    rec = three()
    rec["prikup"] = rec["prikup"] + ["AS"]
    assert "the prikup has 3 cards, not 2" in str(error_of(rec))


def test_wrong_number_of_hands() -> None:
    rec = three()
    rec["hands"] = rec["hands"][:2]
    assert "three hands" in str(error_of(rec))


def test_duplicated_card() -> None:
    rec = three()
    rec["hands"][1][0] = "AS"
    assert str(error_of(rec)) == "card AS is dealt twice (again to seat 1)"
    rec = three()
    rec["hands"][0][1] = "AS"
    assert str(error_of(rec)) == "hand of seat 0: card AS appears twice"
    rec = three()
    rec["prikup"] = ["8D", "AS"]
    assert str(error_of(rec)) == "card AS is both in a hand and in the prikup"


@pytest.mark.parametrize("card", ["XS", "1S", "AX", "", "ASS"])
def test_unknown_card(card: str) -> None:
    rec = three()
    rec["hands"][2][3] = card
    msg = str(error_of(rec))
    assert msg.startswith(f"hand of seat 2: not a card: {card!r}")


def test_unknown_flag() -> None:
    rec = three()
    rec["rules"] = {"jump_bids": True}
    assert str(error_of(rec)).startswith("unknown rule flag 'jump_bids' (known flags: ")


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("dealer", 3, "dealer must be a seat 0, 1 or 2, not 3"),
        ("dealer", True, "dealer must be a seat 0, 1 or 2, not True"),
        ("first_deal", "yes", "first_deal must be true or false, not 'yes'"),
        ("actions", "pass", "'actions' must be a list of strings"),
        ("hands", "AS", "'hands' must be a list of three lists of cards"),
        ("prikup", "8D 7D", "'prikup' must be a list of two cards"),
    ],
)
def test_ill_typed_fields(key: str, value: Any, message: str) -> None:
    rec = three()
    rec[key] = value
    assert str(error_of(rec)) == message


def test_input_card_forms_accepted() -> None:
    rec = three()
    rec["hands"][0] = ["a♠", "KS", "qs", "J♠", "10♠", "AH", "KH", "QH", "AC", "KC"]
    rec["actions"] = [a.lower() for a in rec["actions"]]
    rec["actions"][3] = "Discard kc ac"
    assert replay(rec)["scores"] == [10, 0, -10]


# ----------------------------------------------------------------- game records


def game() -> dict[str, Any]:
    return golden("short_game")


def test_game_breaking_the_rotation() -> None:
    rec = game()
    rec["deals"][2]["dealer"] = 1  # deal 3 re-deals after a spade run: seat 2 must deal
    assert str(error_of(rec)) == "deal 3: the dealer must be seat 2 by the rotation, not 1"
    rec = game()
    rec["deals"][3]["dealer"] = 1  # deal 4: left of seat 2 is seat 0
    assert str(error_of(rec)) == "deal 4: the dealer must be seat 0 by the rotation, not 1"
    rec = game()
    rec["deals"][1]["first_deal"] = True
    assert str(error_of(rec)) == "deal 2: first_deal must be false here, not true"


def test_game_unfinished_deal_followed_by_another() -> None:
    rec = game()
    rec["deals"][0]["actions"] = rec["deals"][0]["actions"][:5]
    msg = str(error_of(rec))
    assert msg == "deal 1 is not finished (phase defence) but another deal follows"


def test_game_deal_after_the_game_ended() -> None:
    rec = game()
    extra = copy.deepcopy(rec["deals"][3])
    extra["dealer"] = 1
    rec["deals"].append(extra)
    assert str(error_of(rec)) == "the game ended after deal 4; no deal may follow"


def test_game_deal_with_other_rules_or_format() -> None:
    rec = game()
    rec["deals"][2]["rules"] = {"target": 50}
    assert "deal 3: a deal inside a game takes the game's rules" in str(error_of(rec))
    rec = game()
    rec["deals"][1]["format"] = "paston-game/1"
    assert str(error_of(rec)) == "deal 2: 'format' of a deal must be 'paston-deal/1'"
    rec = game()
    rec["deals"][1] = 7
    assert str(error_of(rec)) == "deal 2: a deal record is a JSON object"
    rec = game()
    rec["deals"][1]["hands"][0][0] = "AS"
    assert str(error_of(rec)).startswith("deal 2: card AS is dealt twice")


def test_game_without_deals_list() -> None:
    rec = game()
    del rec["deals"]
    assert "missing key 'deals'" in str(error_of(rec))


# ----------------------------------------------------------------- illegal actions


def illegal(record: dict[str, Any]) -> IllegalAction:
    err = error_of(record)
    assert isinstance(err, IllegalAction)
    return err


def test_must_follow_suit_message() -> None:
    rec = three()
    rec["actions"][9] = "8H"  # seat 2, spades led, holds 7S
    err = illegal(rec)
    assert str(err) == 'action 10 "8H": must follow suit (spades led, 8H is a heart; holds 7S)'
    assert err.position == 10 and err.action == "8H"
    assert err.reason == "must follow suit (spades led, 8H is a heart; holds 7S)"
    assert err.legal == ("7S",)


def test_must_trump_message() -> None:
    rec = three()
    rec["actions"][21] = "AH"  # seat 0, clubs led, no clubs, spades trumps
    assert str(illegal(rec)) == (
        'action 22 "AH": must play a trump (no clubs; spades are trumps; holds QS JS TS)'
    )


def test_message_keeps_the_action_as_written() -> None:
    rec = three()
    rec["actions"][9] = "8♥"
    assert str(illegal(rec)).startswith('action 10 "8♥": must follow suit (spades led, 8H is')


def test_in_game_message_names_the_deal() -> None:
    rec = game()
    rec["deals"][3]["actions"][5] = "whist"  # deal 4: seat 2 (left of 1) ... then seat 0
    rec["deals"][3]["actions"][6] = "gupa"
    assert str(illegal(rec)) == 'deal 4, action 7 "gupa": seat 0 must say whist or pass'


def test_notation_example_form() -> None:
    # notation.md: deal 3, action 12 "KS": must follow suit (hearts led, KS is a spade; holds 9H)
    hands = [
        ["AH", "AS", "QS", "JS", "8C", "7C", "AD", "KD", "QD", "JD"],
        ["9H", "KS", "TS", "9S", "8S", "7S", "AC", "KC", "QC", "TD"],
        ["KH", "QH", "JH", "TH", "8H", "7H", "JC", "TC", "9C", "8D"],
    ]

    def deal(dealer: int, first: bool, actions: list[str]) -> dict[str, Any]:
        return {
            "dealer": dealer,
            "first_deal": first,
            "hands": hands,
            "prikup": ["9D", "7D"],
            "actions": actions,
        }

    rec: dict[str, Any] = {
        "format": "paston-game/1",
        "rules": {},
        "deals": [
            # Deal 1: seat 2 deals, seat 0 holds J♠, bids and surrenders.
            deal(2, True, ["paston", "pass", "pass", "discard 9D 7D", "surrender"]),
            # Deal 2: seat 0 (deal 1's first bidder) deals; seat 1 bids first.
            deal(0, False, ["pass", "pass", "paston", "discard 9D 7D", "surrender"]),
            # Deal 3: seat 1 deals; seat 2 bids first; seat 0 declares dineri, both whist.
            # Trick 1: AD TD 8D, won by seat 0, who leads AH; seat 1 holds 9H, plays KS.
            deal(
                1,
                False,
                [
                    *["pass", "paston", "pass", "discard 9D 7D", "declare dineri"],
                    *["whist", "whist", "AD", "TD", "8D", "AH", "KS"],
                ],
            ),
        ],
    }
    err = illegal(rec)
    assert str(err) == (
        'deal 3, action 12 "KS": must follow suit (hearts led, KS is a spade; holds 9H)'
    )
    assert (err.deal, err.position, err.action) == (3, 12, "KS")


def test_not_a_string_action() -> None:
    rec = three()
    rec["actions"][5] = 5
    err = illegal(rec)
    assert str(err) == "action 6: an action must be a string, not 5"


def test_unparsable_action() -> None:
    rec = three()
    rec["actions"][1] = "trump"
    assert str(illegal(rec)).startswith("action 2 \"trump\": not an action: 'trump'")


def test_action_after_the_deal_ended() -> None:
    rec = three()
    rec["actions"].append("AS")
    assert str(illegal(rec)) == 'action 38 "AS": the deal is over (scored); no more actions'


def test_wrong_contract_after_the_bid() -> None:
    rec = three()
    rec["actions"][4] = "declare grkha"
    assert str(illegal(rec)) == (
        'action 5 "declare grkha": the final bid was paston, so the contract may be only: '
        "declare paston, declare glitch, declare dineri, declare gupa, surrender"
    )


def test_discarding_a_card_not_held() -> None:
    rec = three()
    rec["actions"][3] = "discard AC 7H"
    assert str(illegal(rec)).startswith('action 4 "discard AC 7H": seat 0 does not hold 7H;')


def test_card_not_in_hand_and_already_played() -> None:
    rec = three()
    rec["actions"][9] = "AD"  # seat 1 holds AD, not seat 2
    assert str(illegal(rec)) == 'action 10 "AD": AD is not in seat 2\'s hand; legal: 7S'
    rec = three()
    rec["actions"][10] = "AS"
    assert str(illegal(rec)).startswith('action 11 "AS": AS has already been played')


def test_illegal_action_leaves_the_deal_unchanged() -> None:
    deal = make_deal({}, dealer=2)
    before = (deal.phase, deal.to_act, list(deal.actions))
    for bad in ("glitch", "whist", "AS", "discard AS KS", "declare gupa", "nonsense"):
        with pytest.raises(IllegalAction) as exc:
            deal.apply(bad)
        assert exc.value.legal == ("pass", "paston")
        assert (deal.phase, deal.to_act, list(deal.actions)) == before
    assert isinstance(deal, Deal)


@pytest.mark.parametrize("dealer", [5, "0", True, None])
def test_game_first_deal_with_a_bad_dealer(dealer: Any) -> None:
    rec = game()
    rec["deals"][0]["dealer"] = dealer
    assert str(error_of(rec)) == f"deal 1: dealer must be a seat 0, 1 or 2, not {dealer!r}"


def test_game_first_deal_may_have_any_dealer() -> None:
    rec = game()
    for d in rec["deals"]:
        d["dealer"] = {0: 1, 2: 2}[d["dealer"]] if d is rec["deals"][0] else d["dealer"]
    # Deal 1 dealt by seat 1 instead of 0: still legal (J♠ holder seat 2 bids first), and
    # deal 2 is still dealt by seat 2.
    assert replay(rec)["winner"] == 1
