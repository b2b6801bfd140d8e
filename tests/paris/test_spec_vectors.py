"""Every worked vector of paris.md §12 (V01-V42), one named test each."""

from __future__ import annotations

import pytest
from paris_helpers import cs, hand, legal, load_data, names, play, position

from paston.core.errors import IllegalAction

FILLERS = "fillers"
SINGLES_S1 = {"play 3S", "play 5S", "play 6S", "play 8S", "play AS"}


# ----------------------------------------------------------------- 12.1 pile rule, 7, 2, 10


def test_v01_on_a_seven_only_three_to_seven_and_ten() -> None:
    pos = position("s0 H[5C 7D 8H TD 2S]; s1 H[AS]; s2 H[KH]; pile [4C 7S]")
    assert legal(play(pos)) == {"play 5C", "play 7D", "play TD"}


def test_v02_the_seven_binds_one_play_only() -> None:
    pos = position("s0 H[4D 6H 2C]; fillers; pile [7S 5C]")
    assert legal(play(pos)) == {"play 6H", "play 2C"}


V03 = "s0 H[8C 7C 3D]; s1 H[8D 9D 7D]; s2 H[KH]; pile [7S 7H]"


def test_v03_seven_on_seven_renews_the_limit() -> None:
    assert legal(play(position(V03))) == {"play 3D", "play 7C"}


def test_v03b_after_a_third_seven_only_a_seven() -> None:
    state = play(position(V03), "play 7C")
    assert state.to_act == 1
    assert names(state.pile) == ["7S", "7H", "7C"]
    assert legal(state) == {"play 7D"}


def test_v03c_four_sevens_burn_and_give_an_extra_play() -> None:
    state = play(position(V03), "play 7C", "play 7D")
    assert state.burned == 4
    assert state.pile == ()
    assert state.to_act == 1
    assert legal(state) == {"play 8D", "play 9D"}


def test_v04_two_is_highest_without_reset() -> None:
    pos = position("s0 H[3C KS 2H]; s1 H[AC 2D TS QH]; s2 H[KH]; pile [KD]")
    assert legal(play(pos)) == {"play KS", "play 2H"}
    state = play(pos, "play 2H")
    assert state.to_act == 1
    assert names(state.pile) == ["KD", "2H"]
    assert legal(state) == {"play TS", "play 2D"}


def test_v05_two_may_not_go_on_a_seven() -> None:
    assert legal(play(position("s0 H[2H 9S]; fillers; pile [7C]"))) == {"pickup"}


def test_v06_ten_burns_refill_and_extra_play() -> None:
    pos = position(
        "s0 H[4C 9D TD JS QS]; s1 H[3S 5S 6S 8S AS]; s2 H[3D 5D 8D JD KH]; "
        "pile [5C 8H 2S]; deck [3H KH 6C 6D]"
    )
    state = play(pos, "play TD")
    assert state.burned == 4
    assert names(state.burned_cards) == ["5C", "8H", "2S", "TD"]
    assert state.pile == ()
    assert hand(state, 0) == ["3H", "4C", "9D", "JS", "QS"]
    assert state.deck_count == 3
    assert state.to_act == 0
    assert legal(state) == {"play 3H", "play 4C", "play 9D", "play JS", "play QS"}


def test_v07_ten_goes_on_a_seven() -> None:
    pos = position("s0 H[TC 9S]; fillers; pile [7C]")
    assert legal(play(pos)) == {"play TC"}
    state = play(pos, "play TC")
    assert (state.burned, state.pile, state.to_act) == (2, (), 0)
    assert legal(state) == {"play 9S"}


# ----------------------------------------------------------------- 12.2 four of a kind

V08 = "s0 H[6C JD]; s1 H[6D 6H KD]; s2 H[6S AD]; pile [4H]"


def test_v08_four_of_a_kind_building_across_players() -> None:
    state = play(position(V08), "play 6C", "play 6D 6H")
    assert state.to_act == 2
    assert names(state.pile) == ["4H", "6C", "6D", "6H"]
    assert legal(state) == {"play 6S", "play AD"}


def test_v08b_four_of_a_kind_across_three_players_burns() -> None:
    state = play(position(V08), "play 6C", "play 6D 6H", "play 6S")
    assert (state.burned, state.pile, state.to_act, state.turns) == (5, (), 2, 3)
    assert legal(state) == {"play AD"}


