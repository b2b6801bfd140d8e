"""Hypothesis properties of the Paris engine over random legal play, 2-9 players, random
flags: the 104 cards are conserved, the invariants of paris.md §8 hold, every game ends,
``undo`` restores the exact state, records replay exactly, the checker agrees with the legal
list, action strings parse back, and no view holds a card its seat may not know."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paris_helpers import all_cards

from paston.games.paris.actions import NUM_ACTIONS, action_str, parse_action, written_of
from paston.games.paris.cards import CARD_NAMES, TEN
from paston.games.paris.record import game_record, position_record, state_from_record, summary
from paston.games.paris.rules import ParisRules
from paston.games.paris.shuffle import deal_game
from paston.games.paris.state import ParisState

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

rules_st = st.builds(
    ParisRules,
    start_rule=st.sampled_from(["seat_order", "most_lowest"]),
    starter_plays_all_lowest=st.booleans(),
    ten_grants_extra_turn=st.booleans(),
    voluntary_pickup=st.booleans(),
    play_faceup_with_last_hand=st.booleans(),
    # Uniformly random play takes ~1,500 turns a game; short limits keep the suite fast and
    # exercise the turn-limit end, the long one lets most games end normally.
    max_turns=st.sampled_from([25, 150, 600, 10000]),
)
game_st = st.tuples(
    st.integers(2, 9), st.integers(0, 2**64 - 1), st.integers(0, 8), rules_st, st.randoms()
)


def new_game(players: int, seed: int, dealer: int, rules: ParisRules) -> ParisState:
    return deal_game(players, seed=seed, dealer=dealer % players, rules=rules)


def play_low(state: ParisState, rng: random.Random) -> int:
    """Mostly the lowest legal action (games end like a simple bot's), sometimes random."""
    legal = state.legal_actions()
    return legal[0] if rng.random() < 0.7 else rng.choice(legal)


def check_invariants(state: ParisState) -> None:
    cards = all_cards(state)
    assert sum(cards.values()) == 104
    assert set(cards.values()) == {2} and len(cards) == 52
    h = state.hand_size
    for seat in range(state.players):
        if state.deck_count and not state.has_finished(seat):
            assert state.hand_count(seat) >= h  # I1
        if state.has_finished(seat):
            assert state.held(seat) == 0
    pile = state.pile
    if pile:
        assert pile[-1] >> 2 != TEN  # I2
        top = pile[-1] >> 2
        assert sum(1 for _ in _run(pile, top)) < 4
    if state.is_over:
        assert state.legal_actions() == []
        assert state.ranking is not None and sorted(state.ranking) == list(range(state.players))
        assert state.ranking[-1] == state.loser
        assert state.result().count(-1.0) == 1
    else:
        assert state.legal_actions()  # I5
        assert not state.has_finished(state.to_act or 0)
    assert state.turns <= state.rules.max_turns


def _run(pile: tuple[int, ...], rank: int) -> Any:
    for card in reversed(pile):
        if card >> 2 != rank:
            return
        yield card


@SETTINGS
@given(game_st)
def test_random_games_conserve_cards_keep_invariants_and_end(args: Any) -> None:
    players, seed, dealer, rules, rng = args
    state = new_game(players, seed, dealer, rules)
    check_invariants(state)
    steps = 0
    while not state.is_over:
        state.apply(play_low(state, rng))
        steps += 1
        check_invariants(state)
        assert steps <= rules.max_turns + 4 * players  # the game always ends
    assert state.end in ("last_player", "turn_limit")
    if state.end == "last_player":
        assert len(state.finished) == players - 1
    else:
        assert state.turns == rules.max_turns


@SETTINGS
@given(game_st, st.integers(1, 120))
def test_undo_restores_the_exact_state(args: Any, length: int) -> None:
    players, seed, dealer, rules, rng = args
    state = new_game(players, seed, dealer, rules)
    snapshots = [state.snapshot()]
    taken = []
    for _ in range(length):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())
        state.apply(action)
        state.view(rng.randrange(players))  # views fill a cache that undo must trim
        taken.append(action)
        snapshots.append(state.snapshot())
    copy = state.copy()
    while taken:
        assert state.undo() == taken.pop()
        snapshots.pop()
        assert state.snapshot() == snapshots[-1]
    # The copy is independent of the original's undo, and can undo by itself.
    assert copy.snapshot() != state.snapshot() or not copy.history
    while copy.history:
        copy.undo()
    assert copy.snapshot() == state.snapshot()


