"""The Paskievics engine's shortcuts change nothing it answers (hypothesis, random deals under
random rule flags).

* The legal list kept until the next action (and the announcements' facts kept per list)
  equals a list worked out afresh, on a copy that keeps no memo.
* An action changes only the fields its undo snapshot records (``snapshot_fields``: a
  few for an announcement or a card, by kind): every other field stays the very same
  object.
* A copy's own hands, changed in place (a sampled world), give the copy's legal lists, not
  the original's.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from paston.games.paskievics.rules import _SPEC, PaskievicsRules
from paston.games.paskievics.shuffle import deal_cards
from paston.games.paskievics.state import _MUTABLE, PaskievicsState, snapshot_fields

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def random_rules(rng: random.Random, players: int) -> PaskievicsRules:
    """Every play-affecting flag of §15 drawn at random."""
    flags: dict[str, Any] = {"players": players}
    for name, (_default, kind, limits, _help) in _SPEC.items():
        if name in ("players", "game_deals"):
            continue
        if kind == "bool":
            flags[name] = rng.random() < 0.5
        elif kind == "choice":
            flags[name] = rng.choice(limits)
        elif name == "max_kontra":
            flags[name] = rng.randint(1, 5)
        elif name == "trial_bid_penalty":
            flags[name] = rng.randint(0, 3)
    return PaskievicsRules(**flags)


def random_deal(seed: int, players: int, varied: bool) -> tuple[PaskievicsState, random.Random]:
    rng = random.Random(seed)
    rules = random_rules(rng, players) if varied else PaskievicsRules(players=players)
    hands, talon, dealer = deal_cards(rng, rng.randrange(players), players)
    return PaskievicsState(hands, talon, dealer, rules), rng


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, players=st.sampled_from([4, 5]), varied=st.booleans())
def test_kept_legal_lists_equal_fresh_ones(seed: int, players: int, varied: bool) -> None:
    state, rng = random_deal(seed, players, varied)
    while not state.is_over:
        legal = state.legal_actions()
        assert state.legal_actions() == legal  # the kept list, asked again
        fresh = state.copy()  # keeps no legal list and no announcements' facts of its own
        fresh._kontra_memo = None
        assert fresh.legal_actions() == legal
        assert fresh._legal_now() == legal
        state.apply(legal[rng.randrange(len(legal))])
    assert state.legal_actions() == []


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, players=st.sampled_from([4, 5]), varied=st.booleans())
def test_actions_change_only_the_fields_their_snapshot_keeps(
    seed: int, players: int, varied: bool
) -> None:
    state, rng = random_deal(seed, players, varied)
    checked = 0
    while not state.is_over:
        legal = state.legal_actions()
        phase = state.phase
        before = {name: getattr(state, name) for name in _MUTABLE}
        state.apply(legal[rng.randrange(len(legal))])
        names = set(snapshot_fields(phase, state.history[-1]))
        for name in _MUTABLE:
            if name not in names:
                assert getattr(state, name) is before[name], (phase, state.history[-1], name)
        checked += len(names) < len(_MUTABLE)
    assert checked > 0 or state.phase == "thrown-in"


def test_a_copy_with_its_hands_changed_in_place_answers_for_itself() -> None:
    state, rng = random_deal(11, 4, False)
    while state.phase != "announce" or state.called is None:
        if state.is_over:
            state, _ = random_deal(rng.randrange(2**32), 4, False)
            continue
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    seat = state.to_act
    assert seat is not None
    before = state.legal_actions()
    world = state.copy()
    others = [c for s in state.active if s != seat for c in state.hands[s]]
    world.hands[seat] = set(others[: len(state.hands[seat])])  # another hand, in place
    assert world.legal_actions() == world._legal_now()
    assert state.legal_actions() == before