def test_v09_three_played_onto_one() -> None:
    state = play(position("s0 H[9C 9D 9S QH]; fillers; pile [5C 9H]"), "play 9C 9D 9S")
    assert (state.burned, state.pile, state.to_act) == (5, (), 0)
    assert legal(state) == {"play QH"}


V10 = "s0 H[8C 8D KD]; fillers; pile [6C 6D 8H 8S]"


def test_v10_only_the_top_run_counts() -> None:
    state = play(position(V10), "play 8C")
    assert state.burned == 0
    assert names(state.pile) == ["6C", "6D", "8H", "8S", "8C"]
    assert state.to_act == 1


def test_v10b_two_more_make_four_on_top() -> None:
    state = play(position(V10), "play 8C 8D")
    assert (state.burned, state.pile, state.to_act) == (6, (), 0)
    assert legal(state) == {"play KD"}


# ----------------------------------------------------------------- 12.3 refill


def test_v11_refill_before_the_extra_play() -> None:
    pos = position(
        "s0 H[TC TD TH TS TS]; s1 H[3S 5S 6S 8S AS]; s2 H[3D 5D 8D JD KH]; pile [QC]; "
        "deck [4S JC 5D 8D 3C 9C KH]"
    )
    state = play(pos, "play TC TD TH TS TS")
    assert state.burned == 6
    assert hand(state, 0) == ["3C", "4S", "5D", "8D", "JC"]
    assert names(state.deck) == ["9C", "KH"]
    assert state.to_act == 0
    assert legal(state) == {"play 3C", "play 4S", "play 5D", "play 8D", "play JC"}


def test_v12_deck_runs_out_during_the_refill() -> None:
    pos = position(
        "s0 H[5C 5D 5H JS QS]; s1 H[3S 5S 6S 8S AS]; s2 H[3D 6D 8D JD KH]; pile [4C]; deck [2C 8S]"
    )
    state = play(pos, "play 5C 5D 5H")
    assert hand(state, 0) == ["8S", "JS", "QS", "2C"]
    assert state.deck_count == 0
    assert names(state.pile) == ["4C", "5C", "5D", "5H"]
    assert state.to_act == 1
    assert legal(state) == {"play 5S", "play 6S", "play 8S", "play AS"}


def test_v13_a_big_hand_draws_nothing() -> None:
    pos = position(
        "s0 H[5C 5D 6H JS QS KD KH AC]; s1 H[3S 5S 6S 8S AS]; s2 H[3D 6D 8D JD KH]; "
        "pile [4C]; deck [2C 8S 9S 9H 4H]"
    )
    state = play(pos, "play KD KH")
    assert hand(state, 0) == ["5C", "5D", "6H", "JS", "QS", "AC"]
    assert state.deck_count == 5
    assert names(state.pile) == ["4C", "KD", "KH"]
    assert state.to_act == 1
    assert legal(state) == {"play AS"}


def test_v14_two_players_refill_to_ten() -> None:
    pos = position(
        "s0 H[3C 3D 3H 5S 6S 8C 9D JH QS AS]; s1 H[4S 4H 6C 7C 7D 8D 9S JC QD 2D]; "
        "deck [4C 4D KH KS 5H]",
        players=2,
        dealer=1,
    )
    state = play(pos, "play 3C 3D 3H")
    assert state.hand_count(0) == 10
    assert {"4C", "4D", "KH"} <= set(hand(state, 0))
    assert state.deck_count == 2
    assert state.to_act == 1
    singles = {f"play {c}" for c in cs("4S 4H 6C 7C 7D 8D 9S JC QD 2D")}
    assert legal(state) == singles | {"play 4H 4S", "play 7C 7D"}
    assert len(legal(state)) == 12


# ----------------------------------------------------------------- 12.4 pick-up


