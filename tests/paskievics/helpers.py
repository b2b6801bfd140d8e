"""Building Paskievics deals with chosen holdings, and driving a state through phases."""

from __future__ import annotations

import random

from paston.games.paskievics import actions as A
from paston.games.paskievics.cards import CARD_NAMES, parse_card
from paston.games.paskievics.rules import DEFAULT_RULES, PaskievicsRules
from paston.games.paskievics.state import PaskievicsState

#: Cards whose holder matters for bidding; unassigned ones go to the end of the talon.
SPECIAL = ["SK", "T21", "T1", "T20", "T19", "T18"]


def deal_with(
    holdings: dict[int, list[str]],
    *,
    dealer: int = 3,
    rules: PaskievicsRules = DEFAULT_RULES,
    talon_first: list[str] | None = None,
) -> PaskievicsState:
    """A deal where seat s holds ``holdings[s]``; other special cards lie in the talon's end."""
    given = {parse_card(c) for cards in holdings.values() for c in cards}
    head = [parse_card(c) for c in talon_first or []]
    specials = [parse_card(c) for c in SPECIAL if parse_card(c) not in given | set(head)]
    plain = [c for c in range(42) if c not in given | set(specials) | set(head)]
    talon_tail = specials[: 6 - len(head)]
    rest = plain + specials[6 - len(head) :]
    fill = 6 - len(head) - len(talon_tail)
    talon = head + rest[:fill] + talon_tail
    rest = rest[fill:]
    seats = [s for s in range(rules.players) if not (rules.players == 5 and s == dealer)]
    hands: list[list[int]] = [[] for _ in range(rules.players)]
    for seat in seats:
        hands[seat] = [parse_card(c) for c in holdings.get(seat, [])]
    # Round-robin over the filler, so every seat gets a mix of tarokks and plain cards.
    turn = 0
    while rest:
        seat = seats[turn % len(seats)]
        turn += 1
        if len(hands[seat]) < 9:
            hands[seat].append(rest.pop(0))
    assert all(len(hands[s]) == 9 for s in seats) and len(talon) == 6
    return PaskievicsState(hands, talon, dealer, rules)


def run(state: PaskievicsState, actions: str) -> PaskievicsState:
    for text in actions.split(","):
        state.apply(text.strip())
    return state


def legal(state: PaskievicsState) -> set[str]:
    return {A.action_str(a) for a in state.legal_actions()}


def discard_all(state: PaskievicsState) -> None:
    """Every discarder throws back the talon cards he received if he may (so the hands stay
    as dealt), else his first legal discard; nobody annuls."""
    while state.phase == "discard":
        seat = state.to_act
        assert seat is not None and state.received is not None
        acts = state.legal_actions()
        back = A.discard_id(state.received[seat])
        state.apply(back if back in acts else next(a for a in acts if a != A.ANNUL))


def play_randomly(state: PaskievicsState, rng: random.Random, limit: int = 400) -> int:
    """Random legal actions to the end; returns how many were taken."""
    taken = 0
    while not state.is_over:
        acts = state.legal_actions()
        assert acts, f"no legal action in phase {state.phase}"
        state.apply(rng.choice(acts))
        taken += 1
        assert taken <= limit
    return taken


def names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]
