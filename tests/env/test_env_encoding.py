"""The information-state encodings: shapes, values, and above all no leak of hidden cards.

The leak tests build a second deal that differs from the first only in cards the viewer
may not see (the other hands, the prikup and, unless the viewer declares, the discards),
replay the same history on it, and require identical tensors, strings and masks.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paston.core.errors import IllegalAction
from paston.games.paston.actions import NUM_ACTIONS, discard_action, discard_cards, is_discard
from paston.games.paston.cards import JACK_SPADES, SEVEN_SPADES, cards_of
from paston.games.paston.encoding import (
    FIELDS,
    INFO_STATE_LAYOUT,
    OBSERVATION_LAYOUT,
    PHASES,
    dealing_view,
    describe_layout,
    encode,
    info_state_string,
    layout_for,
    legal_mask,
    observation_string,
    public_view,
)
from paston.games.paston.rules import Rules
from paston.games.paston.shuffle import deal_until_playable
from paston.games.paston.state import Deal
from paston.games.paston.view import SeatView


def random_deal(
    seed: int, steps: int, first_deal: bool = False, rules: Rules | None = None
) -> Deal:
    """A deal dealt from ``seed`` with up to ``steps`` random legal actions taken."""
    rng = random.Random(seed)
    deal = deal_until_playable(
        dealer=rng.randrange(3), first_deal=first_deal, rules=rules or Rules(), rng=rng
    )[-1]
    for _ in range(steps):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def hidden_cards(deal: Deal, seat: int) -> list[int]:
    """Cards whose place ``seat`` may not know (the J♠/7♠ markers excepted: an all-pass
    declarer reveals them, spec §10)."""
    known = deal.dealt[seat] | deal.played | (1 << JACK_SPADES) | (1 << SEVEN_SPADES)
    if deal.declarer == seat:
        known |= deal.prikup | deal.discards
    return [c for c in range(32) if not known >> c & 1]


def other_world(deal: Deal, seat: int, rng: random.Random, same_suit: bool) -> Deal | None:
    """The same history on a deal whose hidden cards are permuted (within suits if
    ``same_suit``, which keeps every past card play legal); ``None`` if it does not replay."""
    pool = hidden_cards(deal, seat)
    perm = {c: c for c in range(32)}
    groups = [[c for c in pool if c >> 3 == s] for s in range(4)] if same_suit else [pool]
    for group in groups:
        shuffled = group[:]
        rng.shuffle(shuffled)
        perm.update(zip(group, shuffled, strict=True))

    def move(mask: int) -> list[int]:
        return [perm[c] for c in cards_of(mask)]

    other = Deal(
        [move(h) for h in deal.dealt],
        move(deal.prikup),
        dealer=deal.dealer,
        first_deal=deal.first_deal,
        rules=deal.rules,
    )
    if other.is_over:  # the permutation made a spade run: not a world of this history
        return None
    try:
        for _seat, action in deal.action_history():
            if is_discard(action):
                a, b = discard_cards(action)
                action = discard_action(perm[a], perm[b])
            other.apply(action)
    except IllegalAction:
        return None
    return other


def assert_same_knowledge(a: SeatView, b: SeatView) -> None:
    for layout in (INFO_STATE_LAYOUT, OBSERVATION_LAYOUT):
        assert np.array_equal(encode(a, layout), encode(b, layout))
    assert info_state_string(a) == info_state_string(b)
    assert observation_string(a) == observation_string(b)
    assert np.array_equal(legal_mask(a), legal_mask(b))


def test_layout_fields_cover_the_tensor() -> None:
    assert INFO_STATE_LAYOUT.size == sum(f.size for f in FIELDS)
    assert OBSERVATION_LAYOUT.size == INFO_STATE_LAYOUT.size - 10 * 3 * 32 - 10 * 3
    table = describe_layout()
    for f in FIELDS:
        assert f.name in table and f.doc
    public = layout_for(True, False)
    assert "hand" not in public and "prikup" not in public and "trick_history" in public


@given(seed=st.integers(0, 10**6), steps=st.integers(0, 45), seat=st.integers(0, 2))
@settings(max_examples=60, deadline=None)
def test_tensor_is_binary_and_mask_matches_legal_actions(seed: int, steps: int, seat: int) -> None:
    deal = random_deal(seed, steps)
    view = deal.view(seat)
    t = encode(view)
    assert t.dtype == np.float32 and t.shape == (INFO_STATE_LAYOUT.size,)
    assert set(np.unique(t)) <= {0.0, 1.0}
    v = INFO_STATE_LAYOUT.views(t)
    assert v["phase"].sum() == 1 and v["phase"][PHASES.index(deal.phase)] == 1
    assert v["seat"][seat] == 1
    assert [c for c in range(32) if v["hand"][c]] == sorted(cards_of(deal.hands[seat]))
    assert v["played"].sum() == deal.played.bit_count()
    mask = legal_mask(view)
    assert mask.shape == (NUM_ACTIONS,) and mask.dtype == np.int8
    expected = set(deal.legal_actions()) if deal.to_act == seat else set()
    assert set(np.flatnonzero(mask).tolist()) == expected
    # The observation layout is the information-state layout minus the trick history.
    obs = OBSERVATION_LAYOUT.views(encode(view, OBSERVATION_LAYOUT))
    for name, arr in obs.items():
        assert np.array_equal(arr, v[name])


def test_encode_fills_a_given_buffer() -> None:
    view = random_deal(3, 20).view(0)
    buf = np.full(INFO_STATE_LAYOUT.size, 7.0, dtype=np.float32)
    assert encode(view, out=buf) is buf
    assert np.array_equal(buf, encode(view))
    with pytest.raises(ValueError, match="shape"):
        encode(view, out=np.zeros(3, dtype=np.float32))


@given(seed=st.integers(0, 10**6), steps=st.integers(0, 45), seat=st.integers(0, 2))
@settings(max_examples=80, deadline=None)
def test_hidden_cards_do_not_leak(seed: int, steps: int, seat: int) -> None:
    deal = random_deal(seed, steps)
    rng = random.Random(seed)
    # Before the first card any permutation replays; once cards fall, voids must be kept.
    same_suit = deal.played != 0
    worlds = [w for _ in range(4) if (w := other_world(deal, seat, rng, same_suit)) is not None]
    for world in worlds:
        assert_same_knowledge(deal.view(seat), world.view(seat))


def test_leak_check_really_changes_hidden_cards() -> None:
    # Guard against a vacuous leak test: the other worlds differ in the other hands, and
    # the same permutation seen from another seat is visible.
    changed = 0
    for seed in range(40):
        deal = random_deal(seed, 25)
        world = other_world(deal, 0, random.Random(seed), same_suit=deal.played != 0)
        if world is None or world.dealt == deal.dealt:
            continue
        changed += 1
        assert world.dealt[0] == deal.dealt[0]
        for seat in (1, 2):
            if world.dealt[seat] != deal.dealt[seat]:
                assert info_state_string(world.view(seat)) != info_state_string(deal.view(seat))
                assert not np.array_equal(encode(world.view(seat)), encode(deal.view(seat)))
    assert changed >= 20


def test_declarer_sees_prikup_and_discards_others_do_not() -> None:
    for seed in range(200):
        deal = random_deal(seed, 12)
        if deal.declarer >= 0 and deal.discards:
            break
    else:
        pytest.fail("no deal reached the discards")
    decl = deal.declarer
    v = INFO_STATE_LAYOUT.views(encode(deal.view(decl)))
    assert v["prikup"].sum() == 2 and v["discards"].sum() == 2
    assert "prikup:" in info_state_string(deal.view(decl))
    for seat in {0, 1, 2} - {decl}:
        w = INFO_STATE_LAYOUT.views(encode(deal.view(seat)))
        assert w["prikup"].sum() == 0 and w["discards"].sum() == 0
        text = info_state_string(deal.view(seat))
        assert "prikup" not in text and f"{decl} discard," in text + ","


@given(seed=st.integers(0, 10**6), steps=st.integers(0, 11))
@settings(max_examples=40, deadline=None)
def test_different_own_hands_give_different_encodings(seed: int, steps: int) -> None:
    deal = random_deal(seed, 0)
    seat = deal.to_act
    assert seat is not None
    # Swap one of the seat's cards with a card of the next seat: the seat's view changes.
    other = (seat + 1) % 3
    mine = cards_of(deal.dealt[seat])[0]
    theirs = cards_of(deal.dealt[other])[0]
    hands = [cards_of(h) for h in deal.dealt]
    hands[seat] = [theirs if c == mine else c for c in hands[seat]]
    hands[other] = [mine if c == theirs else c for c in hands[other]]
    swapped = Deal(hands, deal.prikup, dealer=deal.dealer, first_deal=False, rules=deal.rules)
    if swapped.is_over:
        return
    rng = random.Random(seed)
    for _ in range(steps):
        # Bids and passes are legal whatever the cards: replay the same auction on both.
        if deal.phase != "bidding" or swapped.phase != "bidding":
            break
        action = rng.choice(deal.legal_actions())
        deal.apply(action)
        swapped.apply(action)
    a, b = deal.view(seat), swapped.view(seat)
    assert info_state_string(a) != info_state_string(b)
    assert observation_string(a) != observation_string(b)
    assert not np.array_equal(encode(a), encode(b))
    assert not np.array_equal(encode(a, OBSERVATION_LAYOUT), encode(b, OBSERVATION_LAYOUT))


def test_strings_are_deterministic_and_readable() -> None:
    deal = random_deal(11, 30)
    seat = deal.declarer if deal.declarer >= 0 else 0
    text = info_state_string(deal.view(seat))
    assert text == info_state_string(deal.copy().view(seat))
    assert text.splitlines()[0].startswith(f"seat {seat}; dealer {deal.dealer}")
    assert "actions: " in text and "phase: " in text


def test_public_view_hides_own_cards() -> None:
    deal = random_deal(5, 15)
    for seat in range(3):
        pv = public_view(deal.view(seat))
        assert pv.hand == () and pv.prikup is None and pv.legal == ()
        assert all(not a.startswith("discard ") for _, a in pv.history)
        t = encode(pv, layout_for(True, False))
        assert t.shape == (layout_for(True, False).size,)


def test_dealing_view() -> None:
    view = dealing_view(1, 0, True, [5, 3, 30])
    t = INFO_STATE_LAYOUT.views(encode(view))
    assert t["phase"][0] == 1 and t["hand"].sum() == 3 and t["first_deal"][0] == 1
    assert "phase: dealing" in info_state_string(view)


def test_the_docs_show_the_current_layout() -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "research-apis.md"
    assert describe_layout() in doc.read_text(encoding="utf-8")