@SETTINGS
@given(game_st, st.integers(0, 400))
def test_records_replay_exactly(args: Any, length: int) -> None:
    players, seed, dealer, rules, rng = args
    state = new_game(players, seed, dealer, rules)
    for _ in range(length):
        if state.is_over:
            break
        state.apply(play_low(state, rng))
    record = json.loads(json.dumps(game_record(state, {"event": "test"})))
    assert record["meta"] == {"event": "test"}
    again = state_from_record(record)
    assert again.snapshot() == state.snapshot()
    assert summary(again) == summary(state)
    if state.phase == "play" and not state.opening:
        position = json.loads(json.dumps(position_record(state)))
        from_position = state_from_record(position)
        expected = {k: v for k, v in summary(state).items() if k not in ("starter", "burned_cards")}
        got = {
            k: v for k, v in summary(from_position).items() if k not in ("starter", "burned_cards")
        }
        assert got == expected
        # And both go on alike.
        for _ in range(30):
            if state.is_over:
                break
            action = rng.choice(state.legal_actions())
            state.apply(action)
            from_position.apply(action)
        assert summary(from_position)["legal"] == summary(state)["legal"]
        assert summary(from_position)["seats"] == summary(state)["seats"]
        # A position record of a position-born state writes the starting position back.
        assert (
            state_from_record(game_record(from_position)).snapshot()["hands"]
            == (from_position.snapshot()["hands"])
        )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_st, st.integers(0, 300))
def test_checker_agrees_with_the_legal_list_and_strings_parse_back(args: Any, length: int) -> None:
    players, seed, dealer, rules, rng = args
    state = new_game(players, seed, dealer, rules)
    for _ in range(length):
        if state.is_over:
            break
        state.apply(play_low(state, rng))
    legal = set(state.legal_actions())
    assert len(legal) == len(state.legal_actions())
    for action in range(NUM_ACTIONS):
        reason = state.check(written_of(action))
        assert (reason is None) == (action in legal), (action_str(action), reason)
    for action in legal:
        assert parse_action(action_str(action)) == action
        assert parse_action(action_str(action).upper()) == action


# ----------------------------------------------------------------- no leaks

_CARD_PATHS = {
    ("hand",),
    ("legal",),
    ("seats", "face_up"),
    ("pile",),
    ("top",),
    ("effective_top",),
    ("burned_cards",),
    ("events", "action"),
    ("events", "picked_up_cards"),
    ("events", "blind_card"),
}
_CARD_SET = set(CARD_NAMES)
_RANKS = "3456789TJQKA2"


def _fits(rank: int, pile: list[str]) -> bool:
    """§6.2, written independently of the engine: may ``rank`` go on ``pile``?"""
    if not pile or rank == _RANKS.index("T"):
        return True
    top = _RANKS.index(pile[-1][0])
    if top == _RANKS.index("7"):
        return rank <= top
    return rank >= top


def _card_leaves(node: Any, path: tuple[str, ...]) -> list[tuple[tuple[str, ...], str]]:
    """Every string in the JSON that names a card, with its path (list indices dropped)."""
    if isinstance(node, dict):
        return [leaf for k, v in node.items() for leaf in _card_leaves(v, (*path, k))]
    if isinstance(node, list):
        return [leaf for v in node for leaf in _card_leaves(v, path)]
    if isinstance(node, str) and any(t in _CARD_SET for t in node.split()):
        return [(path, node)]
    return []


@SETTINGS
@given(game_st, st.integers(0, 500))
def test_no_view_holds_a_card_its_seat_may_not_know(args: Any, length: int) -> None:
    players, seed, dealer, rules, rng = args
    state = new_game(players, seed, dealer, rules)
    # The public record of every action, kept independently of the engine's events.
    seen: list[dict[str, Any]] = []
    for _ in range(length):
        if state.is_over:
            break
        action = play_low(state, rng)
        seat = state.to_act
        assert seat is not None
        pile_before = [CARD_NAMES[c] for c in state.pile]
        slots_before = state.face_down(seat)
        state.apply(action)
        text = action_str(action)
        event: dict[str, Any] = {"seat": seat, "action": text}
        if text == "pickup":
            event["picked_up_cards"] = pile_before
        if text.startswith("blind"):
            flipped = slots_before[int(text.split()[1])]
            event["blind_card"] = CARD_NAMES[flipped]
            event["fit"] = _fits(flipped >> 2, pile_before)
            if not event["fit"]:
                event["picked_up_cards"] = [*pile_before, CARD_NAMES[flipped]]
        seen.append(event)
    for viewer in range(players):
        out = state.view(viewer).to_json()
        assert out["hand"] == [CARD_NAMES[c] for c in state.hand(viewer)]
        assert out["legal"] == ([] if state.to_act != viewer else state.legal_strs())
        for s, part in enumerate(out["seats"]):
            assert set(part) == {"hand", "face_up", "face_down_slots", "finished"}
            assert part["face_up"] == [CARD_NAMES[c] for c in state.face_up(s)]
            assert part["hand"] == state.hand_count(s)
        assert out["pile"] == [CARD_NAMES[c] for c in state.pile]
        assert out["burned_cards"] == [CARD_NAMES[c] for c in state.burned_cards]
        for path, _ in _card_leaves(out, ()):
            assert path in _CARD_PATHS, path
        assert len(out["events"]) == len(seen)
        for got, expected in zip(out["events"], seen, strict=True):
            for key, value in expected.items():
                assert got[key] == value, (key, got, expected)
    spectator = summary(state)  # the replay object is the same for every viewer
    for path, _ in _card_leaves({k: v for k, v in spectator.items() if k != "legal"}, ()):
        assert path in {("pile",), ("burned_cards",), ("seats", "face_up_cards")}, path
