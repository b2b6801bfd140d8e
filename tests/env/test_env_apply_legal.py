"""``Deal.apply_legal`` (the unchecked step the Gymnasium env's random bots take) changes a
deal exactly as ``apply`` does, and ``undo`` takes it back to the exact earlier state."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from paston.games.paston.rules import Rules
from paston.games.paston.shuffle import deal_until_playable
from paston.games.paston.state import Deal


def state_of(deal: Deal) -> tuple[Any, ...]:
    """Every slot of the deal but the undo history (lists as tuples, to compare)."""
    return tuple(
        tuple(v) if isinstance(v, list) else v
        for name in Deal.__slots__
        if name != "_history"
        for v in [getattr(deal, name)]
    )


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**32), st.sampled_from(["two_handed", "whister_plays_both_open"]), st.booleans()
)
def test_apply_legal_matches_apply_and_undoes(seed: int, lone_whist: str, jumps: bool) -> None:
    rules = Rules(lone_whist_mode=lone_whist, allow_jump_bids=jumps)
    rng = random.Random(seed)
    checked = deal_until_playable(dealer=seed % 3, first_deal=False, rules=rules, rng=rng)[-1]
    trusted = checked.copy()
    before: list[tuple[Any, ...]] = []
    while checked.to_act is not None:
        legal = checked.legal_actions()
        assert trusted.legal_actions() == legal
        action = legal[rng.randrange(len(legal))]
        before.append(state_of(trusted))
        checked.apply(action)
        trusted.apply_legal(action)
        assert state_of(trusted) == state_of(checked)
    assert trusted.scores == checked.scores
    for state in reversed(before):
        trusted.undo()
        assert state_of(trusted) == state
