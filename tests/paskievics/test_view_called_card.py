"""Who may know the partnership when the called card lies in a discard (spec §7.3, §7.4, §12).

The declarer knows whether he called himself; when the card he called lies in another player's
discard he does not know it (the card might be in a hand) until that player's first
announcement turn makes it public. Only the discarder knows earlier that the declarer is alone.
"""

from __future__ import annotations

from paston.games.paskievics.cards import parse_card
from paston.games.paskievics.platform import parse_rules
from paston.games.paskievics.state import PaskievicsState
from paston.games.paskievics.table_views import spectator_view

HANDS = [
    "T18 T15 T13 T10 T8 T4 T1 CD TS",
    "T21 T17 T16 T9 T7 KH QH JD QS",
    "T12 T3 JH KD QD AD KC JC CS",
    "T20 T19 T14 T6 T5 CH AH CC JS",
]
TALON = "TC T11 QC SK KS T2"
# Seat 1 bids solo; seat 3 discards T5, which the declarer then calls (a free call).
ACTIONS = ["pass", "solo", "pass", "pass", "discard AD TC", "discard T5 CH", "discard T13 T10"]


def _state() -> PaskievicsState:
    hands = [[parse_card(c) for c in h.split()] for h in HANDS]
    talon = [parse_card(c) for c in TALON.split()]
    state = PaskievicsState(hands, talon, dealer=3, rules=parse_rules({"free_call": "always"}))
    for action in ACTIONS:
        state.apply(action)
    state.apply("call T5")
    assert (state.declarer, state.office, state.to_act) == (1, 3, 1)
    return state


def _partnership(state: PaskievicsState, seat: int | None) -> tuple[object, object, object]:
    data = spectator_view(state) if seat is None else state.view(seat).to_json()
    return data["partner"], data["alone"], data["sides"]


def test_only_the_discarder_knows_before_his_first_turn() -> None:
    state = _state()
    for seat in (None, 0, 1, 2):
        partner, alone, sides = _partnership(state, seat)
        assert partner is None and alone is None, seat
        # Sides known: the declarer's, and the viewer's own.
        assert set(sides) <= {"1", str(seat)}, (seat, sides)
    assert _partnership(state, 3)[:2] == (1, True)
    state.apply("pass")  # the declarer ends his first turn; seat 2's turn
    assert state.to_act == 2
    assert _partnership(state, 1)[:2] == (None, None)


def test_everybody_knows_from_the_discarders_first_turn() -> None:
    state = _state()
    state.apply("pass")
    state.apply("pass")  # now seat 3, the discarder of the called card, is to act
    assert state.to_act == 3
    for seat in (None, 0, 1, 2, 3):
        partner, alone, sides = _partnership(state, seat)
        assert (partner, alone) == (1, True), seat
        assert sides == {"0": "defenders", "1": "declarer", "2": "defenders", "3": "defenders"}