def test_v15_forced_pickup_without_draw_then_empty_pile() -> None:
    pos = position(
        "s0 H[3C 4S 5S 9D KH]; s1 H[3S 5C 6S 8S AS]; s2 H[3D 6D 8D JD KH]; "
        "pile [8C JD AS]; deck [2C 8S 9S 9H 4H 7C]"
    )
    assert legal(play(pos)) == {"pickup"}
    state = play(pos, "pickup")
    assert hand(state, 0) == ["3C", "4S", "5S", "8C", "9D", "JD", "KH", "AS"]
    assert state.deck_count == 6
    assert state.pile == ()
    assert state.to_act == 1
    assert legal(state) == {"play 3S", "play 5C", "play 6S", "play 8S", "play AS"}


V16 = "s0 H[3C 9D KH]; fillers; pile [8C]"


def test_v16_no_voluntary_pickup_by_default() -> None:
    assert legal(play(position(V16))) == {"play 9D", "play KH"}


def test_v16b_voluntary_pickup_flag() -> None:
    state = play(position(V16, rules={"voluntary_pickup": True}))
    assert legal(state) == {"play 9D", "play KH", "pickup"}


def test_v16c_never_pickup_on_an_empty_pile() -> None:
    state = play(position("s0 H[3C 9D KH]; fillers", rules={"voluntary_pickup": True}))
    assert legal(state) == {"play 3C", "play 9D", "play KH"}


def test_v16d_voluntary_pickup_in_the_face_down_stage() -> None:
    pos = position("s0 H[] U[] D[4C 5C –]; fillers; pile [8C]", rules={"voluntary_pickup": True})
    assert legal(play(pos)) == {"pickup", "blind 0", "blind 1"}


# ----------------------------------------------------------------- 12.5 face-up, face-down

V17 = "s0 H[] U[9C 9D QH] D[4C 5C 6C]; fillers; pile [8S]"


def test_v17_face_up_multi_card_play() -> None:
    assert legal(play(position(V17))) == {"play 9C", "play 9D", "play 9C 9D", "play QH"}


def test_v17b_face_up_play_leaves_the_rest() -> None:
    state = play(position(V17), "play 9C 9D")
    assert names(state.pile) == ["8S", "9C", "9D"]
    assert names(state.face_up(0)) == ["QH"]
    assert state.to_act == 1


def test_v18_no_face_up_card_fits_pick_up_and_keep_them() -> None:
    pos = position("s0 H[] U[4C 5D] D[4C 5C 6C]; fillers; pile [9C JH]")
    assert legal(play(pos)) == {"pickup"}
    state = play(pos, "pickup")
    assert hand(state, 0) == ["9C", "JH"]
    assert names(state.face_up(0)) == ["4C", "5D"]
    assert state.pile == ()
    assert state.to_act == 1


def test_v18c_back_to_the_hand_first() -> None:
    pos = position("s0 H[9C JH] U[4C 5D] D[4C 5C 6C]; fillers")
    assert legal(play(pos)) == {"play 9C", "play JH"}


def test_v19_blind_play_that_fits() -> None:
    pos = position("s0 H[] U[] D[8H 3C KD]; fillers; pile [6C]")
    assert legal(play(pos)) == {"blind 0", "blind 1", "blind 2"}
    state = play(pos, "blind 0")
    assert names(state.pile) == ["6C", "8H"]
    assert state.face_down_slots(0) == (1, 2)
    assert state.to_act == 1


def test_v20_blind_play_that_does_not_fit() -> None:
    state = play(position("s0 D[8H 4D KD]; fillers; pile [JC QS]"), "blind 1")
    assert hand(state, 0) == ["4D", "JC", "QS"]
    assert state.face_down_slots(0) == (0, 2)
    assert state.pile == ()
    assert (state.to_act, state.turns) == (1, 1)


def test_v21_blind_card_onto_a_seven() -> None:
    state = play(position("s0 D[– 9C KD]; fillers; pile [7D]"), "blind 1")
    assert hand(state, 0) == ["7D", "9C"]
    assert state.pile == ()
    assert state.to_act == 1


def test_v22_blind_card_on_an_empty_pile_always_fits() -> None:
    state = play(position("s0 D[3C – –]; fillers"), "blind 0")
    assert names(state.pile) == ["3C"]
    assert state.finished == (0,)
    assert state.to_act == 1
    assert legal(state) == {"play AS"}


def test_v28_extra_play_from_the_face_up_cards() -> None:
    state = play(position("s0 H[TS] U[4C JD] D[]; fillers; pile [9C]"), "play TS")
    assert (state.burned, state.to_act) == (2, 0)
    assert legal(state) == {"play 4C", "play JD"}


V29 = "s0 H[9C] U[9D 9H KS] D[]; fillers; pile [5C]"


def test_v29_hand_and_face_up_never_mix_by_default() -> None:
    assert legal(play(position(V29))) == {"play 9C"}
    with pytest.raises(IllegalAction) as info:
        play(position(V29), "play 9C 9D 9H")
    assert info.value.reason.startswith("not held")


def test_v29b_last_hand_card_with_face_up_cards_under_the_flag() -> None:
    pos = position(V29, rules={"play_faceup_with_last_hand": True})
    assert legal(play(pos)) == {"play 9C", "play 9C 9D", "play 9C 9H", "play 9C 9D 9H"}
    state = play(pos, "play 9C 9D 9H")
    assert names(state.pile) == ["5C", "9C", "9D", "9H"]
    assert names(state.face_up(0)) == ["KS"]
    assert state.to_act == 1


# ----------------------------------------------------------------- 12.6 going out, the end


def test_v23_out_on_a_ten_burn_gets_no_extra_play() -> None:
    state = play(position("s0 D[– – TH]; s1 H[5C]; s2 H[AS QD]; pile [KC 2D]"), "blind 2")
    assert state.burned == 3
    assert state.finished == (0,)
    assert state.pile == ()
    assert state.to_act == 1
    assert legal(state) == {"play 5C"}


def test_v24_out_on_a_four_of_a_kind_burn() -> None:
    state = play(position("s0 U[KS KS] D[]; s1 H[5C]; s2 H[AS QD]; pile [KC KD]"), "play KS KS")
    assert (state.burned, state.finished, state.pile, state.to_act) == (4, (0,), (), 1)


def test_v25_going_out_on_a_seven_binds_the_next_player() -> None:
    pos = position("s0 U[7H] D[]; s1 H[8C 5D]; s2 H[AS]; s3 H[QS]; pile [4C]", players=4)
    state = play(pos, "play 7H")
    assert state.finished == (0,)
    assert names(state.pile) == ["4C", "7H"]
    assert state.to_act == 1
    assert legal(state) == {"play 5D"}


def test_v26_the_next_player_skips_finished_seats() -> None:
    pos = position("s0 H[3C QS]; s2 H[9S KD]; s3 H[4S 6D]; pile [8C]", players=4, finished=(1,))
    state = play(pos, "play QS")
    assert state.to_act == 2
    assert legal(state) == {"play KD"}


def test_v27_end_of_the_game() -> None:
    pos = position("s0 H[JC 5H]; s2 H[AH]; pile [9D]", finished=(1,), to_act=2)
    state = play(pos, "play AH")
    assert state.finished == (1, 2)
    assert state.loser == 0
    assert state.ranking == (1, 2, 0)
    assert state.is_over and state.phase == "over"
    assert state.to_act is None
    assert state.legal_actions() == []
    assert state.end == "last_player"
    assert state.result() == (-1.0, 0.0, 0.0)
    for action in ("play JC", "pickup", "ready", "blind 0"):
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
        assert info.value.reason == "game over"


# ----------------------------------------------------------------- 12.7 flags, duplicates, limit


def test_v30_ten_without_extra_turn_flag() -> None:
    pos = position("s0 H[TC 9S]; fillers; pile [7C]", rules={"ten_grants_extra_turn": False})
    state = play(pos, "play TC")
    assert (state.burned, state.to_act) == (2, 1)


def test_v30b_four_tens_at_once_still_earn_the_extra_play() -> None:
    pos = position(
        "s0 H[TC TD TH TS 9S]; fillers; pile [7C]", rules={"ten_grants_extra_turn": False}
    )
    state = play(pos, "play TC TD TH TS")
    assert (state.burned, state.to_act) == (5, 0)


def test_v31_duplicate_cards() -> None:
    pos = position("s0 H[7H 7H 7S 4C]; fillers; pile [5D]")
    assert legal(play(pos)) == {
        "play 7H",
        "play 7S",
        "play 7H 7H",
        "play 7H 7S",
        "play 7H 7H 7S",
    }
    with pytest.raises(IllegalAction) as info:
        play(pos, "play 7H 7H 7H")
    assert info.value.reason.startswith("not held")


def test_v32_turn_limit() -> None:
    pos = position(
        "s0 H[3C QS KD] U[5C] D[8C – –]; s2 H[9S KD] D[2C – AD]; s3 H[4S 6D] U[6S]; pile [8C]",
        players=4,
        dealer=3,
        turns=39,
        finished=(1,),
        rules={"max_turns": 40},
    )
    state = play(pos, "play QS")
    assert state.turns == 40
    assert state.is_over and state.end == "turn_limit"
    assert [state.held(s) for s in (0, 2, 3)] == [4, 4, 3]
    assert state.ranking == (1, 3, 0, 2)
    assert state.loser == 2


def test_v33_a_legal_endless_loop() -> None:
    pos = position(
        "s0 H[7H 7H 2H] U[9S] D[3S KC AD]; s1 H[QS 2D] U[6S QH 2D] D[AS 4H AH]; s2 H[7D 9C 9D 9H]"
    )
    start = play(pos)
    state = start.copy()
    for _ in range(3):
        for action in ("play 7H 7H", "pickup", "play 7D", "pickup"):
            if action == "pickup":
                assert state.legal_strs() == ["pickup"]  # every pick-up is forced
            state.apply(action)
    assert state.turns == 12
    for seat in range(3):
        assert state.hand(seat) == start.hand(seat)
        assert state.face_up(seat) == start.face_up(seat)
        assert state.face_down(seat) == start.face_down(seat)
    assert (state.pile, state.to_act, state.finished) == (start.pile, start.to_act, ())


# ----------------------------------------------------------------- 12.8 start rule, swaps

C2 = load_data("c2_start_and_swaps.json")
READY4 = ("ready",) * 4


def c2(*actions: str, **rules: object) -> dict[str, object]:
    return {**C2, "rules": dict(rules), "actions": list(actions)}


def test_v34_swap_phase_begins_left_of_the_dealer() -> None:
    state = play(c2())
    assert (state.phase, state.to_act) == ("swap", 0)
    swaps = {f"swap {x} {y}" for x in cs("3C 8D 9D JC QC") for y in cs("QH KH AS")}
    assert legal(state) == swaps | {"ready"}
    assert len(swaps) == 15


def test_v35_first_holder_of_the_lowest_rank_starts() -> None:
    state = play(c2(*READY4))
    assert (state.phase, state.starter) == ("play", 0)
    assert legal(state) == {"play 3C"}


def test_v36_most_lowest_start_rule() -> None:
    state = play(c2(*READY4, start_rule="most_lowest"))
    assert state.starter == 2
    assert legal(state) == {"play 3D", "play 3H", "play 3D 3H"}


def test_v37_starter_plays_all_lowest() -> None:
    state = play(c2(*READY4, start_rule="most_lowest", starter_plays_all_lowest=True))
    assert state.starter == 2
    assert legal(state) == {"play 3D 3H"}


def test_v38_a_swap_moves_the_only_three_face_up() -> None:
    state = play(c2("swap 3C AS", *READY4))
    assert state.starter == 2


def test_v39_no_three_in_any_hand_the_fours_start() -> None:
    state = play(c2("swap 3C AS", "ready", "ready", "swap 3D 6C", "swap 3H JD", "ready", "ready"))
    assert (state.starter, state.to_act) == (1, 1)
    assert legal(state) == {"play 4S"}


def test_v40_opening_play_must_be_the_starting_rank() -> None:
    with pytest.raises(IllegalAction) as info:
        play(c2(*READY4, "play 8D"))
    assert info.value.position == 5
    assert info.value.reason.startswith("starter")


def test_v41_a_fourth_swap_is_over_the_limit() -> None:
    with pytest.raises(IllegalAction) as info:
        play(c2("swap 3C QH", "swap 8D KH", "swap 9D AS", "swap JC QH"))
    assert info.value.position == 4
    assert info.value.reason.startswith("swap limit")


def test_v42_the_opening_play_draws_back_up() -> None:
    state = play(c2(*READY4, "play 3C"))
    assert state.hand_count(0) == 5
    assert state.deck_count == 59
    assert (state.to_act, state.turns) == (1, 1)
